/* What an ocio= step's output signal is (out= a colour space, or display= and
 * view=), for -o's colour tags and the tone map: told from what the config
 * says of the colour space (its encoding, whether it is data or display-
 * referred) and the names of the space, its family, the display and the view. */
#ifndef PINSTRIPE_LOOK_OUT_TAGS_H
#define PINSTRIPE_LOOK_OUT_TAGS_H

#include "look/chain_args.h"
#include "ocio/ocio_shim.h"

/* Sets st's out_*: out_set 1 always (the step's output is never the source's
 * signal); the transfer (SDR, sRGB's curve, PQ, HLG), primaries and peak where
 * a tag fits; else out_untagged 1 and out_note says why (no tag fits: P3 at
 * gamma 2.6, a wide-gamut SDR display; a scene-referred, log or data space;
 * a display it cannot tell). */
void out_tags(const OcioOutput *o, Step *st);

#endif
