/* A -t chain baked into a table other tools read (--bake-lut): a .cube 3D
 * table, the chain (its tone map included) sampled on an n³ grid over R, G, B
 * in [0, 1], red fastest; or, for a path ending .clf, an Academy CLF of a
 * shaper (a LUT1D of 4,096 points, half the identity and half the chain's grey
 * response: the cube's points fall evenly in what the chain puts out) and the
 * n³ cube over the shaper's values. Written beside path and renamed (a
 * failure leaves no file);
 * then the table as read back, interpolated tetrahedrally as FFmpeg's lut3d
 * and OpenColorIO do (the shaper linearly), measured against the chain on every 8th 10-bit code, the 1,024 greys
 * and 100,000 colours at random, per channel pooled, in 10-bit codes. */
#ifndef PINSTRIPE_LOOK_BAKE_H
#define PINSTRIPE_LOOK_BAKE_H

#include <stddef.h>

#include "colour/transform.h"

/* t: the chain with its tone map (tone_apply's); its tables are made here.
 * tmp: where it is written first (beside path). title, comment: the file's
 * TITLE and a # line (a .clf's two Descriptions), printable ASCII kept (the
 * rest, and '"', as '?'). 0, or −1 with one line in err. */
int look_bake(Transform *t, int n, const char *path, const char *tmp, const char *title,
              const char *comment, double *max, double *p99, double *mean, char *err, size_t errlen);

#endif
