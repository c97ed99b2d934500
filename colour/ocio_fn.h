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
                            * then n knots, then A, B, C of its n − 1 quadratic segments */
};

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

/* OCIO's libm calls, through cmath.h: the float nearest the exact value */
COLOUR_FN float ocio_log2f(float x)
{
    return (float)cm_log2((double)x);
}

COLOUR_FN float ocio_exp2f(float x)
{
    return (float)cm_exp2((double)x);
}

/* powf for x ≥ 0 (and NaN: NaN) */
COLOUR_FN float ocio_powf(float x, float p)
{
    if (!(x == x) || !(p == p))
        return x + p;
    if (x == 0.0f)
        return p > 0.0f ? 0.0f : p == 0.0f ? 1.0f : 1.0f / 0.0f;
    if (p == 1.0f)
        return x;
    return (float)cm_pow((double)x, (double)p);
}

COLOUR_FN float ocio_maxf(float a, float b) /* std::max(a, b): a unless a < b */
{
    return a < b ? b : a;
}

COLOUR_FN float ocio_minf(float a, float b) /* std::min(a, b): a unless b < a */
{
    return b < a ? b : a;
}

COLOUR_FN float ocio_gamma(int style, const float *q, float x)
{
    switch (style) {
    case OCIO_GAMMA_BASIC: return ocio_powf(ocio_maxf(0.0f, x), q[0]);
    case OCIO_GAMMA_MIRROR: return x < 0.0f ? -ocio_powf(-x, q[0]) : ocio_powf(x, q[0]);
    case OCIO_GAMMA_PASS: return x > 0.0f ? ocio_powf(x, q[0]) : x;
    default: break;
    }
    /* moncurve: q = gamma, offset, break, slope, scale */
    float a = x, s = 1.0f, r;
    if (style == OCIO_GAMMA_MON_MIRROR_FWD || style == OCIO_GAMMA_MON_MIRROR_REV) {
        s = x < 0.0f ? -1.0f : 1.0f;
        a = x < 0.0f ? -x : x;
    }
    if (style == OCIO_GAMMA_MON_FWD || style == OCIO_GAMMA_MON_MIRROR_FWD)
        r = a <= q[2] ? a * q[3] : ocio_powf(a * q[4] + q[1], q[0]);
    else
        r = a <= q[2] ? a * q[3] : ocio_powf(a, q[0]) * q[4] - q[1];
    return r * s;
}

COLOUR_FN float ocio_clamp01(float x) /* min(max(0, x), 1); NaN → 0 */
{
    return ocio_minf(ocio_maxf(0.0f, x), 1.0f);
}

/* ASC CDL (OCIO's CDLRendererFwd/Rev, styles ASC and no-clamp) */
COLOUR_FN void ocio_cdl(const float *q, float v[3])
{
    int rev = q[0] != 0.0f, clamp = q[1] != 0.0f;
    const float *slope = q + 2, *offset = q + 5, *power = q + 8;
    float sat = q[11];
    if (!rev) {
        for (int c = 0; c < 3; c++) {
            float x = v[c] * slope[c] + offset[c];
            if (clamp)
                x = ocio_clamp01(x);
            v[c] = clamp || x >= 0.0f ? ocio_powf(x, power[c]) : x == x ? x : 0.0f;
        }
    } else {
        /* reverse: q holds 1/max(sat, 0.01) in sat, 1/max(power, 0.01) in power,
         * 1/max(slope, 0.01) in slope (as OCIO's reverse renderer keeps them) */
        for (int c = 0; c < 3 && clamp; c++)
            v[c] = ocio_clamp01(v[c]);
    }
    float luma = (v[0] * 0.2126f + v[1] * 0.7152f) + v[2] * 0.0722f;
    for (int c = 0; c < 3; c++)
        v[c] = luma + sat * (v[c] - luma);
    if (!rev) {
        for (int c = 0; c < 3 && clamp; c++)
            v[c] = ocio_clamp01(v[c]);
        return;
    }
    for (int c = 0; c < 3; c++) {
        float x = clamp ? ocio_clamp01(v[c]) : v[c];
        x = clamp || x >= 0.0f ? ocio_powf(x, power[c]) : x == x ? x : 0.0f;
        x = (x - offset[c]) * slope[c];
        v[c] = clamp ? ocio_clamp01(x) : x;
    }
}

