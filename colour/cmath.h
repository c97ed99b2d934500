/* log2, exp2, pow and atan2 for the colour maths of both backends, built from
 * +, −, ×, ÷, comparisons, correctly rounded square roots and the bits of a
 * double, so that gcc (-ffp-contract=off) and nvcc (--fmad=false) give the
 * same bits: neither backend's libm is called. Computed in double precision:
 * every function here is within a few units in the last place of a double
 * (relative errors near 1e-15), far below what a float result can hold, so a
 * float through them comes back as the float nearest the exact value but in
 * rare ties. The camera and ACES chains of OpenColorIO are sensitive (an
 * error of 1e-5 in a linear value moves a 10-bit output by up to 2 codes):
 * tables read with interpolation are not good enough there.
 *
 *   cm_log2(x), x > 0:   x = m·2^e with m in [√½, √2); t = (m − 1)/(m + 1);
 *                        log2 x = e + (2/ln 2)·(t + t³/3 + … + t²¹/21), |t| ≤ 0.172
 *   cm_exp2(y):          y = n + f, n an integer, |f| ≤ ½; 2^f = e^(f·ln 2) by its
 *                        Taylor series to the 13th power; 2^n from the bits
 * The series are summed in Estrin's form (pairs of terms, then pairs of pairs),
 * a dependency chain of a few operations instead of one a term.
 *   cm_pow(x, p), x > 0: cm_exp2(p·cm_log2(x))
 *   cm_atan2(y, x):      the angle in (−π, π], from atan on |z| ≤ 1 halved twice
 *                        (atan z = 2·atan(z / (1 + √(1 + z²)))) to |z| ≤ 0.2 and
 *                        its series to the 23rd power */
#ifndef PINSTRIPE_COLOUR_CMATH_H
#define PINSTRIPE_COLOUR_CMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "colour/colour_base.h"

#define CM_LN2 0.693147180559945309417232121458176568
#define CM_PI 3.14159265358979323846264338327950288

COLOUR_FN uint64_t cm_bits(double x)
{
#ifdef __CUDA_ARCH__
    return (uint64_t)__double_as_longlong(x);
#else
    uint64_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
#endif
}

COLOUR_FN double cm_from_bits(uint64_t u)
{
#ifdef __CUDA_ARCH__
    return __longlong_as_double((long long)u);
#else
    double x;
    memcpy(&x, &u, sizeof(x));
    return x;
#endif
}

/* The integer k (a double, |k| < 2^51) + 1023, shifted into a double's
 * exponent field: the bits of 2^k for −1022 ≤ k ≤ 1023. x + 1.5·2^52 holds k in
 * its low bits (no conversion to an integer type: vectorised, these are plain
 * 64-bit lanes) */
COLOUR_FN double cm_pow2i(double k)
{
    return cm_from_bits((cm_bits(k + 6755399441055744.0) - 0x4338000000000000ULL + 1023ULL) << 52);
}

/* log2 of x > 0 (finite); −1075 for x ≤ 0 and NaN, 1024 for +inf. Without a
 * branch: each case is computed and picked, so that gcc vectorises a loop of
 * it (the CPU's lanes) and nvcc gives the same bits */
COLOUR_FN double cm_log2(double x)
{
    int den = x < 2.2250738585072014e-308; /* a denormal (or ≤ 0): scale it up by 2^54 first */
    uint64_t u = cm_bits(den ? x * 18014398509481984.0 : x);
    /* the biased exponent as a double, from its bits */
    double e = cm_from_bits(0x4330000000000000ULL | ((u >> 52) & 0x7ffULL)) - 4503599627370496.0;
    double inf = e == 2047.0 ? 1024.0 : 0.0;
    double m = cm_from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL); /* [1, 2) */
    int big = m > 1.41421356237309504880;
    m = big ? m * 0.5 : m;
    e = (e - 1023.0) + (big ? 1.0 : 0.0) - (den ? 54.0 : 0.0);
    double t = (m - 1.0) / (m + 1.0), s = t * t;
    /* atanh(t)/t = Σ s^k/(2k+1), k = 0..10 (s ≤ 0.0295: the next term is under
     * 1e-18), in Estrin's form: pairs, then pairs of pairs (a short chain) */
    double s2 = s * s, s4 = s2 * s2, s8 = s4 * s4;
    double q0 = 1.0 + s * (1.0 / 3.0), q1 = 1.0 / 5.0 + s * (1.0 / 7.0);
    double q2 = 1.0 / 9.0 + s * (1.0 / 11.0), q3 = 1.0 / 13.0 + s * (1.0 / 15.0);
    double q4 = 1.0 / 17.0 + s * (1.0 / 19.0), q5 = 1.0 / 21.0;
    double p = (q0 + s2 * q1) + s4 * (q2 + s2 * q3) + s8 * (q4 + s2 * q5);
    double r = e + (2.0 / CM_LN2) * (t * p);
    r = inf != 0.0 ? inf : r;
    return x > 0.0 ? r : -1075.0;
}

