/* log2, exp2 and atan2 for the colour maths of both backends (OCIO's logs,
 * powers and the red modifier's hue: colour/ocio_fn.h), in float, built from
 * +, −, ×, ÷, fused multiply-adds (cm_fma), comparisons and the bits of a
 * float, each correctly rounded on both sides, so that gcc
 * (-ffp-contract=off) and nvcc (--fmad=false) give the same bits: neither
 * backend's libm is called (but for fmaf where the CPU has no FMA). Each is within a few units in
 * the last place of a float (test_ocio: log2 1.0e-7, exp2 1.6e-7, atan2 1.3e-7 (absolute below one
 * radian), relative, against libm's doubles), as glibc's own log2f and exp2f are. No function
 * branches on its value: every case is computed and one picked, so that a loop of one over the
 * CPU's lanes vectorises (8 floats a vector).
 *
 *   cm_log2f(x), x > 0:  x = m·2^e with m in [√½, √2); t = (m − 1)/(m + 1);
 *                        log2 x = e + (2/ln 2)·(t + t³/3 + … + t⁹/9), |t| ≤ 0.172
 *   cm_exp2f(y):         y = n + f, n an integer, |f| ≤ ½; 2^f = e^(f·ln 2) by its
 *                        Taylor series to the 7th power; 2^n from the bits
 *   cm_atan2f(y, x):     the angle in (−π, π], from atan on |z| ≤ tan(π/8) (one
 *                        division) by a fitted odd polynomial to the 9th power
 * The series are summed in Estrin's form (pairs of terms, then pairs of pairs).
 * (The first programs had these in double, 1e-15 from libm: 0.50× OCIO's own
 * CPU speed; in float, 8 lanes a vector, OCIO's results within 0.05 LSB10.) */
#ifndef PINSTRIPE_COLOUR_CMATH_H
#define PINSTRIPE_COLOUR_CMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "colour/colour_base.h"

#define CM_LN2 0.693147180559945309417232121458176568
#define CM_PI 3.14159265358979323846264338327950288

OCIO_FN uint64_t cm_bits(double x)
{
#ifdef __CUDA_ARCH__
    return (uint64_t)__double_as_longlong(x);
#else
    uint64_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
#endif
}

OCIO_FN double cm_from_bits(uint64_t u)
{
#ifdef __CUDA_ARCH__
    return __longlong_as_double((long long)u);
#else
    double x;
    memcpy(&x, &u, sizeof(x));
    return x;
#endif
}

OCIO_FN uint32_t cm_fbits(float x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__float_as_uint(x);
#else
    uint32_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
#endif
}

OCIO_FN float cm_from_fbits(uint32_t u)
{
#ifdef __CUDA_ARCH__
    return __uint_as_float(u);
#else
    float x;
    memcpy(&x, &u, sizeof(x));
    return x;
#endif
}

/* a·b + c rounded once (IEEE's fused multiply-add): fmaf on the CPU (one
 * instruction where the CPU has FMA: cpu/simd_avx2.c is built with -mfma;
 * glibc's exact fmaf elsewhere), __fmaf_rn in the CUDA kernel: the same bits.
 * (No contraction is left to a compiler: gcc -ffp-contract=off, nvcc
 * --fmad=false.) The camera= stage at 2160p 5% faster on an H100 than with a
 * product and a sum (docs/evidence/gpu-2026-12-07-speed2). */
OCIO_FN float cm_fma(float a, float b, float c)
{
#ifdef __CUDA_ARCH__
    return __fmaf_rn(a, b, c);
#else
    return fmaf(a, b, c);
#endif
}

/* 2^k for an integer k (a float) from −126 to 127: k + 1.5·2^23 holds k in its
 * low bits (no conversion to an integer type: vectorised, plain 32-bit lanes) */
OCIO_FN float cm_pow2if(float k)
{
    return cm_from_fbits((cm_fbits(k + 12582912.0f) - 0x4b400000u + 127u) << 23);
}