/* ACES saturation (OCIO's CalcSatWeight), noise limit 1e-2 */
COLOUR_FN float ocio_sat(float r, float g, float b)
{
    float mx = ocio_maxf(r, ocio_maxf(g, b)), mn = ocio_minf(r, ocio_minf(g, b));
    return (ocio_maxf(1e-10f, mx) - ocio_maxf(1e-10f, mn)) / ocio_maxf(1e-2f, mx);
}

COLOUR_FN void ocio_glow(const float *q, float v[3])
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
    for (int c = 0; c < 3; c++)
        v[c] = v[c] * (1.0f + out);
}

COLOUR_FN void ocio_red_mod(const float *q, float v[3])
{
    float r = v[0], g = v[1], b = v[2];
    float a = 2.0f * r - (g + b), bb = 1.7320508075688772f * (g - b);
    float hue = (float)cm_atan2((double)bb, (double)a);
    float knot = hue * q[2] + 2.0f, fh = 0.0f;
    int j = (int)knot;
    if (j >= 0 && j < 4) {
        float t = knot - (float)j, c0, c1, c2, c3;
        switch (j) { /* ACES cubic_basis_shaper's rows */
        case 0: c0 = 0.25f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f; break;
        case 1: c0 = -0.75f, c1 = 0.75f, c2 = 0.75f, c3 = 0.25f; break;
        case 2: c0 = 0.75f, c1 = -1.5f, c2 = 0.0f, c3 = 1.0f; break;
        default: c0 = -0.25f, c1 = 0.75f, c2 = -0.75f, c3 = 0.25f; break;
        }
        fh = c3 + t * (c2 + t * (c1 + t * c0));
    }
    if (fh > 0.0f)
        v[0] = r + fh * ocio_sat(r, g, b) * (q[1] - r) * q[0];
}

COLOUR_FN void ocio_surround(const float *q, float v[3])
{
    float y = ocio_maxf(q[0], q[1] * v[0] + q[2] * v[1] + q[3] * v[2]);
    float k = ocio_powf(y, q[4]);
    for (int c = 0; c < 3; c++)
        v[c] = v[c] * k;
}

/* one curve of OCIO's GradingBSplineCurve (KnotsCoefs::evalCurve): quadratic
 * segments, straight lines past the ends; c: n, knots[n], A[n−1], B[n−1], C[n−1] */
COLOUR_FN float ocio_curve(const float *c, float x)
{
    int n = (int)c[0], k = n - 1;
    if (n == 0)
        return x;
    const float *kn = c + 1, *A = kn + n, *B = A + k, *C = B + k;
    if (x <= kn[0])
        return (x - kn[0]) * B[0] + C[0];
    if (x >= kn[n - 1]) {
        int s = k - 1;
        float t = kn[n - 1] - kn[n - 2];
        float slope = 2.0f * A[s] * t + B[s], offs = (A[s] * t + B[s]) * t + C[s];
        return (x - kn[n - 1]) * slope + offs;
    }
    int i = 0;
    while (i < n - 2 && !(x < kn[i + 1]))
        i++;
    float t = x - kn[i];
    return (A[i] * t + B[i]) * t + C[i];
}

/* the four curves' records, one after the other */
COLOUR_FN const float *ocio_curve_next(const float *c)
{
    int n = (int)c[0];
    return c + 1 + (n ? n + 3 * (n - 1) : 0);
}

COLOUR_FN void ocio_curves(const float *q, float v[3])
{
    const float *cv[4];
    cv[0] = q;
    for (int i = 1; i < 4; i++)
        cv[i] = ocio_curve_next(cv[i - 1]);
    for (int c = 0; c < 3; c++)
        v[c] = ocio_curve(cv[3], ocio_curve(cv[c], v[c]));
}

#ifdef __cplusplus
}
#endif

#endif
