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
// A resampling stage (stage_scales; issue 26) queues on stream k: the upload of
// input stripe k, the horizontal pass over its rows (each pixel transformed
// once) into the set's float buffer `hbuf`, then the vertical pass of output
// stripe k (the output's rows cut in the same proportion) and its download.
// The vertical pass reads a halo of rows beyond stripe k's (ceil(taps × in /
// out) / 2 each side; with a tiny window the whole frame), so its stream
// waits for the horizontal passes of the stripes that hold them (EV_H), and
// the next frame's horizontal pass of a stripe waits for this frame's
// vertical passes that read its rows (EV_V): no row is uploaded twice, and a
// stripe's download is a tenth of the bytes at 3840 → 1152.
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/clock.h"
#include "gpu/device_tables.h"
#include "gpu/dither.h"
#include "gpu/fault.h"
#include "gpu/kernels.h"
#include "gpu/stage_common.h"
#include "gpu/stripes.h"

#define MAX_DEPTH 8    // frames in flight, at most
#define MAX_SETS 4     // stream/buffer sets, at most
#define MAX_STREAMS 32 // stripes beyond this share a set's streams round-robin

// Check a CUDA call where it happens; on failure record the call, the place and
// CUDA's message in the stage, and go to the function's exit label.
// PINSTRIPE_FAULT (gpu/fault.h): this pass through `site` fails as `what` would
#define INJECT(site, what)                                                                     \
    do {                                                                                       \
        if (fault_hit(site)) {                                                                 \
            stage_set_error(s, "%s failed: injected fault (PINSTRIPE_FAULT=%s:N)", what, site);  \
            goto fail;                                                                         \
        }                                                                                      \
    } while (0)

#define CK(call)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            stage_set_error(s, "%s failed (%s:%d): %s", #call, __FILE__, __LINE__,             \
                            cudaGetErrorString(e_));                                           \
            goto fail;                                                                         \
        }                                                                                      \
    } while (0)

// Events of stripe k: ev[EV_PER_STRIPE * k + i]; i = 0..3 timed (before upload, after
// upload, after kernel, after download), i = 4 untimed (after download)
#define EV_PER_STRIPE 7
#define EV_DONE 4
#define EV_H 5 // resampling: after the horizontal pass
#define EV_V 6 // resampling: after the vertical pass

typedef struct InFlight {
    cudaEvent_t *ev;
    double submit_ms;
    int set;
    int timed; // this frame has the timed events
    int crop_y; // a crop's origin row (zoom): the rows its vertical passes read
} InFlight;

typedef struct CudaStage {
    int nstripes, nstreams, nsets, depth;
    int time_every; // timed events on one frame in time_every
    cudaStream_t streams[MAX_SETS][MAX_STREAMS];
    uint8_t *d_in[MAX_SETS], *d_out[MAX_SETS];
    size_t in_bytes, out_bytes;
    uint16_t *d_dither; // the dither pattern on the device (NULL: none)
    InFlight slots[MAX_DEPTH];
    int head, count;
    unsigned long long seq; // frames submitted
    cudaEvent_t decoded; // device input: the decoder's copy into its surface, done
    cudaEvent_t epoch; // a reference event: host time epoch_ms
    double epoch_ms;
    DeviceTables tables; // LUTs on the device, each uploaded on first use
    // resampling (stage_scales): the weights, on the host and the device
    int scaled, span;
    ResampleAxis rh, rv;
    ScaleAxis dh, dv;
    void *d_tables;
    float *d_h[MAX_SETS]; // rows of the horizontal pass: in height × out width × 3
    int prev[MAX_SETS];   // the slot of the set's last frame (-1: none)
} CudaStage;

static int nevents(const CudaStage *cs)
{
    return EV_PER_STRIPE * cs->nstripes;
}

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
    for (int d = 0; d < MAX_DEPTH; d++) {
        if (!cs->slots[d].ev)
            continue;
        for (int e = 0; e < nevents(cs); e++)
            if (cs->slots[d].ev[e])
                cudaEventDestroy(cs->slots[d].ev[e]);
        free(cs->slots[d].ev);
    }
    if (cs->epoch)
        cudaEventDestroy(cs->epoch);
    if (cs->decoded)
        cudaEventDestroy(cs->decoded);
    cudaFree(cs->d_dither);
    cudaFree(cs->d_tables);
    resample_axis_free(&cs->rh);
    resample_axis_free(&cs->rv);
    device_tables_free(&cs->tables);
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
    cs->span = scale_h_span(cs->rh.first, cs->rh.taps, cs->rh.out);
    CK(scale_h_prepare(cs->span));
    return 0;
