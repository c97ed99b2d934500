/* Scopes counted by the stage (--scope, key w): waveform, RGB parade,
 * vectorscope and histogram counts of the picture the stage writes, taken from
 * its output samples with integer maths that gcc and nvcc compile alike, so
 * the CPU workers and the CUDA kernels count the same. The README gives the
 * formulas:
 *
 *   a sample as 10 bits: s10 = (s8·1023 + 127) / 255 (8-bit output), s16 >> 6 (16-bit)
 *   Y10 = (13933·R10 + 46871·G10 + 4732·B10 + 32768) >> 16        (BT.709 weights / 65536)
 *   u = 128 + floor(((B10 − Y10)·8769 + 32768) / 65536), v = 128 + floor(((R10 − Y10)·10333
 *       + 32768) / 65536), each clamped to 0..255            (Cb, Cr on a 256×256 grid)
 *   levels: 256 for an 8-bit output (a value's level is s10 >> 2), 1024 for 16-bit (s10)
 *   waveform: count[level of Y10][bin], bin = x·cols/W (cols = min(W, 720));
 *   parade: the same for R10, G10 and B10; vectorscope: count[v][u];
 *   histogram: count[channel][level of s10], channels R, G, B.
 *
 * Counts are 32-bit and exact; they are summed linearly (each pixel adds one). */
#ifndef PINSTRIPE_SCOPE_SCOPE_H
#define PINSTRIPE_SCOPE_SCOPE_H

#include <stddef.h>
#include <stdint.h>

#include "colour/colour_base.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SCOPE_WAVEFORM = 1, SCOPE_PARADE = 2, SCOPE_VECTOR = 4, SCOPE_HIST = 8, SCOPE_ALL = 15 };

#define SCOPE_COLS_MAX 720
#define SCOPE_UV 256

/* The counts of one frame (host or device memory): which scopes, and their tables. */
typedef struct ScopeCounts {
    int which;       /* SCOPE_* bits counted (0: none) */
    int cols;        /* waveform and parade columns: min(width, 720) */
    int levels;      /* 256 or 1024 */
    int width;       /* the frame's (bins: x·cols/width) */
    uint32_t *wave;  /* levels × cols: [level·cols + bin] */
    uint32_t *parade; /* 3 × levels × cols, R then G then B */
    uint32_t *vector; /* 256 × 256, [v·256 + u] */
    uint32_t *hist;  /* 3 × levels, R then G then B */
    /* a CPU worker's own counts (scope_layout_work) when no cell can pass 65535:
     * the waveform's and the parade's as 16-bit counts, wave and parade NULL */
    uint16_t *wave16, *parade16;
} ScopeCounts;

/* The 32-bit counts a ScopeCounts for `which` holds (its tables in one block, in
 * the order wave, parade, vector, hist; absent ones take no room). */
COLOUR_FN size_t scope_count_n(int which, int cols, int levels)
{
    return (which & SCOPE_WAVEFORM ? (size_t)cols * levels : 0) +
           (which & SCOPE_PARADE ? (size_t)3 * cols * levels : 0) +
           (which & SCOPE_VECTOR ? (size_t)SCOPE_UV * SCOPE_UV : 0) +
           (which & SCOPE_HIST ? (size_t)3 * levels : 0);
}

/* Point c's tables into block (scope_count_n counts). */
COLOUR_FN void scope_layout(ScopeCounts *c, int which, int width, int levels, uint32_t *block)
{
    c->which = which, c->width = width, c->levels = levels;
    c->cols = width < SCOPE_COLS_MAX ? width : SCOPE_COLS_MAX;
    uint32_t *p = block;
    c->wave = which & SCOPE_WAVEFORM ? p : NULL;
    p += which & SCOPE_WAVEFORM ? (size_t)c->cols * levels : 0;
    c->parade = which & SCOPE_PARADE ? p : NULL;
    p += which & SCOPE_PARADE ? (size_t)3 * c->cols * levels : 0;
    c->vector = which & SCOPE_VECTOR ? p : NULL;
    p += which & SCOPE_VECTOR ? (size_t)SCOPE_UV * SCOPE_UV : 0;
    c->hist = which & SCOPE_HIST ? p : NULL;
    c->wave16 = c->parade16 = NULL;
}

/* An 8-bit sample as 10 bits. */
COLOUR_FN int scope_s10(int s8)
{
    return (s8 * 1023 + 127) / 255;
}

COLOUR_FN int scope_y10(int r, int g, int b)
{
    return (13933 * r + 46871 * g + 4732 * b + 32768) >> 16;
}

/* Cb or Cr on the 256 grid from (B or R) − Y, both 10-bit (c: 8769 for Cb, 10333 for Cr);
 * the shift is arithmetic (floor) on both compilers */
COLOUR_FN int scope_uv(int d, int c)
{
    int u = 128 + ((d * c + 32768) >> 16);
    return u < 0 ? 0 : u > 255 ? 255 : u;
}

/* Where pixel (x, 10-bit r, g, b) adds one in each table: idx[0] the waveform,
 * idx[1..3] the parade's R, G, B, idx[4] the vectorscope, idx[5..7] the
 * histogram's R, G, B (indices into the tables, not the block). */
COLOUR_FN void scope_index(const ScopeCounts *c, int x, int r, int g, int b, int shift,
                           size_t idx[8])
{
    int y = scope_y10(r, g, b);
    size_t bin = c->cols < c->width ? (size_t)x * c->cols / c->width : (size_t)x;
    size_t cols = (size_t)c->cols, plane = cols * c->levels;
    idx[0] = (size_t)(y >> shift) * cols + bin;
    idx[1] = (size_t)(r >> shift) * cols + bin, idx[2] = plane + (size_t)(g >> shift) * cols + bin,
    idx[3] = 2 * plane + (size_t)(b >> shift) * cols + bin;
    idx[4] = (size_t)scope_uv(r - y, 10333) * SCOPE_UV + scope_uv(b - y, 8769);
    idx[5] = r >> shift, idx[6] = c->levels + (g >> shift), idx[7] = 2 * c->levels + (b >> shift);
}

/* The CUDA stage's counts on their way down (gpu/scope_cuda.cu), "packed": 32-bit
 * words, [0] the number of pairs, then the histogram's counts as they are (3 ×
 * levels, when counted), then every other cell (the waveform's, the parade's and
 * the vectorscope's, in the block's order) a byte, min(count, 255), four to a
 * word, then (index in the block, count) pairs for the cells of 255 or more. A
 * table that n pixels add to has at most n / 255 such cells. */
COLOUR_FN size_t scope_cells8(int which, int cols, int levels)
{
    return scope_count_n(which & ~SCOPE_HIST, cols, levels);
}

/* The words before the pairs. */
COLOUR_FN size_t scope_pack_head(int which, int cols, int levels)
{
    return 1 + (which & SCOPE_HIST ? (size_t)3 * levels : 0) + (scope_cells8(which, cols, levels) + 3) / 4;
}

/* The pairs a frame of width × height can need at most. */
COLOUR_FN size_t scope_pairs_max(int which, int width, int height)
{
    size_t tables = (which & SCOPE_WAVEFORM ? 1 : 0) + (which & SCOPE_PARADE ? 3 : 0) +
                    (which & SCOPE_VECTOR ? 1 : 0);
    return (size_t)width * (size_t)height / 255 * tables;
}

/* c's tables (laid out by scope_layout) from a packed block holding at most
 * pairs_max pairs. 0, or -1 when the block cannot be one (too many pairs, an
 * index out of range, a pair for a cell under 255). */
int scope_unpack(ScopeCounts *c, const uint32_t *packed, size_t pairs_max);

#define SCOPE_ROWS_MAX 8 /* rows scope_count_rows takes at a time */

/* A CPU worker's counts in block (scope_count_n words): as scope_layout, but
 * when the frame (width × height, 8-bit) cannot put 65535 in a waveform or
 * parade cell (a bin's columns times the rows: every size up to 8K), those
 * two tables are 16-bit (wave16, parade16), half the cache they take. */
void scope_layout_work(ScopeCounts *c, int which, int width, int height, int levels, uint32_t *block);

/* Count n rows (at most SCOPE_ROWS_MAX, stride bytes apart, c->width pixels
 * each: packed B,G,R 8-bit, or R,G,B 16-bit when wide) into c (host memory).
 * With the parade counted, the histogram is not: scope_merge makes it. */
void scope_count_rows(ScopeCounts *c, const uint8_t *rows, size_t stride, int n, int wide);
/* Part `part` (0..parts-1) of dst = the sum of n tables src[] of dst's layout
 * (or scope_layout_work's of it), which are left all zero (keep them zero between frames); with the parade
 * counted, the histogram's part as the sums of the parade's rows (each pixel
 * adds one to both; scope_count_rows leaves the histogram to this). The parts
 * touch disjoint cells: each may be made by its own thread, together making
 * all of dst. */
void scope_merge(ScopeCounts *dst, ScopeCounts *const *src, int n, int part, int parts);

#ifdef __cplusplus
}
#endif

#endif
