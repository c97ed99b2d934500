/* Stills: a packed BGR frame (8-bit, as the stage makes it for the window)
 * written as a PNG file with libavcodec's PNG encoder. FFmpeg stays behind
 * this header. */
#ifndef PINSTRIPE_WRITER_STILL_H
#define PINSTRIPE_WRITER_STILL_H

#include <stddef.h>

#include "stage/frame.h"

/* Write f (bgr24) as an 8-bit RGB PNG at a new file in dir named
 * "<stem>-<index>.png" (then "-2", "-3"... rather than replace a file), its
 * path into path. 0, or -1 with one line in err. */
int still_write_png(const FrameBuf *f, const char *dir, const char *stem, long long index,
                    char *path, size_t pathlen, char *err, size_t errlen);

#endif
