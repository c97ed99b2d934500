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
 * file), so that the text is as large on the screen whatever the video's size. */
void overlay_draw(FrameBuf *f, const char *const *lines, int n, double view,
                  const OverlayGraph *g);

#endif
