/* The window's size when it opens (and when the video changes size): the
 * video's, scaled down with its aspect ratio kept to fit FIT of the screen's
 * work area when it is larger (mpv's --autofit-larger, ffplay's default);
 * --window-scale F and --window-size WxH override. */
#ifndef PINSTRIPE_APP_WINDOW_H
#define PINSTRIPE_APP_WINDOW_H

#include "options/options.h"
#include "display/display.h"

#define WINDOW_FIT 0.9

/* The window for a vw × vh video on a screen whose work area is sw × sh
 * (sw or sh ≤ 0: unknown, no fitting) into *ww, *wh. */
void window_fit(const Options *o, int vw, int vh, int sw, int sh, int *ww, int *wh);
/* The same on the screen the display driver reports. */
void window_for_screen(const DisplayDriver *d, const Options *o, int vw, int vh, int *ww,
                       int *wh);

#endif
