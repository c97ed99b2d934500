/* The scopes drawn over a frame (see scopes.h). Each box pixel shows the sum
 * of the counts that fall in it (a box coarser than the counts sums several,
 * a finer one repeats one), scaled so that the mean of a flat spread over the
 * box is a quarter of full brightness. Nothing is allocated. */
#include "display/scopes.h"

#include <math.h>
#include <stdio.h>

#include "display/cv_shim.h"

#define MARGIN 8 /* screen pixels around and between the boxes */

typedef struct Box {
    FrameBuf *f;
    int x, y, w, h;
} Box;

/* Add colour rgb at brightness v (0..255) to the box pixel (bx, by). */
static void add(const Box *b, int bx, int by, unsigned rgb, unsigned v)
{
    uint8_t *p = b->f->data[0] + (size_t)(b->y + by) * b->f->stride[0] + 3 * (size_t)(b->x + bx);
    const unsigned c[3] = {rgb & 0xff, (rgb >> 8) & 0xff, rgb >> 16}; /* B, G, R */
    for (int i = 0; i < 3; i++) {
        unsigned s = p[i] + c[i] * v / 255;
        p[i] = (uint8_t)(s > 255 ? 255 : s);
    }
}

/* Plot table t (nx × ny counts, t[x·sx + y·sy], y upwards) over box b: each
 * box pixel the sum of the counts it covers, times gain, in colour rgb. */
static void plot(const Box *b, const uint32_t *t, int nx, int ny, size_t sx, size_t sy,
                 double total, unsigned rgb)
{
    double gain = total > 0 ? 255.0 * b->w * b->h / (4.0 * total) : 0;
    for (int bx = 0; bx < b->w; bx++) {
        int x0 = (int)((long long)bx * nx / b->w), x1 = (int)((long long)(bx + 1) * nx / b->w);
        x1 = x1 > x0 ? x1 : x0 + 1;
        for (int by = 0; by < b->h; by++) {
            /* box row by: from the top, so the counts' rows from the top down */
            int y1 = ny - (int)((long long)by * ny / b->h), y0 = ny - (int)((long long)(by + 1) * ny / b->h);
            y0 = y1 > y0 ? y0 : y1 - 1;
            double sum = 0;
            for (int x = x0; x < x1; x++)
                for (int y = y0; y < y1; y++)
                    sum += t[(size_t)x * sx + (size_t)y * sy];
            double v = sum * gain;
            if (v >= 1)
                add(b, bx, by, rgb, v > 255 ? 255 : (unsigned)v);
        }
    }
}

/* ST 2084's inverse EOTF: the PQ signal of l cd/m² */
static double pq_signal(double l)
{
    const double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096,
                 c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32;
    double y = pow(l / 10000.0, m1);
    return pow((c1 + c2 * y) / (1 + c3 * y), m2);
}

/* BT.2100's HLG OETF of scene light e in [0, 1] */
static double hlg_oetf(double e)
{
    const double a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a);
    return e <= 1.0 / 12 ? sqrt(3 * e) : a * log(12 * e - b) + c;
}

int scopes_marks(int transfer, double at[SCOPE_MARKS_MAX], char label[SCOPE_MARKS_MAX][16])
{
    static const double nits[] = {0, 10, 100, 203, 1000, 4000, 10000};
    int n = 0;
    if (transfer == TRANSFER_PQ || transfer == TRANSFER_HLG) {
        for (int i = 0; i < 7; i++) {
            double l = nits[i];
            if (transfer == TRANSFER_HLG && l > 1000)
                break; /* (a 1000 cd/m² display: scene light (L/1000)^(1/1.2) on a grey) */
            at[n] = transfer == TRANSFER_PQ ? pq_signal(l) : hlg_oetf(pow(l / 1000.0, 1 / 1.2));
            int top = l == 10000 || (transfer == TRANSFER_HLG && l == 1000); /* (the unit once) */
            snprintf(label[n++], 16, "%g%s", l, top ? " cd/m2" : "");
        }
        return n;
    }
    for (int i = 0; i <= 4; i++) {
        at[n] = i / 4.0;
        snprintf(label[n++], 16, "%d%%", 25 * i);
    }
    return n;
}

/* A horizontal line across the box at `at` of full scale, and its label. */
static void mark(const Box *b, double at, const char *label, double view)
{
    int by = b->h - 1 - (int)(at * (b->h - 1) + 0.5);
    /* dim: the trace drawn over it keeps its colour */
    CvsRect r = {b->x, b->y + by, b->w, 1, 0x403020};
    cvs_fill_rects(b->f->data[0], b->f->fmt.width, b->f->fmt.height, b->f->stride[0], &r, 1);
    cvs_draw_text(b->f->data[0], b->f->fmt.width, b->f->fmt.height, b->f->stride[0], label,
                  b->x + 2, b->y + (by > 10 ? by - 2 : by + 10), 0.3 * view, 1, 0xc0a080);
}

static void waveform(const Box *b, const ScopeCounts *c, const uint32_t *t, unsigned rgb,
                     double view)
{
    plot(b, t, c->cols, c->levels, 1, (size_t)c->cols, (double)c->width * b->f->fmt.height, rgb);
    (void)view;
}

