/* What the window shows (see view.h). */
#include "app/view.h"

#include <math.h>
#include <stdlib.h>

#include "cpu/convert.h"
#include "stage/dither.h"
#include "app/window.h"

int view_wanted(const Options *o, const DisplayDriver *d)
{
    /* the null display stands for a window only when given its size */
    return !o->output && o->scale_filter >= 0 && d->view_size &&
           (d != &display_null || o->window_w > 0 || o->window_scale_f > 0);
}

size_t view_ring_bytes(const Options *o, const DisplayDriver *d)
{
    int sw = 0, sh = 0;
    if (!d->screen_size || d->screen_size(&sw, &sh) < 0)
        sw = sh = 0;
    size_t screen = (size_t)3 * sw * sh, asked = (size_t)3 * o->window_w * o->window_h;
    return screen > asked ? screen : asked;
}

long long view_window(const ViewLink *l, int gen, int vw, int vh)
{
    int ww, wh;
    window_fit(l->o, vw, vh, l->screen_w, l->screen_h, &ww, &wh);
    return view_pack(gen, ww, wh);
}

void view_fit(int vw, int vh, long long want, int sw, int sh, int *w, int *h)
{
    int ww = view_w(want), wh = view_h(want);
    *w = vw, *h = vh;
    if (ww < 1 || wh < 1 || vw < 1 || vh < 1)
        return;
    /* a window larger than the screen shows no more than the screen (or the
     * video at its own size): rendering more would cost time and memory for
     * pixels nobody sees (seen: an 8000x8000 window, 90 ms a frame) */
    if (sw > 0 && sh > 0) {
        int cw = sw > vw ? sw : vw, ch = sh > vh ? sh : vh;
        ww = ww < cw ? ww : cw, wh = wh < ch ? wh : ch;
    }
    double s = fmin((double)ww / vw, (double)wh / vh);
    *w = (int)lround(vw * s), *h = (int)lround(vh * s);
    *w = *w < 1 ? 1 : *w > ww ? ww : *w;
    *h = *h < 1 ? 1 : *h > wh ? wh : *h;
    /* within a pixel of the view: the view itself. Qt's KEEPRATIO fits the view to
     * the last image's ratio, so an image a pixel off the view's ratio moves the
     * view, and the next image with it (seen: 5x3 and 6x3 in turn in a 7x5
     * window); an image of the view's own size leaves it where it is */
    if (abs(*w - ww) <= 1 && abs(*h - wh) <= 1)
        *w = ww, *h = wh;
}

/* A crop w × h centred on (cx, cy), moved inside the vw × vh video: its top-left. */
static void crop_origin(int vw, int vh, int w, int h, int cx, int cy, int *x, int *y)
{
    cx -= w / 2, cy -= h / 2;
    *x = cx < 0 ? 0 : cx > vw - w ? vw - w : cx;
    *y = cy < 0 ? 0 : cy > vh - h ? vh - h : cy;
}

void view_rect(int vw, int vh, long long want, long long area, int sw, int sh, long long zoom,
               int *crop, int *w, int *h, int *x, int *y)
{
    *crop = view_gen(zoom) & 1, *x = *y = 0;
    if (!*crop) {
        view_fit(vw, vh, want, sw, sh, w, h);
        return;
    }
    /* the window's area: the view's bars are the unzoomed picture's ratio */
    int ww = view_w(area) > 0 ? view_w(area) : view_w(want);
    int wh = view_w(area) > 0 ? view_h(area) : view_h(want);
    if (ww < 1 || wh < 1) /* no view: the video */
        ww = vw, wh = vh;
    if (sw > 0 && sh > 0) /* a window larger than the screen: the screen (view_fit) */
        ww = ww < sw ? ww : sw, wh = wh < sh ? wh : sh;
    *w = ww < vw ? ww : vw, *h = wh < vh ? wh : vh;
    crop_origin(vw, vh, *w, *h, view_w(zoom), view_h(zoom), x, y);
}

/* The link's video now (vw × vh) and the size a zoomed crop of it has: the
 * window's area, else the view, reported for this shape of the video, else
 * the window the display makes for it (view_rect). */
static void zoom_size(const ViewLink *l, int *vw, int *vh, int *w, int *h)
{
    long long v = atomic_load(&l->video), want = atomic_load(&l->want);
    long long area = atomic_load(&l->area);
    int crop, x, y;
    *vw = view_w(v), *vh = view_h(v);
    if (view_gen(want) != view_gen(v)) /* not yet reported for this shape */
        want = view_window(l, view_gen(v), *vw, *vh);
    if (view_gen(area) != view_gen(v))
        area = want;
    view_rect(*vw, *vh, want, area, l->screen_w, l->screen_h, view_zoom_pack(1, 0, 0), &crop, w,
              h, &x, &y);
}

