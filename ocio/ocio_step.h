/* An OpenColorIO step of a chain made into its program (colour/ocio.h): the
 * processor's own operations, evaluated exactly, or the step baked where one
 * of its operations is not (ocio/ocio_shim.h says which). Host side. */
#ifndef PINSTRIPE_LOOK_OCIO_STEP_H
#define PINSTRIPE_LOOK_OCIO_STEP_H

#include <stddef.h>

#include "ocio/ocio_shim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The step's program (malloc'd, *len floats). note: one line when it was baked,
 * naming the operation and the bake's error, else empty. 0, or −1 with one
 * line in err. */
int ocio_step_build(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *note,
                    size_t notelen, char *err, size_t errlen);
/* The largest difference, in 10-bit codes, between prog and OCIO's CPU processor
 * on a 10-bit grid (every 8th code a side, and the 1,024 greys), both clamped to
 * [0,1]; −1 when OCIO cannot say */
double ocio_step_error(const OcioCfg *c, const OcioStep *s, const float *prog);

#ifdef __cplusplus
}
#endif

#endif
