/* What key 't' cycles through in a window: -t first, then the named
 * transforms (look/chain.h), then the sample looks (presets_looks_dir) (those that
 * parse; -t itself is not repeated). */
#ifndef PINSTRIPE_APP_PRESETS_H
#define PINSTRIPE_APP_PRESETS_H

#include "app/live.h"
#include "app/options.h"

/* Fills l's presets (at most max) starting with *first, parsed from o's -t
 * (max 1: it alone, no file read), and makes it the live look, with o's
 * --compare and --scope. */
/* The folder the sample looks are read from (see presets.c), into buf. */
const char *presets_looks_dir(char *buf, size_t len);
void presets_fill(Looks *l, const Transform *first, const Options *o, int max);

#endif
