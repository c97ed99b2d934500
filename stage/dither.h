/* The dither patterns: 64×64 thresholds (1..65535, in 1/65536 of an output
 * step) tiled over the frame, the same on both backends (the CUDA stage
 * uploads this table). Ordered: the recursive Bayer matrix, 4,096 levels.
 * Blue: a blue-noise mask made by Ulichney's void-and-cluster method
 * (Gaussian filter, sigma 1.5, on the torus), computed once per process from
 * fixed starting points, so it is the same every run. */
#ifndef PINSTRIPE_STAGE_DITHER_H
#define PINSTRIPE_STAGE_DITHER_H

#include <stdint.h>

#include "colour/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The pattern of a mode, DITHER_SIZE² thresholds row by row; NULL for
 * DITHER_NONE. Thread-safe; the table lives as long as the process. */
const uint16_t *dither_table(DitherMode m);
/* "no", "ordered", "blue" */
const char *dither_name(DitherMode m);
/* The mode called `name`; -1 if none is. */
int dither_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif
