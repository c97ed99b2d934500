/* What key 't' cycles through in a window: -t first, then the named
 * transforms (look/chain.h), then the sample looks in assets/luts (those that
 * parse; -t itself is not repeated). */
#ifndef PINSTRIPE_APP_PRESETS_H
#define PINSTRIPE_APP_PRESETS_H

#include "app/live.h"
#include "app/options.h"

/* Fills l's presets (at most max) starting with *first, parsed from o's -t
 * (max 1: it alone, no file read), and makes it the live look, with o's
 * --compare and --scope. */
void presets_fill(Looks *l, const Transform *first, const Options *o, int max);

#endif