/* 2^y; 0 below −1075, +inf above 1024, NaN for NaN. Without a branch (as cm_log2) */
COLOUR_FN double cm_exp2(double y)
{
    y = y < -1076.0 ? -1076.0 : y; /* (NaN stays NaN) */
    y = y > 1025.0 ? 1025.0 : y;
    double nf = (y + 6755399441055744.0) - 6755399441055744.0; /* y to the nearest integer */
    double r = (y - nf) * CM_LN2; /* |r| ≤ 0.347 */
    /* e^r = Σ r^k/k!, k = 0..13 (the next term is under 1e-17), in Estrin's form */
    double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    double q0 = 1.0 + r, q1 = 0.5 + r * (1.0 / 6.0), q2 = 1.0 / 24.0 + r * (1.0 / 120.0);
    double q3 = 1.0 / 720.0 + r * (1.0 / 5040.0), q4 = 1.0 / 40320.0 + r * (1.0 / 362880.0);
    double q5 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0);
    double q6 = 1.0 / 479001600.0 + r * (1.0 / 6227020800.0);
    double p = (q0 + r2 * q1) + r4 * (q2 + r2 * q3) + r8 * ((q4 + r2 * q5) + r4 * q6);
    /* times 2^n in two halves, each a normal double (n from −1076 to 1025) */
    double n1 = (nf * 0.5 + 6755399441055744.0) - 6755399441055744.0, n2 = nf - n1;
    return p * cm_pow2i(n1) * cm_pow2i(n2);
}

/* x^p for x > 0; 0 for x ≤ 0 (callers decide what negative values become) */
COLOUR_FN double cm_pow(double x, double p)
{
    return x > 0.0 ? cm_exp2(p * cm_log2(x)) : 0.0;
}

/* atan of z, any finite z (without a branch, as cm_log2) */
COLOUR_FN double cm_atan(double z)
{
    int neg = z < 0.0;
    double a = neg ? -z : z;
    int inv = a > 1.0;
    a = inv ? 1.0 / a : a;
    /* twice atan z = 2·atan(z / (1 + √(1 + z²))): |z| ≤ tan(π/16) < 0.2 */
    a = a / (1.0 + sqrt(1.0 + a * a));
    a = a / (1.0 + sqrt(1.0 + a * a));
    double s = a * a, p = -1.0 / 23.0;
    p = p * s + 1.0 / 21.0;
    p = p * s - 1.0 / 19.0;
    p = p * s + 1.0 / 17.0;
    p = p * s - 1.0 / 15.0;
    p = p * s + 1.0 / 13.0;
    p = p * s - 1.0 / 11.0;
    p = p * s + 1.0 / 9.0;
    p = p * s - 1.0 / 7.0;
    p = p * s + 1.0 / 5.0;
    p = p * s - 1.0 / 3.0;
    p = p * s + 1.0;
    double r = 4.0 * (a * p);
    r = inv ? CM_PI / 2.0 - r : r;
    return neg ? -r : r;
}

/* the angle of (x, y) in (−π, π]; 0 at the origin */
COLOUR_FN double cm_atan2(double y, double x)
{
    double axis = y > 0.0 ? CM_PI / 2.0 : y < 0.0 ? -CM_PI / 2.0 : 0.0;
    double r = cm_atan(y / (x == 0.0 ? 1.0 : x));
    r = x > 0.0 ? r : y < 0.0 ? r - CM_PI : r + CM_PI;
    return x == 0.0 ? axis : r;
}

