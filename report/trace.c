/* The Chrome trace writer (see trace.h). Complete events ("ph":"X") with
 * microsecond timestamps; thread-name metadata names the lanes. */
#include "report/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LANE_DECODE = 1, LANE_STAGE = 2, LANE_DISPLAY = 3, LANE_STREAM0 = 100 };

struct Trace {
    FILE *f;
    char path[1024];
    double origin_ms;
    int cuda;
    int lanes_named; /* stream lanes named so far */
    int write_error;
};

static void event(Trace *t, const char *name, int tid, double t0, double t1, long long frame,
                  int stripe)
{
    if (t1 < t0)
        t1 = t0;
    fprintf(t->f, ",\n{\"name\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,"
                  "\"args\":{\"frame\":%lld",
            name, tid, (t0 - t->origin_ms) * 1000.0, (t1 - t0) * 1000.0, frame);
    if (stripe >= 0)
        fprintf(t->f, ",\"stripe\":%d", stripe);
    fputs("}}", t->f);
}

static void lane_name(Trace *t, int tid, const char *name)
{
    fprintf(t->f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                  "\"args\":{\"name\":\"%s\"}}",
            tid, name);
    fprintf(t->f, ",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                  "\"args\":{\"sort_index\":%d}}",
            tid, tid);
}

Trace *trace_open(const char *path, const char *backend, double origin_ms, char *err,
                  size_t errlen)
{
    Trace *t = calloc(1, sizeof(*t));
    if (!t) {
        snprintf(err, errlen, "--trace '%s': out of memory", path);
        return NULL;
    }
    if (!(t->f = fopen(path, "w"))) {
        snprintf(err, errlen, "cannot create '%s': %s", path, strerror(errno));
        free(t);
        return NULL;
    }
    snprintf(t->path, sizeof(t->path), "%s", path);
    t->origin_ms = origin_ms;
    t->cuda = strcmp(backend, "cuda") == 0;
    fprintf(t->f, "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"backend\":\"%s\"},"
                  "\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
                  "\"args\":{\"name\":\"pinstripe\"}}",
            backend);
    lane_name(t, LANE_DECODE, "decode thread");
    lane_name(t, LANE_STAGE, "stage (submit to done)");
    lane_name(t, LANE_DISPLAY, "display loop");
    return t;
}

void trace_frame(Trace *t, const FrameBuf *f, double show_t0, double show_t1)
{
    if (!t)
        return;
    const FrameTimings *ft = &f->t;
    long long n = (long long)f->index;
    event(t, "decode", LANE_DECODE, ft->decode_t0, ft->decode_t1, n, -1);
    event(t, "stage", LANE_STAGE, ft->submit_t, ft->submit_t + ft->stage_ms, n, -1);
    for (int k = 0; k < ft->nspans; k++) {
        const StripeSpan *sp = &ft->spans[k];
        int lane = LANE_STREAM0 + sp->stream;
        while (t->lanes_named <= sp->stream) {
            char name[64];
            snprintf(name, sizeof(name), t->cuda ? "CUDA stream %d" : "CPU worker %d",
                     t->lanes_named);
            lane_name(t, LANE_STREAM0 + t->lanes_named++, name);
        }
        if (t->cuda) {
            event(t, "upload", lane, sp->up0, sp->up1, n, k);
            event(t, "kernel", lane, sp->up1, sp->k1, n, k);
            event(t, "download", lane, sp->k1, sp->down1, n, k);
        } else {
            /* a CPU worker's share of the frame: its first band's start to its last's end */
            event(t, "bands", lane, sp->up0, sp->down1, n, -1);
        }
    }
    event(t, "show", LANE_DISPLAY, show_t0, show_t1, n, -1);
    if (ferror(t->f))
        t->write_error = 1;
}

int trace_close(Trace **pt, char *err, size_t errlen)
{
    Trace *t = pt ? *pt : NULL;
    if (!t)
        return 0;
    fputs("\n]}\n", t->f);
    int bad = ferror(t->f) || t->write_error;
    if (fclose(t->f) != 0)
        bad = 1;
    if (bad && err)
        snprintf(err, errlen, "cannot write '%s': %s", t->path, strerror(errno));
    free(t);
    *pt = NULL;
    return bad ? -1 : 0;
}
