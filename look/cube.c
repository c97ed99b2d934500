/* The .cube parser and the LUT registry (see cube.h). Strict: every malformed
 * file is refused with its path, line number and reason. */
#include "look/cube.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colour/colour.h"

static int fail_at(char *err, size_t errlen, const char *name, int line, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(err, errlen, "%s:%d: %s", name, line, msg);
    else
        snprintf(err, errlen, "%s: %s", name, msg);
    return -1;
}

/* Parse exactly n finite numbers from s (whitespace separated, nothing after). */
static int numbers(const char *s, const char *end, int n, float *out, const char **why)
{
    char buf[64];
    for (int i = 0; i < n; i++) {
        while (s < end && isspace((unsigned char)*s))
            s++;
        const char *t = s;
        while (t < end && !isspace((unsigned char)*t))
            t++;
        if (t == s) {
            *why = "too few numbers";
            return -1;
        }
        size_t len = (size_t)(t - s);
        if (len >= sizeof(buf)) {
            *why = "not a number";
            return -1;
        }
        memcpy(buf, s, len);
        buf[len] = '\0';
        char *stop;
        errno = 0;
        double v = strtod(buf, &stop);
        if (*stop || stop == buf) {
            *why = "not a number";
            return -1;
        }
        if (!isfinite(v) || fabs(v) > 3.0e38) {
            *why = "not a finite number";
            return -1;
        }
        out[i] = (float)v;
        s = t;
    }
    while (s < end && isspace((unsigned char)*s))
        s++;
    if (s != end) {
        *why = "too many numbers";
        return -1;
    }
    return 0;
}

static int keyword_is(const char *s, const char *end, const char *kw)
{
    size_t n = strlen(kw);
    return (size_t)(end - s) >= n && memcmp(s, kw, n) == 0 &&
           (s + n == end || isspace((unsigned char)s[n]));
}

int cube_parse(const char *text, size_t len, const char *name, Lut *out, char *err,
               size_t errlen)
{
    memset(out, 0, sizeof(*out));
    for (int c = 0; c < 3; c++)
        out->dmin[c] = 0.0f, out->dmax[c] = 1.0f;
    const char *p = text, *end = text + len;
    int line = 0;
    size_t expected = 0, got = 0;
    const char *why;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *next = eol ? eol + 1 : end;
        const char *e = eol ? eol : end;
        line++;
        if (e > p && e[-1] == '\r') /* CRLF */
            e--;
        while (p < e && isspace((unsigned char)*p))
            p++;
        while (e > p && isspace((unsigned char)e[-1]))
            e--;
        if (memchr(p, '\0', (size_t)(e - p)))
            goto bad_char;
        if (p == e || *p == '#') {
            p = next;
            continue;
        }
        if (isalpha((unsigned char)*p)) {
            const char *kw_end = p;
            while (kw_end < e && !isspace((unsigned char)*kw_end))
                kw_end++;
            if (got > 0) {
                fail_at(err, errlen, name, line, "keyword '%.*s' after the data",
                        (int)(kw_end - p < 40 ? kw_end - p : 40), p);
                goto fail;
            }
            if (keyword_is(p, e, "TITLE")) {
                const char *q = kw_end;
                while (q < e && isspace((unsigned char)*q))
                    q++;
                if (q < e && *q == '"' && e - q >= 2 && e[-1] == '"')
                    q++, e--;
                snprintf(out->title, sizeof(out->title), "%.*s", (int)(e - q), q);
            } else if (keyword_is(p, e, "LUT_3D_SIZE") || keyword_is(p, e, "LUT_1D_SIZE")) {
                int dim = p[4] == '3' ? 3 : 1;
                float v;
                if (out->dim) {
                    fail_at(err, errlen, name, line, "a second LUT size");
                    goto fail;
                }
                if (numbers(kw_end, e, 1, &v, &why) < 0) {
                    fail_at(err, errlen, name, line, "LUT_%dD_SIZE: %s", dim, why);
                    goto fail;
                }
                int max = dim == 3 ? LUT3D_MAX_SIZE : LUT1D_MAX_SIZE;
                if (v != floorf(v) || v < 2 || v > max) {
                    fail_at(err, errlen, name, line, "LUT_%dD_SIZE %g out of range 2..%d", dim,
                            v, max);
                    goto fail;
                }
                out->dim = dim, out->size = (int)v;
                expected = dim == 3 ? (size_t)out->size * out->size * out->size : (size_t)out->size;
                if (!(out->data = malloc(expected * 3 * sizeof(float)))) {
                    fail_at(err, errlen, name, line, "out of memory");
                    goto fail;
                }
            } else if (keyword_is(p, e, "DOMAIN_MIN") || keyword_is(p, e, "DOMAIN_MAX")) {
                float *dst = p[8] == 'I' ? out->dmin : out->dmax;
                if (numbers(kw_end, e, 3, dst, &why) < 0) {
                    fail_at(err, errlen, name, line, "%.10s: %s", p, why);
                    goto fail;
                }
            } else {
                fail_at(err, errlen, name, line, "unknown keyword '%.*s'",
                        (int)(kw_end - p < 40 ? kw_end - p : 40), p);
                goto fail;
            }
            p = next;
            continue;
        }
        if (!out->dim) {
            fail_at(err, errlen, name, line, "data before LUT_3D_SIZE or LUT_1D_SIZE");
            goto fail;
        }
        if (got == expected) {
            fail_at(err, errlen, name, line, "more entries than the %zu that LUT_%dD_SIZE %d gives",
                    expected, out->dim, out->size);
            goto fail;
        }
        if (numbers(p, e, 3, out->data + 3 * got, &why) < 0) {
            fail_at(err, errlen, name, line, "%s (an entry is three numbers)", why);
            goto fail;
        }
        got++;
        p = next;
    }
    if (!out->dim) {
        fail_at(err, errlen, name, 0, "no LUT_3D_SIZE or LUT_1D_SIZE");
        goto fail;
    }
    if (got != expected) {
        fail_at(err, errlen, name, line, "%zu entries, LUT_%dD_SIZE %d needs %zu", got, out->dim,
                out->size, expected);
        goto fail;
    }
    for (int c = 0; c < 3; c++) {
        if (!(out->dmax[c] > out->dmin[c])) {
            fail_at(err, errlen, name, 0, "DOMAIN_MAX must exceed DOMAIN_MIN in every channel");
            goto fail;
        }
    }
    return 0;
