/* OpenColorIO's CDL (ops/cdl/: CDLOpCPU.cpp's CDLRendererFwd/Rev, styles ASC
 * and no-clamp): reverse (0/1), clamp (0/1), slope[3], offset[3], power[3],
 * sat. A chain's cdl= step carries this record by value (colour/chain.h). */
#ifndef PINSTRIPE_COLOUR_OPS_CDL_H
#define PINSTRIPE_COLOUR_OPS_CDL_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_CDL_PARAMS 12
#define OCIO_CDL_FLAGS 2

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

OCIO_PIXEL_FORMS(cdl, ocio_cdl)
OCIO_FIXED_CHECK(cdl, CDL)

#ifndef __CUDACC__
/* slope, offset, power per channel and saturation; clamp: the ASC style */
int ocio_prog_cdl(OcioProg *p, int fwd, int clamp, const double slope[3], const double offset[3],
                  const double power[3], double sat);
#ifdef OCIO_PROG_BUILD
int ocio_prog_cdl(OcioProg *p, int fwd, int clamp, const double slope[3], const double offset[3],
                  const double power[3], double sat)
{
    /* CDLOpCPU.cpp: the reverse renderer keeps 1/max(x, 0.01), in float */
    float q[12] = {fwd ? 0.0f : 1.0f, clamp ? 1.0f : 0.0f};
    for (int c = 0; c < 3; c++) {
        float s = (float)slope[c], w = (float)power[c];
        q[2 + c] = fwd ? s : 1.0f / (s > 0.01f ? s : 0.01f);
        q[5 + c] = (float)offset[c];
        q[8 + c] = fwd ? w : 1.0f / (w > 0.01f ? w : 0.01f);
    }
    float fs = (float)sat;
    q[11] = fwd ? fs : 1.0f / (fs > 0.01f ? fs : 0.01f);
    /* (the powers take finite exponents: ocio_powf) */
    return ocio_all_finite(q, 12) ? ocio_prog_add(p, OCIO_OP_CDL, q, 12) : 1;
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
