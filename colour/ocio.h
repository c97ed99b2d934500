/* An OpenColorIO processor as one chain step (colour.h's CHAIN_OCIO), evaluated
 * operation by operation on both backends from this one source: the
 * operations of OCIO's optimized processor (its createGroupTransform()), each
 * computed as OCIO 2.1's CPU renderers compute it (OpenColorIO v2.1.2,
 * src/OpenColorIO/ops/…/…OpCPU.cpp: the same float operations in the same
 * order), with OCIO's log2f/exp2f/powf/atan2f replaced by cmath.h's, which
 * are accurate to well under a float's last place. So the CPU and CUDA
 * backends give the same bytes, and both match OCIO's own CPU processor to
 * its float rounding. Values are not clamped between operations (ACES values
 * run far above 1); each operation clamps where OCIO's does.
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

COLOUR_FN void ocio_matrix(const float *q, float v[3])
{
    float t[3];
    for (int c = 0; c < 3; c++) {
        const float *m = q + 5 * c;
        t[c] = (((v[0] * m[0] + v[1] * m[1]) + v[2] * m[2]) + m[3]) + m[4];
    }
    v[0] = t[0], v[1] = t[1], v[2] = t[2];
}

COLOUR_FN void ocio_range(const float *q, float v[3])
{
    for (int c = 0; c < 3; c++) {
        int mode = (int)q[0];
        float x = mode == 4 ? v[c] * q[3] + q[4] : v[c];
        if (mode == 1)
            x = ocio_maxf(q[1], x);
        else if (mode == 2)
            x = ocio_minf(q[2], x);
        else
            x = ocio_minf(ocio_maxf(q[1], x), q[2]);
        v[c] = x;
    }
}

COLOUR_FN void ocio_log(const float *q, float v[3])
{
    for (int c = 0; c < 3; c++)
        v[c] = q[0] != 0.0f ? ocio_log2f(ocio_maxf(OCIO_FLT_MIN, v[c])) * q[1] : ocio_exp2f(v[c] * q[1]);
}

COLOUR_FN void ocio_log_affine(const float *q, float v[3])
{
    for (int c = 0; c < 3; c++) {
        const float *k = q + 1 + 4 * c;
        if (q[0] != 0.0f) {
            float t = ocio_maxf(OCIO_FLT_MIN, v[c] * k[0] + k[1]);
            v[c] = ocio_log2f(t) * k[2] + k[3];
        } else {
            v[c] = (ocio_exp2f((v[c] + k[1]) * k[0]) + k[2]) * k[3];
        }
    }
}

COLOUR_FN void ocio_log_camera(const float *q, float v[3])
{
    for (int c = 0; c < 3; c++) {
        const float *k = q + 1 + 7 * c;
        float x = v[c];
        if (q[0] != 0.0f)
            v[c] = x < k[3] ? k[5] * x + k[6]
                            : ocio_log2f(ocio_maxf(OCIO_FLT_MIN, x * k[0] + k[1])) * k[4] + k[2];
        else
            v[c] = x < k[0] ? k[1] * (x + k[2]) : (ocio_exp2f((x + k[3]) * k[4]) + k[5]) * k[6];
    }
}

COLOUR_FN void ocio_gammas(const float *q, float v[3])
{
    for (int c = 0; c < 3; c++)
        v[c] = ocio_gamma((int)q[0], q + 1 + 5 * c, v[c]);
}

/* Each kind of operation on n pixels px (one pixel: ocio_run's case) */
#define OCIO_KINDS(each)                                                                       \
    case OCIO_OP_MATRIX: each(ocio_matrix); break;                                             \
    case OCIO_OP_RANGE: each(ocio_range); break;                                               \
    case OCIO_OP_LOG: each(ocio_log); break;                                                   \
    case OCIO_OP_LOG_AFFINE: each(ocio_log_affine); break;                                     \
    case OCIO_OP_LOG_CAMERA: each(ocio_log_camera); break;                                     \
    case OCIO_OP_GAMMA: each(ocio_gammas); break;                                              \
    case OCIO_OP_LUT1D: each(ocio_lut1d); break;                                               \
    case OCIO_OP_LUT3D: each(ocio_lut3d); break;                                               \
    case OCIO_OP_CDL: each(ocio_cdl); break;                                                   \
    case OCIO_OP_GLOW: each(ocio_glow); break;                                                 \
    case OCIO_OP_RED_MOD: each(ocio_red_mod); break;                                           \
    case OCIO_OP_SURROUND: each(ocio_surround); break;                                         \
    case OCIO_OP_CURVES: each(ocio_curves); break;                                             \
    default: break

/* Run a program (ChainOp.lut of a CHAIN_OCIO step) on R, G, B, in place. */
COLOUR_NOINLINE void ocio_run(const float *prog, float v[3])
{
    const float *p = prog + 1;
    for (int i = 0, nops = (int)prog[0]; i < nops; i++, p += (int)p[1]) {
        const float *q = p + 2;
#define OCIO_ONE(f) f(q, v)
        switch ((int)p[0]) { OCIO_KINDS(OCIO_ONE); }
#undef OCIO_ONE
    }
}

/* The same on n pixels, an operation at a time over all of them: the same
 * bytes as ocio_run on each, with n independent chains of work in flight (the
 * CPU rows' VL lanes) */
COLOUR_NOINLINE void ocio_run_n(const float *prog, float (*v)[3], int n)
{
    const float *p = prog + 1;
    for (int i = 0, nops = (int)prog[0]; i < nops; i++, p += (int)p[1]) {
        const float *q = p + 2;
#define OCIO_EACH(f)                                                                           \
    for (int k = 0; k < n; k++)                                                                \
    f(q, v[k])
        switch ((int)p[0]) { OCIO_KINDS(OCIO_EACH); }
#undef OCIO_EACH
    }
}

#ifdef __cplusplus
}
#endif

#endif
