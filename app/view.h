/* What the window shows (issue 26). The display loop asks the window the size
 * of its view (the rectangle the picture fills) and, once that has settled,
 * asks the stage thread for frames of the video's size fitted into it: the
 * stage renders the window's size with a real filter, instead of the window
 * shrinking a video-sized frame by nearest neighbour. The stage thread makes
 * the stage again at the new size between two frames (view_fit), and the
 * output ring's slots, allocated once for the larger of the video and the
 * screen, are only re-laid. And deep frames (rgb48, for a deep -o) as the
 * window's 8-bit BGR.
 *
 * Threads: view_poll and view_bgr run on the display loop's thread; the
 * stage thread reads ViewLink.want and writes ViewLink.video. */
#ifndef PINSTRIPE_APP_VIEW_H
#define PINSTRIPE_APP_VIEW_H

#include <stdatomic.h>
#include <stdint.h>

#include "options/options.h"
#include "display/display.h"
#include "colour/colour.h"
#include "stage/frame.h"

#define VIEW_POLL_MS 100 /* the window is asked its view this often */
#define VIEW_SETTLE 2    /* polls in a row that must agree before a size is asked for */

/* A size and the generation of the video's shape it is for, in one word:
 * gen (15 bits) << 48 | w (24 bits) << 24 | h (24 bits). */
static inline long long view_pack(int gen, int w, int h)
{
    return (long long)(gen & 0x7fff) << 48 | (long long)(w & 0xffffff) << 24 | (h & 0xffffff);
}
static inline int view_gen(long long v)
{
    return (int)(v >> 48 & 0x7fff);
}
static inline int view_w(long long v)
{
    return (int)(v >> 24 & 0xffffff);
}
static inline int view_h(long long v)
{
    return (int)(v & 0xffffff);
}

typedef struct ViewLink {
    /* display → stage thread: the view, with the generation of the video's shape
     * the display was showing (a view read before it learned of a new shape is
     * for the old one, and the stage thread leaves it) */
    atomic_llong want;
    /* display → stage thread: the window's area the view may grow to (the view
     * with the bars Qt's KEEPRATIO leaves around it), in the same words, for
     * zoom's crop; 0: unknown (the view stands for it) */
    atomic_llong area;
    /* stage thread → display: the video's size now, and its shape's generation
     * (bumped at each change of shape) */
    atomic_llong video;
    /* display → stage thread: zoom ('z'), view_zoom_pack: on, and the crop's
     * centre in video pixels (view_key, view_drag) */
    atomic_llong zoom;
    /* the window's rule (window_fit), for a new shape's first frames: set before
     * the threads start */
    const Options *o;
    int screen_w, screen_h;
} ViewLink;

/* The view a video of shape `gen`, vw × vh, has until the window reports its
 * own: the window the display opens (or resizes) for it (app/window.h). */
long long view_window(const ViewLink *l, int gen, int vw, int vh);

/* Whether the stage renders the window's size: not with -o (the file takes the
 * video's frames, from the same ring), nor with --scale none (the window
 * scales the video's size itself), nor with a display that cannot tell; the
 * null display (--no-display) only with --window-size or --window-scale: a
 * window of that size. */
int view_wanted(const Options *o, const DisplayDriver *d);
/* The bytes the output ring's slots are allocated for: the screen's BGR frame
 * or --window-size's (0: unknown; the video's size is the ring's own floor),
 * so the window's size changes without allocating them again. */
size_t view_ring_bytes(const Options *o, const DisplayDriver *d);

/* The size of a vw × vh video fitted into the view `want` (view_pack; 0 × 0:
 * the video's own), its aspect ratio kept, at least 1 × 1; the view's own size
 * when that is within a pixel of it (so the window's view settles). A view
 * larger than the screen (sw × sh; 0: unknown) counts as the screen, or the
 * video's own size when that is larger. */
void view_fit(int vw, int vh, long long want, int sw, int sh, int *w, int *h);

/* Zoom ('z'): the stage crops the video at 1:1 pixels to the window's view
 * instead of fitting the whole video into it; the arrow keys (instead of
 * seeking) and dragging with the mouse move the crop. The link's word: on (1
 * bit) << 48 | the crop's centre in video pixels, x (24 bits) << 24 | y. */
static inline long long view_zoom_pack(int on, int cx, int cy)
{
    return view_pack(on, cx, cy);
}

/* What the stage renders for a vw × vh video in the view `want` (view_pack) at
 * zoom `zoom` (view_zoom_pack): unzoomed, the video fitted (view_fit; *crop 0,
 * origin 0, 0); zoomed, a crop (*crop 1) as large as the window's area `area`
 * (the view when 0) and no larger than the video (the screen's bounds sw × sh
 * as view_fit's), its top-left (*x, *y) around the zoom's centre and inside
 * the video. */
void view_rect(int vw, int vh, long long want, long long area, int sw, int sh, long long zoom,
               int *crop, int *w, int *h, int *x, int *y);

/* An arrow key's code as highgui reports it (Qt, then GTK): 'L', 'R', 'U' or
 * 'D'; 0 for any other key. */
int view_arrow(int key);
/* A key for the view, on the display loop's thread: 'z' toggles zoom (the crop
 * centred); while zoomed, an arrow (arrow: 'L', 'R', 'U', 'D', else 0) moves
 * the crop by an eighth of its size. 1: taken; 0: the key keeps its meaning. */
int view_key(ViewLink *l, int key, int arrow);
/* Whether zoom is on. */
int view_zoomed(ViewLink *l);
/* While zoomed: the picture follows the mouse dragged with its left button
 * (the display's drag) since the last call. */
void view_drag(ViewLink *l, const DisplayDriver *d);

typedef struct ViewPoll {
    double mark_ms;    /* the last poll */
    long long cand;    /* what the last polls said: the view, */
    long long acand;   /* and the window's area */
    int seen;          /* how many in a row */
    int armed;         /* a frame of the video's present shape has been shown: Qt's
                        * KEEPRATIO fits the view to the last image shown, so sizes
                        * read before that lock a wrong ratio */
    int gen;           /* the generation of that shape (ViewLink.video) */
} ViewPoll;

/* After a frame is shown: ask the window its view (every VIEW_POLL_MS) and,
 * when VIEW_SETTLE polls in a row agree, hand it to the stage thread. */
void view_poll(ViewPoll *v, const DisplayDriver *d, ViewLink *l, double now_ms);

/* Deep frames (rgb48) as the window's 8-bit BGR, dithered. */
typedef struct ViewBgr {
    FrameBuf bgr;
    uint8_t *block;
    ColourJob job;
} ViewBgr;

/* f as the window shows it: itself, or (rgb48) its dithered 8-bit BGR copy in
 * v (allocated on first need, at that size). NULL when out of memory. */
FrameBuf *view_bgr(ViewBgr *v, FrameBuf *f, int dither);
void view_bgr_free(ViewBgr *v);

#endif
