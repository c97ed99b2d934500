/* The OpenCV shim for builds without OpenCV (cmake -DPINSTRIPE_HEADLESS=ON, e.g.
 * for a GPU server): no window can open, and drawing does nothing. The
 * program still decodes, processes and writes files. */
#include <stdio.h>

#include "display/cv_shim.h"

int cvs_window_open(const char *name, int width, int height, char *err, size_t errlen)
{
    (void)name, (void)width, (void)height;
    snprintf(err, errlen, "this build has no display (configured with PINSTRIPE_HEADLESS)");
    return -1;
}

int cvs_window_show(const char *name, const uint8_t *bgr, int w, int h, int stride, char *err,
                    size_t errlen)
{
    (void)name, (void)bgr, (void)w, (void)h, (void)stride;
    snprintf(err, errlen, "this build has no display");
    return -1;
}

int cvs_wait_key(int ms)
{
    (void)ms;
    return -1;
}

int cvs_window_visible(const char *name)
{
    (void)name;
    return 0;
}

void cvs_window_close(const char *name)
{
    (void)name;
}

void cvs_window_fullscreen(const char *name, int on)
{
    (void)name, (void)on;
}

void cvs_window_resize(const char *name, int width, int height)
{
    (void)name, (void)width, (void)height;
}

void cvs_text_size(const char *text, double scale, int thickness, int *w, int *h, int *baseline)
{
    (void)text, (void)scale, (void)thickness;
    *w = *h = *baseline = 0;
}

void cvs_draw_text(uint8_t *bgr, int w, int h, int stride, const char *text, int x, int y,
                   double scale, int thickness, unsigned rgb)
{
    (void)bgr, (void)w, (void)h, (void)stride, (void)text, (void)x, (void)y, (void)scale;
    (void)thickness, (void)rgb;
}

void cvs_blend_rect(uint8_t *bgr, int w, int h, int stride, int x, int y, int rw, int rh,
                    unsigned rgb, double alpha)
{
    (void)bgr, (void)w, (void)h, (void)stride, (void)x, (void)y, (void)rw, (void)rh, (void)rgb;
    (void)alpha;
}

int cvs_window_area(const char *name, int *w, int *h)
{
    (void)name, (void)w, (void)h;
    return -1;
}

int cvs_window_drag(int *dx, int *dy)
{
    *dx = *dy = 0;
    return 0;
}

int cvs_window_image_size(const char *name, int *w, int *h)
{
    (void)name, (void)w, (void)h;
    return -1;
}

void cvs_fill_rects(uint8_t *bgr, int w, int h, int stride, const CvsRect *r, int n)
{
    (void)bgr, (void)w, (void)h, (void)stride, (void)r, (void)n;
}

void cvs_polyline(uint8_t *bgr, int w, int h, int stride, const int *xs, const int *ys, int n,
                  int thickness, unsigned rgb)
{
    (void)bgr, (void)w, (void)h, (void)stride, (void)xs, (void)ys, (void)n, (void)thickness;
    (void)rgb;
}