/* log2 of a float x > 0 (finite); −150 for x ≤ 0 and NaN, 128 for +inf */
OCIO_FN float cm_log2f(float x)
{
    int den = x < 1.17549435e-38f; /* a denormal (or ≤ 0): scaled up by 2^24 first */
    uint32_t u = cm_fbits(den ? x * 16777216.0f : x);
    float e = cm_from_fbits(0x4b000000u | ((u >> 23) & 0xffu)) - 8388608.0f; /* biased exponent */
    float inf = e == 255.0f ? 128.0f : 0.0f;
    float m = cm_from_fbits((u & 0x007fffffu) | 0x3f800000u); /* [1, 2) */
    int big = m > 1.41421356f;
    m = big ? m * 0.5f : m;
    e = (e - 127.0f) + (big ? 1.0f : 0.0f) - (den ? 24.0f : 0.0f);
    float t = (m - 1.0f) / (m + 1.0f), s = t * t;
    /* atanh(t)/t = Σ s^k/(2k+1), k = 0..4 (s ≤ 0.0295: the next term is under 3e-9) */
    float s2 = s * s;
    float p = cm_fma(s2, cm_fma(s2, 1.0f / 9.0f, cm_fma(s, 1.0f / 7.0f, 1.0f / 5.0f)),
                     cm_fma(s, 1.0f / 3.0f, 1.0f));
    float r = cm_fma((float)(2.0 / CM_LN2), t * p, e);
    r = inf != 0.0f ? inf : r;
    return x > 0.0f ? r : -150.0f;
}

/* 2^y in float; 0 below −150, +inf above 128, NaN for NaN */
OCIO_FN float cm_exp2f(float y)
{
    y = y < -151.0f ? -151.0f : y; /* (NaN stays NaN) */
    y = y > 129.0f ? 129.0f : y;
    float nf = (y + 12582912.0f) - 12582912.0f; /* y to the nearest integer */
    float r = (y - nf) * (float)CM_LN2;         /* |r| ≤ 0.347 */
    /* e^r = Σ r^k/k!, k = 0..7 (the next term is under 6e-9) */
    float r2 = r * r, r4 = r2 * r2;
    float p = cm_fma(r4,
                     cm_fma(r2, cm_fma(r, 1.0f / 5040.0f, 1.0f / 720.0f),
                            cm_fma(r, 1.0f / 120.0f, 1.0f / 24.0f)),
                     cm_fma(r2, cm_fma(r, 1.0f / 6.0f, 0.5f), 1.0f + r));
    float n1 = (nf * 0.5f + 12582912.0f) - 12582912.0f, n2 = nf - n1; /* each −76..65 */
    return p * cm_pow2if(n1) * cm_pow2if(n2);
}

/* the angle of (x, y) in (−π, π] in float; 0 at the origin. One division:
 * the smaller of |x|, |y| over the larger, a ≤ 1, or (a − 1)/(a + 1) where
 * a > tan(π/8), taken as one quotient z, |z| ≤ tan(π/8); then
 * atan z = z + z·s·P(s), s = z², P of degree 3 fitted (a weighted least-squares
 * fit iterated to equal ripple, in double) to atan's relative error on
 * |z| ≤ tan(π/8): 2.1e-8 there, under a float's rounding */
OCIO_FN float cm_atan2f(float y, float x)
{
    float ax = x < 0.0f ? -x : x, ay = y < 0.0f ? -y : y;
    int swap = ay > ax;
    float mn = swap ? ax : ay, mx = swap ? ay : ax;
    /* both scaled by a power of two (exact): down where mn + mx could overflow,
     * up where mx is denormal or near it (tan(π/8)·mx would round coarsely) */
    float sc = mx > 0x1p126f ? 0x1p-2f : 1.0f;
    sc = mx < 0x1p-100f ? 0x1p100f : sc;
    mn = mn * sc, mx = mx * sc;
    int big = mn > 0.41421356f * mx;
    float num = big ? mn - mx : mn, den = big ? mn + mx : mx;
    float z = num / (den == 0.0f ? 1.0f : den), s = z * z;
    float p = 0.0805440254f;
    p = cm_fma(p, s, -0.138779019f);
    p = cm_fma(p, s, 0.199777320f);
    p = cm_fma(p, s, -0.333329497f);
    float r = cm_fma(z, s * p, z);
    const float q = (float)(CM_PI / 4.0), hp = (float)(CM_PI / 2.0), pi = (float)CM_PI;
    /* (one pick a statement: gcc if-converts no pick of more than four ways) */
    r = big ? q + r : r;
    r = swap ? hp - r : r;
    r = x < 0.0f ? pi - r : r;
    return y < 0.0f ? -r : r;
}

#endif
