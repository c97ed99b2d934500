/* The scopes drawn over a frame (--scope, key w): the stage's counts of that
 * frame (scope/scope.h) as a waveform, an RGB parade, a vectorscope with the
 * 75% bars' targets and a histogram, each in a semi-transparent box down the
 * frame's top-right corner, sized for the frame as it is seen. Linear: a
 * point's brightness grows with its count (each pixel adds the same), as
 * FFmpeg's waveform and vectorscope filters accumulate; levels 0, 16, 235 and
 * 255 (0% and 100% of video range) are marked. Draws on a bgr24 frame in place. */
#ifndef PINSTRIPE_DISPLAY_SCOPES_H
#define PINSTRIPE_DISPLAY_SCOPES_H

#include "stage/frame.h"

/* Draw the scopes of c (those in `which`, SCOPE_* bits) onto f. view: frame
 * pixels per pixel as seen (as overlay_draw's). */
void scopes_draw(FrameBuf *f, const ScopeCounts *c, int which, double view);

#endif