/* The 75% colour bars' targets: where their (u, v) falls, as scope_index puts it. */
static void targets(const Box *b, double view)
{
    static const struct {
        int r, g, bl;
        const char *name;
    } bars[] = {{1, 0, 0, "R"}, {1, 1, 0, "Yl"}, {0, 1, 0, "G"},
                {0, 1, 1, "Cy"}, {0, 0, 1, "B"}, {1, 0, 1, "Mg"}};
    for (int i = 0; i < 6; i++) {
        int r = bars[i].r * 767, g = bars[i].g * 767, bl = bars[i].bl * 767; /* 75% of 1023 */
        int y = scope_y10(r, g, bl), u = scope_uv(bl - y, 8769), v = scope_uv(r - y, 10333);
        int bx = u * b->w / SCOPE_UV, by = b->h - 1 - v * b->h / SCOPE_UV, s = b->w / 40 + 2;
        CvsRect e[4] = {{b->x + bx - s, b->y + by - s, 2 * s, 1, 0xc0c0c0},
                        {b->x + bx - s, b->y + by + s, 2 * s, 1, 0xc0c0c0},
                        {b->x + bx - s, b->y + by - s, 1, 2 * s, 0xc0c0c0},
                        {b->x + bx + s, b->y + by - s, 1, 2 * s + 1, 0xc0c0c0}};
        cvs_fill_rects(b->f->data[0], b->f->fmt.width, b->f->fmt.height, b->f->stride[0], e, 4);
        cvs_draw_text(b->f->data[0], b->f->fmt.width, b->f->fmt.height, b->f->stride[0],
                      bars[i].name, b->x + bx + s + 2, b->y + by + s, 0.3 * view, 1, 0xc0c0c0);
    }
}

/* Bars: each channel's count at each level, against the largest. */
static void histogram(const Box *b, const ScopeCounts *c)
{
    static const unsigned rgb[3] = {0xff4040, 0x40ff40, 0x4040ff};
    uint32_t top = 1;
    for (int i = 0; i < 3 * c->levels; i++)
        top = c->hist[i] > top ? c->hist[i] : top;
    for (int ch = 0; ch < 3; ch++) {
        const uint32_t *t = c->hist + (size_t)ch * c->levels;
        for (int bx = 0; bx < b->w; bx++) {
            int l0 = bx * c->levels / b->w, l1 = (bx + 1) * c->levels / b->w;
            uint32_t m = 0;
            for (int l = l0; l < (l1 > l0 ? l1 : l0 + 1); l++)
                m = t[l] > m ? t[l] : m;
            int hgt = (int)((double)m * b->h / top);
            for (int by = b->h - hgt; by < b->h; by++)
                add(b, bx, by, rgb[ch], 160);
        }
    }
}

void scopes_draw(FrameBuf *f, const ScopeCounts *c, int which, double view, int transfer)
{
    which &= c->which;
    int n = !!(which & SCOPE_WAVEFORM) + !!(which & SCOPE_PARADE) + !!(which & SCOPE_VECTOR) +
            !!(which & SCOPE_HIST);
    int W = f->fmt.width, H = f->fmt.height, m = (int)(MARGIN * view);
    if (!n || f->fmt.layout != PIX_BGR24)
        return;
    double v = view > 0 ? view : 1;
    int bw = (int)(320 * v), bh = (int)(180 * v);
    bw = bw > W / 3 ? W / 3 : bw;
    bh = bh > (H - m) / n - m ? (H - m) / n - m : bh;
    if (bw < 16 || bh < 16)
        return;
    int y = m;
    for (int k = 0; k < 4; k++) {
        int bit = 1 << k;
        if (!(which & bit))
            continue;
        /* the vectorscope is square */
        Box b = {f, W - m - (bit == SCOPE_VECTOR ? bh : bw), y, bit == SCOPE_VECTOR ? bh : bw, bh};
        cvs_blend_rect(f->data[0], W, H, f->stride[0], b.x, b.y, b.w, b.h, 0x000000, 0.8);
        size_t plane = (size_t)c->cols * c->levels;
        if (bit == SCOPE_WAVEFORM || bit == SCOPE_PARADE) { /* the marks under the trace */
            double at[SCOPE_MARKS_MAX];
            char label[SCOPE_MARKS_MAX][16];
            for (int i = 0, nm = scopes_marks(transfer, at, label); i < nm; i++)
                mark(&b, at[i], label[i], v);
        }
        if (bit == SCOPE_WAVEFORM) {
            waveform(&b, c, c->wave, 0xb0ffb0, v);
        } else if (bit == SCOPE_PARADE) {
            static const unsigned rgb[3] = {0xff5050, 0x50ff50, 0x5080ff};
            for (int ch = 0; ch < 3; ch++) {
                Box p = {f, b.x + ch * b.w / 3, b.y, b.w / 3, b.h};
                waveform(&p, c, c->parade + ch * plane, rgb[ch], v);
            }
        } else if (bit == SCOPE_VECTOR) {
            plot(&b, c->vector, SCOPE_UV, SCOPE_UV, 1, SCOPE_UV, (double)c->width * H, 0x90ff90);
            targets(&b, v);
        } else {
            histogram(&b, c);
        }
        y += bh + m;
    }
}
