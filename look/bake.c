/* A chain baked into a 3D table (see bake.h). */
#include "look/bake.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "colour/chain.h"
#include "look/chain.h"

/* the table's value at (r, g, b), red fastest */
static const float *at(const float *t, int n, int r, int g, int b)
{
    return t + 3 * (((size_t)b * n + g) * n + r);
}

/* tetrahedral interpolation of the table at v in [0, 1]³ (FFmpeg's lut3d
 * interp=tetrahedral, in double) */
static void tetra(const float *t, int n, const float v[3], double out[3])
{
    double s = n - 1, x[3];
    int i0[3], i1[3];
    for (int c = 0; c < 3; c++) {
        double p = (v[c] < 0 ? 0 : v[c] > 1 ? 1 : v[c]) * s;
        i0[c] = (int)p, i1[c] = i0[c] + 1 < n ? i0[c] + 1 : i0[c], x[c] = p - i0[c];
    }
    const float *c000 = at(t, n, i0[0], i0[1], i0[2]), *c111 = at(t, n, i1[0], i1[1], i1[2]);
    double r = x[0], g = x[1], b = x[2];
    for (int c = 0; c < 3; c++) {
        double v0 = c000[c], v1 = c111[c], o;
        if (r > g) {
            if (g > b) {
                const float *c100 = at(t, n, i1[0], i0[1], i0[2]), *c110 = at(t, n, i1[0], i1[1], i0[2]);
                o = (1 - r) * v0 + (r - g) * c100[c] + (g - b) * c110[c] + b * v1;
            } else if (r > b) {
                const float *c100 = at(t, n, i1[0], i0[1], i0[2]), *c101 = at(t, n, i1[0], i0[1], i1[2]);
                o = (1 - r) * v0 + (r - b) * c100[c] + (b - g) * c101[c] + g * v1;
            } else {
                const float *c001 = at(t, n, i0[0], i0[1], i1[2]), *c101 = at(t, n, i1[0], i0[1], i1[2]);
                o = (1 - b) * v0 + (b - r) * c001[c] + (r - g) * c101[c] + g * v1;
            }
        } else {
            if (b > g) {
                const float *c001 = at(t, n, i0[0], i0[1], i1[2]), *c011 = at(t, n, i0[0], i1[1], i1[2]);
                o = (1 - b) * v0 + (b - g) * c001[c] + (g - r) * c011[c] + r * v1;
            } else if (b > r) {
                const float *c010 = at(t, n, i0[0], i1[1], i0[2]), *c011 = at(t, n, i0[0], i1[1], i1[2]);
                o = (1 - g) * v0 + (g - b) * c010[c] + (b - r) * c011[c] + r * v1;
            } else {
                const float *c010 = at(t, n, i0[0], i1[1], i0[2]), *c110 = at(t, n, i1[0], i1[1], i0[2]);
                o = (1 - g) * v0 + (g - r) * c010[c] + (r - b) * c110[c] + b * v1;
            }
        }
        out[c] = o;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The bake's error against the chain, per channel pooled, in 10-bit codes:
 * every 8th 10-bit code a side (offset by 4), the 1,024 greys and 100,000
 * colours at random. 0, or −1 (out of memory). */
static int measure(const Chain *ch, const float *t, int n, double *max, double *p99, double *mean)
{
    size_t grid = 128 * 128 * 128, total = 3 * (grid + 1024 + 100000), k = 0;
    double *err = malloc(total * sizeof(double));
    if (!err)
        return -1;
    unsigned seed = 44;
    for (size_t i = 0; i < grid + 1024 + 100000; i++) {
        float v[3];
        if (i < grid)
            v[0] = (4 + 8 * (int)(i / 16384)) / 1023.f, v[1] = (4 + 8 * (int)(i / 128 % 128)) / 1023.f,
            v[2] = (4 + 8 * (int)(i % 128)) / 1023.f;
        else if (i < grid + 1024)
            v[0] = v[1] = v[2] = (float)(i - grid) / 1023.f;
        else
            for (int c = 0; c < 3; c++) {
                seed = seed * 1664525u + 1013904223u;
                v[c] = (float)((seed >> 8) / 16777215.0);
            }
        double b[3];
        tetra(t, n, v, b);
        colour_apply_chain(ch, v);
        for (int c = 0; c < 3; c++)
            err[k++] = fabs(b[c] - v[c]) * 1023.0;
    }
    double sum = 0;
    for (size_t i = 0; i < total; i++)
        sum += err[i];
    qsort(err, total, sizeof(double), cmp_double);
    *max = err[total - 1], *p99 = err[(size_t)(0.99 * (double)(total - 1))], *mean = sum / (double)total;
    free(err);
    return 0;
}

int look_bake(Transform *t, int n, const char *path, const char *title, const char *comment,
              double *max, double *p99, double *mean, char *err, size_t errlen)
{
    char tmp[4200];
    transform_tables(t);
    const Chain *ch = t->identity && !t->chain.tone.on ? NULL : &t->chain;
    size_t cells = (size_t)n * n * n;
    float *tab = malloc(3 * cells * sizeof(float));
    if (!tab) {
        snprintf(err, errlen, "--bake-lut: out of memory for a %d^3 table", n);
        return -1;
    }
    for (int b = 0; b < n; b++)
        for (int g = 0; g < n; g++)
            for (int r = 0; r < n; r++) {
                float *v = (float *)at(tab, n, r, g, b);
                v[0] = (float)r / (float)(n - 1), v[1] = (float)g / (float)(n - 1), v[2] = (float)b / (float)(n - 1);
                colour_apply_chain(ch, v);
            }
    /* written beside the file, then renamed: nothing left behind on a failure */
    snprintf(tmp, sizeof(tmp), "%s.part%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "--bake-lut %s: %s", path, strerror(errno));
        free(tab);
        return -1;
    }
    fprintf(f, "TITLE \"%s\"\n# %s\nLUT_3D_SIZE %d\n", title, comment, n);
    char num[3][32];
    for (size_t i = 0; i < cells; i++) {
        for (int c = 0; c < 3; c++) { /* the values as read back: the error is the file's */
            snprintf(num[c], sizeof(num[c]), "%.7f", tab[3 * i + c]);
            tab[3 * i + c] = strtof(num[c], NULL);
        }
        fprintf(f, "%s %s %s\n", num[0], num[1], num[2]);
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "--bake-lut %s: %s", path, strerror(errno ? errno : EIO));
        unlink(tmp);
        free(tab);
        return -1;
    }
    int rc = measure(ch, tab, n, max, p99, mean);
    if (rc < 0)
        snprintf(err, errlen, "--bake-lut: out of memory to measure the table");
    free(tab);
    return rc;
}
