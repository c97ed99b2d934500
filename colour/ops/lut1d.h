/* OpenColorIO's Lut1D (ops/lut1d/: Lut1DOpCPU.cpp), standard and half-float
 * domains, with its hue adjustment: size, half domain (0/1), hue adjust (0/1),
 * then size RGB triples. A pixel indexes it: the CUDA stage's compiled kernel
 * reads it from the device's program. */
#ifndef PINSTRIPE_COLOUR_OPS_LUT1D_H
#define PINSTRIPE_COLOUR_OPS_LUT1D_H

#include <stddef.h>

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_LUT1D_PARAMS (-1)
#define OCIO_LUT1D_FLAGS 0

/* 1D table, standard domain (OCIO's Lut1DRenderer): linear between floor and ceil */
OCIO_FN float ocio_lut1d_std(const float *t, int size, int c, float x)
{
    float top = (float)(size - 1), idx = top * x;
    idx = ocio_minf(ocio_maxf(0.0f, idx), top);
    int lo = (int)idx; /* idx ≥ 0: floor */
    int hi = (float)lo < idx ? lo + 1 : lo;
    float delta = (float)hi - idx, a = t[3 * lo + c], b = t[3 * hi + c];
    return (a - b) * delta + b;
}

/* half-float bits of f, rounded to nearest even (Imath), ±inf above 65504 */
OCIO_FN unsigned ocio_half_bits(float f)
{
    uint64_t db = cm_bits((double)f);
    unsigned sign = (unsigned)(db >> 48) & 0x8000u;
    double a = f < 0.0f ? -(double)f : (double)f;
    if (!(a == a))
        return sign | 0x7e00u;
    if (a >= 65520.0)
        return sign | 0x7c00u;
    if (a < 5.9604644775390625e-8 * 0.5) /* under half the smallest denormal: ±0 */
        return sign;
    /* the nearest multiple of the half's spacing at a's binade (denormals: 2^-24), ties even */
    int e = (int)((cm_bits(a) >> 52) & 0x7ff) - 1023;
    if (e < -14)
        e = -14;
    double ulp = cm_from_bits((uint64_t)(e - 10 + 1023) << 52), q = a / ulp; /* exact */
    double n = (double)(int64_t)q, fr = q - n;
    if (fr > 0.5 || (fr == 0.5 && ((int64_t)n & 1)))
        n += 1.0;
    double h = n * ulp; /* the half's value, exact */
    if (h >= 65520.0)
        return sign | 0x7c00u;
    int he = (int)((cm_bits(h) >> 52) & 0x7ff) - 1023;
    if (h < 6.103515625e-5) /* denormal half: h / 2^-24 */
        return sign | (unsigned)(int64_t)(h / 5.9604644775390625e-8);
    unsigned mant = (unsigned)((cm_bits(h) >> 42) & 0x3ffu);
    return sign | (unsigned)((he + 15) << 10) | mant;
}

OCIO_FN float ocio_half_value(unsigned h)
{
    unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? (double)m * 5.9604644775390625e-8
                      : cm_from_bits((uint64_t)(e - 15 + 1023) << 52) * (1.0 + (double)m / 1024.0);
    return (float)((h & 0x8000u) ? -v : v); /* (no inf or NaN codes reach here) */
}

/* 1D table over the half-float codes (OCIO's Lut1DRendererHalfCode): linear in
 * float between the two neighbouring halfs */
OCIO_FN float ocio_lut1d_half(const float *t, int c, float f)
{
    unsigned h = ocio_half_bits(f), a, b;
    if (!(f == f)) /* a NaN code: its own entry */
        return t[3 * h + c];
    if ((h & 0x7fffu) == 0x7c00u) { /* ±inf: ±HALF_MAX */
        h = (h & 0x8000u) | 0x7bffu;
        f = (h & 0x8000u) ? -65504.0f : 65504.0f;
    }
    float fh = ocio_half_value(h);
    if ((fh < 0.0f ? -fh : fh) > (f < 0.0f ? -f : f)) {
        b = h;
        a = h - 1u; /* (h is not ±0 here: |fh| > |f| ≥ 0) */
    } else {
        a = h;
        b = h + 1u;
        if ((b & 0x7fffu) == 0x7c00u) {
            b = (b & 0x8000u) | 0x7bffu;
            f = (b & 0x8000u) ? -65504.0f : 65504.0f;
        }
    }
    float fa = ocio_half_value(a), fb = ocio_half_value(b), frac = (f - fa) / (fb - fa);
    if (!(frac == frac))
        frac = 0.0f;
    float va = t[3 * a + c], vb = t[3 * b + c];
    return (va - vb) * (1.0f - frac) + vb;
}

