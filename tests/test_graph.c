/* The frame-time graph's history and layout (display/graph.c) and the window's
 * size (app/window.c): the budget line's row, the auto-range, one column a
 * frame against the right edge, the wrap-around of the history, drop ticks,
 * the latency line; fitting a large video to the screen. */
#include <math.h>
#include <string.h>

#include "app/window.h"
#include "display/graph.h"
#include "tests/check.h"

static GraphSample sample(double decode, double stage, double show)
{
    GraphSample s = {.latency_ms = -1};
    s.ms[GRAPH_DECODE] = (float)decode, s.ms[GRAPH_STAGE] = (float)stage;
    s.ms[GRAPH_DISPLAY] = (float)show;
    return s;
}

/* the rectangles of column x, in the order drawn */
static int column(const GraphLayout *l, int x, CvsRect *out)
{
    int n = 0;
    for (int i = 0; i < l->nrects; i++)
        if (l->rects[i].x == x)
            out[n++] = l->rects[i];
    return n;
}

static GraphHistory h;
static GraphLayout l;

int main(void)
{
    /* empty: the floor, twice the budget; the budget line at half height */
    graph_reset(&h);
    CHECK(graph_range_ms(&h, 40) == 80, "empty range %g", graph_range_ms(&h, 40));
    graph_layout(&h, 40, 10, 100, 360, 100, 2, &l);
    CHECK(l.nrects == 0 && l.nlat == 0, "empty: %d rects", l.nrects);
    CHECK(l.budget_y == 150, "budget line at row %d, expected 150", l.budget_y);
    CHECK(graph_range_ms(&h, 0) == 2000.0 / 30, "unknown rate: %g", graph_range_ms(&h, 0));

    /* frames within their budget keep the floor; one column a frame, the newest
     * against the right edge, steps stacked from the bottom in their colours */
    for (int i = 0; i < 10; i++) {
        GraphSample s = sample(4, 6, 10); /* 20 ms of 40: half the range's half */
        graph_push(&h, &s);
    }
    CHECK(h.count == 10, "count %d", h.count);
    CHECK(graph_range_ms(&h, 40) == 80, "range within budget %g", graph_range_ms(&h, 40));
    graph_layout(&h, 40, 10, 100, 360, 100, 2, &l);
    CHECK(l.nrects == 30, "10 columns of 3 bars: %d", l.nrects);
    CvsRect c[8];
    int n = column(&l, 10 + 360 - 2, c);
    CHECK(n == 3, "newest column at the right edge: %d bars", n);
    if (n == 3) {
        CHECK(c[0].y + c[0].h == 200 && c[0].h == 5 && c[0].rgb == graph_colour[GRAPH_DECODE],
              "decode bar: y %d h %d", c[0].y, c[0].h);
        CHECK(c[1].y + c[1].h == c[0].y && c[1].rgb == graph_colour[GRAPH_STAGE],
              "stage bar stacked on decode: y %d h %d", c[1].y, c[1].h);
        CHECK(c[2].y == 175 && c[2].rgb == graph_colour[GRAPH_DISPLAY] && c[2].w == 2,
              "show bar tops at 20 ms of 80 (row 175): y %d w %d", c[2].y, c[2].w);
    }
    CHECK(column(&l, 10 + 360 - 20, c) == 3, "10th column from the right");
    CHECK(column(&l, 10 + 360 - 22, c) == 0, "no 11th column");

    /* a spike: the range rises to it, rounded up to 1, 2, 5 × 10^k */
    GraphSample spike = sample(4, 6, 120); /* 130 ms */
    spike.dropped = 1;
    graph_push(&h, &spike);
    CHECK(graph_range_ms(&h, 40) == 200, "range over a 130 ms spike %g", graph_range_ms(&h, 40));
    graph_layout(&h, 40, 10, 100, 360, 100, 2, &l);
    CHECK(l.budget_y == 180, "budget line at 40 of 200 ms: row %d", l.budget_y);
    n = column(&l, 10 + 360 - 2, c);
    CHECK(n == 4 && c[3].rgb == GRAPH_DROP_RGB && c[3].y == 100, "drop tick on top: %d", n);
    CHECK(n == 4 && c[2].y == 200 - (int)lround(130 / 200.0 * 100), "spike top row %d", c[2].y);
    GraphSample big = sample(0, 0, 999);
    graph_push(&h, &big);
    CHECK(graph_range_ms(&h, 40) == 1000, "range %g", graph_range_ms(&h, 40));
    GraphSample exact = sample(0, 0, 2000);
    graph_push(&h, &exact);
    CHECK(graph_range_ms(&h, 40) == 2000, "exact power: %g", graph_range_ms(&h, 40));

    /* wrap-around: after GRAPH_COLS more frames the spikes are gone, and the
     * history holds the last GRAPH_COLS in order */
    for (int i = 0; i < GRAPH_COLS + 7; i++) {
        GraphSample s = sample(i, 0, 0);
        graph_push(&h, &s);
    }
    CHECK(h.count == GRAPH_COLS, "count %d", h.count);
    CHECK(graph_sample(&h, 0)->ms[GRAPH_DECODE] == 7, "oldest %g",
          graph_sample(&h, 0)->ms[GRAPH_DECODE]);
    CHECK(graph_sample(&h, GRAPH_COLS - 1)->ms[GRAPH_DECODE] == GRAPH_COLS + 6, "newest %g",
          graph_sample(&h, GRAPH_COLS - 1)->ms[GRAPH_DECODE]);
    CHECK(graph_range_ms(&h, 40) == 200, "range of 7..186 ms: %g", graph_range_ms(&h, 40));
    /* a box narrower than the history: only the newest columns that fit */
    graph_layout(&h, 40, 0, 0, 100, 50, 1, &l);
    CHECK(l.nrects == 100, "100 one-pixel columns: %d", l.nrects);
    CHECK(l.rects[99].x == 99 && l.rects[0].x == 0, "x %d..%d", l.rects[0].x, l.rects[99].x);
    /* a bar shorter than half a row is not drawn */
    graph_reset(&h);
    GraphSample tiny = sample(0.1, 0, 0);
    graph_push(&h, &tiny);
    graph_layout(&h, 40, 0, 0, 100, 50, 1, &l);
    CHECK(l.nrects == 0, "tiny bar drawn: %d", l.nrects);

    /* live: the latency line, one point a column, included in the range */
    graph_reset(&h);
    for (int i = 0; i < 5; i++) {
        GraphSample s = sample(1, 1, 1);
        s.latency_ms = 100 + i;
        graph_push(&h, &s);
    }
    CHECK(graph_range_ms(&h, 1000.0 / 30) == 200, "latency range %g", graph_range_ms(&h, 1000.0 / 30));
    graph_layout(&h, 1000.0 / 30, 0, 0, 180, 200, 1, &l);
    CHECK(l.nlat == 5 && l.lat_x[4] == 179 && l.lat_y[0] == 100 && l.lat_y[4] == 96,
          "latency points: %d, x %d, y %d..%d", l.nlat, l.lat_x[4], l.lat_y[0], l.lat_y[4]);

    /* the window: a 1920x1080 video on a 1280x800 screen fits 90% of it, 16:9 */
    Options o;
    memset(&o, 0, sizeof(o));
    int ww, wh;
    window_fit(&o, 1920, 1080, 1280, 800, &ww, &wh);
    CHECK(ww == 1152 && wh == 648, "fit: %dx%d", ww, wh);
    window_fit(&o, 1080, 1920, 1280, 800, &ww, &wh); /* portrait: the height decides */
    CHECK(wh == 720 && ww == 405, "portrait fit: %dx%d", ww, wh);
    window_fit(&o, 640, 480, 1280, 800, &ww, &wh);
    CHECK(ww == 640 && wh == 480, "small video as it is: %dx%d", ww, wh);
    window_fit(&o, 3840, 2160, 0, 0, &ww, &wh);
    CHECK(ww == 3840 && wh == 2160, "unknown screen: %dx%d", ww, wh);
    o.window_scale_f = 1;
    window_fit(&o, 1920, 1080, 1280, 800, &ww, &wh);
    CHECK(ww == 1920 && wh == 1080, "--window-scale 1: %dx%d", ww, wh);
    o.window_scale_f = 0.25;
    window_fit(&o, 1920, 1080, 1280, 800, &ww, &wh);
    CHECK(ww == 480 && wh == 270, "--window-scale 0.25: %dx%d", ww, wh);
    o.window_scale_f = 0, o.window_w = 800, o.window_h = 600;
    window_fit(&o, 1920, 1080, 1280, 800, &ww, &wh);
    CHECK(ww == 800 && wh == 600, "--window-size: %dx%d", ww, wh);
    return CHECK_DONE();
}
