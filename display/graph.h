/* The overlay's frame-time graph: the last GRAPH_COLS frames shown, one column
 * a frame (newest on the right), each a stack of bars, one per step of the
 * frame's way (decode; upload, kernel, download or the stage as one bar;
 * display), under a line at the frame interval the video needs (the budget).
 * This file keeps the history and lays the graph out as rectangles and lines
 * in pixels; overlay.c draws them (through cv_shim). No allocation: both the
 * history and the layout are fixed-size structs the caller keeps. */
#ifndef PINSTRIPE_DISPLAY_GRAPH_H
#define PINSTRIPE_DISPLAY_GRAPH_H

#include "display/cv_shim.h"

#define GRAPH_COLS 180

/* The steps, bottom to top of a column. */
enum {
    GRAPH_DECODE,
    GRAPH_UPLOAD,
    GRAPH_KERNEL,
    GRAPH_DOWNLOAD,
    GRAPH_STAGE, /* the stage as one bar: CPU backend, or a CUDA frame without timed events */
    GRAPH_DISPLAY,
    GRAPH_NSTEPS
};

/* Colours (0xRRGGBB) of the steps, of the budget line, of a drop's tick and
 * of the live latency line. */
extern const unsigned graph_colour[GRAPH_NSTEPS];
#define GRAPH_BUDGET_RGB 0xffd23f
#define GRAPH_DROP_RGB 0xff2020
#define GRAPH_LATENCY_RGB 0xffffff
/* Short names of the steps, for the legend. */
extern const char *const graph_step_name[GRAPH_NSTEPS];

/* One frame: milliseconds per step (0: not in this frame), whether frames were
 * dropped just before it, and (live) its capture-to-display latency (< 0: none). */
typedef struct GraphSample {
    float ms[GRAPH_NSTEPS];
    float latency_ms;
    int dropped;
} GraphSample;

typedef struct GraphHistory {
    GraphSample s[GRAPH_COLS];
    int head;  /* where the next sample goes */
    int count; /* samples kept, ≤ GRAPH_COLS */
} GraphHistory;

void graph_reset(GraphHistory *h);
void graph_push(GraphHistory *h, const GraphSample *s);
/* The i-th kept sample, 0 the oldest. */
const GraphSample *graph_sample(const GraphHistory *h, int i);

/* The height of the time axis in ms: twice the budget (so a run that keeps
 * its budget fills up to half the height, and the budget line sits there),
 * or, when a column or the latency goes higher, that rounded up to 1, 2 or 5
 * times a power of ten. budget_ms ≤ 0 (unknown rate): a budget of 1/30 s. */
double graph_range_ms(const GraphHistory *h, double budget_ms);

/* The graph in a box of w × h pixels at (x, y): columns col_w pixels wide,
 * the newest against the right edge. */
typedef struct GraphLayout {
    double range_ms;  /* the time axis: 0 at the bottom edge, range_ms at the top */
    int budget_y;     /* the budget line's row */
    CvsRect rects[GRAPH_COLS * (GRAPH_NSTEPS + 1)]; /* bars, then drop ticks */
    int nrects;
    int lat_x[GRAPH_COLS], lat_y[GRAPH_COLS]; /* the latency line's points (live) */
    int nlat;
} GraphLayout;

void graph_layout(const GraphHistory *h, double budget_ms, int x, int y, int w, int hgt,
                  int col_w, GraphLayout *out);

#endif
