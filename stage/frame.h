/* Host frames as they travel between the decoder, the stage and the display:
 * a pixel layout (those the stage understands: 8-bit and 16-bit a sample), a
 * geometry, the colour tags that YUV→RGB needs, the samples' depth, and up to
 * three planes of bytes. A FrameBuf does
 * not own its memory: ring slots do (decode/ring.h). */
#ifndef PINSTRIPE_STAGE_FRAME_H
#define PINSTRIPE_STAGE_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "colour/pixel.h"
#include "scope/scope.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A frame's memory is one block. With bands ≤ 1 its planes follow each other
 * (Y, then U, then V; or Y, then UV). With bands = N > 1 (planar layouts only)
 * the block is cut into N bands, one per stripe (stage/stripes.h geometry): band
 * k holds its own Y rows, then its U rows, then its V rows (or UV rows), so a
 * stripe's input is one contiguous range and uploads in one copy. Packed RGB
 * rows are contiguous by nature and never banded. */
typedef struct FrameFormat {
    PixLayout layout;
    int width, height;
    int bands; /* 0 or 1: plain planes; N > 1: banded for N stripes */
} FrameFormat;

/* One stripe's work on the host clock (ms, clock_now_ms): upload from up0
 * to up1, kernel from up1 to k1, download from k1 to down1 (CUDA, from
 * events; the CPU backend has no copies: up0 == up1 and k1 == down1). */
typedef struct StripeSpan {
    double up0, up1, k1, down1;
    int stream; /* the CUDA stream, or CPU worker, that ran it */
} StripeSpan;

#define FRAME_MAX_SPANS 16 /* stripes beyond these are not traced */

/* Milliseconds a frame spent in each step, filled in as it travels. */
typedef struct FrameTimings {
    double decode_ms;                         /* demux + decode + normalise */
    double decode_t0, decode_t1;              /* that work on the host clock */
    double upload_ms, kernel_ms, download_ms; /* CUDA: summed over stripes, from events */
    double work_ms;                           /* CPU backend: slowest stripe */
    double stage_ms;                          /* stage submit → completion */
    double submit_t;                          /* stage submit on the host clock */
    int timed; /* 1: upload/kernel/download/work and spans are this frame's; 0: not
                * measured (CUDA times one frame in StageConfig.time_every) */
    int nspans;
    StripeSpan spans[FRAME_MAX_SPANS];
} FrameTimings;

typedef struct FrameBuf {
    uint8_t *data[3]; /* planes; banded frames: band 0's planes (data[0] is the block) */
    int stride[3];    /* bytes per row of each plane */
    FrameFormat fmt;
    ColourMatrix matrix; /* for YUV layouts; MATRIX_UNSPECIFIED picks by height */
    int full_range;      /* 1: 0..255 (JPEG); 0: 16..235/240 (scaled by the depth) */
    int depth;           /* bits of each sample: 8 for the 8-bit layouts; 10, 12 or 16
                          * for the 16-bit ones (0 is taken as 8, or 16 for P016) */
    int bits;            /* samples MSB-aligned in 16 bits (p010, p016; NVDEC's surfaces, also
                          * copied to the host): the source's bits in their top (10, 12);
                          * 0: all of frame_depth's */
    int transfer;        /* ColourTransfer */
    int primaries;       /* ColourPrimaries */
    float hdr_peak;      /* HDR: the peak its metadata gives in cd/m² (MaxCLL, else the
                          * mastering display's), 0: none */
    int on_device;       /* 1: the planes are CUDA device memory (a hardware decoder's
                          * surface, nv12), read in place by the CUDA stage */
    int64_t pts;         /* in the source stream's time base */
    int64_t duration;    /* how long it is shown, same time base; 0 unknown */
    int64_t index;       /* 0-based frame number */
    int serial;          /* bumps on flush (seek, size change) */
    double capture_ms;   /* when it left the demuxer (host clock): latency starts here */
    int cropped;         /* 1: the frame is a window on the video at 1:1 pixels (zoom), */
    int crop_x, crop_y;  /* its top-left pixel there */
    int look_gen;        /* the generation of the look and tone curve it was made with
                          * (grade/live.h: + 1 at each change) */
    int still;           /* 1: a still of it waits to be written (grade/live.h's LiveStill) */
    int compare_on;      /* --compare split at compare_at: as the stage made it */
    double compare_at;
    /* --scope: the caller's room for the stage's counts of this frame (scope_cap
     * 32-bit counts at scope_block, host memory as stage_host_memory says), and
     * the counts the stage put there (scope.which 0: none) */
    uint32_t *scope_block;
    size_t scope_cap;
    ScopeCounts scope;
    FrameTimings t;
} FrameBuf;

/* The bits of f's samples as the maths reads them: f->depth, or 8 / 16 by the
 * sample size when 0; always 16 for P016 (its samples are MSB-aligned). */
int frame_depth(const FrameBuf *f);
/* The bits of f's source that its samples hold: frame_depth, but f->bits where
 * it says fewer (a p010 sample holds 10 in its 16). Full range's white is the
 * top code: 1023·64 in a p010 sample, not 65535. */
int frame_bits(const FrameBuf *f);
/* Planes and their sizes for a tightly packed frame; returns the plane count. */
int frame_plane_sizes(const FrameFormat *f, size_t size[3], int stride[3]);
/* Bytes of a tightly packed frame. */
size_t frame_bytes(const FrameFormat *f);
/* Point buf's planes into one block of frame_bytes(f) bytes. */
void frame_wrap(FrameBuf *buf, const FrameFormat *f, uint8_t *block);

/* One band of a frame: its planes (row 0 of each is the band's first row), its
 * luma rows [y0, y1), and its range [offset, offset + bytes) of the block. A
 * frame that is not banded is one band. */
typedef struct FrameBand {
    uint8_t *plane[3];
    int y0, y1;
    size_t offset, bytes;
} FrameBand;

/* The number of bands (1 for frames that are not banded). */
int frame_nbands(const FrameFormat *f);
void frame_band(const FrameBuf *f, int k, FrameBand *b);
/* Row `row` of plane p (chroma planes count chroma rows). */
uint8_t *frame_row(const FrameBuf *f, int p, int row);
/* Copy a whole frame given as separate planes (libav style) into f, banded or not. */
void frame_copy_planes(FrameBuf *f, const uint8_t *const src[3], const int src_stride[3]);

#ifdef __cplusplus
}
#endif

#endif
