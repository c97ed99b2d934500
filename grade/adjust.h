/* Live adjustment of a chain's text, with mpv's keys: 1/2 contrast ∓0.05,
 * 3/4 brightness ∓0.01, 5/6 gamma ∓0.05, 7/8 saturation ∓0.05 on the chain's
 * last step if it is eq, else on an eq appended; -/= the mix of its last LUT
 * step (lut3d, lut1d, look, lut, ocio, camera or cdl) ∓0.05. Each value is clamped to its option's range
 * (chain.h's help) and the result is -t text: the text the stage parses is
 * the text printed, so pasting it after -t gives exactly what was shown.
 * Host side only, no FFmpeg, no CUDA. */
#ifndef PINSTRIPE_GRADE_ADJUST_H
#define PINSTRIPE_GRADE_ADJUST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ADJUST_TEXT_MAX 2048

enum { ADJ_CONTRAST, ADJ_BRIGHTNESS, ADJ_SATURATION, ADJ_GAMMA, ADJ_MIX, ADJ_NVALUES };

typedef struct Adjust {
    char text[ADJUST_TEXT_MAX]; /* the chain without its last eq step, without the last
                                 * LUT's mix= */
    int lut_end;                /* where the last LUT step ends in text (-1: no LUT) */
    int had_eq;                 /* the chain ended with eq */
    double v[ADJ_NVALUES];      /* eq's values (contrast, brightness, saturation, gamma), mix */
} Adjust;

/* Start from a chain's -t text (one transform_parse accepts). 0, or -1 when it
 * is longer than ADJUST_TEXT_MAX allows. */
int adjust_begin(Adjust *a, const char *spec);
/* A key: 1 when it changed a value (what: e.g. "contrast 1.15"), 0 when the key
 * is not an adjustment key, -1 when there is nothing for it to change (what
 * says why: no LUT for - and =; the value at its range's end). */
int adjust_key(Adjust *a, int key, char *what, size_t whatlen);
/* The adjusted chain's -t text. 0, or -1 when it does not fit in outlen. */
int adjust_text(const Adjust *a, char *out, size_t outlen);
/* A number as the shortest decimal text that reads back as the same double. */
void adjust_number(double v, char *out, size_t outlen);

#ifdef __cplusplus
}
#endif

#endif
