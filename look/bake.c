/* A chain baked into a 3D table, or a shaper and a 3D table (see bake.h). */
#include "look/bake.h"

#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* the k-th smallest of a[0..n) (k < n), a reordered: Hoare's selection (as
 * Wirth writes it), its pivot the middle of three */
static double select_kth(double *a, size_t n, size_t k)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, want = (ptrdiff_t)k;
    while (lo < hi) {
        double x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi];
        double p = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
        ptrdiff_t i = lo, j = hi;
        do {
            while (a[i] < p)
                i++;
            while (p < a[j])
                j--;
            if (i <= j) {
                double t = a[i];
                a[i++] = a[j], a[j--] = t;
            }
        } while (i <= j);
        if (j < want)
            lo = i;
        if (want < i)
            hi = j;
    }
    return a[k];
}

/* The bake's error against the chain, per channel pooled, in 10-bit codes:
 * every 8th 10-bit code a side (offset by 4), the 1,024 greys and 100,000
 * colours at random. 0, or −1 (out of memory). */
#define SHAPER 4096 /* a .clf's shaper: points of its LUT1D */

/* the shaper at x in [0, 1]: its table read linearly, as OpenColorIO reads a LUT1D */
static float shape(const float *sh, float x)
{
    double p = (x < 0 ? 0 : x > 1 ? 1 : x) * (SHAPER - 1);
    int i = (int)p, j = i + 1 < SHAPER ? i + 1 : i;
    return (float)(sh[i] + (p - i) * (sh[j] - sh[i]));
}

static int measure(const Chain *ch, const float *sh, const float *t, int n, double *max, double *p99,
                   double *mean)
{
    size_t grid = 128 * 128 * 128, total = 3 * (grid + 1024 + 100000), k = 0;
    double *err = malloc(total * sizeof(double));
    if (!err)
        return -1;
    unsigned seed = 44;
    float v[3][OCIO_N_MAX];
    int m = 0;
    double sum = 0, top = 0;
    for (size_t i = 0; i < grid + 1024 + 100000; i++) {
        if (i < grid)
            v[0][m] = (4 + 8 * (int)(i / 16384)) / 1023.f,
            v[1][m] = (4 + 8 * (int)(i / 128 % 128)) / 1023.f, v[2][m] = (4 + 8 * (int)(i % 128)) / 1023.f;
        else if (i < grid + 1024)
            v[0][m] = v[1][m] = v[2][m] = (float)(i - grid) / 1023.f;
        else
            for (int c = 0; c < 3; c++) {
                seed = seed * 1664525u + 1013904223u;
                v[c][m] = (float)((seed >> 8) / 16777215.0);
            }
        if (++m < OCIO_N_MAX && i + 1 < grid + 1024 + 100000)
            continue;
        /* m points gathered: the table against the chain, m at a time */
        double b[OCIO_N_MAX][3];
        for (int j = 0; j < m; j++) {
            float u[3] = {v[0][j], v[1][j], v[2][j]};
            for (int c = 0; c < 3 && sh; c++)
                u[c] = shape(sh, u[c]);
            tetra(t, n, u, b[j]);
        }
        float planes[3 * OCIO_N_MAX];
        for (int c = 0; c < 3; c++)
            memcpy(planes + c * m, v[c], (size_t)m * sizeof(float));
        colour_apply_chain_n(ch, planes, m);
        for (int j = 0; j < m; j++)
            for (int c = 0; c < 3; c++) {
                double e = fabs(b[j][c] - planes[c * m + j]) * 1023.0;
                err[k++] = e, sum += e, top = e > top ? e : top;
            }
        m = 0;
    }
    *max = top, *mean = sum / (double)total;
    *p99 = select_kth(err, total, (size_t)(0.99 * (double)(total - 1)));
    free(err);
    return 0;
}

/* A shaper for the chain: the cube's points spaced along each axis where the
 * chain bends. Linear interpolation's error goes with the spacing squared
 * times the second difference, so the density of points goes with the square
 * root of the chain's mean |second difference| along the axis (over 512 pairs
 * of the other two values a bin, 64 bins, the three axes and channels), a
 * quarter of it kept even so that no stretch goes bare; the shaper is that
 * density summed, scaled to [0, 1] */
#define BINS 64
static void design_shaper(const Chain *ch, float *sh)
{
    double w[BINS], d[BINS], sum = 0, h = 1.0 / 128;
    unsigned seed = 7;
    for (int k = 0; k < BINS; k++) {
        double x = (k + 0.5) / BINS, acc = 0;
        x = x < h ? h : x > 1 - h ? 1 - h : x;
        for (int m = 0; m < 512; m++) {
            float o[3][3], y[2];
            for (int c = 0; c < 2; c++) {
                seed = seed * 1664525u + 1013904223u;
                y[c] = (float)((seed >> 8) / 16777215.0);
            }
            int axis = m % 3;
            for (int s = 0; s < 3; s++) {
                float *v = o[s];
                v[axis] = (float)(x + (s - 1) * h), v[(axis + 1) % 3] = y[0], v[(axis + 2) % 3] = y[1];
                colour_apply_chain(ch, v);
            }
            for (int c = 0; c < 3; c++)
                acc += fabs((double)o[2][c] - 2.0 * o[1][c] + o[0][c]);
        }
        w[k] = sqrt(acc / (512 * 3));
        sum += w[k];
    }
    for (int k = 0; k < BINS; k++)
        d[k] = 0.25 + 0.75 * (sum > 0 ? w[k] * BINS / sum : 1);
    double run = 0;
    sh[0] = 0;
    for (int i = 1; i < SHAPER; i++) { /* the density's sum, bin by bin */
        int k = (int)((i - 0.5) / (SHAPER - 1) * BINS);
        run += d[k < BINS ? k : BINS - 1];
        sh[i] = (float)run;
    }
    for (int i = 1; i < SHAPER; i++)
        sh[i] = (float)(sh[i] / run);
}