/* Zoom on or off, its centre moved to (cx, cy), held where the crop stays
 * inside the video (so moving back from past an edge starts at once). */
static void zoom_move(ViewLink *l, int on, int cx, int cy)
{
    int vw, vh, w, h, x, y;
    zoom_size(l, &vw, &vh, &w, &h);
    crop_origin(vw, vh, w, h, cx, cy, &x, &y);
    atomic_store(&l->zoom, view_zoom_pack(on, x + w / 2, y + h / 2));
}

int view_arrow(int key)
{
    switch (key) {
    case 0x1000012: case 0xff51: return 'L';
    case 0x1000014: case 0xff53: return 'R';
    case 0x1000013: case 0xff52: return 'U';
    case 0x1000015: case 0xff54: return 'D';
    }
    return 0;
}

int view_key(ViewLink *l, int key, int arrow)
{
    long long z = atomic_load(&l->zoom);
    int on = view_gen(z) & 1, vw, vh, w, h;
    zoom_size(l, &vw, &vh, &w, &h);
    if ((key & 0xffff) == 'z' || (key & 0xffff) == 'Z') {
        zoom_move(l, !on, vw / 2, vh / 2); /* on: centred */
        return 1;
    }
    if (!on || !arrow)
        return 0;
    int sx = w / 8 > 1 ? w / 8 : 1, sy = h / 8 > 1 ? h / 8 : 1;
    zoom_move(l, 1, view_w(z) + (arrow == 'L' ? -sx : arrow == 'R' ? sx : 0),
              view_h(z) + (arrow == 'U' ? -sy : arrow == 'D' ? sy : 0));
    return 1;
}

int view_zoomed(ViewLink *l)
{
    return view_gen(atomic_load(&l->zoom)) & 1;
}

void view_drag(ViewLink *l, const DisplayDriver *d)
{
    int dx, dy;
    long long z = atomic_load(&l->zoom);
    /* (asked always: a drag while unzoomed is not kept for later) */
    if (!d->drag || !d->drag(&dx, &dy) || !(view_gen(z) & 1))
        return;
    /* the picture moves with the mouse: its centre the other way */
    zoom_move(l, 1, view_w(z) - dx, view_h(z) - dy);
}

void view_poll(ViewPoll *v, const DisplayDriver *d, ViewLink *l, double now_ms)
{
    int w, h;
    if (!l || !v->armed || !d->view_size || now_ms - v->mark_ms < VIEW_POLL_MS)
        return;
    v->mark_ms = now_ms;
    if (d->view_size(&w, &h) < 0 || w < 1 || h < 1)
        return;
    long long now = view_pack(v->gen, w, h), area = now;
    if (d->window_area && d->window_area(&w, &h) == 0 && w > 0 && h > 0)
        area = view_pack(v->gen, w, h);
    v->seen = now == v->cand && area == v->acand ? v->seen + 1 : 1;
    v->cand = now, v->acand = area;
    if (v->seen < VIEW_SETTLE)
        return;
    if (atomic_load(&l->area) != area) /* first: a zoomed stage reads it when want moves */
        atomic_store(&l->area, area);
    if (atomic_load(&l->want) != now)
        atomic_store(&l->want, now);
}

FrameBuf *view_bgr(ViewBgr *v, FrameBuf *f, int dither)
{
    if (f->fmt.layout != PIX_RGB48)
        return f;
    FrameFormat want = {PIX_BGR24, f->fmt.width, f->fmt.height, 1};
    if (!v->block || v->bgr.fmt.width != want.width || v->bgr.fmt.height != want.height) {
        free(v->block);
        if (!(v->block = malloc(frame_bytes(&want))))
            return NULL;
        frame_wrap(&v->bgr, &want, v->block);
        /* 16-bit RGB samples to [0,1], no transform, the run's dither */
        v->job = (ColourJob){.c = colour_yuv_coeffs(MATRIX_UNSPECIFIED, 1, want.height, 16),
                             .dither = dither_table((DitherMode)dither)};
    }
    convert_rows(f, &v->bgr, 0, f->fmt.height, &v->job);
    FrameBuf *b = &v->bgr;
    b->pts = f->pts, b->duration = f->duration, b->index = f->index, b->serial = f->serial;
    b->capture_ms = f->capture_ms, b->t = f->t;
    return b;
}

void view_bgr_free(ViewBgr *v)
{
    free(v->block);
    v->block = NULL;
}