/* v[i] for i in 0..2 */
OCIO_FN float ocio_pick3(const float v[3], int i)
{
    return i == 0 ? v[0] : i == 1 ? v[1] : v[2];
}

OCIO_FN void ocio_lut1d(const float *q, float v[3])
{
    int size = (int)q[0], half = q[1] != 0.0f, hue = q[2] != 0.0f;
    const float *t = q + 3;
    float in[3] = {v[0], v[1], v[2]};
    for (int c = 0; c < 3; c++)
        v[c] = half ? ocio_lut1d_half(t, c, in[c]) : ocio_lut1d_std(t, size, c, in[c]);
    if (hue) { /* OCIO's HUE_DW3: the middle channel keeps its place between the others */
        /* which channel is the largest, middle and smallest, ties and NaNs decided as
         * OCIO decides them (Lut1DOpCPU.cpp's Order3: from r > g, g > b and r > b) */
        int rg = in[0] > in[1], gb = in[1] > in[2], rb = in[0] > in[2], mx, md, mn;
        if (rg && gb)
            mx = 0, md = 1, mn = 2;
        else if (rg && rb)
            mx = 0, md = 2, mn = 1;
        else if (rg)
            mx = 2, md = 0, mn = 1;
        else if (gb && rb)
            mx = 1, md = 0, mn = 2;
        else if (gb)
            mx = 1, md = 2, mn = 0;
        else
            mx = 2, md = 1, mn = 0; /* r ≤ g ≤ b, all equal, or a NaN among them */
        /* (the channels picked, not indexed: an index that is not a constant
         * would keep v in the CUDA kernel's local memory for the whole chain) */
        float imx = ocio_pick3(in, mx), imd = ocio_pick3(in, md), imn = ocio_pick3(in, mn);
        float chroma = imx - imn;
        float hf = chroma == 0.0f ? 0.0f : (imd - imn) / chroma;
        float m = hf * (ocio_pick3(v, mx) - ocio_pick3(v, mn)) + ocio_pick3(v, mn);
        v[0] = md == 0 ? m : v[0];
        v[1] = md == 1 ? m : v[1];
        v[2] = md == 2 ? m : v[2];
    }
}

OCIO_PIXEL_FORMS(lut1d, ocio_lut1d)

/* a size of at least 2 (65536 over the half-float codes) and its triples; a
 * record's length is under 2^24 (ocio_prog_add2), so its size under 2^24/3
 * (OpenColorIO 2.1 reads up to 1024² entries) */
OCIO_FN int ocio_lut1d_check(const float *q, int nq)
{
    if (nq < 3 || !(q[0] >= 2.0f && q[0] <= (float)((1 << 24) / 3)))
        return 0;
    int n = (int)q[0];
    return (q[1] == 0.0f || n == 65536) && nq == 3 + 3 * n;
}

#ifndef __CUDACC__
/* n RGB triples (n 65536 with half: indexed by half-float codes), hue: HUE_DW3;
 * values sanitised as OCIO does (±inf to ±FLT_MAX, NaN to 0) */
int ocio_prog_lut1d(OcioProg *p, const float *rgb, size_t n, int half, int hue);
#ifdef OCIO_PROG_BUILD
int ocio_prog_lut1d(OcioProg *p, const float *rgb, size_t n, int half, int hue)
{
    if (n < 2 || (half && n != 65536))
        return 1;
    float q[3] = {(float)n, half ? 1.0f : 0.0f, hue ? 1.0f : 0.0f};
    return ocio_prog_add_table(p, OCIO_OP_LUT1D, q, 3, rgb, 3 * n);
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
