/* What key 't' cycles through in a window: -t first, then the named
 * transforms (look/chain.h), then the sample looks in assets/luts (those that
 * parse; -t itself is not repeated). */
#ifndef PINSTRIPE_APP_PRESETS_H
#define PINSTRIPE_APP_PRESETS_H

#include "gpu/transform.h"

/* Fills out[0..max) starting with *first (max 1: *first alone, no file read);
 * returns how many. */
int presets_fill(const Transform *first, Transform *out, int max);

#endif
