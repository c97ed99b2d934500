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
/* RGB→YUV (limited range): Y = 16 + y·RGB, U = 128 + u·RGB, V = 128 + v·RGB,
 * each row R,G,B weights in COLOUR_FRAC fixed point. */
typedef struct RgbToYuv {
    int32_t y[3], u[3], v[3];
} RgbToYuv;

/* The coefficients that write `m` (MATRIX_UNSPECIFIED: BT.709 from 720 rows up,
 * BT.601 below), limited range. Host code (colour.c). */
RgbToYuv colour_rgb_yuv_coeffs(ColourMatrix m, int height);
/* The luma weights (Kr, Kb) of a matrix, as DESIGN.md's standards give them. */
void colour_matrix_weights(ColourMatrix m, double *kr, double *kb);

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

/* ---- transform chains: float maths on R,G,B in [0,1] ----------------------
 * A chain is a short list of steps, each clamped to [0,1]: an affine map, a 1D
 * table or a 3D table. Only +, −, ×, ÷ and comparisons are used (no library
 * functions), compiled without contraction into fused multiply-adds on both
 * sides (-ffp-contract=off, nvcc --fmad=false), so the CPU and CUDA backends
 * round every operation the same way and agree to the bit. */

#define CHAIN_MAX_OPS 8

enum { CHAIN_AFFINE = 0, CHAIN_LUT1D = 1, CHAIN_LUT3D = 2 };
enum { LUT_NEAREST = 0, LUT_LINEAR = 1, LUT_TETRAHEDRAL = 2 };

typedef struct ChainOp {
    int kind, interp, size;
    float m[3][4];          /* CHAIN_AFFINE: out[c] = Σ m[c][k]·in[k] + m[c][3] */
    float scale[3], min[3]; /* tables: position = (v − min)·scale, scale = (size−1)/(max−min) */
    const float *lut;       /* tables: host or device memory, per backend (lut.h layout) */
} ChainOp;

typedef struct Chain {
    int nops;
    ChainOp ops[CHAIN_MAX_OPS];
} Chain;

COLOUR_FN float chain_clamp(float v, float hi)
{
    return v > 0.0f ? (v < hi ? v : hi) : 0.0f; /* NaN → 0 */
}

COLOUR_FN void chain_lut1d(const ChainOp *op, float v[3])
{
    float top = (float)(op->size - 1);
    for (int c = 0; c < 3; c++) {
        float x = chain_clamp((v[c] - op->min[c]) * op->scale[c], top);
        if (op->interp == LUT_NEAREST) {
            v[c] = op->lut[3 * (int)(x + 0.5f) + c];
            continue;
        }
        int i0 = (int)x, i1 = i0 + 1 < op->size ? i0 + 1 : i0;
        float f = x - (float)i0, a = op->lut[3 * i0 + c], b = op->lut[3 * i1 + c];
        v[c] = a + (b - a) * f;
    }
}

COLOUR_FN const float *chain_at(const ChainOp *op, int r, int g, int b)
{
    return op->lut + 3 * (((size_t)b * op->size + (size_t)g) * op->size + (size_t)r);
}

