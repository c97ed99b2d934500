/* The scopes' host side (see scope.h): counting rows, summing counts. */
#include "gpu/scope.h"

#include <pthread.h>
#include <string.h>

#define SCOPE_ROW_MAX 2048 /* pixels counted a table at a time */

/* 8-bit samples: each value's 10 bits, and its share of Y10 (before the rounding) */
static int s10_of[256], y_of[3][256], u_of[2047], v_of[2047]; /* u, v of a difference + 1023 */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables(void)
{
    for (int v = 0; v < 256; v++) {
        int s = s10_of[v] = scope_s10(v);
        y_of[0][v] = 13933 * s, y_of[1][v] = 46871 * s, y_of[2][v] = 4732 * s;
    }
    for (int d = -1023; d <= 1023; d++)
        u_of[d + 1023] = scope_uv(d, 8769), v_of[d + 1023] = scope_uv(d, 10333) * SCOPE_UV;
}

/* 16-bit samples: scope_index for each pixel */
static void count_wide(ScopeCounts *c, const uint16_t *row, int x0, int w)
{
    size_t idx[8];
    for (int x = 0; x < w; x++) {
        const uint16_t *p = row + 3 * x;
        scope_index(c, x0 + x, p[0] >> 6, p[1] >> 6, p[2] >> 6, c->levels == 256 ? 2 : 0, idx);
        if (c->wave)
            c->wave[idx[0]]++;
        if (c->parade)
            c->parade[idx[1]]++, c->parade[idx[2]]++, c->parade[idx[3]]++;
        if (c->vector)
            c->vector[idx[4]]++;
        if (c->hist)
            c->hist[idx[5]]++, c->hist[idx[6]]++, c->hist[idx[7]]++;
    }
}

/* The column bins of a row of w pixels from x0: bin[x] = (x0 + x)·cols / width. */
static void bins(const ScopeCounts *c, int x0, int w, uint16_t *bin)
{
    long long at = (long long)x0 * c->cols;
    int b = (int)(at / c->width), rem = (int)(at % c->width);
    for (int x = 0; x < w; x++) {
        bin[x] = (uint16_t)b;
        if ((rem += c->cols) >= c->width)
            rem -= c->width, b++;
    }
}

void scope_count_row(ScopeCounts *c, const uint8_t *row, int x0, int w, int wide)
{
    if (wide || c->levels != 256) {
        count_wide(c, (const uint16_t *)row, x0, w);
        return;
    }
    /* 8-bit B,G,R: the same counts as scope_index's, a table at a time over the
     * row (in cache). A level is s10 >> 2, which is the 8-bit sample itself
     * (s10 = round(s·1023/255) lies in [4s, 4s + 3.5]: tests/test_live.c checks
     * every value); each column's bin is stepped to, not divided for. The
     * histogram counts into four tables, a pixel's by its column mod 4, summed
     * after the row: pixels in a row often share a level, and one table would
     * chain their increments through memory. */
    pthread_once(&tables_once, tables);
    uint16_t bin[SCOPE_ROW_MAX];
    for (int x0s = 0; x0s < w; x0s += SCOPE_ROW_MAX) { /* (rows wider than the buffer) */
        int n = w - x0s < SCOPE_ROW_MAX ? w - x0s : SCOPE_ROW_MAX;
        const uint8_t *p = row + 3 * (size_t)x0s;
        size_t cols = (size_t)c->cols, plane = cols * 256;
        if (c->wave || c->parade)
            bins(c, x0 + x0s, n, bin);
        if (c->wave)
            for (int x = 0; x < n; x++) {
                const uint8_t *q = p + 3 * x;
                int y = (y_of[0][q[2]] + y_of[1][q[1]] + y_of[2][q[0]] + 32768) >> 18;
                c->wave[(size_t)y * cols + bin[x]]++;
            }
        if (c->parade)
            for (int x = 0; x < n; x++) {
                const uint8_t *q = p + 3 * x;
                c->parade[(size_t)q[2] * cols + bin[x]]++;
                c->parade[plane + (size_t)q[1] * cols + bin[x]]++;
                c->parade[2 * plane + (size_t)q[0] * cols + bin[x]]++;
            }
        if (c->vector)
            for (int x = 0; x < n; x++) {
                const uint8_t *q = p + 3 * x;
                int y = (y_of[0][q[2]] + y_of[1][q[1]] + y_of[2][q[0]] + 32768) >> 16;
                c->vector[v_of[s10_of[q[2]] - y + 1023] + u_of[s10_of[q[0]] - y + 1023]]++;
            }
        if (c->hist) {
            uint32_t h[4][3 * 256] = {{0}};
            for (int x = 0; x < n; x++) {
                const uint8_t *q = p + 3 * x;
                uint32_t *t = h[x & 3];
                t[q[2]]++, t[256 + q[1]]++, t[512 + q[0]]++;
            }
            for (int i = 0; i < 3 * 256; i++)
                c->hist[i] += h[0][i] + h[1][i] + h[2][i] + h[3][i];
        }
    }
}

void scope_add(ScopeCounts *dst, const ScopeCounts *src)
{
    uint32_t *d = dst->wave ? dst->wave : dst->parade ? dst->parade : dst->vector ? dst->vector : dst->hist;
    const uint32_t *s = src->wave ? src->wave : src->parade ? src->parade : src->vector ? src->vector : src->hist;
    size_t n = scope_count_n(dst->which, dst->cols, dst->levels);
    for (size_t i = 0; d && s && i < n; i++)
        d[i] += s[i];
}

void scope_clear(ScopeCounts *c)
{
    uint32_t *d = c->wave ? c->wave : c->parade ? c->parade : c->vector ? c->vector : c->hist;
    if (d)
        memset(d, 0, sizeof(uint32_t) * scope_count_n(c->which, c->cols, c->levels));
}

int scope_unpack(ScopeCounts *c, const uint32_t *packed, size_t pairs_max)
{
    size_t nd = scope_cells8(c->which, c->cols, c->levels), nh = c->hist ? (size_t)3 * c->levels : 0;
    size_t n = packed[0];
    uint32_t *d = c->wave ? c->wave : c->parade ? c->parade : c->vector ? c->vector : c->hist;
    if (n > pairs_max || !d)
        return -1;
    const uint8_t *bytes = (const uint8_t *)(packed + 1 + nh);
    for (size_t i = 0; i < nd; i++) /* (a cell's byte: the count, or 255 and a pair) */
        d[i] = bytes[i];
    if (c->hist)
        memcpy(c->hist, packed + 1, sizeof(uint32_t) * nh);
    const uint32_t *pair = packed + scope_pack_head(c->which, c->cols, c->levels);
    for (size_t k = 0; k < n; k++) {
        uint32_t at = pair[2 * k], count = pair[2 * k + 1];
        if (at >= nd || count < 255 || d[at] != 255)
            return -1;
        d[at] = count;
    }
    return 0;
}
