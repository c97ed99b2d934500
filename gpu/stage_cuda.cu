// The CUDA backend. Each stripe k has its own non-blocking stream; for every
// frame it queues on that stream: upload of the stripe's rows (each plane as
// it is), the colour kernel, and the download of the stripe's BGR rows, with
// events before and after each step. Up to `depth` frames are in flight: their
// work is all queued, and stage_wait synchronises on the oldest frame's
// events only (never the whole device).
//
// Streams and device buffers come in `nsets` sets (default 1), allocated once;
// frame n uses set n % nsets. Within a set, stripe k's rows are only touched by
// stream k, in order, so the frames that share a set can share its buffers.
// More sets let frame n+1's uploads start before frame n's downloads of the
// same stripe; on the H200 that bought nothing (BENCHMARKS.md), so one set is
// the default. PINSTRIPE_CUDA_SETS, PINSTRIPE_CUDA_DEPTH and
// PINSTRIPE_CUDA_BLOCKING override the defaults, for measuring.
//
// Timing events cost the copy engines: on the H200 the four timed events of a
// stripe made a 1080p frame ~14% slower than the same work with one untimed
// event (BENCHMARKS.md). So only one frame in StageConfig.time_every gets the
// timed events (before the upload, after it, after the kernel, after the
// download); the others get one untimed event a stripe, after its download,
// which is all that completion needs.
//
// A frame's queuing is in stage_cuda_submit.cu.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stage/clock.h"
#include "stage/dither.h"
#include "gpu/kernels.h"
#include "gpu/stage_cuda.h"

static void cuda_uninit(Stage *s)
{
    CudaStage *cs = (CudaStage *)s->priv;
    if (!cs)
        return;
    // nothing may be freed while a copy on it runs: let every stream finish first
    for (int set = 0; set < MAX_SETS; set++)
        for (int i = 0; i < MAX_STREAMS; i++)
            if (cs->streams[set][i])
                cudaStreamSynchronize(cs->streams[set][i]);
    for (int i = 0; i < MAX_STREAMS; i++) // (the counting reads the device's output block)
        if (cs->count_streams[i])
            cudaStreamSynchronize(cs->count_streams[i]);
    if (cs->scope_stream) // (the scopes' packing writes into a slot's host block)
        cudaStreamSynchronize(cs->scope_stream);
    for (int d = 0; d < MAX_DEPTH; d++) {
        scope_device_free(&cs->slots[d].scope);
        if (!cs->slots[d].ev)
            continue;
        for (int e = 0; e < nevents(cs); e++)
            if (cs->slots[d].ev[e])
                cudaEventDestroy(cs->slots[d].ev[e]);
        free(cs->slots[d].ev);
    }
    if (cs->scope_stream)
        cudaStreamDestroy(cs->scope_stream);
    for (int i = 0; i < MAX_STREAMS; i++)
        if (cs->count_streams[i])
            cudaStreamDestroy(cs->count_streams[i]);
    if (cs->epoch)
        cudaEventDestroy(cs->epoch);
    if (cs->decoded)
        cudaEventDestroy(cs->decoded);
    cudaFree(cs->d_dither);
    cudaFree(cs->d_tables);
    resample_axis_free(&cs->rh);
    resample_axis_free(&cs->rv);
    device_tables_free(&cs->tables);
    colour_jit_destroy(&cs->jit);
    for (int set = 0; set < MAX_SETS; set++)
        for (int i = 0; i < MAX_STREAMS; i++)
            if (cs->streams[set][i]) // never the NULL (default) stream
                cudaStreamDestroy(cs->streams[set][i]);
    for (int i = 0; i < MAX_SETS; i++) {
        cudaFree(cs->d_in[i]);
        cudaFree(cs->d_out[i]);
        cudaFree(cs->d_h[i]);
    }
    free(cs);
    s->priv = NULL;
}

static int env_int(const char *name, int def, int lo, int hi)
{
    const char *v = getenv(name);
    int n = v ? atoi(v) : def;
    return n < lo ? lo : n > hi ? hi : n;
}

// The resampling weights, on the host and in one device block; the horizontal
// pass's shared memory. 0, or -1 with the stage's error set.
static int scale_init(Stage *s, CudaStage *cs)
{
    if (stage_resample_tables(&s->cfg, &cs->rh, &cs->rv, s->error, sizeof(s->error)) < 0 ||
        device_scale_tables(&cs->rh, &cs->rv, &cs->d_tables, &cs->dh, &cs->dv, s->error,
                            sizeof(s->error)) < 0)
        return -1;
    for (int pair = 0; pair < 2; pair++)
        cs->plan[pair] = scale_h_plan(cs->rh.first, cs->rh.taps, cs->rh.out, pair);
    int most = cs->plan[0].span > cs->plan[1].span ? cs->plan[0].span : cs->plan[1].span;
    CK(scale_h_prepare(NULL, most));
    return 0;
fail:
    return -1;
}

