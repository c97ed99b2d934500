/* --debug-dump (see dump.h). */
#include "report/dump.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Dump {
    FILE *f;
    char *path;
    uint8_t *row; /* one RGB row (PPM's order) */
    size_t rowlen;
};

Dump *dump_open(const char *path, char *err, size_t errlen)
{
    Dump *d = calloc(1, sizeof(*d));
    if (!d || !(d->path = strdup(path))) {
        free(d);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!(d->f = fopen(path, "wb"))) {
        snprintf(err, errlen, "'%s': %s", path, strerror(errno));
        free(d->path), free(d);
        return NULL;
    }
    return d;
}

int dump_frame(Dump *d, const FrameBuf *f, char *err, size_t errlen)
{
    int w = f->fmt.width, h = f->fmt.height;
    if (f->fmt.layout != PIX_BGR24) {
        snprintf(err, errlen, "a %s frame (bgr24 only)", pix_layout_name(f->fmt.layout));
        return -1;
    }
    size_t len = (size_t)3 * w;
    if (len > d->rowlen) {
        uint8_t *r = realloc(d->row, len);
        if (!r) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        d->row = r, d->rowlen = len;
    }
    fprintf(d->f, "P6\n%d %d\n255\n", w, h);
    for (int y = 0; y < h; y++) {
        const uint8_t *s = f->data[0] + (size_t)y * f->stride[0];
        for (int x = 0; x < w; x++)
            d->row[3 * x] = s[3 * x + 2], d->row[3 * x + 1] = s[3 * x + 1],
                        d->row[3 * x + 2] = s[3 * x];
        if (fwrite(d->row, 1, len, d->f) != len) {
            snprintf(err, errlen, "'%s': %s", d->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

int dump_close(Dump **pd, char *err, size_t errlen)
{
    Dump *d = pd ? *pd : NULL;
    int rc = 0;
    if (!d)
        return 0;
    if (fclose(d->f) != 0) {
        snprintf(err, errlen, "--debug-dump '%s': %s", d->path, strerror(errno));
        rc = -1;
    }
    free(d->row), free(d->path), free(d);
    *pd = NULL;
    return rc;
}
