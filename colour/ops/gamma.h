/* OpenColorIO's Exponent and ExponentWithLinear (ops/gamma/: GammaOpCPU.cpp,
 * their parameters as GammaOpUtils.cpp derives them), a channel at a time:
 * style (OCIO_GAMMA_*), then per channel p (basic) or gamma, offset, break,
 * slope, scale (moncurve). */
#ifndef PINSTRIPE_COLOUR_OPS_GAMMA_H
#define PINSTRIPE_COLOUR_OPS_GAMMA_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_GAMMA_PARAMS 16
#define OCIO_GAMMA_FLAGS 1

enum {
    OCIO_GAMMA_BASIC = 0,   /* powf(max(0, x), p) */
    OCIO_GAMMA_MIRROR = 1,  /* sign(x)·powf(|x|, p) */
    OCIO_GAMMA_PASS = 2,    /* x > 0 ? powf(x, p) : x */
    OCIO_GAMMA_MON_FWD = 3, /* x ≤ break ? x·slope : powf(x·scale + offset, gamma) */
    OCIO_GAMMA_MON_REV = 4, /* x ≤ break ? x·slope : powf(x, gamma)·scale − offset */
    OCIO_GAMMA_MON_MIRROR_FWD = 5,
    OCIO_GAMMA_MON_MIRROR_REV = 6,
};

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

OCIO_CHANNEL_FORMS(gamma, (int)q[0], 1, 5, ocio_gamma)
OCIO_FIXED_CHECK(gamma, GAMMA)

#ifndef __CUDACC__
/* Exponent: style OCIO_GAMMA_BASIC, _MIRROR or _PASS; g per channel */
int ocio_prog_exponent(OcioProg *p, int fwd, int style, const double g[3]);
/* ExponentWithLinear (moncurve): gamma and offset per channel, mirrored negatives or linear */
int ocio_prog_moncurve(OcioProg *p, int fwd, int mirror, const double g[3], const double o[3]);
#ifdef OCIO_PROG_BUILD
int ocio_prog_exponent(OcioProg *p, int fwd, int style, const double g[3])
{
    float q[16] = {(float)style};
    for (int c = 0; c < 3; c++)
        q[1 + 5 * c] = fwd ? (float)g[c] : (float)(1.0 / g[c]);
    /* (the powers take finite exponents: ocio_powf) */
    return ocio_all_finite(q, 16) ? ocio_prog_add(p, OCIO_OP_GAMMA, q, 16) : 1;
}

int ocio_prog_moncurve(OcioProg *p, int fwd, int mirror, const double g[3], const double o[3])
{
    float q[16];
    q[0] = (float)(fwd ? (mirror ? OCIO_GAMMA_MON_MIRROR_FWD : OCIO_GAMMA_MON_FWD)
                       : (mirror ? OCIO_GAMMA_MON_MIRROR_REV : OCIO_GAMMA_MON_REV));
    for (int c = 0; c < 3; c++) { /* GammaOpUtils.cpp, in double */
        double G = g[c] > 1.0 + 1e-6 ? g[c] : 1.0 + 1e-6, O = o[c] > 1e-6 ? o[c] : 1e-6;
        float *k = q + 1 + 5 * c;
        if (fwd) {
            k[0] = (float)G, k[1] = (float)(O / (1 + O)), k[2] = (float)(O / (G - 1));
            k[3] = (float)(((G - 1) / O) * pow(O * G / ((G - 1) * (1 + O)), G));
            k[4] = (float)(1 / (1 + O));
        } else {
            k[0] = (float)(1 / G), k[1] = (float)O;
            k[2] = (float)pow(O * G / ((G - 1) * (1 + O)), G);
            k[3] = (float)(pow((G - 1) / O, G - 1) * pow((1 + O) / G, G));
            k[4] = (float)(1 + O);
        }
    }
    return ocio_all_finite(q, 16) ? ocio_prog_add(p, OCIO_OP_GAMMA, q, 16) : 1;
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