bad_char:
    fail_at(err, errlen, name, line, "a NUL byte");
fail:
    lut_free(out);
    return -1;
}

int cube_load(const char *path, Lut *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof(*out));
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            char *grown = cap > ((size_t)1 << 31) ? NULL : realloc(text, cap);
            if (!grown) { /* text is still ours to free */
                snprintf(err, errlen, "'%s': too large or out of memory", path);
                fclose(f);
                free(text);
                return -1;
            }
            text = grown;
        }
        size_t n = fread(text + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "cannot read '%s'", path);
        free(text);
        return -1;
    }
    int rc = cube_parse(text, len, path, out, err, errlen);
    free(text);
    return rc;
}

void lut_free(Lut *l)
{
    free(l->data);
    l->data = NULL;
}

/* ---- the registry ------------------------------------------------------- */

typedef struct Entry {
    char key[1024];
    Lut lut;
    struct Entry *next;
} Entry;

static pthread_mutex_t registry_mu = PTHREAD_MUTEX_INITIALIZER;
static Entry *registry;

static const Lut *find(const char *key)
{
    for (Entry *e = registry; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return &e->lut;
    return NULL;
}

static const Lut *add(const char *key, const Lut *l)
{
    Entry *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    snprintf(e->key, sizeof(e->key), "%s", key);
    e->lut = *l;
    e->next = registry;
    registry = e;
    return &e->lut;
}

const Lut *lut_get(const char *path, char *err, size_t errlen)
{
    pthread_mutex_lock(&registry_mu);
    const Lut *l = find(path);
    if (!l) {
        Lut fresh;
        if (cube_load(path, &fresh, err, errlen) == 0 && !(l = add(path, &fresh))) {
            lut_free(&fresh);
            snprintf(err, errlen, "'%s': out of memory", path);
        }
    }
    pthread_mutex_unlock(&registry_mu);
    return l;
}

const Lut *lut_get_power(double exponent, int size)
{
    char key[64];
    snprintf(key, sizeof(key), "pow:%.17g:%d", exponent, size);
    pthread_mutex_lock(&registry_mu);
    const Lut *l = find(key);
    if (!l) {
        Lut fresh = {.dim = 1, .size = size, .dmin = {0, 0, 0}, .dmax = {1, 1, 1}};
        if ((fresh.data = malloc((size_t)size * 3 * sizeof(float)))) {
            colour_power_table(fresh.data, size, exponent);
            if (!(l = add(key, &fresh)))
                lut_free(&fresh);
        }
    }
    pthread_mutex_unlock(&registry_mu);
    return l;
}

void lut_registry_clear(void)
{
    pthread_mutex_lock(&registry_mu);
    while (registry) {
        Entry *e = registry;
        registry = e->next;
        lut_free(&e->lut);
        free(e);
    }
    pthread_mutex_unlock(&registry_mu);
}
