/* The resampling passes' arithmetic (issue 26), shared by both backends as
 * colour.h's is: the horizontal pass reads a row of transformed pixels (three
 * floats each, colour_pixel_float's), the vertical pass sums rows of its
 * results, and the store clamps and rounds as colour_pixel_out does. Each sum
 * starts at 0 and adds its taps in order, tap weight w / RESAMPLE_ONE (exact in
 * float) times the sample, one rounding per multiply and per add (no fused
 * multiply-adds on either side: -ffp-contract=off, --fmad=false), so the CPU
 * and CUDA backends give the same bytes. */
#ifndef PINSTRIPE_COLOUR_SCALE_PX_H
#define PINSTRIPE_COLOUR_SCALE_PX_H

#include <stdint.h>

#include "colour/colour.h"
#include "colour/resample.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One axis's table as the passes read it (host or device memory). */
typedef struct ScaleAxis {
    int taps;
    const int32_t *first;
    const int16_t *weight;
    const float *light; /* NULL, or ResampleAxis.light: linear-light resampling */
    int offset;         /* added to every first[]: a crop's origin on this axis, frame
                         * by frame (0 for a resample) */
} ScaleAxis;

/* A transformed pixel taken to linear light before the horizontal pass reads it
 * (h->light; none: left as it is), in place. */
COLOUR_FN void scale_to_light(const ScaleAxis *h, float *p)
{
    if (!h->light)
        return;
    const float top = (float)(RESAMPLE_LIGHT_SIZE - 1);
    for (int c = 0; c < 3; c++)
        p[c] = tone_at(h->light, chain_clamp(p[c], 1.0f) * top);
}

/* Output sample x of a row: `row` holds the transformed pixels from input
 * column `base` on (three floats each); x's taps start at a->first[x] +
 * a->offset >= base. */
COLOUR_FN void scale_h_px(const ScaleAxis *a, const float *row, int base, int x, float *dst)
{
    const int16_t *w = a->weight + (size_t)x * a->taps;
    const float *p = row + 3 * (size_t)(a->first[x] + a->offset - base);
    float r = 0.0f, g = 0.0f, b = 0.0f;
    for (int t = 0; t < a->taps; t++, p += 3) {
        float k = (float)w[t] * (1.0f / RESAMPLE_ONE);
        r += k * p[0];
        g += k * p[1];
        b += k * p[2];
    }
    dst[0] = r, dst[1] = g, dst[2] = b;
}

/* The vertical pass's step: tap t of output row y, whose input row holds
 * sample p (three floats), added to acc. Callers add t = 0, 1, ... in order. */
COLOUR_FN void scale_v_step(const ScaleAxis *a, int y, int t, const float *p, float acc[3])
{
    float k = (float)a->weight[(size_t)y * a->taps + t] * (1.0f / RESAMPLE_ONE);
    acc[0] += k * p[0];
    acc[1] += k * p[1];
    acc[2] += k * p[2];
}

/* Output pixel (x, y) from its resampled R, G, B: clamped to [0, 1] (the
 * filters' negative lobes overshoot), taken back from linear light (`light`:
 * the vertical axis's table, or NULL), then packed B,G,R (8 bits, the job's
 * dither at the output's (x, y)) or R,G,B (16 bits a sample). */
COLOUR_FN void scale_store(const ColourJob *j, const float v[3], int x, int y, int out,
                           const float *light, uint8_t *dst)
{
    float r = chain_clamp(v[0], 1.0f), g = chain_clamp(v[1], 1.0f), b = chain_clamp(v[2], 1.0f);
    if (x + 1 == j->line) /* --compare's line, in the output's columns */
        r = g = b = 1.0f;
    else if (light) {
        const float top = (float)(RESAMPLE_LIGHT_SIZE - 1);
        r = tone_at(light, tone_root4(r) * top);
        g = tone_at(light, tone_root4(g) * top);
        b = tone_at(light, tone_root4(b) * top);
    }
    if (out == COLOUR_OUT_RGB48) {
        uint16_t *d = (uint16_t *)dst;
        d[0] = (uint16_t)colour_out16(r), d[1] = (uint16_t)colour_out16(g),
        d[2] = (uint16_t)colour_out16(b);
        return;
    }
    int t = colour_threshold(j->dither, x, y);
    dst[0] = (uint8_t)colour_out8(b, t);
    dst[1] = (uint8_t)colour_out8(g, t);
    dst[2] = (uint8_t)colour_out8(r, t);
}

#ifdef __cplusplus
}
#endif

#endif
