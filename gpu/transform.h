/* Colour transforms: what -t names, parsed into a small struct both backends
 * apply per pixel after YUV→RGB. The syntax is FFmpeg's filter-chain idea:
 *
 *   name[=key=value[:key=value…]][,name…]     e.g. "eq=contrast=1.2,lut3d=file=look.cube"
 *
 * A single affine transform (none, gray, invert, sepia, swap, matrix, or eq and
 * hue without gamma) runs in integer fixed point; anything longer runs as a
 * float chain (colour.h). The maths of each transform is in transform_help(). */
#ifndef PINSTRIPE_GPU_TRANSFORM_H
#define PINSTRIPE_GPU_TRANSFORM_H

#include <stddef.h>

#include "gpu/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Transform {
    char name[160];      /* the text it was parsed from */
    int identity;        /* 1: nothing to do */
    int use_chain;       /* 0: the integer affine map; 1: the float chain */
    ColourAffine affine; /* R,G,B in COLOUR_FRAC fixed point */
    Chain chain;         /* table pointers are host memory (lut.h's registry) */
} Transform;

/* Parse a -t argument into *t. 0, or -1 with one line in err, saying where:
 * "-t: unknown option 'contrst' for eq (at column 4)". */
int transform_parse(const char *spec, Transform *t, char *err, size_t errlen);
/* The plain names, for the 't' key: none, gray, invert, sepia. */
int transform_named_count(void);
const char *transform_named(int i);
/* A paragraph per transform with its options and maths, for --help. */
const char *transform_help(void);

#ifdef __cplusplus
}
#endif

#endif
