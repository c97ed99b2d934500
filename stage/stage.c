/* Stage front end: picks a backend and forwards to its StageOps. What the
 * backends share with it (the Stage, the error setter, the output format) is
 * in stage_common.c, so the backends never call back into this file. */
#include "stage/stage_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Stage *try_backend(const StageOps *ops, const StageConfig *cfg, int *rc)
{
    Stage *s = calloc(1, sizeof(*s));
    if (!s) {
        *rc = -1;
        return NULL;
    }
    s->ops = ops;
    s->cfg = *cfg;
    *rc = ops->init(s);
    return s;
}

Stage *stage_create(const StageConfig *cfg, char *note, size_t notelen, char *err, size_t errlen,
                    int *errcode)
{
    if (note && notelen)
        note[0] = '\0';
    *errcode = -1;
    if (cfg->in.width < 1 || cfg->in.height < 1 || cfg->stripes < 1) {
        snprintf(err, errlen, "stage: bad geometry %dx%d with %d stripes", cfg->in.width,
                 cfg->in.height, cfg->stripes);
        return NULL;
    }
    if (frame_nbands(&cfg->in) != 1 && frame_nbands(&cfg->in) != cfg->stripes) {
        snprintf(err, errlen, "stage: input banded for %d stripes, stage has %d",
                 frame_nbands(&cfg->in), cfg->stripes);
        return NULL;
    }
    if (cfg->out_yuv && (cfg->in.width % 2 || cfg->in.height % 2)) {
        snprintf(err, errlen, "stage: yuv420p output needs an even size, not %dx%d", cfg->in.width,
                 cfg->in.height);
        return NULL;
    }
    if (cfg->out_width < 0 || cfg->out_height < 0 || cfg->scale < 0 ||
        cfg->scale >= SCALE_NFILTERS || (cfg->out_yuv && stage_scales(cfg))) {
        snprintf(err, errlen, "stage: cannot resample %dx%d to %dx%d%s", cfg->in.width,
                 cfg->in.height, cfg->out_width, cfg->out_height,
                 cfg->out_yuv ? " (the encoder's output keeps the video's size)" : "");
        return NULL;
    }
    FrameFormat o = stage_out_format(cfg);
    if (cfg->crop && (o.width > cfg->in.width || o.height > cfg->in.height || cfg->crop_x < 0 ||
                      cfg->crop_y < 0 || cfg->crop_x > cfg->in.width - o.width ||
                      cfg->crop_y > cfg->in.height - o.height)) {
        snprintf(err, errlen, "stage: a %dx%d crop at (%d, %d) does not fit in %dx%d", o.width,
                 o.height, cfg->crop_x, cfg->crop_y, cfg->in.width, cfg->in.height);
        return NULL;
    }
    if (cfg->stripes > cfg->in.height) {
        snprintf(err, errlen, "--stripes %d: more stripes than the frame's %d rows", cfg->stripes,
                 cfg->in.height);
        return NULL;
    }
    const StageOps *ops = &stage_cpu_ops;
    int rc = 0;
    Stage *s = NULL;
    if (cfg->backend != STAGE_CPU) {
#ifdef PINSTRIPE_HAVE_CUDA
        s = try_backend(&stage_cuda_ops, cfg, &rc);
        if (s && rc == 0)
            return s;
        if (cfg->backend == STAGE_CUDA || (s && rc != STAGE_ERR_NODEV)) {
            snprintf(err, errlen, "%s", s ? s->error : "out of memory");
            *errcode = rc;
            free(s);
            return NULL;
        }
        if (note)
            snprintf(note, notelen, "no CUDA device (%s); using the CPU backend", s->error);
        free(s);
#else
        if (cfg->backend == STAGE_CUDA) {
            snprintf(err, errlen,
                     "--backend cuda: this build has no CUDA backend (nvcc was "
                     "not found when it was configured)");
            *errcode = STAGE_ERR_NODEV;
            return NULL;
        }
        if (note)
            snprintf(note, notelen, "built without CUDA; using the CPU backend");
#endif
    }
    s = try_backend(ops, cfg, &rc);
    if (!s || rc != 0) {
        snprintf(err, errlen, "%s", s ? s->error : "out of memory");
        free(s);
        return NULL;
    }
    return s;
}

int stage_depth(const Stage *s)
{
    return s->ops->depth(s);
}

int stage_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
{
    if (s->in_flight >= stage_depth(s)) {
        stage_set_error(s, "stage_submit: %d frames already in flight", s->in_flight);
        return -1;
    }
    out->depth = stage_out_depth(&s->cfg);
    FrameFormat of = stage_out_format(&s->cfg);
    size_t need = stage_scope_need(&s->cfg, s->cfg.scopes);
    out->scope.which = 0; /* counted when asked for and there is room */
    if (need && out->scope_block && out->scope_cap >= need)
        scope_layout(&out->scope, s->cfg.scopes, of.width, out->depth > 8 ? 1024 : 256,
                     out->scope_block);
    int rc = s->ops->submit(s, in, out);
    if (rc == 0)
        s->submitted++, s->in_flight++;
    return rc;
}

int stage_wait(Stage *s, FrameTimings *t)
{
    FrameTimings dummy;
    if (s->in_flight == 0) {
        stage_set_error(s, "stage_wait: nothing in flight");
        return -1;
    }
    s->in_flight--;
    int rc = s->ops->wait(s, t ? t : &dummy);
    s->completed++;
    return rc;
}

void stage_set_crop(Stage *s, int *x, int *y)
{
    FrameFormat o = stage_out_format(&s->cfg);
    int mx = s->cfg.in.width - o.width, my = s->cfg.in.height - o.height;
    *x = *x < 0 ? 0 : *x > mx ? mx : *x;
    *y = *y < 0 ? 0 : *y > my ? my : *y;
    s->cfg.crop_x = *x, s->cfg.crop_y = *y; /* backends read them at submit */
}

void stage_set_scopes(Stage *s, int which)
{
    s->cfg.scopes = s->cfg.out_yuv ? 0 : which & SCOPE_ALL;
}

size_t stage_scope_need(const StageConfig *cfg, int which)
{
    FrameFormat of = stage_out_format(cfg);
    which = cfg->out_yuv ? 0 : which & SCOPE_ALL;
    return which ? scope_count_n(which, of.width < SCOPE_COLS_MAX ? of.width : SCOPE_COLS_MAX,
                                 stage_out_depth(cfg) > 8 ? 1024 : 256)
                 : 0;
}

void stage_set_compare(Stage *s, int on, double f)
{
    s->cfg.compare = on, s->cfg.compare_at = f; /* backends read them at submit (stage_job) */
}

void stage_set_transform(Stage *s, const Transform *t)
{
    s->cfg.transform = *t; /* backends read it when a frame is submitted */
}

const char *stage_error(const Stage *s)
{
    return s->error;
}

const char *stage_backend_name(const Stage *s)
{
    return s->ops->name;
}

int stage_threads(const Stage *s)
{
    return s->ops->threads ? s->ops->threads(s) : 0;
}

HostMemKind stage_host_memory(const Stage *s)
{
    return s->cfg.pageable ? HOST_MEM_ALIGNED : s->ops->host_memory;
}

void stage_destroy(Stage **ps)
{
    Stage *s = ps ? *ps : NULL;
    if (!s)
        return;
    while (s->in_flight > 0)
        stage_wait(s, NULL);
    s->ops->uninit(s);
    stage_gamma_free(s);
    free(s);
    *ps = NULL;
}
