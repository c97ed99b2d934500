/* The frame-time graph's history and layout (see graph.h). */
#include "display/graph.h"

#include <math.h>
#include <string.h>

const unsigned graph_colour[GRAPH_NSTEPS] = {
    [GRAPH_DECODE] = 0x3d8bff,   /* blue */
    [GRAPH_UPLOAD] = 0xff9f1c,   /* orange */
    [GRAPH_KERNEL] = 0x2ecc40,   /* green */
    [GRAPH_DOWNLOAD] = 0xd35df0, /* violet */
    [GRAPH_STAGE] = 0x1fd1c1,    /* teal */
    [GRAPH_DISPLAY] = 0xb0b0b0,  /* gray */
};

const char *const graph_step_name[GRAPH_NSTEPS] = {
    [GRAPH_DECODE] = "decode", [GRAPH_UPLOAD] = "up",    [GRAPH_KERNEL] = "kernel",
    [GRAPH_DOWNLOAD] = "down", [GRAPH_STAGE] = "stage", [GRAPH_DISPLAY] = "show",
};

void graph_reset(GraphHistory *h)
{
    memset(h, 0, sizeof(*h));
}

void graph_push(GraphHistory *h, const GraphSample *s)
{
    h->s[h->head] = *s;
    h->head = (h->head + 1) % GRAPH_COLS;
    if (h->count < GRAPH_COLS)
        h->count++;
}

const GraphSample *graph_sample(const GraphHistory *h, int i)
{
    return &h->s[(h->head - h->count + i + GRAPH_COLS) % GRAPH_COLS];
}

static double column_ms(const GraphSample *s)
{
    double t = 0;
    for (int k = 0; k < GRAPH_NSTEPS; k++)
        t += s->ms[k] > 0 ? s->ms[k] : 0;
    return t;
}

/* v rounded up to 1, 2 or 5 × 10^k */
static double nice_ceil(double v)
{
    double p = pow(10.0, floor(log10(v)));
    for (int m = 1; m <= 10; m++)
        if (m == 1 || m == 2 || m == 5 || m == 10)
            if (m * p >= v * (1 - 1e-9))
                return m * p;
    return 10 * p;
}

double graph_range_ms(const GraphHistory *h, double budget_ms)
{
    if (!(budget_ms > 0))
        budget_ms = 1000.0 / 30;
    double top = 0;
    for (int i = 0; i < h->count; i++) {
        const GraphSample *s = graph_sample(h, i);
        double c = column_ms(s);
        if (c > top)
            top = c;
        if (s->latency_ms > top)
            top = s->latency_ms;
    }
    return top > 2 * budget_ms ? nice_ceil(top) : 2 * budget_ms;
}

/* the row of t ms in a box of height hgt whose bottom row is y + hgt - 1 */
static int row_of(double t, double range, int y, int hgt)
{
    int up = (int)lround(t / range * hgt);
    if (up > hgt)
        up = hgt;
    return y + hgt - up;
}

void graph_layout(const GraphHistory *h, double budget_ms, int x, int y, int w, int hgt,
                  int col_w, GraphLayout *out)
{
    double range = graph_range_ms(h, budget_ms);
    out->range_ms = range;
    out->budget_y = row_of(budget_ms > 0 ? budget_ms : 1000.0 / 30, range, y, hgt);
    out->nrects = out->nlat = 0;
    if (col_w < 1)
        col_w = 1;
    int ncols = w / col_w < h->count ? w / col_w : h->count;
    int tick = hgt / 12 > 2 ? hgt / 12 : 2;
    int nticks = 0;
    CvsRect ticks[GRAPH_COLS];
    for (int c = 0; c < ncols; c++) {
        const GraphSample *s = graph_sample(h, h->count - ncols + c);
        int cx = x + w - (ncols - c) * col_w;
        double t = 0;
        int prev = row_of(0, range, y, hgt);
        for (int k = 0; k < GRAPH_NSTEPS; k++) {
            if (!(s->ms[k] > 0))
                continue;
            t += s->ms[k];
            int top = row_of(t, range, y, hgt);
            if (top < prev) /* a bar of at least one row, else it is not drawn */
                out->rects[out->nrects++] = (CvsRect){cx, top, col_w, prev - top, graph_colour[k]};
            prev = top;
        }
        if (s->dropped)
            ticks[nticks++] = (CvsRect){cx, y, col_w, tick, GRAPH_DROP_RGB};
        if (s->latency_ms >= 0) {
            out->lat_x[out->nlat] = cx + col_w / 2;
            out->lat_y[out->nlat++] = row_of(s->latency_ms, range, y, hgt);
        }
    }
    memcpy(&out->rects[out->nrects], ticks, nticks * sizeof(ticks[0])); /* drawn on top */
    out->nrects += nticks;
}
