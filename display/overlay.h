/* The frame-time overlay: lines of text on a darkened box in the top-left
 * corner of a bgr24 frame, legible on any background, scaled to the frame. */
#ifndef PINSTRIPE_DISPLAY_OVERLAY_H
#define PINSTRIPE_DISPLAY_OVERLAY_H

#include "gpu/frame.h"

/* Draw n lines onto f (in place). */
void overlay_draw(FrameBuf *f, const char *const *lines, int n);

#endif
