/* Live adjustment of a chain's text (see adjust.h). The text is split as
 * transform_parse splits it: steps at ',', a step's options at ':' after its
 * name and '='. */
#include "grade/adjust.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *key;
    double def, lo, hi, step;
} values[ADJ_NVALUES] = {
    {"contrast", 1, -1000, 1000, 0.05}, {"brightness", 0, -1, 1, 0.01},
    {"saturation", 1, 0, 3, 0.05},      {"gamma", 1, 0.1, 10, 0.05},
    {"mix", 1, 0, 1, 0.05},
};

void adjust_number(double v, char *out, size_t outlen)
{
    for (int p = 1; p <= 17; p++) { /* (10, not 1e+01) */
        snprintf(out, outlen, "%.*g", p, v);
        int plain = !strchr(out, 'e') || fabs(v) < 1e-4 || fabs(v) >= 1e15;
        if (strtod(out, NULL) == v && plain)
            return;
    }
}

/* The length of a step's name (up to '=' or its end). */
static size_t name_len(const char *s, size_t len)
{
    const char *e = memchr(s, '=', len);
    return e ? (size_t)(e - s) : len;
}

static int is_step(const char *s, size_t len, const char *name)
{
    return name_len(s, len) == strlen(name) && strncmp(s, name, strlen(name)) == 0;
}

/* The options of step s (len chars): the values named in values[lo..hi) read
 * into v, the others appended to out (from *o, ':'-joined). */
static void options(const char *s, size_t len, int lo, int hi, double *v, char *out, size_t *o)
{
    size_t n = name_len(s, len);
    const char *p = s + n + (n < len), *end = s + len;
    while (p < end) {
        const char *stop = memchr(p, ':', (size_t)(end - p));
        stop = stop ? stop : end;
        int k = lo;
        while (k < hi && !(strncmp(p, values[k].key, strlen(values[k].key)) == 0 &&
                           p[strlen(values[k].key)] == '='))
            k++;
        if (k < hi) {
            v[k] = strtod(p + strlen(values[k].key) + 1, NULL);
        } else if (out) {
            out[(*o)++] = ':';
            memcpy(out + *o, p, (size_t)(stop - p));
            *o += (size_t)(stop - p);
        }
        p = stop + (stop < end);
    }
}

int adjust_begin(Adjust *a, const char *spec)
{
    size_t len = strlen(spec);
    memset(a, 0, sizeof(*a));
    for (int k = 0; k < ADJ_NVALUES; k++)
        a->v[k] = values[k].def;
    a->lut_end = -1;
    if (len >= ADJUST_TEXT_MAX)
        return -1;
    const char *comma = strrchr(spec, ',');
    const char *last = comma ? comma + 1 : spec;
    if (is_step(last, strlen(last), "eq")) { /* its values are the ones to adjust */
        options(last, strlen(last), ADJ_CONTRAST, ADJ_MIX, a->v, NULL, NULL);
        a->had_eq = 1;
        len = comma ? (size_t)(comma - spec) : 0;
    }
    /* the last LUT step, its mix taken out */
    const char *lut = NULL;
    size_t lutlen = 0;
    for (const char *s = spec; s < spec + len;) {
        const char *stop = memchr(s, ',', (size_t)(spec + len - s));
        stop = stop ? stop : spec + len;
        size_t sl = (size_t)(stop - s);
        if (is_step(s, sl, "lut3d") || is_step(s, sl, "lut1d") || is_step(s, sl, "look") ||
            is_step(s, sl, "lut") || is_step(s, sl, "ocio") || is_step(s, sl, "camera") ||
            is_step(s, sl, "cdl"))
            lut = s, lutlen = (size_t)(stop - s);
        s = stop + 1;
    }
    if (!lut) {
        memcpy(a->text, spec, len);
        return 0;
    }
    size_t o = (size_t)(lut - spec), n = name_len(lut, lutlen);
    memcpy(a->text, spec, o + n);
    size_t at = o += n;
    options(lut, lutlen, ADJ_MIX, ADJ_NVALUES, a->v, a->text, &o);
    if (o > at) /* the first option follows '=', not ':' */
        a->text[at] = '=';
    a->lut_end = (int)o;
    memcpy(a->text + o, lut + lutlen, len - (size_t)(lut + lutlen - spec));
    return 0;
}

int adjust_key(Adjust *a, int key, char *what, size_t whatlen)
{
    int k;
    double d;
    if (key >= '1' && key <= '8') {
        static const int which[4] = {ADJ_CONTRAST, ADJ_BRIGHTNESS, ADJ_GAMMA, ADJ_SATURATION};
        k = which[(key - '1') / 2];
        d = (key - '1') % 2 ? values[k].step : -values[k].step;
    } else if (key == '-' || key == '=') {
        k = ADJ_MIX;
        d = key == '=' ? values[k].step : -values[k].step;
        if (a->lut_end < 0) {
            snprintf(what, whatlen, "no LUT in the chain: - and = change a LUT's mix");
            return -1;
        }
    } else {
        return 0;
    }
    char buf[32];
    snprintf(buf, sizeof(buf), "%.10g", a->v[k] + d); /* on the steps' grid, not off by 1 ulp */
    double v = strtod(buf, NULL);
    v = v < values[k].lo ? values[k].lo : v > values[k].hi ? values[k].hi : v;
    adjust_number(v, buf, sizeof(buf));
    if (v == a->v[k]) {
        snprintf(what, whatlen, "%s %s: the end of its range", values[k].key, buf);
        return -1;
    }
    a->v[k] = v;
    snprintf(what, whatlen, "%s %s", values[k].key, buf);
    return 1;
}

int adjust_text(const Adjust *a, char *out, size_t outlen)
{
    char num[32];
    size_t o = 0, tl = strlen(a->text), lut = a->lut_end < 0 ? tl : (size_t)a->lut_end;
    int n = 0, eq = a->had_eq;
    for (int k = ADJ_CONTRAST; k < ADJ_MIX; k++)
        eq |= a->v[k] != values[k].def;
    if (eq && strcmp(a->text, "none") == 0) /* "eq=…", not "none,eq=…" */
        tl = lut = 0;
    adjust_number(a->v[ADJ_MIX], num, sizeof(num));
    n = snprintf(out, outlen, "%.*s%s%s%.*s", (int)lut, a->text,
                 a->v[ADJ_MIX] != 1 ? ":mix=" : "", a->v[ADJ_MIX] != 1 ? num : "",
                 (int)(tl - lut), a->text + lut);
    for (int k = ADJ_CONTRAST; eq && k < ADJ_MIX && n >= 0 && (size_t)n < outlen; k++) {
        if (k == ADJ_CONTRAST) /* the eq step, then its values that are not the defaults */
            n += snprintf(out + n, outlen - (size_t)n, "%seq", tl ? "," : "");
        if (a->v[k] == values[k].def || n < 0 || (size_t)n >= outlen)
            continue;
        adjust_number(a->v[k], num, sizeof(num));
        n += snprintf(out + n, outlen - (size_t)n, "%c%s=%s", o++ ? ':' : '=', values[k].key, num);
    }
    if (n == 0)
        n = snprintf(out, outlen, "none");
    return n < 0 || (size_t)n >= outlen ? -1 : 0;
}
