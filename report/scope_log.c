/* --debug-scope (see scope_log.h). */
#include "report/scope_log.h"

static void table(FILE *out, const char *name, const uint32_t *t, size_t n)
{
    if (!t)
        return;
    fprintf(out, ",\"%s\":[", name);
    int first = 1;
    for (size_t i = 0; i < n; i++)
        if (t[i]) {
            fprintf(out, "%s[%zu,%u]", first ? "" : ",", i, (unsigned)t[i]);
            first = 0;
        }
    fputc(']', out);
}

int scope_log_frame(FILE *out, const FrameBuf *f)
{
    const ScopeCounts *c = &f->scope;
    if (!c->which)
        return 0;
    size_t plane = (size_t)c->cols * c->levels;
    fprintf(out, "{\"index\":%lld,\"which\":%d,\"width\":%d,\"cols\":%d,\"levels\":%d",
            (long long)f->index, c->which, c->width, c->cols, c->levels);
    table(out, "wave", c->wave, plane);
    table(out, "parade", c->parade, 3 * plane);
    table(out, "vector", c->vector, (size_t)SCOPE_UV * SCOPE_UV);
    table(out, "hist", c->hist, 3 * (size_t)c->levels);
    fputs("}\n", out);
    return ferror(out) ? -1 : 0;
}
