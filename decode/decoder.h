/* The video decoder: decodes the input's video stream with libavcodec (frame
 * threading, or NVDEC) on a thread of its own, from the packet queue the read
 * thread fills (io/source.h), and writes every frame into a FrameRing,
 * normalised to one of the stage's layouts (decode/deliver.h). FFmpeg stays
 * behind this header.
 *
 *   Decoder *d = decoder_open(src, &opt, err, sizeof err, &code);
 *   FrameRing *ring = ring_create(8, &decoder_info(d)->fmt, mem, ...);
 *   decoder_start(d, ring, max_frames);   // the thread writes, then ring_write_eof
 *   source_start(src);
 *   ...
 *   decoder_stop(d);                      // optional: ask it to finish early
 *   rc = decoder_join(d);                 // 0 or negative (decoder_error says why)
 *   decoder_close(&d);                    // before source_close
 *
 * The end of the stream drains the decoder (NULL packet) so no frame is lost;
 * so does the end of each --loop pass. Packets of a new serial (a seek) flush
 * it first; its frames carry that serial. */
#ifndef PINSTRIPE_DECODE_DECODER_H
#define PINSTRIPE_DECODE_DECODER_H

#include <stddef.h>
#include <stdint.h>

#include "stage/frame.h"
#include "io/hdrmeta.h"
#include "decode/ring.h"

typedef struct Decoder Decoder;
struct Source;

typedef struct DecoderInfo {
    FrameFormat fmt;         /* the layout frames land in, and their size (not banded;
                              * the ring's slots may be: frames follow their layout) */
    int tb_num, tb_den;      /* time base of the frames' pts */
    int rate_num, rate_den;  /* nominal frame rate (0/1 when unknown) */
    int avg_num, avg_den;    /* the stream's average frame rate (0/1 when unknown) */
    int64_t start_us;        /* the input's start (µs), INT64_MIN when unknown */
    double duration_s;       /* the input's length (--start/--end: the range's), 0 unknown */
    long long nb_frames;     /* the video stream's frames as the container says, 0 when unknown
                              * (or a range is read) */
    int64_t range_us;        /* --start: where the range starts, µs after start_us (0: none) */
    char codec[32];          /* decoder name */
    int hwdec;               /* 1: NVDEC is set up (frames arrive as CUDA nv12 surfaces
                              * unless it turns the stream down at its first frame) */
    char hwdec_note[256];    /* --hwdec asked for and not set up: why, in one line */
    char src_pix_fmt[32];    /* the stream's own pixel format */
    int depth;               /* bits of the samples frames land with (FrameBuf.depth) */
    /* the stream's colour tags as FFmpeg's enums have them (AVColorPrimaries,
     * AVColorTransferCharacteristic, AVColorSpace, AVColorRange; 2 or 0: unknown) */
    int primaries, trc, colorspace, range;
    ColourMatrix matrix;     /* colorspace as the stage knows matrices */
    ColourTransfer transfer; /* trc as the stage knows transfers */
    ColourPrimaries colour_primaries; /* primaries as the stage knows them */
    HdrMeta hdr;             /* mastering display and light levels: the container's,
                              * else (files) the first frame's */
} DecoderInfo;

#define DECODER_ERR_INPUT (-3) /* the video cannot be decoded */

typedef struct DecoderOptions {
    int live;                 /* no frame threads, low delay: each frame at once */
    int realtime;             /* frames at the stream's own rate (FFmpeg's -re) */
    int hwdec;                /* 1 (--hwdec cuda) or 2 (auto): decode with NVDEC (FFmpeg's CUDA
                               * hwaccel) where it can; where it cannot, one line on stderr
                               * (naming cuda or auto) and software decode */
    int gpu;                  /* --gpu: the CUDA device NVDEC decodes on */
    int copy_frames;          /* 1: copy every frame into the ring's slots, as for decoders
                               * that cannot decode into our buffers (to measure the copy) */
    int reshape;              /* 1: a new size or pixel format mid-stream re-lays the ring
                               * (ring_write_reformat); 0: frames are scaled to the first
                               * size (for -o: an encoder keeps its size) */
} DecoderOptions;

/* The source's video stream (its packets routed to the decoder's queue; before
 * source_start). NULL on failure, with one line naming the input and the
 * reason in err, and DECODER_ERR_INPUT in *code. opt may be NULL. */
Decoder *decoder_open(struct Source *src, const DecoderOptions *opt, char *err, size_t errlen,
                      int *code);
const DecoderInfo *decoder_info(const Decoder *d);
/* Start the thread; it stops after max_frames frames when max_frames > 0.
 * Software-decoded frames land in the decoder's own buffers, allocated in the
 * ring's memory (decode/framepool.h) and handed to the ring without a copy, where
 * the decoder allows it (AV_CODEC_CAP_DR1, a layout the stage reads as it is);
 * others are copied or converted into the ring's slots. NVDEC frames go to the
 * ring as CUDA surfaces (FrameBuf.on_device). ring NULL: decode alone and drop
 * every frame (decoder_frames counts them), for measuring the decoder. */
int decoder_start(Decoder *d, FrameRing *ring, int64_t max_frames);
/* The stream's pixel format now (it may change mid-stream). Any thread. */
const char *decoder_source_format(Decoder *d);
/* 1 while frames come from NVDEC (set up, and not turned down by the stream). Any thread. */
int decoder_hwdec_active(Decoder *d);
/* Frames decoded (handed over, or dropped with no ring) so far. Any thread. */
long long decoder_frames(const Decoder *d);
/* Damaged packets skipped and frames that failed to decode so far (each a
 * warning, not a failure: decoding goes on). Any thread. */
long long decoder_errors(const Decoder *d);
/* One line on how frames reached the ring: how many straight from the decoder's
 * buffers (and how many blocks those took), how many copied, NVDEC or not.
 * After decoder_join. */
void decoder_describe(Decoder *d, char *line, size_t len);
/* Ask the thread to stop at the next frame or packet; it still writes EOF to its ring. */
void decoder_stop(Decoder *d);
/* Wait for the thread. 0, or negative with decoder_error set. */
int decoder_join(Decoder *d);
const char *decoder_error(const Decoder *d);
/* Accepts NULL; sets *d to NULL. Joins the thread if still running. */
void decoder_close(Decoder **d);

#endif
