/* The two display drivers: highgui (through cv_shim) and null. */
#include "display/display.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "display/cv_shim.h"
#include "stage/fault.h"

#ifdef PINSTRIPE_X11
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#endif

#define WINDOW "pinstripe"

static int highgui_open(const char *title, int width, int height, char *err, size_t errlen)
{
    (void)title;
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((!x || !*x) && (!wl || !*wl)) {
        /* Qt would abort the process without one; refuse cleanly instead. */
        snprintf(err, errlen, "no display: DISPLAY is not set (use -o FILE with --no-display)");
        return -1;
    }
    return cvs_window_open(WINDOW, width, height, err, errlen);
}

static int injected(char *err, size_t errlen)
{
    snprintf(err, errlen, "showing a frame failed: injected fault (PINSTRIPE_FAULT=show:N)");
    return -1;
}

static int highgui_show(const FrameBuf *f, char *err, size_t errlen)
{
    if (fault_hit("show"))
        return injected(err, errlen);
    return cvs_window_show(WINDOW, f->data[0], f->fmt.width, f->fmt.height, f->stride[0], err,
                           errlen);
}

static int highgui_poll_key(int ms)
{
    int key = cvs_wait_key(ms);
    if (!cvs_window_visible(WINDOW)) /* (after every wait: one that returned a key too) */
        return DISPLAY_KEY_CLOSED;
    return key < 0 ? DISPLAY_KEY_NONE : key;
}

static void highgui_close(void)
{
    cvs_window_close(WINDOW);
}

static void highgui_fullscreen(int on)
{
    cvs_window_fullscreen(WINDOW, on);
}

static void highgui_resize(int width, int height)
{
    cvs_window_resize(WINDOW, width, height);
}

/* The X server's work area (_NET_WORKAREA of the current desktop, which the
 * window manager sets: the screen less its panels), else the screen's size.
 * OpenCV has no call for it; Wayland sessions answer through XWayland. */
static int highgui_screen_size(int *w, int *h)
{
#ifdef PINSTRIPE_X11
    Display *d = XOpenDisplay(NULL);
    if (!d)
        return -1;
    Window root = DefaultRootWindow(d);
    *w = DisplayWidth(d, DefaultScreen(d)), *h = DisplayHeight(d, DefaultScreen(d));
    long desktop = 0;
    Atom cur = XInternAtom(d, "_NET_CURRENT_DESKTOP", True);
    Atom area = XInternAtom(d, "_NET_WORKAREA", True);
    Atom type;
    int fmt;
    unsigned long n, left;
    unsigned char *v = NULL;
    if (cur != None &&
        XGetWindowProperty(d, root, cur, 0, 1, False, XA_CARDINAL, &type, &fmt, &n, &left, &v) ==
            Success &&
        v && n == 1 && fmt == 32)
        desktop = ((long *)v)[0];
    if (v)
        XFree(v), v = NULL;
    if (area != None &&
        XGetWindowProperty(d, root, area, 4 * desktop, 4, False, XA_CARDINAL, &type, &fmt, &n,
                           &left, &v) == Success &&
        v && n == 4 && fmt == 32) {
        long *a = (long *)v; /* x, y, width, height */
        if (a[2] > 0 && a[3] > 0)
            *w = (int)a[2], *h = (int)a[3];
    }
    if (v)
        XFree(v);
    XCloseDisplay(d);
    return *w > 0 && *h > 0 ? 0 : -1;
#else
    (void)w, (void)h;
    return -1;
#endif
}

static int highgui_view_size(int *w, int *h)
{
    return cvs_window_image_size(WINDOW, w, h);
}

static int highgui_window_area(int *w, int *h)
{
    return cvs_window_area(WINDOW, w, h);
}

const DisplayDriver display_highgui = {
    .name = "highgui",
    .open = highgui_open,
    .show = highgui_show,
    .poll_key = highgui_poll_key,
    .close = highgui_close,
    .fullscreen = highgui_fullscreen,
    .resize = highgui_resize,
    .screen_size = highgui_screen_size,
    .view_size = highgui_view_size,
    .window_area = highgui_window_area,
    .drag = cvs_window_drag,
};

/* The null display's view: the window it stands for (--window-size, or the
 * video's size), so a headless run renders what that window would show. */
static int null_w, null_h;

static int null_open(const char *title, int width, int height, char *err, size_t errlen)
{
    (void)title, (void)err, (void)errlen;
    null_w = width, null_h = height;
    return 0;
}

static void null_resize(int width, int height)
{
    null_w = width, null_h = height;
}

static int null_view_size(int *w, int *h)
{
    *w = null_w, *h = null_h;
    return null_w > 0 && null_h > 0 ? 0 : -1;
}

static int null_show(const FrameBuf *f, char *err, size_t errlen)
{
    (void)f;
    if (fault_hit("show"))
        return injected(err, errlen);
    return 0;
}

static int null_poll_key(int ms)
{
    if (ms > 0)
        nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
    return DISPLAY_KEY_NONE;
}

static void null_close(void)
{
}

const DisplayDriver display_null = {
    .name = "null",
    .open = null_open,
    .show = null_show,
    .poll_key = null_poll_key,
    .close = null_close,
    .resize = null_resize,
    .view_size = null_view_size,
};
