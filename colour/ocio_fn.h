/* The operations of an OpenColorIO program (see colour/ocio.h), but its
 * tables (colour/ocio_lut.h): their kinds and record layouts, and each
 * operation's maths as OCIO 2.1's CPU renderers have it. */
#ifndef PINSTRIPE_COLOUR_OCIO_FN_H
#define PINSTRIPE_COLOUR_OCIO_FN_H

#include <math.h>

#include "colour/cmath.h"
#include "colour/colour_base.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    OCIO_OP_MATRIX = 1,    /* 3 rows of m0 m1 m2 m3 off: ((((r·m0 + g·m1) + b·m2) + 1·m3) + off) */
    OCIO_OP_RANGE = 2,     /* mode (1 min, 2 max, 3 min max, 4 scale min max), lower, upper,
                            * scale, offset */
    OCIO_OP_LOG = 3,       /* forward (1: lin → log), k: log2f(max(FLT_MIN, x))·k or exp2f(x·k) */
    OCIO_OP_LOG_AFFINE = 4, /* forward, then per channel (fwd) m, b, klog, kb, or
                             * (inv) kinv, −kb, −b, 1/m */
    OCIO_OP_LOG_CAMERA = 5, /* forward, then per channel (fwd) m, b, kb, linb, klog, linear
                             * slope, linear offset, or (inv) log break, 1/linear slope,
                             * −linear offset, −kb, kinv, −b, 1/m */
    OCIO_OP_GAMMA = 6,     /* style (OCIO_GAMMA_*), then per channel p (basic) or gamma,
                            * offset, break, slope, scale (moncurve) */
    OCIO_OP_LUT1D = 7,     /* size, half domain (0/1), hue adjust (0/1), then size RGB triples */
    OCIO_OP_LUT3D = 8,     /* size, tetrahedral (1) or trilinear (0), then size³ RGB triples,
                            * blue fastest */
    OCIO_OP_CDL = 9,       /* reverse (0/1), clamp (0/1), slope[3], offset[3], power[3], sat */
    OCIO_OP_GLOW = 10,     /* ACES glow, forward: gain, mid */
    OCIO_OP_RED_MOD = 11,  /* ACES red modifier 1.0, forward: 1 − scale, pivot, 1/width */
    OCIO_OP_SURROUND = 12, /* Y = max(ymin, w0·r + w1·g + w2·b), rgb·powf(Y, gm1): ymin, w[3], gm1
                            * (ACES dark to dim, Rec.2100 surround) */
    OCIO_OP_CURVES = 13,   /* RGB curves: 4 curves (R, G, B, master), each n knots (0: identity),
                            * then its ends, its n knots, and its n − 1 quadratic segments
                            * (ocio_curve_knots) */
};

/* What the CUDA stage's compiled kernel (gpu/jit_source.c) makes of a record
 * of each kind. A pixel indexes a table's entries and a curve's knots and
 * segments (read where its value falls): those records are read from the
 * device's program. The others' values every pixel reads at the same place:
 * their leading flags (a mode, a direction, which choose the code) are the
 * kernel's key and constants in it; the rest go by value (its launch's
 * parameter, after the launcher's arguments: gpu/jit.h). */
OCIO_FN int ocio_op_indexed(int kind)
{
    return kind == OCIO_OP_LUT1D || kind == OCIO_OP_LUT3D || kind == OCIO_OP_CURVES;
}

OCIO_FN int ocio_op_flags(int kind)
{
    return kind == OCIO_OP_CDL ? 2 : kind >= OCIO_OP_RANGE && kind <= OCIO_OP_GAMMA ? 1 : 0;
}

/* The floats after [kind, length] in a record of a kind every pixel reads at
 * one place (ocio/ocio_prog.c's records); −1: a table, curves, or no kind */
OCIO_FN int ocio_op_params(int kind)
{
    switch (kind) {
    case OCIO_OP_MATRIX: return 15;
    case OCIO_OP_RANGE: return 5;
    case OCIO_OP_LOG: return 2;
    case OCIO_OP_LOG_AFFINE: return 13;
    case OCIO_OP_LOG_CAMERA: return 22;
    case OCIO_OP_GAMMA: return 16;
    case OCIO_OP_CDL: return 12;
    case OCIO_OP_GLOW: return 2;
    case OCIO_OP_RED_MOD: return 3;
    case OCIO_OP_SURROUND: return 5;
    default: return -1;
    }
}

