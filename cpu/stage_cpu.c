/* The CPU backend: a pool of worker threads, created once, over bands of rows.
 * The frame is cut into bands (even rows, about four per thread); submit wakes
 * the helpers, and wait makes the calling (stage) thread the pool's last
 * worker: every thread takes the next band until none are left, so a slow or
 * descheduled thread holds up at most one band. Each pixel depends on nothing
 * but its own input, so the output never depends on the bands, the threads or
 * the stripes (tests/test_stage.c). One frame in flight.
 *
 * A resampling stage (stage_scales) cuts the output's rows into bands
 * instead; each band transforms the input rows its output reads, those it
 * shares with its neighbours again (convert_rows_scaled), so bands stay
 * independent: about taps × in / out rows recomputed a band boundary. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "stage/clock.h"
#include "cpu/convert.h"
#include "stage/stage_common.h"
#include "stage/stripes.h"

#define BANDS_PER_THREAD 4

typedef struct CpuStage CpuStage;

typedef struct Worker {
    CpuStage *cs;
    int id;           /* 0: the stage thread itself; 1..: helpers */
    uint8_t *scratch; /* out_yuv: a row pair as floats; resampling: its rows
                       * (CONVERT_SCALED_SCRATCH floats); allocated once */
    pthread_t thread;
    int started;
    ScopeCounts counts; /* --scope: this frame's counts of its bands, in block (grown as
                         * needed, all zero between frames: scope_merge leaves it so) */
    uint32_t *block;
    size_t cap;
    double band_ms; /* this frame: its slowest band */
    double t0, t1;  /* this frame: its first band's start, last band's end (0: none) */
} Worker;

struct CpuStage {
    Stage *stage;
    Worker workers[STAGE_MAX_THREADS];
    int nthreads, nbands;
    pthread_mutex_t mu;
    pthread_cond_t go, done, counted_cv;
    int counted;       /* --scope: workers done counting the current frame */
    unsigned long job; /* bumps on every submit */
    int remaining;     /* helpers still busy on the current job */
    int quit;
    atomic_int next_band;
    const FrameBuf *in;
    FrameBuf *out;
    ColourJob cj;        /* the frame's: its coefficients, the stage's transform as it was
                          * when the frame was submitted, the dither */
    int scaled;          /* resampling: bands of output rows */
    ResampleAxis rh, rv; /* its weights */
    ScaleAxis sh, sv;
    double submit_ms;
};