// --gpu N past the devices: the error names those there are
static void no_such_gpu(Stage *s, int ndev)
{
    char names[400] = "";
    for (int i = 0, n = 0; i < ndev && n < (int)sizeof(names) - 1; i++) {
        cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, i) != cudaSuccess)
            snprintf(prop.name, sizeof(prop.name), "?");
        n += snprintf(names + n, sizeof(names) - n, "%s%d (%s)", i ? ", " : "", i, prop.name);
    }
    stage_set_error(s, "--gpu %d: this machine has %d CUDA device%s: %s", s->cfg.gpu, ndev,
                    ndev == 1 ? "" : "s", names);
}

// Each set's device blocks and streams (of the greatest priority), and each slot's
// events. 0, or −1 with the stage's error set (cuda_uninit frees what was made)
static int make_sets(Stage *s, CudaStage *cs, int greatest, unsigned evflags)
{
    for (int set = 0; set < cs->nsets; set++) {
        cs->prev[set] = -1;
        CK(cudaMalloc((void **)&cs->d_in[set], cs->in_bytes));
        CK(cudaMalloc((void **)&cs->d_out[set], cs->out_bytes));
        if (cs->scaled)
            CK(cudaMalloc((void **)&cs->d_h[set],
                          sizeof(float) * 3 * (size_t)cs->rv.in * (size_t)cs->rh.out));
        for (int i = 0; i < cs->nstreams; i++)
            CK(cudaStreamCreateWithPriority(&cs->streams[set][i], cudaStreamNonBlocking, greatest));
    }
    for (int d = 0; d < cs->depth; d++) {
        cs->slots[d].ev = (cudaEvent_t *)calloc(nevents(cs), sizeof(cudaEvent_t));
        if (!cs->slots[d].ev) {
            stage_set_error(s, "cuda stage: out of memory");
            return -1;
        }
        for (int i = 0; i < nevents(cs); i++) {
            unsigned fl = i % EV_PER_STRIPE >= EV_DONE ? evflags | cudaEventDisableTiming : evflags;
            CK(cudaEventCreateWithFlags(&cs->slots[d].ev[i], fl));
        }
    }
    return 0;
fail:
    return -1;
}