enum {
    OCIO_GAMMA_BASIC = 0,        /* powf(max(0, x), p) */
    OCIO_GAMMA_MIRROR = 1,       /* sign(x)·powf(|x|, p) */
    OCIO_GAMMA_PASS = 2,         /* x > 0 ? powf(x, p) : x */
    OCIO_GAMMA_MON_FWD = 3,      /* x ≤ break ? x·slope : powf(x·scale + offset, gamma) */
    OCIO_GAMMA_MON_REV = 4,      /* x ≤ break ? x·slope : powf(x, gamma)·scale − offset */
    OCIO_GAMMA_MON_MIRROR_FWD = 5,
    OCIO_GAMMA_MON_MIRROR_REV = 6,
};

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

/* One channel of a gamma of style (OCIO_GAMMA_*). Within a style no branch on
 * the value: both sides are computed and one is picked, so that a loop of it
 * over the CPU's lanes vectorises (ocio_run_n); the same bits either way. The
 * parameters are read first, whatever is taken (a read on one side only would
 * be a masked load, which gcc does not vectorise). */
OCIO_FN float ocio_gamma(int style, const float *q, float x)
{
    const float g = q[0], off = q[1], brk = q[2], slope = q[3], scale = q[4];
    if (style == OCIO_GAMMA_BASIC)
        return ocio_powf(ocio_maxf(0.0f, x), g);
    if (style == OCIO_GAMMA_MIRROR || style == OCIO_GAMMA_PASS) {
        float a = x < 0.0f ? -x : x, r = ocio_powf(a, g);
        if (style == OCIO_GAMMA_PASS)
            return x > 0.0f ? r : x;
        return x < 0.0f ? -r : r;
    }
    /* moncurve: q = gamma, offset, break, slope, scale */
    int mirror = style == OCIO_GAMMA_MON_MIRROR_FWD || style == OCIO_GAMMA_MON_MIRROR_REV;
    float s = mirror && x < 0.0f ? -1.0f : 1.0f;
    float a = mirror && x < 0.0f ? -x : x, r;
    if (style == OCIO_GAMMA_MON_FWD || style == OCIO_GAMMA_MON_MIRROR_FWD) {
        float cv = ocio_powf(a * scale + off, g);
        r = a <= brk ? a * slope : cv;
    } else {
        float cv = ocio_powf(a, g) * scale - off;
        r = a <= brk ? a * slope : cv;
    }
    return r * s;
}

OCIO_FN float ocio_clamp01(float x) /* min(max(0, x), 1); NaN → 0 */
{
    return ocio_minf(ocio_maxf(0.0f, x), 1.0f);
}

/* ASC CDL (OCIO's CDLRendererFwd/Rev, styles ASC and no-clamp) */
OCIO_FN void ocio_cdl(const float *q, float v[3])
{
    int rev = q[0] != 0.0f, clamp = q[1] != 0.0f;
    const float *slope = q + 2, *offset = q + 5, *power = q + 8;
    float sat = q[11];
    if (!rev) {
        COLOUR_UNROLL
        for (int c = 0; c < 3; c++) {
            float x = v[c] * slope[c] + offset[c];
            if (clamp)
                x = ocio_clamp01(x);
            v[c] = clamp || x >= 0.0f ? ocio_powf(x, power[c]) : x == x ? x : 0.0f;
        }
    } else {
        /* reverse: q holds 1/max(sat, 0.01) in sat, 1/max(power, 0.01) in power,
         * 1/max(slope, 0.01) in slope (as OCIO's reverse renderer keeps them) */
        COLOUR_UNROLL
        for (int c = 0; c < 3 && clamp; c++)
            v[c] = ocio_clamp01(v[c]);
    }
    float luma = (v[0] * 0.2126f + v[1] * 0.7152f) + v[2] * 0.0722f;
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++)
        v[c] = luma + sat * (v[c] - luma);
    if (!rev) {
        COLOUR_UNROLL
        for (int c = 0; c < 3 && clamp; c++)
            v[c] = ocio_clamp01(v[c]);
        return;
    }
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++) {
        float x = clamp ? ocio_clamp01(v[c]) : v[c];
        x = clamp || x >= 0.0f ? ocio_powf(x, power[c]) : x == x ? x : 0.0f;
        x = (x - offset[c]) * slope[c];
        v[c] = clamp ? ocio_clamp01(x) : x;
    }
}

