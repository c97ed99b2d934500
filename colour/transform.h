/* Colour transforms: the small struct both backends apply per pixel after
 * YUV→RGB: a float chain of steps (colour.h), empty for none. The stage only reads a Transform:
 * parsing -t text into one, and the maths of each transform, belong to the look room (its chain.h),
 * which builds on this header and never the other way round. */
#ifndef PINSTRIPE_COLOUR_TRANSFORM_H
#define PINSTRIPE_COLOUR_TRANSFORM_H

#include "colour/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Transform {
    char name[160]; /* the text it was parsed from */
    int identity;   /* 1: nothing to do (chain.nops is 0) */
    Chain chain;    /* table pointers are host memory, kept for the process
                     * (the LUT registry's tables, lut.h layout) */
    /* What the chain's output is, where a step says (camera=: its display):
     * out_set 0, the source's signal as it came (an SDR look on SDR); 1, the
     * signal out_transfer (ColourTransfer) in out_primaries (ColourPrimaries),
     * whatever the source was: tone mapping (look/tonemap.h) and -o's tags
     * take it from here, not from the frames */
    int out_set, out_transfer, out_primaries;
    double out_peak;  /* out_transfer HDR: the peak it reaches, cd/m² */
    int out_srgb;     /* SDR: sRGB's curve (IEC 61966-2-1), not BT.1886's */
    int out_untagged; /* no colour tag fits (out_note says why): -o writes none */
    char out_note[300];
} Transform;

#ifdef __cplusplus
}
#endif

#endif