/* FFmpeg's vf_lut3d interpolations: nearest, trilinear, tetrahedral. */
COLOUR_FN void chain_lut3d(const ChainOp *op, float v[3])
{
    float top = (float)(op->size - 1), s[3], d[3];
    int i0[3], i1[3];
    for (int c = 0; c < 3; c++)
        s[c] = chain_clamp((v[c] - op->min[c]) * op->scale[c], top);
    if (op->interp == LUT_NEAREST) {
        const float *p = chain_at(op, (int)(s[0] + 0.5f), (int)(s[1] + 0.5f), (int)(s[2] + 0.5f));
        v[0] = p[0], v[1] = p[1], v[2] = p[2];
        return;
    }
    for (int c = 0; c < 3; c++) {
        i0[c] = (int)s[c];
        i1[c] = i0[c] + 1 < op->size ? i0[c] + 1 : i0[c];
        d[c] = s[c] - (float)i0[c];
    }
    const float *c000 = chain_at(op, i0[0], i0[1], i0[2]), *c111 = chain_at(op, i1[0], i1[1], i1[2]);
    if (op->interp == LUT_LINEAR) {
        const float *c100 = chain_at(op, i1[0], i0[1], i0[2]), *c010 = chain_at(op, i0[0], i1[1], i0[2]);
        const float *c110 = chain_at(op, i1[0], i1[1], i0[2]), *c001 = chain_at(op, i0[0], i0[1], i1[2]);
        const float *c101 = chain_at(op, i1[0], i0[1], i1[2]), *c011 = chain_at(op, i0[0], i1[1], i1[2]);
        for (int c = 0; c < 3; c++) {
            float c00 = c000[c] + (c100[c] - c000[c]) * d[0];
            float c10 = c010[c] + (c110[c] - c010[c]) * d[0];
            float c01 = c001[c] + (c101[c] - c001[c]) * d[0];
            float c11 = c011[c] + (c111[c] - c011[c]) * d[0];
            float c0 = c00 + (c10 - c00) * d[1];
            float c1 = c01 + (c11 - c01) * d[1];
            v[c] = c0 + (c1 - c0) * d[2];
        }
        return;
    }
    /* tetrahedral: pick the tetrahedron the point lies in, weight its four corners */
    const float *ca, *cb;
    float w0, wa, wb, w1;
    if (d[0] > d[1]) {
        if (d[1] > d[2]) {
            ca = chain_at(op, i1[0], i0[1], i0[2]), cb = chain_at(op, i1[0], i1[1], i0[2]);
            w0 = 1.0f - d[0], wa = d[0] - d[1], wb = d[1] - d[2], w1 = d[2];
        } else if (d[0] > d[2]) {
            ca = chain_at(op, i1[0], i0[1], i0[2]), cb = chain_at(op, i1[0], i0[1], i1[2]);
            w0 = 1.0f - d[0], wa = d[0] - d[2], wb = d[2] - d[1], w1 = d[1];
        } else {
            ca = chain_at(op, i0[0], i0[1], i1[2]), cb = chain_at(op, i1[0], i0[1], i1[2]);
            w0 = 1.0f - d[2], wa = d[2] - d[0], wb = d[0] - d[1], w1 = d[1];
        }
    } else {
        if (d[2] > d[1]) {
            ca = chain_at(op, i0[0], i0[1], i1[2]), cb = chain_at(op, i0[0], i1[1], i1[2]);
            w0 = 1.0f - d[2], wa = d[2] - d[1], wb = d[1] - d[0], w1 = d[0];
        } else if (d[2] > d[0]) {
            ca = chain_at(op, i0[0], i1[1], i0[2]), cb = chain_at(op, i0[0], i1[1], i1[2]);
            w0 = 1.0f - d[1], wa = d[1] - d[2], wb = d[2] - d[0], w1 = d[0];
        } else {
            ca = chain_at(op, i0[0], i1[1], i0[2]), cb = chain_at(op, i1[0], i1[1], i0[2]);
            w0 = 1.0f - d[1], wa = d[1] - d[0], wb = d[0] - d[2], w1 = d[2];
        }
    }
    for (int c = 0; c < 3; c++)
        v[c] = w0 * c000[c] + wa * ca[c] + wb * cb[c] + w1 * c111[c];
}

