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

/* log2 of x > 0 (finite); −1074 and below for x at or under the smallest double */
COLOUR_FN double cm_log2(double x)
{
    if (!(x > 0.0))
        return -1075.0;
    uint64_t u = cm_bits(x);
    int e = (int)((u >> 52) & 0x7ff);
    if (e == 0) { /* a denormal: scale it up by 2^54 first */
        u = cm_bits(x * 18014398509481984.0);
        e = (int)((u >> 52) & 0x7ff) - 54;
    }
    if (e == 0x7ff)
        return 1024.0;
    double m = cm_from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL); /* [1, 2) */
    e -= 1023;
    if (m > 1.41421356237309504880) {
        m *= 0.5;
        e += 1;
    }
    double t = (m - 1.0) / (m + 1.0), s = t * t;
    /* atanh(t)/t = Σ s^k/(2k+1), k = 0..10 (s ≤ 0.0295: the next term is under
     * 1e-18), in Estrin's form: pairs, then pairs of pairs (a short chain) */
    double s2 = s * s, s4 = s2 * s2, s8 = s4 * s4;
    double q0 = 1.0 + s * (1.0 / 3.0), q1 = 1.0 / 5.0 + s * (1.0 / 7.0);
    double q2 = 1.0 / 9.0 + s * (1.0 / 11.0), q3 = 1.0 / 13.0 + s * (1.0 / 15.0);
    double q4 = 1.0 / 17.0 + s * (1.0 / 19.0), q5 = 1.0 / 21.0;
    double p = (q0 + s2 * q1) + s4 * (q2 + s2 * q3) + s8 * (q4 + s2 * q5);
    return (double)e + (2.0 / CM_LN2) * (t * p);
}

/* 2^y; 0 below −1074, +inf above 1024 (y NaN: NaN) */
COLOUR_FN double cm_exp2(double y)
{
    if (!(y == y))
        return y;
    if (y < -1075.0)
        return 0.0;
    if (y > 1024.0)
        return cm_from_bits(0x7ff0000000000000ULL);
    double nf = y < 0.0 ? -(double)(int64_t)(0.5 - y) : (double)(int64_t)(y + 0.5);
    int n = (int)nf;
    double r = (y - nf) * CM_LN2; /* |r| ≤ 0.347 */
    /* e^r = Σ r^k/k!, k = 0..13 (the next term is under 1e-17), in Estrin's form */
    double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    double q0 = 1.0 + r, q1 = 0.5 + r * (1.0 / 6.0), q2 = 1.0 / 24.0 + r * (1.0 / 120.0);
    double q3 = 1.0 / 720.0 + r * (1.0 / 5040.0), q4 = 1.0 / 40320.0 + r * (1.0 / 362880.0);
    double q5 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0);
    double q6 = 1.0 / 479001600.0 + r * (1.0 / 6227020800.0);
    double p = (q0 + r2 * q1) + r4 * (q2 + r2 * q3) + r8 * ((q4 + r2 * q5) + r4 * q6);
    /* times 2^n, in two steps where 2^n alone is not a normal double */
    int n1 = n / 2, n2 = n - n1;
    return p * cm_from_bits((uint64_t)(n1 + 1023) << 52) * cm_from_bits((uint64_t)(n2 + 1023) << 52);
}

/* x^p for x > 0; 0 for x ≤ 0 (callers decide what negative values become) */
COLOUR_FN double cm_pow(double x, double p)
{
    return x > 0.0 ? cm_exp2(p * cm_log2(x)) : 0.0;
}

/* atan of z, any finite z */
COLOUR_FN double cm_atan(double z)
{
    int neg = z < 0.0, inv = 0;
    double a = neg ? -z : z;
    if (a > 1.0) {
        a = 1.0 / a;
        inv = 1;
    }
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
    if (inv)
        r = CM_PI / 2.0 - r;
    return neg ? -r : r;
}

/* the angle of (x, y) in (−π, π]; 0 at the origin */
COLOUR_FN double cm_atan2(double y, double x)
{
    if (x == 0.0)
        return y > 0.0 ? CM_PI / 2.0 : y < 0.0 ? -CM_PI / 2.0 : 0.0;
    double r = cm_atan(y / x);
    if (x > 0.0)
        return r;
    return y < 0.0 ? r - CM_PI : r + CM_PI;
}

#endif
