/* Display drivers (mpv's vo idea): a struct of function pointers per way of
 * showing frames. highgui shows an OpenCV window; null shows nothing (headless
 * runs, tests). Every function is called from the main thread only. */
#ifndef PINSTRIPE_DISPLAY_DISPLAY_H
#define PINSTRIPE_DISPLAY_DISPLAY_H

#include <stddef.h>

#include "stage/frame.h"

#define DISPLAY_KEY_NONE (-1)
#define DISPLAY_KEY_CLOSED (-2) /* the user closed the window */
#define DISPLAY_KEY_ESC 27

typedef struct DisplayDriver {
    const char *name;
    /* 0, or -1 with one line in err. */
    int (*open)(const char *title, int width, int height, char *err, size_t errlen);
    /* Show a bgr24 frame. 0, or -1 with one line in err. */
    int (*show)(const FrameBuf *bgr, char *err, size_t errlen);
    /* Wait up to ms (≤ 0: poll) for a key; a key code, DISPLAY_KEY_NONE or _CLOSED. */
    int (*poll_key)(int ms);
    void (*close)(void);
    /* Full screen on or off (may be NULL: not supported). */
    void (*fullscreen)(int on);
    /* The video's size changed mid-stream: fit the window to it (may be NULL). */
    void (*resize)(int width, int height);
    /* The screen's work area in pixels (the screen less panels), to fit the
     * window into: 0, or -1 when unknown (may be NULL). */
    int (*screen_size)(int *w, int *h);
    /* The size at which the window shows the frame now: 0, or -1 (may be NULL). */
    int (*view_size)(int *w, int *h);
    /* The window's area where a picture may go (the view, less the ratio's bars):
     * 0, or -1 when unknown (may be NULL). */
    int (*window_area)(int *w, int *h);
    /* The mouse's motion in frame pixels while dragged with its left button, since
     * the last call: 1 when it moved, else 0 (may be NULL). */
    int (*drag)(int *dx, int *dy);
} DisplayDriver;

extern const DisplayDriver display_highgui;
extern const DisplayDriver display_null;

#endif
