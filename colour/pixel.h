/* The pixel layouts the stage understands (8-bit and 16-bit a sample), their
 * planes and chroma subsampling, and the colour tags a frame carries (matrix,
 * transfer, primaries): what the per-pixel maths (colour.h) needs to know of a
 * frame's samples. The frames themselves, their planes in memory and their
 * timings, are the stage's (stage/frame.h). */
#ifndef PINSTRIPE_COLOUR_PIXEL_H
#define PINSTRIPE_COLOUR_PIXEL_H

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

/* "yuv420p", "nv12", ... */
const char *pix_layout_name(PixLayout l);

#ifdef __cplusplus
}
#endif

#endif
