/* The CPU backend: one worker thread per stripe (at most MAX_WORKERS; beyond
 * that a worker takes every MAX_WORKERS-th stripe). submit hands the frame to
 * every worker and returns; wait blocks until all of them are done. One frame
 * in flight. */
#include <pthread.h>
#include <stdlib.h>

#include "gpu/clock.h"
#include "gpu/convert.h"
#include "gpu/stage_impl.h"
#include "gpu/stripes.h"

#define MAX_WORKERS 64

typedef struct CpuStage CpuStage;

typedef struct Worker {
    CpuStage *cs;
    int id;
    uint8_t *scratch; /* out_yuv: a row pair as BGR, allocated once */
    pthread_t thread;
    int started;
} Worker;

struct CpuStage {
    Stage *stage;
    Worker workers[MAX_WORKERS];
    int nworkers;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long job; /* bumps on every submit */
    int remaining;     /* workers still busy on the current job */
    int quit;
    const FrameBuf *in;
    FrameBuf *out;
    YuvCoeffs coeffs;
    RgbToYuv to_yuv;     /* out_yuv: the encoder's matrix */
    Transform transform; /* the stage's, as it was when the frame was submitted */
    double submit_ms, work_ms;
    StripeSpan spans[FRAME_MAX_SPANS]; /* stripe k's entry is written by its worker only */
};

static void run_stripes(CpuStage *cs, int id, uint8_t *scratch)
{
    const StageConfig *cfg = &cs->stage->cfg;
    int even = stripe_needs_even(cfg->in.layout) || cfg->out_yuv;
    for (int k = id; k < cfg->stripes; k += cs->nworkers) {
        int y0, y1;
        stripe_rows(cfg->in.height, cfg->stripes, k, even, &y0, &y1);
        double t0 = clock_now_ms();
        if (y0 < y1 && cfg->out_yuv)
            convert_rows_yuv420(cs->in, cs->out, y0, y1, &cs->coeffs, &cs->to_yuv, &cs->transform,
                                scratch);
        else if (y0 < y1)
            convert_rows(cs->in, cs->out, y0, y1, &cs->coeffs, &cs->transform);
        if (k < FRAME_MAX_SPANS) {
            double t1 = clock_now_ms();
            cs->spans[k] = (StripeSpan){.up0 = t0, .up1 = t0, .k1 = t1, .down1 = t1, .stream = id};
        }
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    CpuStage *cs = w->cs;
    unsigned long seen = 0;
    pthread_mutex_lock(&cs->mu);
    for (;;) {
        while (cs->job == seen && !cs->quit)
            pthread_cond_wait(&cs->go, &cs->mu);
        if (cs->quit)
            break;
        seen = cs->job;
        pthread_mutex_unlock(&cs->mu);
        double t0 = clock_now_ms();
        run_stripes(cs, w->id, w->scratch);
        double ms = clock_now_ms() - t0;
        pthread_mutex_lock(&cs->mu);
        if (ms > cs->work_ms)
            cs->work_ms = ms;
        if (--cs->remaining == 0)
            pthread_cond_signal(&cs->done);
    }
    pthread_mutex_unlock(&cs->mu);
    return NULL;
}

static void cpu_uninit(Stage *s)
{
    CpuStage *cs = s->priv;
    if (!cs)
        return;
    pthread_mutex_lock(&cs->mu);
    cs->quit = 1;
    pthread_cond_broadcast(&cs->go);
    pthread_mutex_unlock(&cs->mu);
    for (int i = 0; i < cs->nworkers; i++) {
        if (cs->workers[i].started)
            pthread_join(cs->workers[i].thread, NULL);
        free(cs->workers[i].scratch);
    }
    pthread_cond_destroy(&cs->go);
    pthread_cond_destroy(&cs->done);
    pthread_mutex_destroy(&cs->mu);
    free(cs);
    s->priv = NULL;
}

static int cpu_init(Stage *s)
{
    CpuStage *cs = calloc(1, sizeof(*cs));
    if (!cs) {
        stage_set_error(s, "cpu stage: out of memory");
        return -1;
    }
    cs->stage = s;
    s->priv = cs;
    cs->to_yuv = colour_rgb_yuv_coeffs(MATRIX_UNSPECIFIED, s->cfg.in.height);
    pthread_mutex_init(&cs->mu, NULL);
    pthread_cond_init(&cs->go, NULL);
    pthread_cond_init(&cs->done, NULL);
    cs->nworkers = s->cfg.stripes < MAX_WORKERS ? s->cfg.stripes : MAX_WORKERS;
    for (int i = 0; i < cs->nworkers; i++) {
        Worker *w = &cs->workers[i];
        w->cs = cs;
        w->id = i;
        if (s->cfg.out_yuv && !(w->scratch = malloc((size_t)6 * s->cfg.in.width))) {
            stage_set_error(s, "cpu stage: out of memory");
            cpu_uninit(s);
            return -1;
        }
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
            stage_set_error(s, "cpu stage: pthread_create failed for worker %d", i);
            cpu_uninit(s);
            return -1;
        }
        w->started = 1;
    }
    return 0;
}

static int cpu_depth(const Stage *s)
{
    (void)s;
    return 1;
}

static int cpu_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
{
    CpuStage *cs = s->priv;
    if (in->on_device) {
        stage_set_error(s, "cpu stage: the frame is on the GPU (--hwdec cuda needs the CUDA backend)");
        return -1;
    }
    pthread_mutex_lock(&cs->mu);
    cs->in = in;
    cs->out = out;
    cs->coeffs = colour_yuv_coeffs(in->matrix, in->full_range, in->fmt.height);
    cs->transform = s->cfg.transform;
    cs->submit_ms = clock_now_ms();
    cs->work_ms = 0;
    cs->remaining = cs->nworkers;
    cs->job++;
    pthread_cond_broadcast(&cs->go);
    pthread_mutex_unlock(&cs->mu);
    return 0;
}

static int cpu_wait(Stage *s, FrameTimings *t)
{
    CpuStage *cs = s->priv;
    pthread_mutex_lock(&cs->mu);
    while (cs->remaining > 0)
        pthread_cond_wait(&cs->done, &cs->mu);
    t->upload_ms = t->kernel_ms = t->download_ms = 0;
    t->work_ms = cs->work_ms;
    t->submit_t = cs->submit_ms;
    t->stage_ms = clock_now_ms() - cs->submit_ms;
    t->timed = 1;
    t->nspans = s->cfg.stripes < FRAME_MAX_SPANS ? s->cfg.stripes : FRAME_MAX_SPANS;
    for (int k = 0; k < t->nspans; k++)
        t->spans[k] = cs->spans[k];
    pthread_mutex_unlock(&cs->mu);
    return 0;
}

const StageOps stage_cpu_ops = {
    .name = "cpu",
    .host_memory = HOST_MEM_ALIGNED,
    .init = cpu_init,
    .depth = cpu_depth,
    .submit = cpu_submit,
    .wait = cpu_wait,
    .uninit = cpu_uninit,
};
