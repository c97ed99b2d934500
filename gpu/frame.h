/* Host frames as they travel between the decoder, the stage and the display:
 * a pixel layout (those the stage understands: 8-bit and 16-bit a sample), a
 * geometry, the colour tags that YUV→RGB needs, the samples' depth, and up to
 * three planes of bytes. A FrameBuf does
 * not own its memory: ring slots do (io/ring.h). */
#ifndef PINSTRIPE_GPU_FRAME_H
#define PINSTRIPE_GPU_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "gpu/scope.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 8-bit layouts, then the deep ones: 2 bytes a sample, little-endian, the
 * samples' bits in FrameBuf.depth (10, 12 or 16), LSB-aligned (FFmpeg's
 * yuv420p10le and kin), except P016's, which are MSB-aligned (p010le, p016le:
 * read as 16-bit samples, whose limited range is 16·256..235·256). */
typedef enum {
    PIX_YUV420P,   /* three planes, chroma (w+1)/2 × (h+1)/2 */
    PIX_NV12,      /* Y plane, then interleaved UV at (w+1)/2 × (h+1)/2 pairs */
    PIX_BGR24,     /* packed B,G,R */
    PIX_YUV420P16, /* as YUV420P, 16-bit samples */
    PIX_YUV422P16, /* three planes, chroma (w+1)/2 × h, 16-bit samples */
    PIX_YUV444P16, /* three planes of w × h, 16-bit samples */
    PIX_P016,      /* as NV12, 16-bit samples, MSB-aligned */
    PIX_RGB48,     /* packed R,G,B, 16-bit samples */
    PIX_GBRP16,    /* three planes G, B, R of w × h, 16-bit samples */
    PIX_NLAYOUTS
} PixLayout;

/* Bytes a sample (1 or 2). */
int pix_sample_bytes(PixLayout l);
/* Planes (1..3); samples a pixel in plane 0 (3 for packed RGB, else 1). */
int pix_planes(PixLayout l);
/* log2 of the chroma subsampling: x (0 or 1) and y (0 or 1); 0, 0 for RGB. */
void pix_chroma_shift(PixLayout l, int *sx, int *sy);
/* Whether the layout is RGB (packed or planar) rather than YUV. */
int pix_is_rgb(PixLayout l);

typedef enum {
    MATRIX_UNSPECIFIED = 0,
    MATRIX_BT601,
    MATRIX_BT709,
    MATRIX_BT2020,
} ColourMatrix;

/* The transfer function a frame's signal is in, as the stage knows them:
 * SDR (BT.709/BT.1886, sRGB, anything not HDR), PQ (SMPTE ST 2084) or HLG
 * (ARIB STD-B67). */
typedef enum { TRANSFER_SDR = 0, TRANSFER_PQ, TRANSFER_HLG } ColourTransfer;

/* Its primaries: BT.709 (or unknown), BT.2020, or P3 with the D65 white. */
typedef enum { PRIMARIES_BT709 = 0, PRIMARIES_BT2020, PRIMARIES_P3 } ColourPrimaries;

/* A frame's memory is one block. With bands ≤ 1 its planes follow each other
 * (Y, then U, then V; or Y, then UV). With bands = N > 1 (planar layouts only)
 * the block is cut into N bands, one per stripe (gpu/stripes.h geometry): band
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
                          * (app/live.h: + 1 at each change) */
    int still;           /* 1: a still of it waits to be written (app/live.h's LiveStill) */
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

const char *pix_layout_name(PixLayout l);
/* The bits of f's samples as the maths reads them: f->depth, or 8 / 16 by the
 * sample size when 0; always 16 for P016 (its samples are MSB-aligned). */
int frame_depth(const FrameBuf *f);
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
