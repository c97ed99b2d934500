/* Looks by name: where -t look=NAME finds NAME.cube, and the folders 't'
 * cycles through. In the order searched:
 *
 *   1. the current folder (for look=NAME only: 't' does not cycle it, so what
 *      't' shows does not depend on where pinstripe was started);
 *   2. the user's looks: $XDG_CONFIG_HOME/pinstripe/looks, or
 *      ~/.config/pinstripe/looks when XDG_CONFIG_HOME is unset or not absolute
 *      (the XDG base directory rule);
 *   3. the installed looks: $PINSTRIPE_ASSETS/luts when it is set, else
 *      BIN/../share/pinstripe/looks found at run time from /proc/self/exe (the
 *      prefix is chosen after configure, and a copied tree keeps working), else
 *      the source tree's assets/luts (a build run where it was built).
 *
 * Whether a look is a 1D or a 3D table is read from its contents (cube.h).
 * Host side only, no FFmpeg, no CUDA. */
#ifndef PINSTRIPE_LOOK_FIND_H
#define PINSTRIPE_LOOK_FIND_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { LOOKS_HERE, LOOKS_USER, LOOKS_INSTALLED, LOOKS_NDIRS };

/* Folder i (LOOKS_*) into buf; "" when there is none (no HOME for the user's). */
const char *looks_dir(int i, char *buf, size_t len);

/* The file -t look=NAME means (NAME with or without ".cube"; no '/'), into
 * path. 0, or -1 with one line in err naming the folders searched. */
int look_find(const char *name, char *path, size_t len, char *err, size_t errlen);

/* The .cube files of folder dir, sorted by name (bytewise): names[i] is the
 * look's name (without ".cube"), malloc'ed, as the array (looks_names_free).
 * The count, 0 when the folder is missing or cannot be read. */
int looks_names(const char *dir, char ***names);
void looks_names_free(char **names, int n);

#ifdef __cplusplus
}
#endif

#endif
