/* Colour transforms: a small struct of parameters that both backends apply
 * per pixel after YUV→RGB. Each named transform is built by a constructor
 * from its parameters; the backends never switch on names.
 *
 *   none    identity
 *   gray    Y = 0.299 R + 0.587 G + 0.114 B (BT.601 luma) in all channels
 *   invert  255 - v in every channel
 *   sepia   the classic sepia-tone matrix (R' = .393R+.769G+.189B, ...)
 */
#ifndef PINSTRIPE_GPU_TRANSFORM_H
#define PINSTRIPE_GPU_TRANSFORM_H

#include <stddef.h>

#include "gpu/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Transform {
    char name[32];
    int identity;        /* 1: the affine map is the identity; skip it */
    ColourAffine affine; /* applied to R,G,B */
} Transform;

/* Parse a -t argument into *t. Returns 0, or -1 with a one-line reason in err. */
int transform_parse(const char *spec, Transform *t, char *err, size_t errlen);
/* Names accepted by transform_parse, for --help: "none, gray, invert, sepia". */
const char *transform_names(void);
/* The named transforms one by one (the player's 't' key cycles through them). */
int transform_named_count(void);
const char *transform_named(int i);

#ifdef __cplusplus
}
#endif

#endif
