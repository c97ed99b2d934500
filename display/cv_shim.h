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

/* Size in pixels of `text` at `scale` (Hershey simplex); *baseline below it. */
void cvs_text_size(const char *text, double scale, int thickness, int *w, int *h, int *baseline);
/* Text with its baseline's left end at (x, y), colour 0xRRGGBB. */
void cvs_draw_text(uint8_t *bgr, int w, int h, int stride, const char *text, int x, int y,
                   double scale, int thickness, unsigned rgb);
/* Darken/tint a rectangle: dst = (1-alpha)·dst + alpha·colour, clipped to the image. */
void cvs_blend_rect(uint8_t *bgr, int w, int h, int stride, int x, int y, int rw, int rh,
                    unsigned rgb, double alpha);

#ifdef __cplusplus
}
#endif

#endif