static int cuda_init(Stage *s)
{
    int ndev = 0, least = 0, greatest = 0; // (stream priorities)
    cudaError_t e = cudaGetDeviceCount(&ndev);
    if (e != cudaSuccess || ndev == 0) {
        stage_set_error(s, "cudaGetDeviceCount: %s",
                        e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
        cudaGetLastError(); // clear it, so nothing later trips over it
        return STAGE_ERR_NODEV;
    }
    CudaStage *cs = (CudaStage *)calloc(1, sizeof(*cs));
    if (!cs) {
        stage_set_error(s, "cuda stage: out of memory");
        return -1;
    }
    s->priv = cs;
    cs->jit = colour_jit_create(); // (NULL: the built-in pair kernel runs every chain)
    const FrameFormat *f = &s->cfg.in;
    FrameFormat out = stage_out_format(&s->cfg);
    cs->nstripes = s->cfg.stripes;
    cs->nstreams = cs->nstripes < MAX_STREAMS ? cs->nstripes : MAX_STREAMS;
    cs->in_bytes = frame_bytes(f);
    cs->out_bytes = frame_bytes(&out);
    // A single stripe in a single set would serialise whole frames (frame n+1's upload
    // waits for frame n's download on the one stream): give it a second set.
    cs->nsets = env_int("PINSTRIPE_CUDA_SETS", cs->nstripes == 1 ? 2 : 1, 1, MAX_SETS);
    cs->depth = env_int("PINSTRIPE_CUDA_DEPTH", 4, 1, MAX_DEPTH);
    cs->time_every = s->cfg.time_every > 1 ? s->cfg.time_every : 1;
    // Without cudaEventBlockingSync the stage thread spins while it waits for a frame
    // (a few hundred microseconds at most) and wakes sooner: 1080p ran 6% faster.
    unsigned evflags = env_int("PINSTRIPE_CUDA_BLOCKING", 0, 0, 1) ? cudaEventBlockingSync : 0;
    if (s->cfg.gpu >= ndev) {
        no_such_gpu(s, ndev);
        goto fail;
    }
    // (on the stage thread, which makes every CUDA call of the stage)
    CK(cudaSetDevice(s->cfg.gpu));
    CK(scope_device_prepare());
    // the stripes' streams first for the SMs, the scopes' counting last
    CK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    CK(cudaStreamCreateWithPriority(&cs->scope_stream, cudaStreamNonBlocking, least));
    for (int i = 0; i < cs->nstreams; i++)
        CK(cudaStreamCreateWithPriority(&cs->count_streams[i], cudaStreamNonBlocking, least));
    if ((cs->scaled = stage_scales(&s->cfg)) && scale_init(s, cs) < 0)
        goto fail;
    if (make_sets(s, cs, greatest, evflags) < 0)
        goto fail;
    if (const uint16_t *dt = dither_table((DitherMode)s->cfg.dither)) {
        size_t n = sizeof(uint16_t) * DITHER_SIZE * DITHER_SIZE;
        CK(cudaMalloc((void **)&cs->d_dither, n));
        CK(cudaMemcpy(cs->d_dither, dt, n, cudaMemcpyHostToDevice));
    }
    // Place events on the host clock: record one, wait for it, read the clock.
    CK(cudaEventCreateWithFlags(&cs->decoded, cudaEventDisableTiming));
    CK(cudaEventCreateWithFlags(&cs->epoch, cudaEventBlockingSync));
    CK(cudaEventRecord(cs->epoch, cs->streams[0][0]));
    CK(cudaEventSynchronize(cs->epoch));
    cs->epoch_ms = clock_now_ms();
    return 0;
fail:
    cuda_uninit(s);
    return -1;
}

static int cuda_depth(const Stage *s)
{
    return ((const CudaStage *)s->priv)->depth;
}

static double ev_ms(Stage *s, cudaEvent_t from, cudaEvent_t to, int *bad)
{
    float ms = 0;
    cudaError_t e = cudaEventElapsedTime(&ms, from, to);
    if (e != cudaSuccess && !*bad) {
        stage_set_error(s, "cudaEventElapsedTime failed: %s", cudaGetErrorString(e));
        *bad = 1;
    }
    return ms;
}

static int cuda_wait(Stage *s, FrameTimings *t)
{
    CudaStage *cs = (CudaStage *)s->priv;
    InFlight *slot = &cs->slots[cs->head];
    int bad = 0;
    cs->head = (cs->head + 1) % cs->depth;
    cs->count--;
    // One blocking wait, on the stripe queued last (usually the last to finish),
    // then the others, which are then almost always done already.
    for (int k = cs->nstripes - 1; k >= 0; k--)
        CK(cudaEventSynchronize(slot->ev[EV_PER_STRIPE * k + (slot->timed ? 3 : EV_DONE)]));
    if (slot->scope.host) {
        CK(cudaEventSynchronize(slot->scope.packed));
        if (scope_device_finish(&slot->scope, s->error, sizeof(s->error)) < 0)
            return -1;
    }
    t->upload_ms = t->kernel_ms = t->download_ms = t->work_ms = 0;
    t->submit_t = slot->submit_ms;
    t->stage_ms = clock_now_ms() - slot->submit_ms;
    t->timed = slot->timed;
    t->nspans = !slot->timed ? 0 : cs->nstripes < FRAME_MAX_SPANS ? cs->nstripes : FRAME_MAX_SPANS;
    for (int k = 0; k < cs->nstripes && slot->timed; k++) {
        cudaEvent_t *ev = &slot->ev[EV_PER_STRIPE * k];
        double e0 = ev_ms(s, cs->epoch, ev[0], &bad), e1 = ev_ms(s, cs->epoch, ev[1], &bad);
        double e2 = ev_ms(s, cs->epoch, ev[2], &bad), e3 = ev_ms(s, cs->epoch, ev[3], &bad);
        t->upload_ms += e1 - e0, t->kernel_ms += e2 - e1, t->download_ms += e3 - e2;
        if (k < FRAME_MAX_SPANS)
            t->spans[k] =
                (StripeSpan){cs->epoch_ms + e0, cs->epoch_ms + e1, cs->epoch_ms + e2,
                             cs->epoch_ms + e3, slot->set * cs->nstreams + k % cs->nstreams};
    }
    return bad ? -1 : 0;
fail:
    return -1;
}

extern "C" const StageOps stage_cuda_ops = {
    "cuda", HOST_MEM_PINNED, cuda_init, cuda_depth, NULL, cuda_submit, cuda_wait, cuda_uninit,
};
