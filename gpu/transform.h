/* Colour transforms: the small struct both backends apply per pixel after
 * YUV→RGB. A single affine transform (none, gray, invert, sepia, swap, matrix,
 * or eq and hue without gamma) runs in integer fixed point; anything longer
 * runs as a float chain (colour.h). The stage only reads a Transform: parsing
 * -t text into one, and the maths of each transform, belong to the look room
 * (its chain.h), which builds on this header and never the other way round. */
#ifndef PINSTRIPE_GPU_TRANSFORM_H
#define PINSTRIPE_GPU_TRANSFORM_H

#include "gpu/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Transform {
    char name[160];      /* the text it was parsed from */
    int identity;        /* 1: nothing to do */
    int use_chain;       /* 0: the integer affine map; 1: the float chain */
    ColourAffine affine; /* R,G,B in COLOUR_FRAC fixed point */
    Chain chain;         /* table pointers are host memory, kept for the process
                          * (the LUT registry's tables, lut.h layout) */
} Transform;

#ifdef __cplusplus
}
#endif

#endif
