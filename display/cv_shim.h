/* The OpenCV calls pinstripe needs (highgui windows and keys, imgproc text and
 * boxes), behind a plain C header, because OpenCV 4 no longer compiles from C.
 * Images are packed BGR: data, width, height, stride in bytes. C++ exceptions
 * never cross this header: failures come back as -1 with a message. Window
 * functions belong to the main thread. */
#ifndef PINSTRIPE_DISPLAY_CV_SHIM_H
#define PINSTRIPE_DISPLAY_CV_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A filled rectangle, colour 0xRRGGBB. */
typedef struct CvsRect {
    int x, y, w, h;
    unsigned rgb;
} CvsRect;

int cvs_window_open(const char *name, int width, int height, char *err, size_t errlen);
int cvs_window_show(const char *name, const uint8_t *bgr, int w, int h, int stride, char *err,
                    size_t errlen);
/* The key pressed within `ms` milliseconds (ms ≤ 0: just poll), or -1. */
int cvs_wait_key(int ms);
/* 1 while the window is open, 0 once the user has closed it. */
int cvs_window_visible(const char *name);
void cvs_window_close(const char *name);
void cvs_window_fullscreen(const char *name, int on);
/* Make the window width × height (the video changed size mid-stream). */
void cvs_window_resize(const char *name, int width, int height);

/* The mouse's motion, in image pixels, while dragged with the left button since
 * the last call: 1 when it moved, else 0. */
int cvs_window_drag(int *dx, int *dy);

/* The window's client area (where the image is fitted, bars included): 0, or -1
 * when the backend cannot tell (built without Qt's headers). */
int cvs_window_area(const char *name, int *w, int *h);

/* The size at which the window shows the image now (the user may have resized
 * it); 0, or -1 when the backend cannot tell. */
int cvs_window_image_size(const char *name, int *w, int *h);

/* Size in pixels of `text` at `scale` (Hershey simplex); *baseline below it. */
void cvs_text_size(const char *text, double scale, int thickness, int *w, int *h, int *baseline);
/* Text with its baseline's left end at (x, y), colour 0xRRGGBB. */
void cvs_draw_text(uint8_t *bgr, int w, int h, int stride, const char *text, int x, int y,
                   double scale, int thickness, unsigned rgb);
/* Darken/tint a rectangle: dst = (1-alpha)·dst + alpha·colour, clipped to the image. */
void cvs_blend_rect(uint8_t *bgr, int w, int h, int stride, int x, int y, int rw, int rh,
                    unsigned rgb, double alpha);

/* Fill n rectangles, clipped to the image. */
void cvs_fill_rects(uint8_t *bgr, int w, int h, int stride, const CvsRect *r, int n);
/* A line through n points (n ≥ 2), thickness in pixels, colour 0xRRGGBB. */
void cvs_polyline(uint8_t *bgr, int w, int h, int stride, const int *xs, const int *ys, int n,
                  int thickness, unsigned rgb);

#ifdef __cplusplus
}
#endif

#endif
