/* Resampling weights for one axis (issue 26: the stage renders the window's
 * size): for each output sample, the first input sample it reads and `taps`
 * weights in 1/RESAMPLE_ONE, computed once on the host in double precision
 * and rounded to integers that sum exactly to RESAMPLE_ONE, so both backends
 * read the same table and apply it in the same float order (w / RESAMPLE_ONE
 * is exact in float). Positions are centre-aligned, as swscale's with
 * full_chroma_int and accurate_rnd: output sample x sits at input position
 * (x + 0.5) * in / out - 0.5. When shrinking, the kernel is widened by the
 * factor in / out (as swscale and mpv do), so every input sample counts.
 * Taps that fall outside the input read its edge sample (their weights are
 * folded onto it), as swscale's do.
 *
 * Filters (all separable):
 *   bilinear  the triangle, support 1
 *   mitchell  Mitchell–Netravali cubic, B = C = 1/3 (mpv's "mitchell"; FFmpeg's
 *             scale flags=bicubic:param0=1/3:param1=1/3), support 2
 *   catrom    Catmull–Rom cubic, B = 0, C = 0.5 (FFmpeg's param0=0:param1=0.5)
 *   lanczos   Lanczos, 3 lobes: sinc(x) sinc(x / 3), support 3 (FFmpeg's
 *             flags=lanczos, its default param 3)
 * References: Mitchell & Netravali, "Reconstruction Filters in Computer
 * Graphics" (SIGGRAPH 1988), eq. 8; FFmpeg's libswscale/utils.c initFilter
 * for the same kernels' use; figures only, no code. */
#ifndef PINSTRIPE_COLOUR_RESAMPLE_H
#define PINSTRIPE_COLOUR_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the sum of an output sample's weights: 14 bits, as swscale's filters */
#define RESAMPLE_ONE 16384

typedef enum {
    SCALE_BILINEAR,
    SCALE_MITCHELL,
    SCALE_CATROM,
    SCALE_LANCZOS,
    SCALE_NFILTERS
} ScaleFilter;

typedef struct ResampleAxis {
    int in, out;     /* lengths */
    int taps;        /* weights an output sample (the same for all) */
    int32_t *first;  /* out: the first input sample each output sample reads,
                        0 <= first <= in - taps when in >= taps */
    int16_t *weight; /* out × taps, row by row; each row sums to RESAMPLE_ONE */
    float *light;    /* NULL, or linear light (resample_light): the horizontal axis's
                        table takes the samples to light, the vertical one's back */
} ResampleAxis;

/* Weights for in → out samples with filter f; in == out gives one tap of
 * RESAMPLE_ONE each (no resampling). 0, or -1 with err set (sizes < 1, out of
 * memory). Free with resample_axis_free. */
int resample_axis(ResampleAxis *a, int in, int out, ScaleFilter f, char *err, size_t errlen);
void resample_axis_free(ResampleAxis *a);

/* Resampling in linear light (--scale-linear, as mpv's --linear-downscaling):
 * the samples, a display's signal in [0, 1], are taken to its light before the
 * horizontal pass and back after the vertical one, through two tables of
 * RESAMPLE_LIGHT_SIZE + 1 floats (the last repeats the one before), computed in
 * double precision and read with linear interpolation (scale_px.h):
 *   h->light: signal v at v·(SIZE−1) → light v^2.4;
 *   v->light: light x at x^(1/4)·(SIZE−1) → signal x^(1/2.4).
 * The curve is BT.1886's EOTF for a display with black 0 (ITU-R BT.1886 Annex
 * 1: L = a·max(V + b, 0)^2.4, b = 0), the display tone mapping aims at (tone.h)
 * and the one FFmpeg's zscale takes for "bt709" (zimg, display-referred). The
 * fourth root spreads the second table's positions where x^(1/2.4) bends most.
 * 0, or -1 with err set (out of memory). resample_axis_free frees them. */
#define RESAMPLE_LIGHT_SIZE 4096
int resample_light(ResampleAxis *h, ResampleAxis *v, char *err, size_t errlen);

/* A crop (zoom at 1:1 pixels): out <= in samples, one tap of RESAMPLE_ONE each,
 * output sample x reading input sample x (ScaleAxis.offset moves the window
 * frame by frame). 0, or -1 with err set. */
int resample_crop(ResampleAxis *a, int in, int out, char *err, size_t errlen);

/* "bilinear", "mitchell", "catrom", "lanczos"; -1 for another name. */
int scale_filter_parse(const char *name);
const char *scale_filter_name(ScaleFilter f);

#ifdef __cplusplus
}
#endif

#endif
