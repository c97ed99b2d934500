/* The per-pixel colour maths of both backends: YUV→RGB in fixed point and the
 * affine colour transforms, as static inline functions that gcc and nvcc both
 * compile. Everything here is integer arithmetic on precomputed coefficients,
 * so the CPU and CUDA backends produce byte-identical pixels (no float, so no
 * fused multiply-add or rounding-mode differences can creep in).
 *
 * Fixed point: coefficients carry COLOUR_FRAC fractional bits. */
#ifndef PINSTRIPE_GPU_COLOUR_H
#define PINSTRIPE_GPU_COLOUR_H

#include <stdint.h>

#include "gpu/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __CUDACC__
#define COLOUR_FN static inline __host__ __device__
#else
#define COLOUR_FN static inline
#endif

#define COLOUR_FRAC 16
#define COLOUR_ONE (1 << COLOUR_FRAC)
#define COLOUR_HALF (1 << (COLOUR_FRAC - 1))

/* YUV→RGB: R = cy(Y-yoff) + crv(V-128), G = cy(Y-yoff) - cgu(U-128) - cgv(V-128),
 * B = cy(Y-yoff) + cbu(U-128). */
typedef struct YuvCoeffs {
    int32_t yoff, cy, crv, cgu, cgv, cbu;
} YuvCoeffs;

/* An affine map of RGB: out[c] = Σ m[c][k]·in[k] + m[c][3], rows and columns
 * in R,G,B order, in COLOUR_FRAC fixed point (offsets in 0..255 units, scaled). */
typedef struct ColourAffine {
    int32_t m[3][4];
} ColourAffine;

/* The coefficients for a matrix and range; MATRIX_UNSPECIFIED is BT.709 from
 * 720 rows up and BT.601 below. Host code (colour.c). */
YuvCoeffs colour_yuv_coeffs(ColourMatrix m, int full_range, int height);
/* The luma weights (Kr, Kb) of a matrix, as DESIGN.md's standards give them. */
void colour_matrix_weights(ColourMatrix m, double *kr, double *kb);
/* MATRIX_UNSPECIFIED resolved for a height. */
ColourMatrix colour_resolve_matrix(ColourMatrix m, int height);

COLOUR_FN int32_t colour_clamp(int32_t fixed)
{
    /* fixed is a value with COLOUR_FRAC fraction bits; round to nearest, clamp. */
    int32_t v = fixed + COLOUR_HALF;
    if (v < 0)
        return 0;
    v >>= COLOUR_FRAC;
    return v > 255 ? 255 : v;
}

COLOUR_FN void colour_yuv_to_rgb(const YuvCoeffs *c, int y, int u, int v, int rgb[3])
{
    int32_t yy = (y - c->yoff) * c->cy;
    int32_t uu = u - 128, vv = v - 128;
    rgb[0] = colour_clamp(yy + c->crv * vv);
    rgb[1] = colour_clamp(yy - c->cgu * uu - c->cgv * vv);
    rgb[2] = colour_clamp(yy + c->cbu * uu);
}

COLOUR_FN void colour_apply_affine(const ColourAffine *a, int rgb[3])
{
    int32_t r = rgb[0], g = rgb[1], b = rgb[2];
    for (int c = 0; c < 3; c++)
        rgb[c] = colour_clamp(a->m[c][0] * r + a->m[c][1] * g + a->m[c][2] * b + a->m[c][3]);
}

/* Store R,G,B as packed B,G,R. */
COLOUR_FN void colour_store_bgr(uint8_t *dst, const int rgb[3])
{
    dst[0] = (uint8_t)rgb[2];
    dst[1] = (uint8_t)rgb[1];
    dst[2] = (uint8_t)rgb[0];
}

/* Where a pixel's samples are: plane pointers and strides as FrameBuf has
 * them (host or device memory), and the layout. */
typedef struct PixelSource {
    const uint8_t *plane[3]; /* row 0 of each is luma row y0 (chroma row y0/2) */
    int stride[3];
    int layout; /* PixLayout */
    int y0;     /* even, or 0 */
} PixelSource;

/* The whole per-pixel job of both backends: read pixel (x, y) of src, convert
 * to RGB, apply the affine map (NULL: none), store as B,G,R at dst.
 * 4:2:0 chroma is taken from the sample covering the pixel (x/2, y/2). */
COLOUR_FN void colour_convert_pixel(const PixelSource *src, int x, int y, const YuvCoeffs *c,
                                    const ColourAffine *a, uint8_t *dst)
{
    int rgb[3];
    const uint8_t *row0 = src->plane[0] + (size_t)(y - src->y0) * src->stride[0];
    if (src->layout == PIX_BGR24) {
        rgb[0] = row0[3 * x + 2], rgb[1] = row0[3 * x + 1], rgb[2] = row0[3 * x];
    } else {
        int cy = (y >> 1) - (src->y0 >> 1);
        const uint8_t *row1 = src->plane[1] + (size_t)cy * src->stride[1];
        int u, v;
        if (src->layout == PIX_NV12) {
            u = row1[(x >> 1) * 2], v = row1[(x >> 1) * 2 + 1];
        } else {
            const uint8_t *row2 = src->plane[2] + (size_t)cy * src->stride[2];
            u = row1[x >> 1], v = row2[x >> 1];
        }
        colour_yuv_to_rgb(c, row0[x], u, v, rgb);
    }
    if (a)
        colour_apply_affine(a, rgb);
    colour_store_bgr(dst, rgb);
}

#ifdef __cplusplus
}
#endif

#endif
