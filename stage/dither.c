/* The dither patterns (dither.h): the Bayer matrix by its recursion, the
 * blue-noise mask by void-and-cluster. */
#include "stage/dither.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#define N DITHER_SIZE
#define NN (N * N)

static uint16_t ordered[NN], blue[NN];
static pthread_once_t once_ordered = PTHREAD_ONCE_INIT, once_blue = PTHREAD_ONCE_INIT;

/* rank r of NN levels to a threshold in the middle of its interval */
static uint16_t threshold(int r)
{
    return (uint16_t)((2 * r + 1) * (65536 / NN) / 2);
}

static void make_ordered(void)
{
    /* M(2s) = [[4M, 4M+2], [4M+3, 4M+1]]: the quadrant (the highest bits of x, y)
     * is the least significant digit, the lowest bits the most */
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            int r = 0;
            for (int b = 1; b < N; b *= 2) {
                int qx = (x & b) != 0, qy = (y & b) != 0;
                r = 4 * r + (qy ? (qx ? 1 : 3) : (qx ? 2 : 0));
            }
            ordered[y * N + x] = threshold(r);
        }
}

/* void-and-cluster: energy of each cell = Σ over set cells of a Gaussian of
 * their distance on the torus */
static double kernel[NN];
static double energy[NN];
static unsigned char on[NN];

static void add(int i, double sign)
{
    int x0 = i % N, y0 = i / N;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            energy[y * N + x] += sign * kernel[((y - y0 + N) % N) * N + (x - x0 + N) % N];
}

/* the set cell of most energy (tightest cluster) or the unset cell of least (largest void) */
static int extreme(int want_on)
{
    int best = -1;
    for (int i = 0; i < NN; i++) {
        if (on[i] != want_on)
            continue;
        if (best < 0 || (want_on ? energy[i] > energy[best] : energy[i] < energy[best]))
            best = i;
    }
    return best;
}

static void make_blue(void)
{
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            int dx = x < N / 2 ? x : N - x, dy = y < N / 2 ? y : N - y;
            kernel[y * N + x] = exp(-(dx * dx + dy * dy) / (2.0 * 1.5 * 1.5));
        }
    /* a starting pattern of NN/10 points from a fixed LCG, made even by moving
     * the tightest cluster's point into the largest void until that repeats */
    memset(on, 0, sizeof(on));
    memset(energy, 0, sizeof(energy));
    uint32_t seed = 12345u;
    int ones = 0;
    while (ones < NN / 10) {
        seed = seed * 1664525u + 1013904223u;
        int i = (int)((seed >> 8) % NN);
        if (!on[i]) {
            on[i] = 1, ones++;
            add(i, 1.0);
        }
    }
    for (int guard = 0; guard < 4 * NN; guard++) {
        int c = extreme(1);
        on[c] = 0, add(c, -1.0);
        int v = extreme(0);
        on[v] = 1, add(v, 1.0);
        if (v == c)
            break;
    }
    unsigned char start[NN];
    double start_energy[NN];
    memcpy(start, on, sizeof(on));
    memcpy(start_energy, energy, sizeof(energy));
    int rank[NN];
    /* phase 1: the starting points, tightest cluster first, take the ranks below `ones` */
    for (int r = ones - 1; r >= 0; r--) {
        int c = extreme(1);
        on[c] = 0, add(c, -1.0);
        rank[c] = r;
    }
    /* phases 2 and 3: from the start, fill the largest void with the next rank */
    memcpy(on, start, sizeof(on));
    memcpy(energy, start_energy, sizeof(energy));
    for (int r = ones; r < NN; r++) {
        int v = extreme(0);
        on[v] = 1, add(v, 1.0);
        rank[v] = r;
    }
    for (int i = 0; i < NN; i++)
        blue[i] = threshold(rank[i]);
}

const uint16_t *dither_table(DitherMode m)
{
    if (m == DITHER_NONE)
        return NULL;
    if (m == DITHER_BLUE) {
        pthread_once(&once_blue, make_blue);
        return blue;
    }
    pthread_once(&once_ordered, make_ordered);
    return ordered;
}

const char *dither_name(DitherMode m)
{
    switch (m) {
    case DITHER_NONE: return "no";
    case DITHER_ORDERED: return "ordered";
    case DITHER_BLUE: return "blue";
    }
    return "?";
}

int dither_parse(const char *name)
{
    for (int m = DITHER_NONE; m <= DITHER_BLUE; m++)
        if (strcmp(name, dither_name((DitherMode)m)) == 0)
            return m;
    return -1;
}