/* ACES saturation (OCIO's CalcSatWeight), noise limit 1e-2 */
OCIO_FN float ocio_sat(float r, float g, float b)
{
    float mx = ocio_maxf(r, ocio_maxf(g, b)), mn = ocio_minf(r, ocio_minf(g, b));
    return (ocio_maxf(1e-10f, mx) - ocio_maxf(1e-10f, mn)) / ocio_maxf(1e-2f, mx);
}

OCIO_FN void ocio_glow(const float *q, float v[3])
{
    float r = v[0], g = v[1], b = v[2];
    float chroma = sqrtf(b * (b - g) + g * (g - r) + r * (r - b));
    float yc = (b + g + r + 1.75f * chroma) / 3.0f;
    float x = (ocio_sat(r, g, b) - 0.4f) * 5.0f, sign = x < 0.0f ? -1.0f : 1.0f;
    float t = ocio_maxf(0.0f, 1.0f - 0.5f * sign * x);
    float s = (1.0f + sign * (1.0f - t * t)) * 0.5f;
    float gain = q[0] * s, mid = q[1], out;
    if (yc >= mid * 2.0f)
        out = 0.0f;
    else if (yc <= mid * 2.0f / 3.0f)
        out = gain;
    else
        out = gain * (mid / yc - 0.5f);
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++)
        v[c] = v[c] * (1.0f + out);
}

/* ACES red modifier: the hue of R, G, B (apart, so that the CPU's lanes take
 * the atan2 in a loop of its own: ocio_run_n) */
OCIO_FN float ocio_red_hue(float r, float g, float b)
{
    float a = 2.0f * r - (g + b), bb = 1.7320508075688772f * (g - b);
    return cm_atan2f(bb, a); /* (its error moves the shaper by a few 1e-7 at most) */
}

/* the modifier at that hue */
OCIO_FN void ocio_red_mod_at(const float *q, float v[3], float hue)
{
    float r = v[0], g = v[1], b = v[2];
    float knot = hue * q[2] + 2.0f;
    /* the knot's segment j (truncated toward 0, as (int) does; NaN: 8), picked
     * without a branch; outside 0..3 the shaper is 0 */
    float jf = truncf(knot < 8.0f ? knot : 8.0f);
    float t = knot - jf;
    /* ACES cubic_basis_shaper's rows, row j picked by weights w of 1 and 0 (the
     * sums are exact); outside 0..3 every weight is 0, and so is the shaper
     * (NaN where t is: not above 0 either) */
    float w0 = jf == 0.0f ? 1.0f : 0.0f, w1 = jf == 1.0f ? 1.0f : 0.0f;
    float w2 = jf == 2.0f ? 1.0f : 0.0f, w3 = jf == 3.0f ? 1.0f : 0.0f;
    float c0 = ((0.25f * w0 + -0.75f * w1) + 0.75f * w2) + -0.25f * w3;
    float c1 = ((0.0f * w0 + 0.75f * w1) + -1.5f * w2) + 0.75f * w3;
    float c2 = ((0.0f * w0 + 0.75f * w1) + 0.0f * w2) + -0.75f * w3;
    float c3 = ((0.0f * w0 + 0.25f * w1) + 1.0f * w2) + 0.25f * w3;
    float fh = c3 + t * (c2 + t * (c1 + t * c0));
    float out = r + fh * ocio_sat(r, g, b) * (q[1] - r) * q[0];
    v[0] = fh > 0.0f ? out : r;
}

OCIO_FN void ocio_red_mod(const float *q, float v[3])
{
    ocio_red_mod_at(q, v, ocio_red_hue(v[0], v[1], v[2]));
}

OCIO_FN void ocio_surround(const float *q, float v[3])
{
    float y = ocio_maxf(q[0], q[1] * v[0] + q[2] * v[1] + q[3] * v[2]);
    float k = ocio_powf(y, q[4]);
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++)
        v[c] = v[c] * k;
}

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
OCIO_FN void ocio_curve_ends(int n, const float *kn, const float *A, const float *B,
                               const float *C, float e[OCIO_CURVE_ENDS])
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

#ifdef __cplusplus
}
#endif

#endif
