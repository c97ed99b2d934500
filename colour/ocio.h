/* An OpenColorIO processor as one chain step (colour.h's CHAIN_OCIO), evaluated
 * operation by operation on both backends from this one source: the
 * operations of OCIO's optimized processor (its createGroupTransform()), each
 * computed as OCIO 2.1's CPU renderers compute it (OpenColorIO v2.1.2,
 * src/OpenColorIO/ops/…/…OpCPU.cpp: the same float operations in the same
 * order), with OCIO's log2f/exp2f/powf/atan2f replaced by cmath.h's, which
 * are within a few units of a float's last place, as glibc's are. So the CPU
 * and CUDA backends give the same bytes, and both match OCIO's own CPU
 * processor to its float rounding (within 0.07 LSB10 on the camera chains).
 * Values are not clamped between operations (ACES values run far above 1);
 * each operation clamps where OCIO's does.
 *
 * A program is one block of floats (host or device memory, uploaded as a
 * table is): [0] the number of operations, then each operation as
 * [kind, length, parameters…], length counting the whole record. look/
 * builds programs (ocio/ocio_prog.h); the parameters are those OCIO's
 * renderers derive from an operation's data, cast to float as OCIO casts them. */
#ifndef PINSTRIPE_COLOUR_OCIO_H
#define PINSTRIPE_COLOUR_OCIO_H

#include "colour/ocio_fn.h"
#include "colour/ocio_lut.h"

#ifdef __cplusplus
extern "C" {
#endif

OCIO_FN void ocio_matrix(const float *q, float v[3])
{
    float t[3];
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++) {
        const float *m = q + 5 * c;
        t[c] = (cm_fma(v[2], m[2], cm_fma(v[1], m[1], v[0] * m[0])) + m[3]) + m[4];
    }
    v[0] = t[0], v[1] = t[1], v[2] = t[2];
}

/* The operations that treat R, G and B apart, a channel at a time: the flags
 * of the record (its mode, its direction) come as arguments, so that a loop
 * of one over the CPU's lanes has them outside it (ocio_run_n), and no branch
 * on the value inside */
OCIO_FN float ocio_range1(int mode, const float *q, float x)
{
    x = mode == 4 ? x * q[3] + q[4] : x;
    if (mode == 1)
        return ocio_maxf(q[1], x);
    if (mode == 2)
        return ocio_minf(q[2], x);
    return ocio_minf(ocio_maxf(q[1], x), q[2]);
}

OCIO_FN float ocio_log1(int fwd, const float *q, float x)
{
    return fwd ? ocio_log2f(ocio_maxf(OCIO_FLT_MIN, x)) * q[1] : ocio_exp2f(x * q[1]);
}

/* k: the channel's parameters */
OCIO_FN float ocio_log_affine1(int fwd, const float *k, float x)
{
    if (fwd)
        return cm_fma(ocio_log2f(ocio_maxf(OCIO_FLT_MIN, cm_fma(x, k[0], k[1]))), k[2], k[3]);
    return (ocio_exp2f((x + k[1]) * k[0]) + k[2]) * k[3];
}

OCIO_FN float ocio_log_camera1(int fwd, const float *k, float x)
{
    /* (every parameter read first: see ocio_gamma) */
    const float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5], k6 = k[6];
    if (fwd) {
        float lg = cm_fma(ocio_log2f(ocio_maxf(OCIO_FLT_MIN, cm_fma(x, k0, k1))), k4, k2);
        return x < k3 ? k5 * x + k6 : lg;
    }
    float ex = (ocio_exp2f((x + k3) * k4) + k5) * k6;
    return x < k0 ? k1 * (x + k2) : ex;
}

/* RGB curves: channel c's own curve, then the master (cv[3]) */
OCIO_FN void ocio_curves_of(const float *q, const float *cv[4])
{
    cv[0] = q; /* (written out: see ocio_curves) */
    cv[1] = ocio_curve_next(cv[0]);
    cv[2] = ocio_curve_next(cv[1]);
    cv[3] = ocio_curve_next(cv[2]);
}

OCIO_FN void ocio_curves(const float *q, float v[3])
{
    const float *cv[4];
    ocio_curves_of(q, cv);
    /* (the channels written out: nvcc keeps a loop over them, whose curve
     * pointers are then not constants in gpu/jit.c's kernels) */
    v[0] = ocio_curve(cv[3], ocio_curve(cv[0], v[0]));
    v[1] = ocio_curve(cv[3], ocio_curve(cv[1], v[1]));
    v[2] = ocio_curve(cv[3], ocio_curve(cv[2], v[2]));
}

