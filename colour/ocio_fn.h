/* What every operation of an OpenColorIO program (colour/ocio.h) shares: the
 * kinds (OCIO_KINDS: one line a kind), OCIO's libm calls and powf, min and
 * max as std:: has them, and the forms each kind's file (colour/ops/) makes of
 * its maths for the executors: one pixel, two at once, and n pixels as planes. */
#ifndef PINSTRIPE_COLOUR_OCIO_FN_H
#define PINSTRIPE_COLOUR_OCIO_FN_H

#include <math.h>

#include "colour/cmath.h"
#include "colour/colour_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The operation kinds: one line each, X(KIND, number, name). Each has its file,
 * colour/ops/NAME.h (a family's kinds share one, as OpenColorIO's ops/ folders
 * do): its record's layout (OCIO_KIND_PARAMS floats after [kind, length], −1
 * where they vary; the first OCIO_KIND_FLAGS of them choose the code), its
 * builder (the parameters as OCIO's renderers derive them), its check of a
 * record (ocio_NAME_check) and its maths in three forms: ocio_NAME_px (one
 * pixel), ocio_NAME_pair (two), ocio_NAME_n (n as planes). The executors
 * (colour/ocio.h) and the CUDA stage's source generator (gpu/jit_source.c)
 * dispatch on this list; a new kind is its file, a line here and its #include
 * in colour/ocio.h (and where OpenColorIO's API is read: ocio/ocio_ops.cpp). */
#define OCIO_KINDS(X)                                                                              \
    X(MATRIX, 1, matrix)                                                                           \
    X(RANGE, 2, range)                                                                             \
    X(LOG, 3, log)                                                                                 \
    X(LOG_AFFINE, 4, log_affine)                                                                   \
    X(LOG_CAMERA, 5, log_camera)                                                                   \
    X(GAMMA, 6, gamma)                                                                             \
    X(LUT1D, 7, lut1d)                                                                             \
    X(LUT3D, 8, lut3d)                                                                             \
    X(CDL, 9, cdl)                                                                                 \
    X(GLOW, 10, glow)                                                                              \
    X(RED_MOD, 11, red_mod)                                                                        \
    X(SURROUND, 12, surround)                                                                      \
    X(CURVES, 13, curves)

#define OCIO_KIND_ENUM(K, num, name) OCIO_OP_##K = num,
enum { OCIO_KINDS(OCIO_KIND_ENUM) };
#undef OCIO_KIND_ENUM

#define OCIO_N_MAX 16 /* the n forms' and ocio_run_n's n at most */

/* The host's program builder (ocio/ocio_prog.h, which declares ocio_prog_add
 * and ocio_prog_add_table): each kind's file declares its builder, and defines
 * it where OCIO_PROG_BUILD is (ocio/ocio_prog.c, which includes it once) */
typedef struct OcioProg OcioProg;
#ifndef __CUDACC__
/* the n values all finite (the powers take finite exponents: ocio_powf) */
static inline int ocio_all_finite(const float *q, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(q[i]))
            return 0;
    return 1;
}
#endif

#define OCIO_FLT_MIN 1.17549435e-38f /* FLT_MIN, where OCIO's logs clamp */

/* OCIO's libm calls, through cmath.h: within a few units in the last place
 * of a float, as glibc's are */
OCIO_FN float ocio_log2f(float x)
{
    return cm_log2f(x);
}

OCIO_FN float ocio_exp2f(float x)
{
    return cm_exp2f(x);
}

/* powf for x ≥ 0 (and NaN: NaN), in float: 2^(p·log2 x), within 8.2e-7 of
 * the exact value where |p·log2 x| ≤ 10 (results from 2^-10 to 2^10), 5.4e-6
 * beyond (test_ocio); x itself for p = 1 (a CDL's identity power) */
OCIO_FN float ocio_powf(float x, float p)
{
    /* every case computed, one picked: no branch (cmath.h). p is finite
     * (ocio_prog.c bakes a record with a power that is not). The picks on p
     * alone are made of p's bits by integer sums (gcc vectorises no pick on
     * p alone inside a loop): powf(0, p) is 0 for p > 0, 1 for p = 0, +inf
     * for p < 0; p = 1 keeps x */
    uint32_t pb = cm_fbits(p), nz = ((pb & 0x7fffffffu) + 0x7fffffffu) >> 31;
    float zero = cm_from_fbits((1u - nz) * 0x3f800000u + nz * (pb >> 31) * 0x7f800000u);
    uint32_t d1 = pb ^ 0x3f800000u,
             keep = 0u - ((d1 | (0u - d1)) >> 31); /* all ones unless p = 1 */
    float r = x > 0.0f ? cm_exp2f(p * cm_log2f(x)) : 0.0f;
    r = cm_from_fbits((cm_fbits(r) & keep) | (cm_fbits(x) & ~keep));
    r = x == 0.0f ? zero : r;
    return x == x ? r : x;
}

OCIO_FN float ocio_maxf(float a, float b) /* std::max(a, b): a unless a < b */
{
    return a < b ? b : a;
}

OCIO_FN float ocio_minf(float a, float b) /* std::min(a, b): a unless b < a */
{
    return b < a ? b : a;
}

OCIO_FN float ocio_clamp01(float x) /* min(max(0, x), 1); NaN → 0 */
{
    return ocio_minf(ocio_maxf(0.0f, x), 1.0f);
}

/* The three forms of a kind that treats R, G and B apart, a channel at a time
 * through f(flag, k, x): its flag FLAG read from the record q (a mode, a
 * direction: outside the loops over lanes, so that no branch on the value is
 * inside them), channel c's parameters at q + K0 + STRIDE·c */
#define OCIO_N_LOOP(F, f)                                                                          \
    for (int j = 0; j < n; j++)                                                                    \
        w[j] = f(F, kc, w[j]);                                                                     \
    break;
#define OCIO_CHANNEL_FORMS(name, FLAG, K0, STRIDE, f)                                              \
    OCIO_FN void ocio_##name##_px(const float *q, float v[3])                                      \
    {                                                                                              \
        for (int c = 0; c < 3; c++)                                                                \
            v[c] = f(FLAG, q + (K0) + (STRIDE)*c, v[c]);                                           \
    }                                                                                              \
    OCIO_FN void ocio_##name##_pair(const float *q, float a[3], float b[3])                        \
    {                                                                                              \
        a[0] = f(FLAG, q + (K0), a[0]);                                                            \
        b[0] = f(FLAG, q + (K0), b[0]);                                                            \
        a[1] = f(FLAG, q + (K0) + (STRIDE), a[1]);                                                 \
        b[1] = f(FLAG, q + (K0) + (STRIDE), b[1]);                                                 \
        a[2] = f(FLAG, q + (K0) + 2 * (STRIDE), a[2]);                                             \
        b[2] = f(FLAG, q + (K0) + 2 * (STRIDE), b[2]);                                             \
    }                                                                                              \
    OCIO_FN void ocio_##name##_n(const float *__restrict__ q, float *__restrict__ v, int n)        \
    {                                                                                              \
        for (int c = 0; c < 3; c++) {                                                              \
            const int fl = (FLAG); /* (a constant in each loop: choices made once) */              \
            const float *kc = q + (K0) + (STRIDE)*c;                                               \
            float *w = v + c * n;                                                                  \
            switch (fl) {                                                                          \
            case 0: OCIO_N_LOOP(0, f)                                                              \
            case 1: OCIO_N_LOOP(1, f)                                                              \
            case 2: OCIO_N_LOOP(2, f)                                                              \
            case 3: OCIO_N_LOOP(3, f)                                                              \
            case 4: OCIO_N_LOOP(4, f)                                                              \
            case 5: OCIO_N_LOOP(5, f)                                                              \
            case 6: OCIO_N_LOOP(6, f)                                                              \
            default: OCIO_N_LOOP(fl, f)                                                            \
            }                                                                                      \
        }                                                                                          \
    }

/* The pair form of a kind that takes the whole pixel, f(q, v): on a, then b */
#define OCIO_PAIR_FORM(name, f)                                                                    \
    OCIO_FN void ocio_##name##_pair(const float *q, float a[3], float b[3])                        \
    {                                                                                              \
        f(q, a), f(q, b);                                                                          \
    }

/* Its three forms: the n form gathers each pixel's R, G, B from the planes */
#define OCIO_PIXEL_FORMS(name, f)                                                                  \
    OCIO_FN void ocio_##name##_px(const float *q, float v[3])                                      \
    {                                                                                              \
        f(q, v);                                                                                   \
    }                                                                                              \
    OCIO_PAIR_FORM(name, f)                                                                        \
    OCIO_FN void ocio_##name##_n(const float *__restrict__ q, float *__restrict__ v, int n)        \
    {                                                                                              \
        for (int j = 0; j < n; j++) {                                                              \
            float px[3] = {v[j], v[n + j], v[2 * n + j]};                                          \
            f(q, px);                                                                              \
            v[j] = px[0], v[n + j] = px[1], v[2 * n + j] = px[2];                                  \
        }                                                                                          \
    }

/* A record of a kind whose parameters are fixed in number: nq of them */
#define OCIO_FIXED_CHECK(name, K)                                                                  \
    OCIO_FN int ocio_##name##_check(const float *q, int nq)                                        \
    {                                                                                              \
        (void)q;                                                                                   \
        return nq == OCIO_##K##_PARAMS;                                                            \
    }

#ifdef __cplusplus
}
#endif

#endif
