/* The frame-time overlay: lines of text and, under them, the frame-time graph
 * (graph.h) on a darkened box in the top-left corner of a bgr24 frame,
 * legible on any background, sized for the frame as it is seen. */
#ifndef PINSTRIPE_DISPLAY_OVERLAY_H
#define PINSTRIPE_DISPLAY_OVERLAY_H

#include "display/graph.h"
#include "stage/frame.h"

typedef struct OverlayGraph {
    const GraphHistory *hist;
    double budget_ms; /* the frame interval the video needs (≤ 0: unknown) */
    unsigned steps;   /* the steps named in the legend: bit k for step k */
    int latency;      /* name the latency line in the legend (live) */
    GraphLayout *layout; /* room for the layout, kept by the caller */
} OverlayGraph;

/* Draw n lines, then the graph when g is not NULL, onto f (in place). view:
 * frame pixels per pixel as seen (2 for a frame shown at half size; 1 in a
 * file), so that the text is as large on the screen whatever the video's size.
 * A line wider than the frame is broken at spaces (overlay_wrap). */
void overlay_draw(FrameBuf *f, const char *const *lines, int n, double view,
                  const OverlayGraph *g);

enum { OVERLAY_LINES = 16, OVERLAY_LINE_MAX = 640 };

/* The n lines as drawn at scale and thick, none wider than room pixels where
 * a break at a space can make it so (a word wider than room alone on its
 * line): a line too wide is broken at its last space that fits, what follows
 * on the next line, indented; at most max lines (the rest left out). The
 * number of lines in out. */
int overlay_wrap(const char *const *lines, int n, int room, double scale, int thick,
                 char out[][OVERLAY_LINE_MAX], int max);

#endif
