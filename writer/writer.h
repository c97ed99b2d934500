/* The output writer: encodes processed frames (the stage's packed RGB or its
 * YUV) into a file with libavformat/libavcodec and copies the input's audio
 * and subtitle streams into it unchanged, all on the input's timeline. FFmpeg
 * stays behind this header.
 *
 *   writer_plan(&cfg, &plan, err, sizeof err);  // the file's depth: for the stage
 *   Writer *w = writer_open(&cfg, err, sizeof err, &code); // before source_start:
 *                             // the read thread queues the copied streams' packets
 *   writer_write(w, frame);   // bgr24 or rgb48 (or, in_yuv, yuv420p at the file's
 *                             // depth) FrameBuf; pts/duration in cfg's time base
 *   writer_end_with_video(w); // optional: a run cut short ends its audio with the video
 *   writer_close(&w);         // after source_join: flushes the encoder, writes the trailer
 *
 * Timing: every stream keeps the input's timestamps, shifted together so the
 * input's start is 0 (as ffmpeg does); a seek while writing (a new serial)
 * continues the output timeline where it was, so it stays monotonic. Each
 * video packet carries its frame's duration; the stream carries the input's
 * frame rate. AVI is frame-indexed: its video time base is 1/rate.
 *
 * Encoder: cfg.codec, else libx264 when FFmpeg has it, else mpeg4. The depth:
 * cfg.depth, else the source's where the encoder takes it (encoder.h says how
 * it is lowered or raised). rawvideo keeps exact bgr24 pixels (use .nut, .mkv
 * or .avi), or rgb48le (.nut only: others cannot carry it). YUV is written in
 * the source's matrix where it names one, else BT.709 from 720 rows up and
 * BT.601 below, limited range; RGB full range; primaries and transfer as the
 * source's. Each is tagged so. A tone-mapped HDR source is written as BT.709
 * SDR (matrix, primaries, transfer); an HDR source kept as HDR keeps its tags,
 * mastering display and light levels. */
#ifndef PINSTRIPE_WRITER_WRITER_H
#define PINSTRIPE_WRITER_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "stage/frame.h"
#include "io/hdrmeta.h"

typedef struct Writer Writer;
struct Source;

typedef struct WriterConfig {
    const char *path;   /* a file name, or "-" for standard output */
    const char *format; /* the container by name (e.g. nut, mpegts); NULL: from the
                         * file name, and NUT for "-" */
    const char *codec; /* NULL: default */
    int width, height;
    int tb_num, tb_den;     /* time base of the frames' pts */
    int rate_num, rate_den; /* nominal frame rate, 0/1 when unknown */
    int avg_num, avg_den;   /* the input's average frame rate, 0/1 when unknown */
    int64_t start_us;       /* the input's start (AV_TIME_BASE units), INT64_MIN unknown */
    /* the input whose audio and subtitle streams are copied (NULL: none) */
    struct Source *source;
    int no_audio, no_subs; /* -an, -sn */
    /* encoder settings (NULL / 0: the encoder's defaults) */
    const char *crf, *preset, *bitrate;
    long long gop;
    const char *const *enc_opts; /* "key=value" each (--enc-opt) */
    int n_enc_opts;
    /* the source, for the file's depth, format and tags */
    int src_depth;                /* bits of its samples (DecoderInfo.depth) */
    const char *src_pix_fmt;      /* its stream's format (DecoderInfo.src_pix_fmt) or NULL:
                                   * where it has fewer bits (p010 in 16-bit frames), those */
    int src_shift_x, src_shift_y; /* its chroma subsampling, log2 (0 0: 4:4:4 or RGB) */
    int src_rgb;                  /* 1: RGB */
    int src_primaries, src_trc, src_colorspace; /* FFmpeg's enums (2 or 0: unknown) */
    int tone_mapped; /* 1: the stage tone-maps an HDR source: the file is BT.709 SDR
                      * (tagged so); 0: the source's tags, and with a PQ or HLG source
                      * its HDR metadata (hdr) on the stream and in libx265's SEI */
    HdrMeta hdr;
    int depth; /* --out-depth: 8, 10, 12 or 16; 0: from src_depth */
    /* 1: frames come as yuv420p (banded or not; 16-bit samples at the file's
     * depth above 8) made by the stage in the encoder's matrix (stage.h out_yuv):
     * handed over with no swscale */
    int in_yuv;
    int in_rgb48; /* not in_yuv: 1: frames come as rgb48 (16-bit), 0: as bgr24 */
} WriterConfig;

/* What cfg's file will be, for the stage that makes its frames. */
typedef struct WriterPlan {
    int depth;           /* bits a sample: 8, 10, 12 or 16 */
    int yuv420;          /* 1: the encoder's format is planar 4:2:0 YUV at that depth,
                          * the size even: the stage can make its frames (in_yuv) */
    ColourMatrix matrix; /* the matrix YUV is written in (StageConfig.out_matrix) */
} WriterPlan;

#define WRITER_ERR_USAGE (-2) /* unknown encoder name, bad encoder option, a depth
                               * the encoder does not write */
#define WRITER_ERR_OUTPUT (-3) /* cannot create or write the file */

Writer *writer_open(const WriterConfig *cfg, char *err, size_t errlen, int *code);
/* The file cfg's encoder writes, as writer_open will open it (nothing opened).
 * 0, or WRITER_ERR_USAGE with one line in err (an unknown encoder, a depth it
 * does not write). */
int writer_plan(const WriterConfig *cfg, WriterPlan *plan, char *err, size_t errlen);
/* The chain makes a display's signal of its own (Transform.out_*, a camera=
 * step's output): cfg's tags become that display's instead of the source's.
 * transfer (ColourTransfer) SDR: BT.709 primaries, transfer and matrix; PQ or
 * HLG: in primaries (ColourPrimaries: BT.2020 or P3-D65), the BT.2020 NCL
 * matrix, with the metadata of a mastering display of those primaries, D65,
 * peak cd/m² down to 0.0001 cd/m², and MaxCLL = MaxFALL = peak (MaxFALL not
 * measured: the peak bounds it). */
enum { WRITER_DISPLAY_VIDEO = 0, WRITER_DISPLAY_SRGB = 1, WRITER_DISPLAY_UNTAGGED = 2 };
/* how: SDR's curve as BT.709 tags it (VIDEO) or sRGB's (IEC 61966-2-1); UNTAGGED,
 * no primaries or transfer tag (the YUV matrix BT.709's, tagged) */
void writer_config_display(WriterConfig *cfg, int transfer, int primaries, double peak, int how);
/* Lines for the user about the streams (one per stream left out and why),
 * '\n'-separated; "" when there is nothing to say. */
const char *writer_notes(const Writer *w);
/* 0, or negative with writer_error set. One thread (the main thread) makes
 * every call but writer_open's. */
int writer_write(Writer *w, const FrameBuf *bgr);
/* The run stops early (--frames, q, SIGINT): copied streams end with the video
 * (within one packet) instead of running to their own end. */
void writer_end_with_video(Writer *w);
/* Flush and finish the file; 0 or negative (the reason in err). Accepts NULL. */
int writer_close(Writer **w, long long *bytes, char *err, size_t errlen); /* bytes: the file's
                                                                    * size at the end (NULL: not asked) */
const char *writer_error(const Writer *w);
long long writer_frames(const Writer *w);
/* Bytes written so far (any thread). */
long long writer_bytes(const Writer *w);

#endif
