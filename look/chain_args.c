/* The -t parser's option syntax and errors (see chain_args.h). */
#include "look/chain_args.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int chain_fail(Parser *ps, const char *at, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    snprintf(ps->err, ps->errlen, "-t: %s (at column %d)", msg, (int)(at - ps->spec) + 1);
    return -1;
}

/* A number as written in decimal: [+-]digits[.digits][e[+-]digits], no spaces,
 * no hex, no inf or nan; its value (an underflow reads as 0 or a denormal).
 * 0, or -1 when s is not one. */
int chain_decimal(const char *s, double *v)
{
    const char *p = s + (*s == '+' || *s == '-');
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (digits && (*p == 'e' || *p == 'E')) {
        p += 1 + (p[1] == '+' || p[1] == '-');
        if (!(*p >= '0' && *p <= '9'))
            return -1;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (!digits || *p)
        return -1;
    *v = strtod(s, NULL);
    return isfinite(*v) ? 0 : -1;
}

int chain_find_num(Parser *ps, const Args *a, const char *fname, const Opt *opts, int nopts,
                    double *out)
{
    for (int i = 0; i < nopts; i++)
        out[i] = opts[i].def;
    for (int i = 0; i < a->n; i++) {
        int j = 0;
        while (j < nopts && !(strlen(opts[j].key) == (size_t)a->klen[i] &&
                              strncmp(opts[j].key, a->key[i], a->klen[i]) == 0))
            j++;
        if (j == nopts)
            return chain_fail(ps, a->key_at[i], "unknown option '%.*s' for %s", a->klen[i], a->key[i],
                        fname);
        char buf[64];
        snprintf(buf, sizeof(buf), "%.*s", a->vlen[i], a->val[i]);
        double v;
        if (a->vlen[i] >= (int)sizeof(buf) || chain_decimal(buf, &v) < 0)
            return chain_fail(ps, a->val_at[i], "%s: '%s' is not a number", opts[j].key, buf);
        if (v < opts[j].lo || v > opts[j].hi)
            return chain_fail(ps, a->val_at[i], "%s=%s is outside %g..%g", opts[j].key, buf,
                        opts[j].lo, opts[j].hi);
        out[j] = v;
    }
    return 0;
}

/* the first c in [s, end) that has no backslash before it, or NULL */
static const char *unescaped(const char *s, const char *end, char c)
{
    for (const char *p = s; p < end; p++) {
        if (*p == '\\' && p + 1 < end) {
            p++;
            continue;
        }
        if (*p == c)
            return p;
    }
    return NULL;
}

const char *chain_step_end(const char *s, const char *end)
{
    const char *comma = unescaped(s, end, ',');
    return comma ? comma : end;
}

/* Split "key=value:key=value" (up to end) into args; "\\:" does not split. */
int chain_split_args(Parser *ps, const char *s, const char *end, Args *a)
{
    a->n = 0;
    while (s < end) {
        const char *colon = unescaped(s, end, ':');
        const char *stop = colon ? colon : end;
        const char *eqs = memchr(s, '=', (size_t)(stop - s));
        if (!eqs || eqs == s)
            return chain_fail(ps, s, "expected key=value, got '%.*s'", (int)(stop - s), s);
        if (a->n == 16)
            return chain_fail(ps, s, "too many options");
        a->key[a->n] = a->key_at[a->n] = s;
        a->klen[a->n] = (int)(eqs - s);
        a->val[a->n] = a->val_at[a->n] = eqs + 1;
        a->vlen[a->n] = (int)(stop - eqs - 1);
        a->n++;
        s = colon ? colon + 1 : end;
    }
    return 0;
}

int chain_value(Parser *ps, const Args *a, int i, char *buf, size_t len)
{
    size_t n = 0;
    for (int k = 0; k < a->vlen[i]; k++) {
        char c = a->val[i][k];
        if (c == '\\' && k + 1 < a->vlen[i] && (a->val[i][k + 1] == ',' || a->val[i][k + 1] == ':'))
            c = a->val[i][++k];
        if (n + 1 >= len)
            return chain_fail(ps, a->val_at[i], "%.*s: a value of at most %d bytes", a->klen[i],
                              a->key[i], (int)len - 1);
        buf[n++] = c;
    }
    buf[n] = 0;
    return 0;
}
