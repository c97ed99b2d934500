/* The window's size (see window.h). */
#include "app/window.h"

#include <math.h>

void window_fit(const Options *o, int vw, int vh, int sw, int sh, int *ww, int *wh)
{
    if (o->window_w > 0) { /* the size asked for; the picture keeps its ratio inside */
        *ww = o->window_w, *wh = o->window_h;
        return;
    }
    double s = 1;
    if (o->window_scale_f > 0)
        s = o->window_scale_f;
    else if (sw > 0 && sh > 0 && (vw > WINDOW_FIT * sw || vh > WINDOW_FIT * sh))
        s = fmin(WINDOW_FIT * sw / vw, WINDOW_FIT * sh / vh);
    *ww = (int)lround(vw * s), *wh = (int)lround(vh * s);
    if (*ww < 1)
        *ww = 1;
    if (*wh < 1)
        *wh = 1;
}

void window_for_screen(const DisplayDriver *d, const Options *o, int vw, int vh, int *ww,
                       int *wh)
{
    int sw = 0, sh = 0;
    if (d->screen_size && d->screen_size(&sw, &sh) < 0)
        sw = sh = 0;
    window_fit(o, vw, vh, sw, sh, ww, wh);
}