/* ---- in float: where a float's few units in the last place are enough ----
 * (OCIO's log operations and the red modifier's hue: its logs in and out of
 * linear are as glibc's log2f/exp2f are, within a few units in the last place
 * of a float, 8 lanes to a vector where the doubles take 4; powers stay in
 * double: p·log2 x loses a float's precision for large exponents). The same
 * algorithms as above with series long enough for a float, without a branch. */

COLOUR_FN uint32_t cm_fbits(float x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__float_as_uint(x);
#else
    uint32_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
#endif
}

COLOUR_FN float cm_from_fbits(uint32_t u)
{
#ifdef __CUDA_ARCH__
    return __uint_as_float(u);
#else
    float x;
    memcpy(&x, &u, sizeof(x));
    return x;
#endif
}

/* 2^k for an integer k (a float) from −126 to 127 (see cm_pow2i) */
COLOUR_FN float cm_pow2if(float k)
{
    return cm_from_fbits((cm_fbits(k + 12582912.0f) - 0x4b400000u + 127u) << 23);
}

/* log2 of a float x > 0 (finite); −150 for x ≤ 0 and NaN, 128 for +inf */
COLOUR_FN float cm_log2f(float x)
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
    float p = (1.0f + s * (1.0f / 3.0f)) + s2 * ((1.0f / 5.0f + s * (1.0f / 7.0f)) + s2 * (1.0f / 9.0f));
    float r = e + (float)(2.0 / CM_LN2) * (t * p);
    r = inf != 0.0f ? inf : r;
    return x > 0.0f ? r : -150.0f;
}

/* 2^y in float; 0 below −150, +inf above 128, NaN for NaN */
COLOUR_FN float cm_exp2f(float y)
{
    y = y < -151.0f ? -151.0f : y; /* (NaN stays NaN) */
    y = y > 129.0f ? 129.0f : y;
    float nf = (y + 12582912.0f) - 12582912.0f; /* y to the nearest integer */
    float r = (y - nf) * (float)CM_LN2;         /* |r| ≤ 0.347 */
    /* e^r = Σ r^k/k!, k = 0..7 (the next term is under 6e-9) */
    float r2 = r * r, r4 = r2 * r2;
    float p = ((1.0f + r) + r2 * (0.5f + r * (1.0f / 6.0f))) +
              r4 * ((1.0f / 24.0f + r * (1.0f / 120.0f)) + r2 * (1.0f / 720.0f + r * (1.0f / 5040.0f)));
    float n1 = (nf * 0.5f + 12582912.0f) - 12582912.0f, n2 = nf - n1; /* each −76..65 */
    return p * cm_pow2if(n1) * cm_pow2if(n2);
}

/* the angle of (x, y) in (−π, π] in float; 0 at the origin */
COLOUR_FN float cm_atan2f(float y, float x)
{
    float z = y / (x == 0.0f ? 1.0f : x);
    int neg = z < 0.0f;
    float a = neg ? -z : z;
    int inv = a > 1.0f;
    a = inv ? 1.0f / a : a;
    /* twice halved: |a| ≤ tan(π/16) < 0.2; then atan's series to a^11 */
    a = a / (1.0f + sqrtf(1.0f + a * a));
    a = a / (1.0f + sqrtf(1.0f + a * a));
    float s = a * a, p = -1.0f / 11.0f;
    p = p * s + 1.0f / 9.0f;
    p = p * s - 1.0f / 7.0f;
    p = p * s + 1.0f / 5.0f;
    p = p * s - 1.0f / 3.0f;
    p = p * s + 1.0f;
    float r = 4.0f * (a * p);
    const float hp = (float)(CM_PI / 2.0), pi = (float)CM_PI;
    r = inv ? hp - r : r;
    r = neg ? -r : r;
    /* one pick a statement (gcc if-converts no pick of more than four ways) */
    float below = y < 0.0f ? r - pi : r + pi;
    r = x > 0.0f ? r : below;
    float axis = y < 0.0f ? -hp : 0.0f;
    axis = y > 0.0f ? hp : axis;
    return x == 0.0f ? axis : r;
}

#endif