int stage_cpu_default_threads(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Take bands until there are none left. */
static void run_bands(CpuStage *cs, Worker *w)
{
    const StageConfig *cfg = &cs->stage->cfg;
    ScopeCounts *want = &cs->out->scope; /* --scope: counted band by band, each worker */
    int wide = cs->out->depth > 8;       /* into its own tables, then merged */
    if (want->which)
        scope_layout_work(&w->counts, want->which, want->width, cs->out->fmt.height, want->levels,
                          w->block);
    w->band_ms = 0, w->t0 = w->t1 = 0;
    for (;;) {
        int k = atomic_fetch_add_explicit(&cs->next_band, 1, memory_order_relaxed);
        if (k >= cs->nbands)
            break;
        int y0, y1;
        stripe_rows(cs->scaled ? cs->rv.out : cfg->in.height, cs->nbands, k, !cs->scaled, &y0, &y1);
        if (y0 >= y1)
            continue;
        double t0 = clock_now_ms();
        if (cs->scaled)
            convert_rows_scaled(cs->in, cs->out, y0, y1, &cs->cj, &cs->sh, &cs->sv,
                                (float *)w->scratch);
        else if (cfg->out_yuv)
            convert_rows_yuv420(cs->in, cs->out, y0, y1, &cs->cj, w->scratch);
        else if (!want->which)
            convert_rows(cs->in, cs->out, y0, y1, &cs->cj);
        for (int y = y0; want->which && y < y1; y += SCOPE_ROWS_MAX) { /* each few rows */
            int n = y1 - y < SCOPE_ROWS_MAX ? y1 - y : SCOPE_ROWS_MAX; /* counted while */
            if (!cs->scaled && !cfg->out_yuv)                          /* still in cache */
                convert_rows(cs->in, cs->out, y, y + n, &cs->cj);
            scope_count_rows(&w->counts, cs->out->data[0] + (size_t)y * cs->out->stride[0],
                             (size_t)cs->out->stride[0], n, wide);
        }
        double t1 = clock_now_ms();
        if (t1 - t0 > w->band_ms)
            w->band_ms = t1 - t0;
        if (w->t0 == 0)
            w->t0 = t0;
        w->t1 = t1;
    }
    if (!want->which)
        return;
    /* Once every worker has counted, each makes its share of the frame's counts
     * (the sums of the workers' tables: disjoint cells, so no two threads write
     * one), leaving its own zero for the next frame */
    pthread_mutex_lock(&cs->mu);
    if (++cs->counted == cs->nthreads)
        pthread_cond_broadcast(&cs->counted_cv);
    while (cs->counted < cs->nthreads)
        pthread_cond_wait(&cs->counted_cv, &cs->mu);
    pthread_mutex_unlock(&cs->mu);
    ScopeCounts *src[STAGE_MAX_THREADS];
    for (int i = 0; i < cs->nthreads; i++)
        src[i] = &cs->workers[i].counts;
    double t0 = clock_now_ms();
    scope_merge(want, src, cs->nthreads, w->id, cs->nthreads);
    w->t1 = clock_now_ms();
    if (w->t1 - t0 > w->band_ms)
        w->band_ms = w->t1 - t0;
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
        run_bands(cs, w);
        pthread_mutex_lock(&cs->mu);
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
    for (int i = 0; i < cs->nthreads; i++) {
        if (cs->workers[i].started)
            pthread_join(cs->workers[i].thread, NULL);
        free(cs->workers[i].scratch);
        free(cs->workers[i].block);
    }
    resample_axis_free(&cs->rh);
    resample_axis_free(&cs->rv);
    pthread_cond_destroy(&cs->go);
    pthread_cond_destroy(&cs->done);
    pthread_cond_destroy(&cs->counted_cv);
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
    pthread_mutex_init(&cs->mu, NULL);
    pthread_cond_init(&cs->go, NULL);
    pthread_cond_init(&cs->done, NULL);
    pthread_cond_init(&cs->counted_cv, NULL);
    int n = s->cfg.threads > 0 ? s->cfg.threads : stage_cpu_default_threads();
    if (n > STAGE_MAX_THREADS)
        n = STAGE_MAX_THREADS;
    /* bands of at least two rows (even boundaries), a few per thread to balance;
     * resampling: of output rows, at least one */
    int rows2 = (s->cfg.in.height + 1) / 2;
    size_t scratch = s->cfg.out_yuv ? CONVERT_YUV_SCRATCH(s->cfg.in.width) : 0;
    cs->nthreads = n;
    if ((cs->scaled = stage_scales(&s->cfg))) {
        char err[256];
        if (stage_resample_tables(&s->cfg, &cs->rh, &cs->rv, err, sizeof(err)) < 0) {
            stage_set_error(s, "cpu stage: %s", err);
            cpu_uninit(s);
            return -1;
        }
        cs->sh = (ScaleAxis){cs->rh.taps, cs->rh.first, cs->rh.weight, cs->rh.light, 0};
        cs->sv = (ScaleAxis){cs->rv.taps, cs->rv.first, cs->rv.weight, cs->rv.light, 0};
        rows2 = cs->rv.out;
        scratch = sizeof(float) * CONVERT_SCALED_SCRATCH(cs->rh.in, cs->rh.out, cs->rv.taps);
    }
    cs->nbands = n * BANDS_PER_THREAD < rows2 ? n * BANDS_PER_THREAD : rows2;
    for (int i = 0; i < n; i++) {
        Worker *w = &cs->workers[i];
        w->cs = cs;
        w->id = i;
        if (scratch && !(w->scratch = malloc(scratch))) {
            stage_set_error(s, "cpu stage: out of memory");
            cpu_uninit(s);
            return -1;
        }
        if (i == 0)
            continue; /* the stage thread */
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

static int cpu_threads(const Stage *s)
{
    const CpuStage *cs = s->priv;
    return cs->nthreads;
}

static int cpu_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
{
    CpuStage *cs = s->priv;
    if (in->on_device) {
        stage_set_error(s,
                        "cpu stage: the frame is on the GPU (--hwdec cuda needs the CUDA backend)");
        return -1;
    }
    ColourJob cj;
    if (stage_job(s, in, &cj) < 0)
        return -1;
    size_t need =
        out->scope.which ? scope_count_n(out->scope.which, out->scope.cols, out->scope.levels) : 0;
    for (int i = 0; i < cs->nthreads; i++) { /* each worker's room for its counts */
        Worker *w = &cs->workers[i];
        if (need > w->cap) {
            free(w->block);
            if (!(w->block = calloc(need, sizeof(uint32_t)))) {
                w->cap = 0;
                stage_set_error(s, "cpu stage: out of memory for the scopes' counts");
                return -1;
            }
            w->cap = need;
        }
    }
    pthread_mutex_lock(&cs->mu);
    cs->in = in;
    cs->out = out;
    cs->cj = cj;
    cs->sh.offset = s->cfg.crop ? s->cfg.crop_x : 0; /* zoom: the crop's origin now */
    cs->sv.offset = s->cfg.crop ? s->cfg.crop_y : 0;
    cs->submit_ms = clock_now_ms();
    atomic_store(&cs->next_band, 0);
    cs->counted = 0;
    cs->remaining = cs->nthreads - 1;
    cs->job++;
    pthread_cond_broadcast(&cs->go);
    pthread_mutex_unlock(&cs->mu);
    return 0;
}

static int cpu_wait(Stage *s, FrameTimings *t)
{
    CpuStage *cs = s->priv;
    run_bands(cs, &cs->workers[0]); /* the stage thread works too */
    pthread_mutex_lock(&cs->mu);
    while (cs->remaining > 0)
        pthread_cond_wait(&cs->done, &cs->mu);
    pthread_mutex_unlock(&cs->mu);
    t->upload_ms = t->kernel_ms = t->download_ms = 0;
    t->work_ms = 0;
    t->nspans = 0;
    for (int i = 0; i < cs->nthreads; i++) {
        const Worker *w = &cs->workers[i];
        if (w->band_ms > t->work_ms)
            t->work_ms = w->band_ms;
        if (w->t0 > 0 && t->nspans < FRAME_MAX_SPANS)
            t->spans[t->nspans++] =
                (StripeSpan){.up0 = w->t0, .up1 = w->t0, .k1 = w->t1, .down1 = w->t1, .stream = i};
    }
    t->submit_t = cs->submit_ms;
    t->stage_ms = clock_now_ms() - cs->submit_ms;
    t->timed = 1;
    return 0;
}

const StageOps stage_cpu_ops = {
    .name = "cpu",
    .host_memory = HOST_MEM_ALIGNED,
    .init = cpu_init,
    .depth = cpu_depth,
    .threads = cpu_threads,
    .submit = cpu_submit,
    .wait = cpu_wait,
    .uninit = cpu_uninit,
};
