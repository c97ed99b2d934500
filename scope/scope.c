/* The scopes' host side (see scope.h): counting rows, summing counts. */
#include "scope/scope.h"
#include "scope/scope_prep.h"
#include "cpu/simd.h"

#include <string.h>

#define SCOPE_CHUNK 512 /* pixels of each row prepared, then counted, at a time */

/* 16-bit samples: scope_index for each pixel (the histogram left to scope_merge
 * when the parade is counted) */
static void count_wide(ScopeCounts *c, const uint16_t *row, int w)
{
    size_t idx[8];
    for (int x = 0; x < w; x++) {
        const uint16_t *p = row + 3 * x;
        scope_index(c, x, p[0] >> 6, p[1] >> 6, p[2] >> 6, c->levels == 256 ? 2 : 0, idx);
        if (c->wave)
            c->wave[idx[0]]++;
        if (c->parade)
            c->parade[idx[1]]++, c->parade[idx[2]]++, c->parade[idx[3]]++;
        if (c->vector)
            c->vector[idx[4]]++;
        if (c->hist && !c->parade)
            c->hist[idx[5]]++, c->hist[idx[6]]++, c->hist[idx[7]]++;
    }
}

int scope_prep_has_avx512(void)
{
#if defined(__x86_64__) && defined(PINSTRIPE_HAVE_AVX512_PREP)
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
#else
    return 0;
#endif
}

ScopePrepFn scope_prep(void)
{
#if defined(__x86_64__) && defined(PINSTRIPE_HAVE_AVX2_ROWS)
    if (simd_level() == SIMD_AVX2)
        return scope_prep_has_avx512() ? scope_prep_avx512 : scope_prep_avx2;
#endif
    return scope_prep_scalar;
}

/* The first pixel of column bin b: ceil(b·width / cols). */
static int bin_x(const ScopeCounts *c, int b)
{
    return (int)(((long long)b * c->width + c->cols - 1) / c->cols);
}

void scope_layout_work(ScopeCounts *c, int which, int width, int height, int levels, uint32_t *block)
{
    scope_layout(c, which, width, levels, block);
    long long per = width / c->cols + (width % c->cols != 0); /* a bin's columns, at most */
    if (levels != 256 || per * height > 65535 || !(which & (SCOPE_WAVEFORM | SCOPE_PARADE)))
        return;
    size_t nw = which & SCOPE_WAVEFORM ? (size_t)c->cols * 256 : 0;
    size_t np = which & SCOPE_PARADE ? 3 * (size_t)c->cols * 256 : 0;
    uint16_t *narrow = (uint16_t *)(void *)block;
    uint32_t *rest = block + (nw + np + 1) / 2; /* the vectorscope's and histogram's */
    c->wave16 = nw ? narrow : NULL, c->parade16 = np ? narrow + nw : NULL;
    c->wave = c->parade = NULL;
    c->vector = which & SCOPE_VECTOR ? rest : NULL;
    c->hist = which & SCOPE_HIST ? rest + (c->vector ? (size_t)SCOPE_UV * SCOPE_UV : 0) : NULL;
}

/* Count pixels xa..xa+cw-1 (at most SCOPE_CHUNK, their bins in bin[]) of n rows:
 * each row's indices made (prep, into idx's arrays), then added. */
static void count_piece(ScopeCounts *c, const uint8_t *rows, size_t stride, int n, int xa, int cw,
                        ScopePrepFn prep, const ScopeIdx *idx, const uint16_t *bin)
{
    size_t plane = (size_t)c->cols * 256;
    const uint32_t *wi = idx->wave, *const *pi = (const uint32_t *const *)idx->parade;
    const uint16_t *cell = idx->cell;
    for (int r = 0; r < n; r++) {
        prep(rows + r * stride + 3 * (size_t)xa, cw, bin, c->cols, idx);
        if (c->wave16)
            for (int x = 0; x < cw; x++)
                c->wave16[wi[x]]++;
        for (int x = 0; c->wave && x < cw; x++)
            c->wave[wi[x]]++;
        if (c->parade16)
            for (int x = 0; x < cw; x++)
                c->parade16[pi[0][x]]++, c->parade16[plane + pi[1][x]]++,
                    c->parade16[2 * plane + pi[2][x]]++;
        for (int x = 0; c->parade && x < cw; x++)
            c->parade[pi[0][x]]++, c->parade[plane + pi[1][x]]++, c->parade[2 * plane + pi[2][x]]++;
        for (int x = 0; c->vector && x < cw; x++)
            c->vector[cell[x]]++;
    }
}