/* Run a chain on 8-bit R,G,B in place. */
COLOUR_FN void colour_apply_chain(const Chain *ch, int rgb[3])
{
    float v[3];
    for (int c = 0; c < 3; c++)
        v[c] = (float)rgb[c] / 255.0f;
    for (int i = 0; i < ch->nops; i++) {
        const ChainOp *op = &ch->ops[i];
        if (op->kind == CHAIN_AFFINE) {
            float t[3];
            for (int c = 0; c < 3; c++)
                t[c] = op->m[c][0] * v[0] + op->m[c][1] * v[1] + op->m[c][2] * v[2] + op->m[c][3];
            v[0] = t[0], v[1] = t[1], v[2] = t[2];
        } else if (op->kind == CHAIN_LUT1D) {
            chain_lut1d(op, v);
        } else {
            chain_lut3d(op, v);
        }
        for (int c = 0; c < 3; c++)
            v[c] = chain_clamp(v[c], 1.0f);
    }
    for (int c = 0; c < 3; c++)
        rgb[c] = (int)(v[c] * 255.0f + 0.5f);
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
 * to RGB, apply the integer affine map `a` or the chain `ch` (either may be
 * NULL). 4:2:0 chroma is taken from the sample covering the pixel (x/2, y/2). */
COLOUR_FN void colour_pixel_rgb(const PixelSource *src, int x, int y, const YuvCoeffs *c,
                                const ColourAffine *a, const Chain *ch, int rgb[3])
{
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
    else if (ch)
        colour_apply_chain(ch, rgb);
}

/* The same, stored as B,G,R at dst. */
COLOUR_FN void colour_convert_pixel(const PixelSource *src, int x, int y, const YuvCoeffs *c,
                                    const ColourAffine *a, const Chain *ch, uint8_t *dst)
{
    int rgb[3];
    colour_pixel_rgb(src, x, y, c, a, ch, rgb);
    colour_store_bgr(dst, rgb);
}

/* RGB→Y of one pixel, limited range. */
COLOUR_FN uint8_t colour_rgb_y(const RgbToYuv *o, int r, int g, int b)
{
    int32_t yy = o->y[0] * r + o->y[1] * g + o->y[2] * b;
    return (uint8_t)((yy + (16 << COLOUR_FRAC) + COLOUR_HALF) >> COLOUR_FRAC);
}

/* U and V of a 2×2 block from the sums of its four R, G and B values (the
 * block's mean, rounded once). |u·sum| < 112·4 in COLOUR_FRAC fixed point: the
 * offset keeps the value positive before the shift. */
COLOUR_FN void colour_sum_uv(const RgbToYuv *o, int32_t sr, int32_t sg, int32_t sb, uint8_t *u,
                             uint8_t *v)
{
    const int32_t off = (128 << (COLOUR_FRAC + 2)) + (1 << (COLOUR_FRAC + 1));
    *u = (uint8_t)((o->u[0] * sr + o->u[1] * sg + o->u[2] * sb + off) >> (COLOUR_FRAC + 2));
    *v = (uint8_t)((o->v[0] * sr + o->v[1] * sg + o->v[2] * sb + off) >> (COLOUR_FRAC + 2));
}

/* The encoder's 4:2:0 output: the 2×2 block at (x, y) (both even) converted as
 * colour_pixel_rgb does, each pixel's Y from its RGB, the block's U and V from
 * their sums. Writes y0[x], y0[x+1], y1[x], y1[x+1], *u and *v. Integer maths
 * only (the CPU backend runs the same two helpers over rows it has converted
 * to BGR first: convert_cpu.c). */
COLOUR_FN void colour_convert_block420(const PixelSource *src, int x, int y, const YuvCoeffs *c,
                                       const ColourAffine *a, const Chain *ch,
                                       const RgbToYuv *o, uint8_t *y0, uint8_t *y1, uint8_t *u,
                                       uint8_t *v)
{
    int32_t sr = 0, sg = 0, sb = 0;
    for (int i = 0; i < 4; i++) {
        int rgb[3];
        colour_pixel_rgb(src, x + (i & 1), y + (i >> 1), c, a, ch, rgb);
        (i >> 1 ? y1 : y0)[x + (i & 1)] = colour_rgb_y(o, rgb[0], rgb[1], rgb[2]);
        sr += rgb[0], sg += rgb[1], sb += rgb[2];
    }
    colour_sum_uv(o, sr, sg, sb, u, v);
}

#ifdef __cplusplus
}
#endif

#endif
