/* What key 't' cycles through in a window: -t first, then the user's looks,
 * the installed looks (look/find.h; each read when first shown, 1D or 3D by
 * its contents), then the plain transforms (look/chain.h); -t itself is not
 * repeated. And --list-looks. */
#ifndef PINSTRIPE_GRADE_PRESETS_H
#define PINSTRIPE_GRADE_PRESETS_H

#include "grade/live.h"
#include "options/options.h"

/* Fills l, starting with *first, parsed from o's -t (all 0: it alone, no folder
 * read), and makes it the live look, with o's --compare and --scope. 0, or -1
 * said (out of memory). */
int presets_fill(Looks *l, const Transform *first, const Options *o, int all);
void presets_free(Looks *l);
/* --list-looks: the folders -t look= searches, each look in them, on standard
 * output. The exit code: 0, or 1 said (the OpenColorIO config cannot be read). */
int presets_list(const char *ocio_config);
/* --list-ocio: the OpenColorIO config's (ocio_config, else $OCIO's) colour spaces,
 * displays and views, looks, and the cameras camera= knows; exit code (1 with one
 * line when there is no config or it cannot be read) */
int presets_list_ocio(const char *ocio_config);

#endif