void scope_count_rows(ScopeCounts *c, const uint8_t *rows, size_t stride, int n, int wide)
{
    if (wide || c->levels != 256) {
        for (int r = 0; r < n; r++)
            count_wide(c, (const uint16_t *)(const void *)(rows + r * stride), c->width);
        return;
    }
    /* 8-bit B,G,R: SCOPE_CHUNK pixels (whole bins) of the n rows at a time, so
     * that the cells the chunk's rows add to stay in the L1 cache; each row's
     * indices made first (scope_prep), then counted. The histogram (when the
     * parade does not give it) counts into four tables, a pixel's by its column
     * mod 4, summed after the rows: pixels in a row often share a level, and one
     * table would chain their increments through memory. */
    static _Thread_local uint32_t wi[SCOPE_CHUNK], pi[3][SCOPE_CHUNK];
    static _Thread_local uint16_t cell[SCOPE_CHUNK], bin[SCOPE_CHUNK];
    ScopePrepFn prep = scope_prep();
    int wave = c->which & SCOPE_WAVEFORM, parade = c->which & SCOPE_PARADE;
    ScopeIdx idx = {wave ? wi : NULL, {NULL, NULL, NULL}, c->vector ? cell : NULL};
    for (int k = 0; parade && k < 3; k++)
        idx.parade[k] = pi[k];
    int per = c->width / c->cols + (c->width % c->cols != 0), nb = SCOPE_CHUNK / per;
    nb = nb > 0 ? nb : 1; /* (a bin wider than a chunk: over 368640 pixels a row) */
    for (int b0 = 0; (wave || parade || c->vector) && b0 < c->cols; b0 += nb) {
        int b1 = b0 + nb < c->cols ? b0 + nb : c->cols, xe = bin_x(c, b1);
        for (int xa = bin_x(c, b0); xa < xe; xa += SCOPE_CHUNK) {
            int cw = xe - xa < SCOPE_CHUNK ? xe - xa : SCOPE_CHUNK; /* (one piece, but where a */
            long long at = (long long)xa * c->cols; /* bin is wider than a chunk) its bins: */
            int b = (int)(at / c->width), r = (int)(at % c->width); /* floor(x·cols / width), */
            for (int x = 0; x < cw; x++) {                           /* stepped pixel by pixel */
                bin[x] = (uint16_t)b;
                for (r += c->cols; r >= c->width; r -= c->width)
                    b++;
            }
            count_piece(c, rows, stride, n, xa, cw, prep, &idx, bin);
        }
    }
    if (c->hist && !parade) { /* (the rows whole: one table is a few KiB) */
        uint32_t h[4][3 * 256] = {{0}};
        for (int r = 0; r < n; r++) {
            const uint8_t *q = rows + r * stride;
            for (int x = 0; x < c->width; x++, q += 3) {
                uint32_t *t = h[x & 3];
                t[q[2]]++, t[256 + q[1]]++, t[512 + q[0]]++;
            }
        }
        for (int i = 0; i < 3 * 256; i++)
            c->hist[i] += h[0][i] + h[1][i] + h[2][i] + h[3][i];
    }
}

void scope_merge(ScopeCounts *dst, ScopeCounts *const *src, int n, int part, int parts)
{
    int derive = dst->hist && dst->parade; /* the histogram from the parade's rows */
    size_t cols = (size_t)dst->cols, cells = scope_count_n(dst->which & ~(derive ? SCOPE_HIST : 0),
                                                           dst->cols, dst->levels);
    size_t rows = (cells + cols - 1) / cols, a = rows * part / parts * cols,
           b = rows * (part + 1) / parts * cols; /* whole rows of cols cells (the tables */
    b = b < cells ? b : cells;                   /* but the vectorscope are rows too) */
    uint32_t *d = dst->wave ? dst->wave : dst->parade ? dst->parade : dst->vector ? dst->vector : dst->hist;
    size_t p0 = derive ? (size_t)(dst->parade - d) : 0, p1 = p0 + 3 * cols * (size_t)dst->levels;
    size_t nwp = scope_count_n(dst->which & (SCOPE_WAVEFORM | SCOPE_PARADE), dst->cols, dst->levels);
    for (size_t at = a; at < b; at += cols) {
        size_t end = at + cols < b ? at + cols : b; /* (a row is in one table, or the vectorscope) */
        for (size_t i = at; i < end; i++)
            d[i] = 0;
        for (int k = 0; k < n; k++) {
            const ScopeCounts *w = src[k];
            uint16_t *s16 = w->wave16 ? w->wave16 : w->parade16; /* (cell i of the narrow part) */
            if (s16 && at < nwp) {
                for (size_t i = at; i < end; i++)
                    d[i] += s16[i], s16[i] = 0;
                continue;
            }
            size_t off = s16 ? nwp : 0; /* (cell i at s[i - off]) */
            uint32_t *s = s16 ? (w->vector ? w->vector : w->hist)
                        : w->wave ? w->wave : w->parade ? w->parade : w->vector ? w->vector : w->hist;
            for (size_t i = at; i < end; i++)
                d[i] += s[i - off], s[i - off] = 0;
        }
        if (derive && at >= p0 && at < p1) { /* a parade row: its level's count */
            uint32_t sum = 0;
            for (size_t i = at; i < end; i++)
                sum += d[i];
            dst->hist[(at - p0) / cols] = sum;
        }
    }
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
