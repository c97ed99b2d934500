/* overlay_draw (see overlay.h). */
#include "display/overlay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "display/cv_shim.h"

/* The legend: the steps' names in their colours, then the budget and the top
 * of the time axis. Returns its width; draws it only when draw is set. */
static int legend(FrameBuf *f, const OverlayGraph *g, const GraphLayout *gl, int x, int y,
                  double scale, int thick, int gap, int draw)
{
    int w = f->fmt.width, h = f->fmt.height, x0 = x;
    char budget[48], top[32];
    snprintf(budget, sizeof(budget), "budget %.1f ms", g->budget_ms > 0 ? g->budget_ms : 1000.0 / 30);
    snprintf(top, sizeof(top), "top %.4g ms", gl->range_ms);
    const char *word[GRAPH_NSTEPS + 3];
    unsigned rgb[GRAPH_NSTEPS + 3];
    int n = 0;
    for (int k = 0; k < GRAPH_NSTEPS; k++)
        if (g->steps & (1u << k))
            word[n] = graph_step_name[k], rgb[n++] = graph_colour[k];
    if (g->latency)
        word[n] = "latency", rgb[n++] = GRAPH_LATENCY_RGB;
    word[n] = budget, rgb[n++] = GRAPH_BUDGET_RGB;
    word[n] = top, rgb[n++] = 0xffffff;
    for (int i = 0; i < n; i++) {
        int tw, th, base;
        cvs_text_size(word[i], scale, thick, &tw, &th, &base);
        if (draw)
            cvs_draw_text(f->data[0], w, h, f->stride[0], word[i], x, y, scale, thick, rgb[i]);
        x += tw + gap;
    }
    return x - gap - x0;
}

static int text_w(const char *s, double scale, int thick)
{
    int tw, th, base;
    cvs_text_size(s, scale, thick, &tw, &th, &base);
    return tw;
}

int overlay_wrap(const char *const *lines, int n, int room, double scale, int thick,
                 char out[][OVERLAY_LINE_MAX], int max)
{
    int m = 0;
    for (int i = 0; i < n && m < max; i++) {
        const char *s = lines[i];
        for (int lead = 0; m < max; lead = 2) { /* (a continuation: indented) */
            char *o = out[m++];
            snprintf(o, OVERLAY_LINE_MAX, "%*s%s", lead, "", s);
            size_t whole = strlen(o), len = whole;
            /* cut at the last space until it fits (a first word too wide stays whole) */
            while (text_w(o, scale, thick) > room) {
                char *sp = strrchr(o + lead, ' ');
                while (sp && sp > o + lead && sp[-1] == ' ')
                    sp--;
                if (!sp || sp == o + lead)
                    break;
                *sp = 0;
                len = (size_t)(sp - o);
            }
            if (len == whole)
                break;
            for (s += len - (size_t)lead; *s == ' '; s++)
                ;
            if (!*s)
                break;
        }
    }
    return m;
}

void overlay_draw(FrameBuf *f, const char *const *in_lines, int in_n, double view,
                  const OverlayGraph *g)
{
    int w = f->fmt.width, h = f->fmt.height;
    if (!(view > 0))
        view = 1;
    double sw = w / view, sh = h / view; /* the frame as seen */
    double seen = sh / 1400.0 < sw / 1800.0 ? sh / 1400.0 : sw / 1800.0; /* fits 1080p and up */
    if (seen < 0.35)
        seen = 0.35;
    double scale = seen * view;
    /* antialiased strokes two pixels wide cost ten times those one pixel wide
     * (0.48 against 0.05 ms a line at 1080p, build machine): one pixel as seen */
    int thick = (int)lround(view) > 1 ? (int)lround(view) : 1;
    int pad = (int)(8 * scale + 2), boxw = 0, lineh = 0;
    char wrapped[OVERLAY_LINES][OVERLAY_LINE_MAX];
    const char *lines[OVERLAY_LINES];
    int n = overlay_wrap(in_lines, in_n, w - 2 * pad, scale, thick, wrapped, OVERLAY_LINES);
    for (int i = 0; i < n; i++)
        lines[i] = wrapped[i];
    for (int i = 0; i < n; i++) {
        int tw, th, base;
        cvs_text_size(lines[i], scale, thick, &tw, &th, &base);
        if (tw > boxw)
            boxw = tw;
        if (th + base > lineh)
            lineh = th + base;
    }
    lineh += pad / 2;
    int boxh = n * lineh;
    int gx = pad, gy = 0, gw = 0, gh = 0, col_w = 0;
    if (g) {
        /* the graph as wide as the text (one column a frame, whole pixels), at
         * least two pixels a column as seen, five lines high, the legend above */
        col_w = boxw / GRAPH_COLS;
        int min_col = (int)lround(2 * view), room = (w - 2 * pad) / GRAPH_COLS;
        if (col_w < min_col)
            col_w = min_col;
        if (col_w > room) /* a small frame: narrower columns, or fewer of them */
            col_w = room;
        if (col_w < 1)
            col_w = 1;
        gw = col_w * GRAPH_COLS < w - 2 * pad ? col_w * GRAPH_COLS : w - 2 * pad;
        if (gw < col_w)
            gw = col_w;
        gh = 5 * lineh;
        gy = pad + boxh + lineh + pad / 2; /* below the text and the legend */
        graph_layout(g->hist, g->budget_ms, gx, gy, gw, gh, col_w, g->layout);
        int lw = legend(f, g, g->layout, 0, 0, scale, thick, pad, 0);
        if (lw > boxw)
            boxw = lw;
        if (gw > boxw)
            boxw = gw;
        boxh += lineh + pad / 2 + gh + pad / 2;
    }
    int bw = boxw + 2 * pad, bh = boxh + 2 * pad;
    uint8_t *px = f->data[0];
    int st = f->stride[0];
    if (!g) {
        cvs_blend_rect(px, w, h, st, 0, 0, bw, bh, 0x000000, 0.6);
    } else { /* the box, and the graph's area darker still, each pixel blended once */
        cvs_blend_rect(px, w, h, st, 0, 0, bw, gy, 0x000000, 0.6);
        cvs_blend_rect(px, w, h, st, 0, gy, gx, gh, 0x000000, 0.6);
        cvs_blend_rect(px, w, h, st, gx, gy, gw, gh, 0x000000, 0.8);
        cvs_blend_rect(px, w, h, st, gx + gw, gy, bw - gx - gw, gh, 0x000000, 0.6);
        cvs_blend_rect(px, w, h, st, 0, gy + gh, bw, bh - gy - gh, 0x000000, 0.6);
    }
    for (int i = 0; i < n; i++)
        cvs_draw_text(px, w, h, st, lines[i], pad, pad + (i + 1) * lineh - pad / 2, scale, thick,
                      0xffffff);
    if (!g)
        return;
    GraphLayout *gl = g->layout;
    legend(f, g, gl, pad, gy - pad / 2 - lineh / 4, scale, thick, pad, 1);
    cvs_fill_rects(px, w, h, st, gl->rects, gl->nrects);
    CvsRect budget = {gx, gl->budget_y - thick / 2, gw, thick, GRAPH_BUDGET_RGB}; /* 1 px as seen */
    cvs_fill_rects(px, w, h, st, &budget, 1);
    if (gl->nlat >= 2)
        cvs_polyline(px, w, h, st, gl->lat_x, gl->lat_y, gl->nlat, thick, GRAPH_LATENCY_RGB);
}
