/* OpenColorIO's GradingRGBCurve (ops/gradingrgbcurve/: its curves fitted as
 * BSplineCurve.cpp fits them, evaluated as KnotsCoefs::evalCurve): 4 curves
 * (R, G, B, master), each n knots (0: identity), then its ends, its n knots,
 * and its n − 1 quadratic segments (ocio_curve_knots). The fit is
 * ocio/ocio_curve.c's (ocio_prog_curves). */
#ifndef PINSTRIPE_COLOUR_OPS_CURVES_H
#define PINSTRIPE_COLOUR_OPS_CURVES_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_CURVES_PARAMS (-1)
#define OCIO_CURVES_FLAGS 0

/* One curve of OCIO's GradingBSplineCurve (KnotsCoefs::evalCurve): quadratic
 * segments, straight lines past the ends. Its record c: n (0: the identity),
 * then, for n ≥ 2: the ends' lines e[6] (ocio_curve_ends, made once by
 * ocio/ocio_curve.c), the n knots, and the n − 1 segments, each its first
 * knot and its A, B, C (the four read together) */
#define OCIO_CURVE_ENDS 6

OCIO_FN const float *ocio_curve_knots(const float *c)
{
    return c + 1 + OCIO_CURVE_ENDS;
}

OCIO_FN const float *ocio_curve_segs(const float *c)
{
    return ocio_curve_knots(c) + (int)c[0];
}

/* the four curves' records, one after the other */
OCIO_FN const float *ocio_curve_next(const float *c)
{
    int n = (int)c[0];
    return c + 1 + (n ? OCIO_CURVE_ENDS + n + 4 * (n - 1) : 0);
}

/* The segment of x: the knots kn[1..n−2] at or below x (they rise), counted
 * without a branch on x (the same segment as OCIO's search) */
OCIO_FN int ocio_curve_seg_count(const float *kn, int n, float x)
{
    int i = 0;
    for (int j = 1; j < n - 1; j++)
        i += x >= kn[j];
    return i;
}

/* The same count by halving (the knots do not fall: ocio/ocio_curve.c makes
 * no curve whose knots do), log2 n reads instead of n: the CUDA kernel's */
OCIO_FN int ocio_curve_seg_halve(const float *kn, int n, float x)
{
    int i = 0, top = n - 2, s = 1;
    while (2 * s <= top)
        s *= 2;
    for (; s > 0; s /= 2)
        i = i + s <= top && x >= kn[i + s] ? i + s : i;
    return i;
}

/* A curve's (n ≥ 2 knots: kn, the segments' A, B, C) straight lines past its
 * ends: e = the first knot, its slope and value; the last knot, its slope and
 * value */
OCIO_FN void ocio_curve_ends(int n, const float *kn, const float *A, const float *B, const float *C,
                             float e[OCIO_CURVE_ENDS])
{
    int s = n - 2;
    float te = kn[n - 1] - kn[n - 2];
    e[0] = kn[0], e[1] = B[0], e[2] = C[0], e[3] = kn[n - 1];
    e[4] = 2.0f * A[s] * te + B[s], e[5] = (A[s] * te + B[s]) * te + C[s];
}

/* the curve at x in a segment that starts at knot k0 with coefficients a, b,
 * cc (the CPU's lanes pick theirs knot by knot: ocio_run_n), e its ends */
OCIO_FN float ocio_curve_in(const float e[OCIO_CURVE_ENDS], float x, float k0, float a, float b,
                            float cc)
{
    float t = x - k0, in = cm_fma(cm_fma(a, t, b), t, cc);
    float below = cm_fma(x - e[0], e[1], e[2]), above = cm_fma(x - e[3], e[4], e[5]);
    float r = x >= e[3] ? above : in; /* (one pick a statement: see cm_atan2f) */
    return x <= e[0] ? below : r;
}

/* The curve at x, its record c of n knots (n = (int)c[0], 0: the identity;
 * gpu/jit.c's kernels name n, a constant there) and its ends' lines e (c + 1;
 * those kernels pass them by value: every pixel reads them at one place): its
 * segment (the kernel halves, the CPU counts: the same one), then the
 * quadratic there or a line past the ends */
OCIO_FN float ocio_curve_ke(const float *e, const float *c, int n, float x)
{
    if (n < 2) /* (the identity; one knot has no segment: ocio_prog.c makes none) */
        return x;
    const float *kn = c + 1 + OCIO_CURVE_ENDS;
#ifdef __CUDA_ARCH__
    int i = ocio_curve_seg_halve(kn, n, x);
#else
    int i = ocio_curve_seg_count(kn, n, x);
#endif
    const float *sg = kn + n + 4 * i;
    return ocio_curve_in(e, x, sg[0], sg[1], sg[2], sg[3]);
}

OCIO_FN float ocio_curve_k(const float *c, int n, float x)
{
    return ocio_curve_ke(c + 1, c, n, x);
}

OCIO_FN float ocio_curve(const float *c, float x)
{
    return ocio_curve_k(c, (int)c[0], x);
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

OCIO_PAIR_FORM(curves, ocio_curves)

OCIO_FN void ocio_curves_px(const float *q, float v[3])
{
    ocio_curves(q, v);
}

/* on n pixels: each lane's segment counted knot by knot */
OCIO_FN void ocio_curves_n(const float *__restrict__ q, float *__restrict__ v, int n)
{
    const float *cv[4];
    ocio_curves_of(q, cv);
    for (int c = 0; c < 3; c++) {
        float *w = v + c * n;
        for (int pass = 0; pass < 2; pass++) {
            ocio_curve_n(pass ? cv[3] : cv[c], w, n);
        }
    }
}

/* A record's four curves within its nq parameters, each of 0 or at least 2
 * knots, its count checked as a float before it is an int */
OCIO_FN int ocio_curves_check(const float *q, int nq)
{
    const float *end = q + nq;
    for (int c = 0; c < 4; c++) {
        if (q >= end || !(q[0] == 0.0f || (q[0] >= 2.0f && q[0] <= (float)(end - q))))
            return 0;
        q = ocio_curve_next(q);
        if (q > end)
            return 0;
    }
    return 1;
}

#ifndef __CUDACC__
/* For each of R, G, B, master, n control points x[], y[] and slopes s[] (all 0:
 * estimated), in their log and video styles; fitted as OCIO fits them
 * (ocio/ocio_curve.c) */
typedef struct OcioCurve {
    int n;
    const float *x, *y, *s;
} OcioCurve;
int ocio_prog_curves(OcioProg *p, const OcioCurve curves[4]);
#endif

#ifdef __cplusplus
}
#endif

#endif
