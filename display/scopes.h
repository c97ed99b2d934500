/* The scopes drawn over a frame (--scope, key w): the stage's counts of that
 * frame (scope/scope.h) as a waveform, an RGB parade, a vectorscope with the
 * 75% bars' targets and a histogram, each in a semi-transparent box down the
 * frame's top-right corner, sized for the frame as it is seen. Linear: a
 * point's brightness grows with its count (each pixel adds the same), as
 * FFmpeg's waveform and vectorscope filters accumulate. The waveform and the
 * parade are marked in the units of the signal they show, full-range RGB: an SDR
 * signal in percent of full range, a PQ or HLG one (shown as its signal, not
 * tone-mapped) in cd/m² (nits). Draws on a bgr24 frame in place. */
#ifndef PINSTRIPE_DISPLAY_SCOPES_H
#define PINSTRIPE_DISPLAY_SCOPES_H

#include "stage/frame.h"

/* Draw the scopes of c (those in `which`, SCOPE_* bits) onto f. view: frame
 * pixels per pixel as seen (as overlay_draw's); transfer (ColourTransfer): the
 * signal's, as shown (SDR where an HDR source is tone-mapped). */
void scopes_draw(FrameBuf *f, const ScopeCounts *c, int which, double view, int transfer);

enum { SCOPE_MARKS_MAX = 8 };
/* The waveform's marks for a signal of `transfer`: at[i] in [0, 1] of full
 * scale, label[i] its text (SDR: 0% to 100% of full range; PQ: cd/m² by
 * ST 2084's inverse EOTF; HLG: cd/m² on a 1000 cd/m² display, BT.2100's OOTF
 * with its system gamma 1.2 on a grey). Their number. */
int scopes_marks(int transfer, double at[SCOPE_MARKS_MAX], char label[SCOPE_MARKS_MAX][16]);

#endif
