/* OpenColorIO's FixedFunction styles evaluated here (ops/fixedfunction/:
 * FixedFunctionOpCPU.cpp), each a kind:
 *   Glow (ACES glow 0.3 and 1.0, forward): gain, mid
 *   RedMod (ACES red modifier 1.0, forward): 1 − scale, pivot, 1/width
 *   Surround (ACES dark to dim, Rec.2100 surround): Y = max(ymin, w0·r + w1·g +
 *     w2·b), rgb·powf(Y, gm1): ymin, w[3], gm1 */
#ifndef PINSTRIPE_COLOUR_OPS_FIXED_H
#define PINSTRIPE_COLOUR_OPS_FIXED_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_GLOW_PARAMS 2
#define OCIO_GLOW_FLAGS 0
#define OCIO_RED_MOD_PARAMS 3
#define OCIO_RED_MOD_FLAGS 0
#define OCIO_SURROUND_PARAMS 5
#define OCIO_SURROUND_FLAGS 0

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

OCIO_PIXEL_FORMS(glow, ocio_glow)
OCIO_PIXEL_FORMS(surround, ocio_surround)
OCIO_FIXED_CHECK(glow, GLOW)
OCIO_FIXED_CHECK(red_mod, RED_MOD)
OCIO_FIXED_CHECK(surround, SURROUND)

/* the red modifier's forms: on n pixels, the hues first, in a loop of their own */
OCIO_FN void ocio_red_mod_px(const float *q, float v[3])
{
    ocio_red_mod(q, v);
}

OCIO_PAIR_FORM(red_mod, ocio_red_mod)

OCIO_FN void ocio_red_mod_n(const float *__restrict__ q, float *__restrict__ v, int n)
{
    float hue[OCIO_N_MAX];
    for (int j = 0; j < n; j++)
        hue[j] = ocio_red_hue(v[j], v[n + j], v[2 * n + j]);
    for (int j = 0; j < n; j++) {
        float px[3] = {v[j], v[n + j], v[2 * n + j]};
        ocio_red_mod_at(q, px, hue[j]);
        v[j] = px[0];
    }
}

#ifndef __CUDACC__
/* FixedFunction by OCIO's style name (FixedFunctionStyleToString) and parameters */
int ocio_prog_fixed(OcioProg *p, const char *style, int fwd, const double *par, int npar);
#ifdef OCIO_PROG_BUILD
int ocio_prog_fixed(OcioProg *p, const char *style, int fwd, const double *par, int npar)
{
    int glow10 = !strcmp(style, "ACES_Glow10"), glow03 = !strcmp(style, "ACES_Glow03");
    if ((glow10 || glow03) && fwd) {
        float q[2] = {glow10 ? 0.05f : 0.075f, glow10 ? 0.08f : 0.1f};
        return ocio_prog_add(p, OCIO_OP_GLOW, q, 2);
    }
    if (!strcmp(style, "ACES_RedMod10") && fwd) { /* width 135° */
        float q[3] = {1.f - 0.82f, 0.03f, 1.6976527263135504f};
        return ocio_prog_add(p, OCIO_OP_RED_MOD, q, 3);
    }
    float q[5] = {0};
    if (!strcmp(style, "ACES_DarkToDim10")) {
        float d[5] = {1e-10f, 0.27222871678091454f, 0.67408176581114831f, 0.053689517407937051f,
                      fwd ? 0.9811f - 1.f : 1.0192640913260627f - 1.f};
        memcpy(q, d, sizeof(q));
    } else if (!strcmp(style, "REC2100_Surround") && npar == 1) {
        float gamma = fwd ? (float)par[0] : (float)(1.0 / par[0]);
        float d[5] = {1e-4f, 0.2627f, 0.6780f, 0.0593f, gamma - 1.f};
        memcpy(q, d, sizeof(q));
    } else {
        return 1;
    }
    /* (the power takes a finite exponent: ocio_powf) */
    return ocio_all_finite(q, 5) ? ocio_prog_add(p, OCIO_OP_SURROUND, q, 5) : 1;
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
