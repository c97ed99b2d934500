/* OpenColorIO programs built on the host (see ocio_prog.h): the block and
 * its records; each kind's builder is in its file of colour/ops/, defined
 * here once (OCIO_PROG_BUILD). */
#include <math.h> /* (before the builders: they call log2f, pow, strcmp, memcpy) */
#include <stdlib.h>
#include <string.h>

#define OCIO_PROG_BUILD 1
#include "ocio/ocio_prog.h"

void ocio_prog_init(OcioProg *p)
{
    memset(p, 0, sizeof(*p));
}

static int grow(OcioProg *p, size_t more)
{
    if (p->failed)
        return -1;
    if (!p->data)
        p->len = 1; /* room for the count */
    if (p->len + more > p->cap) {
        size_t cap = p->cap ? p->cap : 256;
        while (cap < p->len + more)
            cap *= 2;
        float *d = realloc(p->data, cap * sizeof(float));
        if (!d) {
            p->failed = 1;
            return -1;
        }
        p->data = d, p->cap = cap;
    }
    return 0;
}

int ocio_prog_add2(OcioProg *p, int kind, const float *head, size_t nh, const float *table,
                   size_t nt)
{
    size_t n = 2 + nh + nt;
    if (n >= (1u << 24) || grow(p, n) < 0) { /* (a length a float holds exactly) */
        p->failed = 1;
        return -1;
    }
    float *d = p->data + p->len;
    d[0] = (float)kind, d[1] = (float)n;
    if (nh)
        memcpy(d + 2, head, nh * sizeof(float));
    if (nt)
        memcpy(d + 2 + nh, table, nt * sizeof(float));
    /* the record as the reader checks it (colour/ocio.h: its kind's length, a
     * table's size), which the CUDA stage's compiled kernel's generator checks too */
    if (ocio_record_check(p->data, (int)(p->len + n), (int)p->len) != (int)n) {
        p->failed = 1;
        return -1;
    }
    p->len += n;
    p->nops++;
    return 0;
}

int ocio_prog_add(OcioProg *p, int kind, const float *params, size_t n)
{
    return ocio_prog_add2(p, kind, params, n, NULL, 0);
}

static float sanitize(float v) /* OCIO's SanitizeFloat */
{
    if (isnan(v))
        return 0.0f;
    if (isinf(v))
        return v > 0 ? 3.402823466e+38f : -3.402823466e+38f;
    return v;
}

int ocio_prog_add_table(OcioProg *p, int kind, const float *head, size_t nh, const float *rgb,
                        size_t n)
{
    if (ocio_prog_add2(p, kind, head, nh, rgb, n) < 0)
        return -1;
    float *t = p->data + p->len - n;
    for (size_t i = 0; i < n; i++)
        t[i] = sanitize(t[i]);
    return 0;
}

float *ocio_prog_take(OcioProg *p, size_t *len)
{
    float *d = NULL;
    if (!p->failed && grow(p, 0) == 0) {
        d = p->data;
        d[0] = (float)p->nops;
        *len = p->len;
        p->data = NULL;
    }
    ocio_prog_free(p);
    return d;
}

void ocio_prog_free(OcioProg *p)
{
    free(p->data);
    ocio_prog_init(p);
}