/* Each channel operation: the flag it takes from the record, where its
 * channel's parameters start and their stride, and its function */
#define OCIO_CHANNEL_KINDS(each)                                                               \
    case OCIO_OP_RANGE: each((int)q[0], q, 0, ocio_range1); break;                             \
    case OCIO_OP_LOG: each(q[0] != 0.0f, q, 0, ocio_log1); break;                              \
    case OCIO_OP_LOG_AFFINE: each(q[0] != 0.0f, q + 1, 4, ocio_log_affine1); break;            \
    case OCIO_OP_LOG_CAMERA: each(q[0] != 0.0f, q + 1, 7, ocio_log_camera1); break;            \
    case OCIO_OP_GAMMA: each((int)q[0], q + 1, 5, ocio_gamma); break

/* the whole pixel's operations */
#define OCIO_PIXEL_KINDS(each)                                                                 \
    case OCIO_OP_MATRIX: each(ocio_matrix); break;                                             \
    case OCIO_OP_LUT1D: each(ocio_lut1d); break;                                               \
    case OCIO_OP_LUT3D: each(ocio_lut3d); break;                                               \
    case OCIO_OP_CDL: each(ocio_cdl); break;                                                   \
    case OCIO_OP_GLOW: each(ocio_glow); break;                                                 \
    case OCIO_OP_SURROUND: each(ocio_surround); break

/* Run a program (ChainOp.lut of a CHAIN_OCIO step) on R, G, B, in place. */
COLOUR_NOINLINE void ocio_run(const float *prog, float v[3])
{
    const float *p = prog + 1;
    for (int i = 0, nops = (int)prog[0]; i < nops; i++, p += (int)p[1]) {
        const float *q = p + 2;
#define OCIO_ONE_CHANNELS(flag, k, stride, f)                                                  \
    for (int c = 0; c < 3; c++)                                                                \
        v[c] = f(flag, (k) + (stride) * c, v[c]);
#define OCIO_ONE(f) f(q, v)
        switch ((int)p[0]) {
            OCIO_CHANNEL_KINDS(OCIO_ONE_CHANNELS);
            OCIO_PIXEL_KINDS(OCIO_ONE);
        case OCIO_OP_CURVES: ocio_curves(q, v); break;
        case OCIO_OP_RED_MOD: ocio_red_mod(q, v); break;
        default: break;
        }
#undef OCIO_ONE
#undef OCIO_ONE_CHANNELS
    }
}

/* One operation (its record p) on two pixels at once, a then b: the same
 * bytes as ocio_run's on each. (In gpu/jit.c's kernels its record's values
 * are constants, folded in where it is inlined.) */
OCIO_FN void ocio_op2k(int kind, const float *p, float a[3], float b[3])
{
    const float *q = p + 2;
#define OCIO_TWO_CHANNEL(flag, k, stride, f, c)                                                \
    a[c] = f(flag, (k) + (stride) * (c), a[c]);                                                \
    b[c] = f(flag, (k) + (stride) * (c), b[c]);
#define OCIO_TWO_CHANNELS(flag, k, stride, f)                                                  \
    {                                                                                          \
        OCIO_TWO_CHANNEL(flag, k, stride, f, 0)                                                \
        OCIO_TWO_CHANNEL(flag, k, stride, f, 1)                                                \
        OCIO_TWO_CHANNEL(flag, k, stride, f, 2)                                                \
    }
#define OCIO_TWO(f) f(q, a), f(q, b)
    switch (kind) {
        OCIO_CHANNEL_KINDS(OCIO_TWO_CHANNELS);
        OCIO_PIXEL_KINDS(OCIO_TWO);
    case OCIO_OP_CURVES: OCIO_TWO(ocio_curves); break;
    case OCIO_OP_RED_MOD: OCIO_TWO(ocio_red_mod); break;
    default: break;
    }
#undef OCIO_TWO
#undef OCIO_TWO_CHANNELS
#undef OCIO_TWO_CHANNEL
}

/* ocio_run on two pixels at once (the CUDA kernel's pair: colour.h's
 * colour_pair_out): each operation on a, then on b, from the one record. The
 * same bytes as ocio_run on each; inlined where it is called, so that the two
 * pixels' maths interleave and the record is read once for both. (The CUDA
 * stage's compiled programs, gpu/jit.c, call ocio_op2k on records whose values
 * the compiler knows.) */
