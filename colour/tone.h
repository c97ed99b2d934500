/* Tone mapping's per-pixel step, a chain's (colour.h) on both backends: an
 * HDR signal (PQ or HLG) to an SDR display's, through four tables that
 * look/tonemap.c builds on the host. Only +, −, ×, ÷, comparisons and
 * correctly rounded square roots, so the CPU and CUDA backends (and every SIMD
 * level, simd_rows.inc) give the same bytes. */
#ifndef PINSTRIPE_COLOUR_TONE_H
#define PINSTRIPE_COLOUR_TONE_H

#include <math.h>

#include "colour/colour_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One step, built on the host in double precision (look/tonemap.c) as four
 * tables of size+1 floats (the last repeats the one before, so a position at
 * the top reads no further), read with linear interpolation:
 *   eotf:  signal (position v·(size−1)) → linear light: PQ in units of the
 *          target's white; HLG scene light in [0,1];
 *   ootf:  HLG only: Ys^(1/4) → BT.2100's OOTF gain α·Ys^(γ−1)/target;
 *   ratio: m^(1/4)·ratio_scale → curve(m)/m, m = max(R,G,B) after the gamut
 *          matrix (FFmpeg's tonemap: every channel scaled by one ratio);
 *   oetf:  x^(1/4) → x^(1/2.4), BT.1886's inverse for a display with black 0.
 * Fourth roots (two correctly rounded square roots, the same on both
 * backends) spread the tables' positions where the curves bend most, near 0.
 * Between ratio and oetf: the soft gamut compression, if on, then a clip to
 * [0,1]. */
#define TONE_HLG 1      /* flags: the source is HLG (else PQ) */
#define TONE_COMPRESS 2 /* flags: compress out-of-gamut colours (else clip) */

typedef struct ToneMap {
    int on, flags, size;
    float gamut[3][3];   /* source primaries → BT.709, linear light */
    float ootf_w[3];     /* HLG: the luminance weights of the source's primaries */
    float ratio_scale;   /* (size−1) / mmax^(1/4) */
    float thr, inv_s[3]; /* compression: distances above thr are compressed; 1/s per
                          * channel (0: that channel needs none) */
    const float *lut;    /* 4·(size+1) floats: eotf, ootf, ratio, oetf (host or device) */
} ToneMap;

/* A tone table at position x in [0, size−1]. */
COLOUR_FN float tone_at(const float *t, float x)
{
    int i = (int)x;
    float a = t[i];
    return a + (t[i + 1] - a) * (x - (float)i);
}

COLOUR_FN float tone_root4(float x)
{
    return sqrtf(sqrtf(x));
}

/* The tone map (see ToneMap) on a signal's R,G,B in [0,1], in place. */
COLOUR_FN void colour_tone(const ToneMap *tm, float v[3])
{
    int n = tm->size;
    float top = (float)(n - 1);
    const float *eotf = tm->lut, *ootf = eotf + n + 1, *ratio = ootf + n + 1, *oetf = ratio + n + 1;
    float e[3], l[3];
    for (int c = 0; c < 3; c++)
        e[c] = tone_at(eotf, chain_clamp(v[c], 1.0f) * top); /* (data levels: unclamped) */
    if (tm->flags & TONE_HLG) {
        float ys = (tm->ootf_w[0] * e[0] + tm->ootf_w[1] * e[1]) + tm->ootf_w[2] * e[2];
        float g = tone_at(ootf, chain_clamp(tone_root4(ys) * top, top));
        for (int c = 0; c < 3; c++)
            e[c] = e[c] * g;
    }
    for (int c = 0; c < 3; c++)
        l[c] = (tm->gamut[c][0] * e[0] + tm->gamut[c][1] * e[1]) + tm->gamut[c][2] * e[2];
    float m = l[0] > l[1] ? l[0] : l[1];
    m = m > l[2] ? m : l[2];
    float r =
        tone_at(ratio, chain_clamp(tone_root4(chain_clamp(m, 3.0e38f)) * tm->ratio_scale, top));
    float mm = m * r;
    for (int c = 0; c < 3; c++)
        l[c] = l[c] * r;
    if ((tm->flags & TONE_COMPRESS) && mm > 0.0f) {
        for (int c = 0; c < 3; c++) {
            float d = (mm - l[c]) / mm;
            if (tm->inv_s[c] > 0.0f && d > tm->thr) {
                float x = d - tm->thr;
                l[c] = mm - (tm->thr + x / (1.0f + x * tm->inv_s[c])) * mm;
            }
        }
    }
    for (int c = 0; c < 3; c++)
        v[c] = tone_at(oetf, tone_root4(chain_clamp(l[c], 1.0f)) * top);
}

#ifdef __cplusplus
}
#endif

#endif