fail:
    return -1;
}

static int cuda_init(Stage *s)
{
    int ndev = 0;
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
    CK(cudaSetDevice(0));
    if ((cs->scaled = stage_scales(&s->cfg)) && scale_init(s, cs) < 0)
        goto fail;
    for (int set = 0; set < cs->nsets; set++) {
        cs->prev[set] = -1;
        CK(cudaMalloc((void **)&cs->d_in[set], cs->in_bytes));
        CK(cudaMalloc((void **)&cs->d_out[set], cs->out_bytes));
        if (cs->scaled)
            CK(cudaMalloc((void **)&cs->d_h[set],
                          sizeof(float) * 3 * (size_t)cs->rv.in * (size_t)cs->rh.out));
        for (int i = 0; i < cs->nstreams; i++) {
            CK(cudaStreamCreateWithFlags(&cs->streams[set][i], cudaStreamNonBlocking));
        }
    }
    for (int d = 0; d < cs->depth; d++) {
        cs->slots[d].ev = (cudaEvent_t *)calloc(nevents(cs), sizeof(cudaEvent_t));
        if (!cs->slots[d].ev) {
            stage_set_error(s, "cuda stage: out of memory");
            goto fail;
        }
        for (int i = 0; i < nevents(cs); i++)
            CK(cudaEventCreateWithFlags(&cs->slots[d].ev[i],
                                        i % EV_PER_STRIPE >= EV_DONE ? evflags | cudaEventDisableTiming
                                                                     : evflags));
    }
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

// The planes of a packed frame in a device block, as a PixelSource.
static PixelSource device_source(const FrameFormat *f, uint8_t *block)
{
    FrameBuf b;
    memset(&b, 0, sizeof(b));
    frame_wrap(&b, f, block);
    PixelSource p;
    for (int i = 0; i < 3; i++)
        p.plane[i] = b.data[i], p.stride[i] = b.stride[i];
    p.layout = f->layout;
    p.y0 = 0;
    p.cw = colour_halved_x(f->layout) ? (f->width + 1) / 2 : f->width;
    return p;
}

// Whether output stripe j of a resampling stage (a crop's origin row off) reads
// any of input rows [y0, y1).
static int scaled_reads(const CudaStage *cs, int j, int off, int y0, int y1)
{
    int oy0, oy1, ry0, ry1;
    stage_scaled_rows(&cs->rv, cs->nstripes, j, off, &oy0, &oy1, &ry0, &ry1);
    return ry0 < y1 && y0 < ry1;
}

static int cuda_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
{
    CudaStage *cs = (CudaStage *)s->priv;
    const FrameFormat *f = &s->cfg.in;
    InFlight *slot = &cs->slots[(cs->head + cs->count) % cs->depth];
    int set = (int)(cs->seq % cs->nsets);
    uint8_t *d_in = cs->d_in[set], *d_out = cs->d_out[set];
    int even = stripe_needs_even(f->layout) || s->cfg.out_yuv;
    FrameFormat ofmt = stage_out_format(&s->cfg);
    FrameBuf dout; // the device output block, laid out as the host's output slot
    memset(&dout, 0, sizeof(dout));
    frame_wrap(&dout, &ofmt, d_out);
    ColourJob job; // the frame's, with the device's tables
    unsigned version[CHAIN_MAX_OPS];
    if (stage_job(s, in, &job) < 0)
        return -1;
    for (int i = 0; i < job.ch.nops; i++)
        version[i] = stage_table_version(s, &job, i);
    if (device_job_tables(&cs->tables, &job, version, s->error, sizeof(s->error)) < 0)
        return -1;
    job.dither = job.dither ? cs->d_dither : NULL;
    int out_kind = ofmt.layout == PIX_RGB48 ? COLOUR_OUT_RGB48 : COLOUR_OUT_BGR24;
    // The frame's own layout: banded slots upload a stripe in one copy; plain planes
    // (the decoder's buffers, any strides) a plane at a time, rows as they lie; device
    // frames (NVDEC surfaces) are read where they are.
    const FrameFormat *fi = &in->fmt;
    FrameFormat tight = *fi; // what the frame needs of the device's input block
    tight.bands = 1;
    if (fi->width != f->width || fi->height != f->height ||
        (!in->on_device && frame_bytes(&tight) > cs->in_bytes)) {
        stage_set_error(s, "cuda stage: a %s %dx%d frame in a stage made for %s %dx%d",
                        pix_layout_name(fi->layout), fi->width, fi->height,
                        pix_layout_name(f->layout), f->width, f->height);
        return -1;
    }
    int banded = frame_nbands(fi) > 1 && !in->on_device; // the device block mirrors the host's
    FrameFormat dfmt = *fi; // the device block: the host's bands, else tight planes
    if (!banded)
        dfmt.bands = 1;
    PixelSource dsrc = device_source(&dfmt, d_in);
    for (int p = 0; p < 3 && in->on_device; p++)
        dsrc.plane[p] = in->data[p], dsrc.stride[p] = in->stride[p];
    int nplanes = pix_planes(fi->layout), csx, csy;
    pix_chroma_shift(fi->layout, &csx, &csy);
    FrameBuf dframe;
    memset(&dframe, 0, sizeof(dframe));
    frame_wrap(&dframe, &dfmt, d_in);
    slot->submit_ms = clock_now_ms();
    slot->set = set;
    // resampling: the weights with the crop's origin now (zoom), and the input rows
    // any output row reads (a crop's: its own; else every row)
    ScaleAxis dh = cs->dh, dv = cs->dv;
    dh.offset = s->cfg.crop ? s->cfg.crop_x : 0;
    dv.offset = slot->crop_y = s->cfg.crop ? s->cfg.crop_y : 0;
    int need0 = cs->scaled ? cs->rv.first[0] + dv.offset : 0;
    int need1 = cs->scaled ? cs->rv.first[cs->rv.out - 1] + cs->rv.taps + dv.offset : 0;
    int timed = slot->timed = cs->seq % (unsigned long long)cs->time_every == 0;
    // FFmpeg copies the decoded picture into its surface on the legacy default
    // stream; our non-blocking streams do not wait for that by themselves
    if (in->on_device)
        CK(cudaEventRecord(cs->decoded, cudaStreamLegacy));
    for (int k = 0; k < cs->nstripes; k++) {
        cudaStream_t st = cs->streams[set][k % cs->nstreams];
        cudaEvent_t *ev = &slot->ev[EV_PER_STRIPE * k];
        int y0, y1;
        stripe_rows(f->height, cs->nstripes, k, even, &y0, &y1);
        if (in->on_device)
            CK(cudaStreamWaitEvent(st, cs->decoded, 0));
        if (timed)
            CK(cudaEventRecord(ev[0], st));
        ColourJob kjob = job;
        PixelSource &ksrc = kjob.src;
        ksrc = dsrc;
        if (banded && y0 < y1) {
            // the stripe's Y, U and V rows are one range: one upload
            FrameBand b;
            frame_band(&dframe, k, &b);
            INJECT("h2d", "cudaMemcpyAsync (host to device)");
            CK(cudaMemcpyAsync(d_in + b.offset, in->data[0] + b.offset, b.bytes,
                               cudaMemcpyHostToDevice, st));
            for (int p = 0; p < 3; p++)
                ksrc.plane[p] = b.plane[p];
            ksrc.y0 = b.y0;
        }
        for (int p = 0; p < nplanes && y0 < y1 && !banded && !in->on_device; p++) {
            // chroma rows of a 4:2:0 stripe: y0 is even, so [y0/2, ceil(y1/2)); host rows
            // may be longer than the device's (decoder padding): a 2D copy drops the rest
            int halved = p > 0 && csy;
            int r0 = halved ? y0 / 2 : y0, r1 = halved ? (y1 + 1) / 2 : y1;
            INJECT("h2d", "cudaMemcpy2DAsync (host to device)");
            CK(cudaMemcpy2DAsync(dframe.data[p] + (size_t)r0 * dframe.stride[p], dframe.stride[p],
                                 in->data[p] + (size_t)r0 * in->stride[p], in->stride[p],
                                 dframe.stride[p], r1 - r0, cudaMemcpyHostToDevice, st));
        }
        if (timed)
            CK(cudaEventRecord(ev[1], st));
        if (cs->scaled) { // the horizontal pass now, of the rows read; the vertical one below
            int h0 = y0 > need0 ? y0 : need0, h1 = y1 < need1 ? y1 : need1;
            InFlight *pv = cs->prev[set] >= 0 ? &cs->slots[cs->prev[set]] : NULL;
            for (int j = 0; j < cs->nstripes && pv && h0 < h1; j++) // the last frame's readers
                if (j != k && scaled_reads(cs, j, pv->crop_y, h0, h1))
                    CK(cudaStreamWaitEvent(st, pv->ev[EV_PER_STRIPE * j + EV_V], 0));
            if (h0 < h1) {
                INJECT("kernel", "the colour kernel's launch");
                CK(scale_h_launch(&kjob, &dh, cs->rh.out, cs->span, cs->d_h[set], h0, h1, st));
            }
            CK(cudaEventRecord(ev[EV_H], st));
            continue;
        }
        // out_yuv: the stripe's Y, U and V rows are one range, banded like the input
        // (one stripe: its band is the whole plain frame, rows 0..height)
        FrameBand ob;
        if (s->cfg.out_yuv)
            frame_band(&dout, k, &ob);
        if (y0 < y1)
            INJECT("kernel", "the colour kernel's launch");
        if (y0 < y1 && s->cfg.out_yuv)
            CK(colour_launch_yuv420(&kjob, ob.plane, dout.stride, f->width, y0, y1, st));
        else if (y0 < y1)
            CK(colour_launch(&kjob, out_kind, d_out, out->stride[0], f->width, y0, y1, st));
        if (timed)
            CK(cudaEventRecord(ev[2], st));
        if (y0 < y1)
            INJECT("d2h", "cudaMemcpyAsync (device to host)");
        if (y0 < y1 && s->cfg.out_yuv) {
            CK(cudaMemcpyAsync(out->data[0] + ob.offset, d_out + ob.offset, ob.bytes,
                               cudaMemcpyDeviceToHost, st));
        } else if (y0 < y1) {
            size_t off = (size_t)y0 * out->stride[0], len = (size_t)(y1 - y0) * out->stride[0];
            CK(cudaMemcpyAsync(out->data[0] + off, d_out + off, len, cudaMemcpyDeviceToHost,
                               st));
        }
        CK(cudaEventRecord(ev[timed ? 3 : EV_DONE], st));
    }
    for (int k = 0; k < cs->nstripes && cs->scaled; k++) {
        cudaStream_t st = cs->streams[set][k % cs->nstreams];
        cudaEvent_t *ev = &slot->ev[EV_PER_STRIPE * k];
        int oy0, oy1, ry0, ry1;
        stage_scaled_rows(&cs->rv, cs->nstripes, k, dv.offset, &oy0, &oy1, &ry0, &ry1);
        for (int j = 0; j < cs->nstripes && oy0 < oy1; j++) { // the rows it reads, done
            int y0, y1;
            stripe_rows(f->height, cs->nstripes, j, even, &y0, &y1);
            if (j != k && y0 < ry1 && ry0 < y1)
                CK(cudaStreamWaitEvent(st, slot->ev[EV_PER_STRIPE * j + EV_H], 0));
        }
        if (oy0 < oy1)
            CK(scale_v_launch(&job, &dv, cs->d_h[set], cs->rh.out, out_kind, d_out,
                              out->stride[0], oy0, oy1, st));
        if (timed)
            CK(cudaEventRecord(ev[2], st));
        CK(cudaEventRecord(ev[EV_V], st));
        if (oy0 < oy1) {
            INJECT("d2h", "cudaMemcpyAsync (device to host)");
            size_t off = (size_t)oy0 * out->stride[0], len = (size_t)(oy1 - oy0) * out->stride[0];
            CK(cudaMemcpyAsync(out->data[0] + off, d_out + off, len, cudaMemcpyDeviceToHost, st));
        }
        CK(cudaEventRecord(ev[timed ? 3 : EV_DONE], st));
    }
    cs->prev[set] = (int)(slot - cs->slots);
    cs->count++;
    cs->seq++;
    return 0;
fail:
    return -1;
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
            t->spans[k] = (StripeSpan){cs->epoch_ms + e0, cs->epoch_ms + e1, cs->epoch_ms + e2,
                                       cs->epoch_ms + e3, slot->set * cs->nstreams + k % cs->nstreams};
    }
    return bad ? -1 : 0;
fail:
    return -1;
}

extern "C" const StageOps stage_cuda_ops = {
    "cuda", HOST_MEM_PINNED, cuda_init, cuda_depth, NULL, cuda_submit, cuda_wait, cuda_uninit,
    0, // the scopes: counted by the interface from the frame downloaded (not on the GPU yet)
};
