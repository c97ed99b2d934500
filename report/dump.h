/* --debug-dump FILE: the frames handed to the display, as they are handed
 * (after the overlay), one binary PPM (P6) after another, so that tests read
 * exactly the pixels the window was given (ffmpeg reads the file with
 * -f image2pipe -c:v ppm; each frame says its own size). */
#ifndef PINSTRIPE_REPORT_DUMP_H
#define PINSTRIPE_REPORT_DUMP_H

#include <stddef.h>

#include "stage/frame.h"

typedef struct Dump Dump;

/* NULL with one line in err. */
Dump *dump_open(const char *path, char *err, size_t errlen);
/* A bgr24 frame. 0, or -1 with one line in err. */
int dump_frame(Dump *d, const FrameBuf *f, char *err, size_t errlen);
/* 0, or -1 with one line in err (what was written is kept). Sets *d to NULL. */
int dump_close(Dump **d, char *err, size_t errlen);

#endif
