/* Resampling weights (see resample.h). */
#include "colour/resample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[SCALE_NFILTERS] = {"bilinear", "mitchell", "catrom", "lanczos"};
static const double support[SCALE_NFILTERS] = {1, 2, 2, 3};

/* The Mitchell–Netravali family (B, C), Mitchell & Netravali 1988, eq. 8. */
static double cubic(double x, double b, double c)
{
    x = fabs(x);
    if (x < 1)
        return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) /
               6;
    if (x < 2)
        return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x +
                (8 * b + 24 * c)) /
               6;
    return 0;
}

static double kernel(ScaleFilter f, double x)
{
    const double pi = 3.14159265358979323846;
    switch (f) {
    case SCALE_BILINEAR: return fabs(x) < 1 ? 1 - fabs(x) : 0;
    case SCALE_MITCHELL: return cubic(x, 1.0 / 3, 1.0 / 3);
    case SCALE_CATROM: return cubic(x, 0, 0.5);
    case SCALE_LANCZOS:
        if (x == 0)
            return 1;
        if (fabs(x) >= 3)
            return 0;
        return 3 * sin(pi * x) * sin(pi * x / 3) / (pi * pi * x * x);
    default: return 0;
    }
}

int resample_axis(ResampleAxis *a, int in, int out, ScaleFilter f, char *err, size_t errlen)
{
    memset(a, 0, sizeof(*a));
    if (in < 1 || out < 1 || (int)f < 0 || f >= SCALE_NFILTERS) {
        snprintf(err, errlen, "resample: %d to %d samples with filter %d", in, out, (int)f);
        return -1;
    }
    double scale = (double)in / out, widen = scale > 1 ? scale : 1;
    double r = support[f] * widen;               /* the kernel's reach, in input samples */
    int span = in == out ? 1 : (int)ceil(2 * r); /* input samples in reach of one output */
    int taps = span < in ? span : in;
    a->in = in, a->out = out, a->taps = taps;
    a->first = malloc(sizeof(*a->first) * (size_t)out);
    a->weight = malloc(sizeof(*a->weight) * (size_t)out * taps);
    double *w = malloc(sizeof(*w) * (size_t)taps);
    if (!a->first || !a->weight || !w) {
        free(w);
        resample_axis_free(a);
        snprintf(err, errlen, "resample: out of memory");
        return -1;
    }
    for (int x = 0; x < out; x++) {
        int16_t *row = a->weight + (size_t)x * taps;
        if (in == out) {
            a->first[x] = x, row[0] = RESAMPLE_ONE;
            continue;
        }
        double c = (x + 0.5) * scale - 0.5;
        int j0 = (int)floor(c - r) + 1;
        int first = j0 < 0 ? 0 : j0 > in - taps ? in - taps : j0;
        double sum = 0;
        memset(w, 0, sizeof(*w) * (size_t)taps);
        for (int k = 0; k < span; k++) {
            int j = j0 + k, at = (j < 0 ? 0 : j >= in ? in - 1 : j) - first;
            double v = kernel(f, (j - c) / widen);
            w[at] += v; /* beyond an edge: the edge sample's */
            sum += v;
        }
        /* integers summing to RESAMPLE_ONE, each within 1 of its exact value: every
         * weight rounded down, then the units left over to those whose fractions
         * were largest (so mirrored outputs keep mirrored weights, within 1) */
        int total = 0;
        for (int k = 0; k < taps; k++) {
            w[k] = w[k] / sum * RESAMPLE_ONE;
            row[k] = (int16_t)floor(w[k]);
            w[k] -= row[k];
            total += row[k];
        }
        for (; total < RESAMPLE_ONE; total++) {
            int best = 0;
            for (int k = 1; k < taps; k++)
                if (w[k] > w[best])
                    best = k;
            row[best]++;
            w[best] = -1;
        }
        a->first[x] = first;
    }
    free(w);
    return 0;
}

void resample_axis_free(ResampleAxis *a)
{
    free(a->first);
    free(a->weight);
    free(a->light);
    a->first = NULL, a->weight = NULL, a->light = NULL;
}

int resample_crop(ResampleAxis *a, int in, int out, char *err, size_t errlen)
{
    memset(a, 0, sizeof(*a));
    if (out < 1 || out > in) {
        snprintf(err, errlen, "resample: a crop of %d samples out of %d", out, in);
        return -1;
    }
    a->in = in, a->out = out, a->taps = 1;
    a->first = malloc(sizeof(*a->first) * (size_t)out);
    a->weight = malloc(sizeof(*a->weight) * (size_t)out);
    if (!a->first || !a->weight) {
        resample_axis_free(a);
        snprintf(err, errlen, "resample: out of memory");
        return -1;
    }
    for (int x = 0; x < out; x++)
        a->first[x] = x, a->weight[x] = RESAMPLE_ONE;
    return 0;
}

int resample_light(ResampleAxis *h, ResampleAxis *v, char *err, size_t errlen)
{
    const int n = RESAMPLE_LIGHT_SIZE;
    float *to = malloc(sizeof(float) * (n + 1)), *back = malloc(sizeof(float) * (n + 1));
    if (!to || !back) {
        free(to), free(back);
        snprintf(err, errlen, "resample: out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        double p = (double)i / (n - 1);
        to[i] = (float)pow(p, 2.4);
        back[i] = (float)pow(p, 4 / 2.4); /* (p^4)^(1/2.4) */
    }
    to[n] = to[n - 1], back[n] = back[n - 1];
    free(h->light), free(v->light);
    h->light = to, v->light = back;
    return 0;
}

int scale_filter_parse(const char *name)
{
    for (int i = 0; i < SCALE_NFILTERS; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

const char *scale_filter_name(ScaleFilter f)
{
    return (int)f >= 0 && f < SCALE_NFILTERS ? names[f] : "?";
}
