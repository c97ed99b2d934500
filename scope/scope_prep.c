/* scope_prep_scalar (scope_prep.h): a pixel at a time, by tables of each 8-bit
 * sample's 10 bits and share of Y10, and of Cb's and Cr's grid cell for each
 * difference. The reference the AVX2 and AVX-512 versions are held to. */
#include "scope/scope_prep.h"

#include <pthread.h>

#include "scope/scope.h"

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

void scope_prep_scalar(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out)
{
    pthread_once(&tables_once, tables);
    for (int x = 0; x < n; x++) {
        const uint8_t *q = bgr + 3 * x;
        int y = (y_of[0][q[2]] + y_of[1][q[1]] + y_of[2][q[0]] + 32768) >> 16;
        if (out->wave)
            out->wave[x] = (uint32_t)(y >> 2) * (uint32_t)cols + bin[x];
        if (out->parade[0])
            for (int k = 0; k < 3; k++)
                out->parade[k][x] = (uint32_t)q[2 - k] * (uint32_t)cols + bin[x];
        if (out->cell)
            out->cell[x] = (uint16_t)(v_of[s10_of[q[2]] - y + 1023] + u_of[s10_of[q[0]] - y + 1023]);
    }
}