/* the x whose shaper value is u (the shaper rises: the last point at or
 * below u, then linearly) */
static float unshape(const float *sh, float u)
{
    int lo = 0, hi = SHAPER - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (sh[mid] <= u)
            lo = mid;
        else
            hi = mid;
    }
    double d = sh[hi] - sh[lo], f = d > 0 ? (u - sh[lo]) / d : 0;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (float)((lo + f) / (SHAPER - 1));
}

/* the chain's text for an XML comment or element: & < > as entities */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++)
        fputs(*s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : (char[2]){*s, 0}, f);
}

/* text for a file's header: printable ASCII, '"' and anything else (control
 * bytes, a newline, non-ASCII bytes of a file name) as '?' */
static void header_text(char *s)
{
    for (; *s; s++)
        *s = *s >= ' ' && *s <= '~' && *s != '"' ? *s : '?';
}

int look_bake(Transform *t, int n, const char *path, const char *tmp, const char *title_in,
              const char *comment_in, double *max, double *p99, double *mean, char *err, size_t errlen)
{
    char title[600], comment[600];
    snprintf(title, sizeof(title), "%s", title_in);
    snprintf(comment, sizeof(comment), "%s", comment_in);
    header_text(title), header_text(comment);
    transform_tables(t);
    const Chain *ch = t->identity && !t->chain.tone.on ? NULL : &t->chain;
    size_t cells = (size_t)n * n * n;
    float *tab = malloc(3 * cells * sizeof(float));
    if (!tab) {
        snprintf(err, errlen, "out of memory for a %d^3 table", n);
        return -1;
    }
    const char *dot = strrchr(path, '.');
    int clf = dot && !strcasecmp(dot, ".clf");
    float *sh = clf ? malloc(SHAPER * sizeof(float)) : NULL;
    if (clf && !sh) {
        free(tab);
        snprintf(err, errlen, "out of memory for a shaper");
        return -1;
    }
    if (sh)
        design_shaper(ch, sh);
    for (int b = 0; b < n; b++)
        for (int g = 0; g < n; g++)
            for (int r = 0; r < n; r++) {
                float *v = (float *)at(tab, n, r, g, b);
                v[0] = (float)r / (float)(n - 1), v[1] = (float)g / (float)(n - 1), v[2] = (float)b / (float)(n - 1);
                for (int c = 0; c < 3 && sh; c++)
                    v[c] = unshape(sh, v[c]);
                colour_apply_chain(ch, v);
            }
    /* written beside the file (tmp), then renamed: nothing left behind on a failure */
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "'%s': %s", path, strerror(errno));
        free(tab), free(sh);
        return -1;
    }
    char num[3][32];
    if (!clf) {
        fprintf(f, "TITLE \"%s\"\n# %s\nLUT_3D_SIZE %d\n", title, comment, n);
        for (size_t i = 0; i < cells; i++) {
            for (int c = 0; c < 3; c++) { /* the values as read back: the error is the file's */
                snprintf(num[c], sizeof(num[c]), "%.7f", tab[3 * i + c]);
                tab[3 * i + c] = strtof(num[c], NULL);
            }
            fprintf(f, "%s %s %s\n", num[0], num[1], num[2]);
        }
    } else { /* Academy CLF 3: the shaper (LUT1D), then the cube (LUT3D, blue fastest) */
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ProcessList compCLFversion=\"3\" "
              "id=\"pinstripe-bake\">\n  <Description>", f);
        xml_text(f, title);
        fputs("</Description>\n  <Description>", f);
        xml_text(f, comment);
        fprintf(f, "</Description>\n  <LUT1D id=\"shaper\" inBitDepth=\"32f\" outBitDepth=\"32f\" "
                   "interpolation=\"linear\">\n    <Array dim=\"%d 3\">\n", SHAPER);
        for (int i = 0; i < SHAPER; i++) {
            snprintf(num[0], sizeof(num[0]), "%.8f", sh[i]);
            sh[i] = strtof(num[0], NULL);
            fprintf(f, "%s %s %s\n", num[0], num[0], num[0]);
        }
        fprintf(f, "    </Array>\n  </LUT1D>\n  <LUT3D id=\"cube\" inBitDepth=\"32f\" outBitDepth=\"32f\" "
                   "interpolation=\"tetrahedral\">\n    <Array dim=\"%d %d %d 3\">\n", n, n, n);
        for (int r = 0; r < n; r++)
            for (int g = 0; g < n; g++)
                for (int b = 0; b < n; b++) {
                    float *v = (float *)at(tab, n, r, g, b);
                    for (int c = 0; c < 3; c++) {
                        snprintf(num[c], sizeof(num[c]), "%.7f", v[c]);
                        v[c] = strtof(num[c], NULL);
                    }
                    fprintf(f, "%s %s %s\n", num[0], num[1], num[2]);
                }
        fputs("    </Array>\n  </LUT3D>\n</ProcessList>\n", f);
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "'%s': %s", path, strerror(errno ? errno : EIO));
        unlink(tmp);
        free(tab), free(sh);
        return -1;
    }
    int rc = measure(ch, sh, tab, n, max, p99, mean);
    if (rc < 0)
        snprintf(err, errlen, "out of memory to measure the table");
    free(tab), free(sh);
    return rc;
}
