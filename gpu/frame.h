/* Host frames as they travel between the decoder, the stage and the display:
 * a pixel layout (the three the stage understands), a geometry, the colour
 * tags that YUV→BGR needs, and up to three planes of bytes. A FrameBuf does
 * not own its memory: ring slots do (io/ring.h). */
#ifndef PINSTRIPE_GPU_FRAME_H
#define PINSTRIPE_GPU_FRAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PIX_YUV420P, /* three planes, chroma (w+1)/2 × (h+1)/2 */
    PIX_NV12,    /* Y plane, then interleaved UV at (w+1)/2 × (h+1)/2 pairs */
    PIX_BGR24,   /* packed B,G,R */
} PixLayout;

typedef enum {
    MATRIX_UNSPECIFIED = 0,
    MATRIX_BT601,
    MATRIX_BT709,
    MATRIX_BT2020,
} ColourMatrix;

typedef struct FrameFormat {
    PixLayout layout;
    int width, height;
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
    int nspans;
    StripeSpan spans[FRAME_MAX_SPANS];
} FrameTimings;

typedef struct FrameBuf {
    uint8_t *data[3];
    int stride[3]; /* bytes per row of each plane */
    FrameFormat fmt;
    ColourMatrix matrix; /* for YUV layouts; MATRIX_UNSPECIFIED picks by height */
    int full_range;      /* 1: 0..255 (JPEG); 0: 16..235/240 */
    int64_t pts;         /* in the source stream's time base */
    int64_t index;       /* 0-based frame number */
    int serial;          /* bumps on flush (seek, size change) */
    FrameTimings t;
} FrameBuf;

const char *pix_layout_name(PixLayout l);
/* Planes and their sizes for a tightly packed frame; returns the plane count. */
int frame_plane_sizes(const FrameFormat *f, size_t size[3], int stride[3]);
/* Bytes of a tightly packed frame. */
size_t frame_bytes(const FrameFormat *f);
/* Point buf's planes into one block of frame_bytes(f) bytes. */
void frame_wrap(FrameBuf *buf, const FrameFormat *f, uint8_t *block);

#ifdef __cplusplus
}
#endif

#endif
