/* A -t chain baked into a .cube 3D table other tools read (--bake-lut): the
 * chain (its tone map included) sampled on an n³ grid over R, G, B in [0, 1],
 * red fastest, written beside path and renamed (a failure leaves no file);
 * then the table as read back, interpolated tetrahedrally as FFmpeg's lut3d
 * does, measured against the chain on every 8th 10-bit code, the 1,024 greys
 * and 100,000 colours at random, per channel pooled, in 10-bit codes. */
#ifndef PINSTRIPE_LOOK_BAKE_H
#define PINSTRIPE_LOOK_BAKE_H

#include <stddef.h>

#include "colour/transform.h"

/* t: the chain with its tone map (tone_apply's); its tables are made here.
 * title, comment: the file's TITLE and a # line. 0, or −1 with one line in err. */
int look_bake(Transform *t, int n, const char *path, const char *title, const char *comment,
              double *max, double *p99, double *mean, char *err, size_t errlen);

#endif