OCIO_FN void ocio_run2(const float *prog, float a[3], float b[3])
{
    const float *p = prog + 1;
    for (int i = 0, nops = (int)prog[0]; i < nops; i++, p += (int)p[1])
        ocio_op2k((int)p[0], p, a, b); /* (gpu/jit.c's kernels name the kind) */
}

#define OCIO_N_MAX 16 /* ocio_run_n's n at most */

/* One curve (ocio_curve) on n ≤ OCIO_N_MAX values: each one's segment counted
 * knot by knot over all of them, then the curve there. A call of its own: gcc
 * vectorises its loops there, not inlined into ocio_run_n's */
COLOUR_NOINLINE_FLAT void ocio_curve_n(const float *__restrict__ cu, float *__restrict__ w, int n)
{
    int nk = (int)cu[0];
    if (nk < 2)
        return;
    const float *kn = ocio_curve_knots(cu), *sg = ocio_curve_segs(cu);
    int seg[OCIO_N_MAX];
    float e[OCIO_CURVE_ENDS];
    for (int k = 0; k < OCIO_CURVE_ENDS; k++)
        e[k] = cu[1 + k];
    for (int j = 0; j < n; j++)
        seg[j] = 0;
    for (int kk = 1; kk < nk - 1; kk++) {
        const float kv = kn[kk];
        for (int j = 0; j < n; j++)
            seg[j] += w[j] >= kv;
    }
    for (int j = 0; j < n; j++) {
        const float *s = sg + 4 * seg[j];
        w[j] = ocio_curve_in(e, w[j], s[0], s[1], s[2], s[3]);
    }
}

/* The same on n ≤ OCIO_N_MAX pixels held as planes (v: n R values, then n G, then n B),
 * an operation at a time over all of them: the same bytes as ocio_run on each.
 * A channel operation's loop over the pixels has no branch inside (its flag
 * is outside, its maths picks rather than branches), so gcc vectorises it
 * (the CPU rows' VL lanes); a whole-pixel one gathers its R, G, B */
COLOUR_NOINLINE_FLAT void ocio_run_n(const float *__restrict__ prog, float *__restrict__ v, int n)
{
    const float *p = prog + 1;
    for (int i = 0, nops = (int)prog[0]; i < nops; i++, p += (int)p[1]) {
        const float *q = p + 2;
/* (the flag a constant in each loop: its function's choices are made once) */
#define OCIO_N_LOOP(F, f)                                                                      \
    for (int j = 0; j < n; j++)                                                                \
        w[j] = f(F, kc, w[j]);                                                                 \
    break;
#define OCIO_N_CHANNELS(flag, k, stride, f)                                                    \
    for (int c = 0; c < 3; c++) {                                                              \
        const int fl = (flag);                                                                 \
        const float *kc = (k) + (stride) * c;                                                  \
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
    }
#define OCIO_N_PIXELS(f)                                                                       \
    for (int j = 0; j < n; j++) {                                                              \
        float px[3] = {v[j], v[n + j], v[2 * n + j]};                                          \
        f(q, px);                                                                              \
        v[j] = px[0], v[n + j] = px[1], v[2 * n + j] = px[2];                                  \
    }
        switch ((int)p[0]) {
            OCIO_CHANNEL_KINDS(OCIO_N_CHANNELS);
            OCIO_PIXEL_KINDS(OCIO_N_PIXELS);
        case OCIO_OP_RED_MOD: { /* the hues first, in a loop of their own */
            float hue[OCIO_N_MAX];
            for (int j = 0; j < n; j++)
                hue[j] = ocio_red_hue(v[j], v[n + j], v[2 * n + j]);
            for (int j = 0; j < n; j++) {
                float px[3] = {v[j], v[n + j], v[2 * n + j]};
                ocio_red_mod_at(q, px, hue[j]);
                v[j] = px[0];
            }
            break;
        }
        case OCIO_OP_CURVES: { /* each lane's segment counted knot by knot */
            const float *cv[4];
            ocio_curves_of(q, cv);
            for (int c = 0; c < 3; c++) {
                float *w = v + c * n;
                for (int pass = 0; pass < 2; pass++) {
                    ocio_curve_n(pass ? cv[3] : cv[c], w, n);
                }
            }
            break;
        }
        default: break;
        }
#undef OCIO_N_PIXELS
#undef OCIO_N_CHANNELS
#undef OCIO_N_LOOP
    }
}

#ifdef __cplusplus
}
#endif

#endif
