/* --bake-lut (see bake.h): the -t chain, as the stage applies it to INPUT's
 * kind of picture (its transfer, primaries and peak: tone mapping and
 * OpenColorIO steps included), sampled on an N³ grid over R, G, B in [0, 1]
 * and written as a .cube 3D table (red fastest, as the format has it), then
 * measured against the chain itself. */
#include "app/bake.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "colour/chain.h"
#include "decode/decoder.h"
#include "io/hdrmeta.h"
#include "io/source.h"
#include "look/chain.h"
#include "look/tonemap.h"
#include "report/msg.h"

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

/* INPUT's kind of picture: its transfer, primaries and peak. EXIT_OK, or the
 * exit code said. */
static int input_kind(const Options *o, HdrSource *src)
{
    char err[1024];
    int code;
    SourceOptions sopt = {.format = o->format, .loop = 1};
    struct Source *s = source_open(o->input, &sopt, err, sizeof(err), &code);
    if (!s) {
        msg_fail("%s", err);
        return code == SOURCE_ERR_USAGE ? EXIT_USAGE : EXIT_INPUT;
    }
    DecoderOptions dopt = {.reshape = 1};
    Decoder *d = decoder_open(s, &dopt, err, sizeof(err), &code);
    if (!d) {
        msg_fail("%s", err);
        source_close(&s);
        return EXIT_INPUT;
    }
    const DecoderInfo *di = decoder_info(d);
    *src = (HdrSource){di->transfer, di->colour_primaries, hdrmeta_peak(&di->hdr)};
    decoder_close(&d);
    source_close(&s);
    return EXIT_OK;
}

int bake_run(const Options *o)
{
    const char *path = o->bake_lut, *dot = strrchr(path, '.');
    int n = (int)o->bake_size;
    char err[1024], tmp[4200];
    if (!dot || strcasecmp(dot, ".cube")) {
        msg_fail("--bake-lut %s: the table is written as .cube (a 3D table)", path);
        return EXIT_USAGE;
    }
    if (!o->input) {
        msg_fail("--bake-lut needs INPUT: the kind of picture the chain is baked for");
        return EXIT_USAGE;
    }
    /* its folder, before any work */
    const char *slash = strrchr(path, '/');
    char dir[4096];
    snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    if (access(dir, W_OK) != 0) {
        msg_fail("--bake-lut %s: cannot write in '%s': %s", path, dir, strerror(errno));
        return EXIT_USAGE;
    }
    chain_ocio_config(o->ocio);
    Transform look, t;
    if (transform_parse(o->transform, &look, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_USAGE;
    }
    HdrSource src;
    int code = input_kind(o, &src);
    if (code != EXIT_OK)
        return code;
    ToneSettings ts = options_tone(o);
    if (tone_apply(&look, &ts, &src, &t, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    transform_tables(&t);
    const Chain *ch = t.identity && !t.chain.tone.on ? NULL : &t.chain;
    size_t cells = (size_t)n * n * n;
    float *tab = malloc(3 * cells * sizeof(float));
    if (!tab) {
        msg_fail("--bake-lut: out of memory for a %d^3 table", n);
        return EXIT_RUNTIME;
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
        msg_fail("--bake-lut %s: %s", path, strerror(errno));
        free(tab);
        return EXIT_RUNTIME;
    }
    fprintf(f, "TITLE \"pinstripe -t %s\"\n# baked by pinstripe for %s (%s)\nLUT_3D_SIZE %d\n",
            o->transform, o->input, src.transfer == TRANSFER_PQ ? "PQ" : src.transfer == TRANSFER_HLG ? "HLG" : "SDR",
            n);
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
        msg_fail("--bake-lut %s: %s", path, strerror(errno ? errno : EIO));
        unlink(tmp);
        free(tab);
        return EXIT_RUNTIME;
    }
    double max = 0, p99 = 0, mean = 0;
    if (measure(ch, tab, n, &max, &p99, &mean) < 0) {
        msg_fail("--bake-lut: out of memory to measure the table");
        free(tab);
        return EXIT_RUNTIME;
    }
    free(tab);
    printf("pinstripe: -t %s baked into '%s' (%d^3, tetrahedral) for %s: against the chain on every "
           "8th 10-bit code, the 1,024 greys and 100,000 colours: mean %.3f, p99 %.2f, max %.2f LSB10\n",
           o->transform, path, n, o->input, mean, p99, max);
    return EXIT_OK;
}
