/* The scopes' host side (see scope.h): counting rows, summing counts. */
#include "gpu/scope.h"

#include <string.h>

void scope_count_row(ScopeCounts *c, const uint8_t *row, int x0, int w, int wide)
{
    int shift = c->levels == 256 ? 2 : 0;
    size_t idx[8];
    for (int x = 0; x < w; x++) {
        int r, g, b;
        if (wide) {
            const uint16_t *p = (const uint16_t *)row + 3 * x;
            r = p[0] >> 6, g = p[1] >> 6, b = p[2] >> 6;
        } else {
            const uint8_t *p = row + 3 * x;
            r = scope_s10(p[2]), g = scope_s10(p[1]), b = scope_s10(p[0]);
        }
        scope_index(c, x0 + x, r, g, b, shift, idx);
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
