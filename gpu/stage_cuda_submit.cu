// The CUDA backend (stage_cuda.cu): queuing one frame's work. For each stripe,
// on its stream: the upload of its rows, the colour kernel, the download, with
// the events stage_cuda.cu waits on and times with.
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
//
// With --scope, each stripe's rows are counted once downloaded, on a counting
// stream of the stripe's (of the lowest priority: the stripes' kernels take the
// SMs first), and packed on the scopes' stream once every stripe is counted
// (gpu/scope_cuda.h); the set's next frame writes a stripe's rows only once
// they were counted (EV_S). stage_cuda.cu's wait unpacks the counts.
#include <string.h>

#include "stage/clock.h"
#include "stage/fault.h"
#include "gpu/kernels.h"
#include "gpu/stage_cuda.h"
#include "stage/stripes.h"

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

// One frame's submission: what its stripes' work shares (cuda_submit's parts)
typedef struct Submit {
    Stage *s;
    CudaStage *cs;
    const FrameFormat *f; // the stage's input
    const FrameBuf *in;
    FrameBuf *out;
    InFlight *slot;
    int set, even, banded, timed, out_kind, nplanes, csy;
    uint8_t *d_in, *d_out;
    FrameBuf dout;        // the device output block, laid out as the host's output slot
    FrameBuf dframe;      // the device input block, laid out as the frame
    PixelSource dsrc;     // the device input as the kernel reads it
    ColourJob job;        // the frame's, with the device's tables
    JitLaunch jit;        // the kernel compiled for the chain, its values (none: the built-in one)
    ScaleAxis dh, dv;     // resampling: the weights with the crop's origin
    int need0, need1;     // resampling: the input rows any output row reads
    ScopeDevice *sd;      // --scope: sd->host when this frame is counted
    const InFlight *last; // the set's previous frame, when it was counted
} Submit;

// The frame's job and the device's tables for it, the compiled kernel for its chain,
// the device blocks' layouts, the resampling offsets and the scopes' counts. 0 or −1
static int submit_begin(Submit *u)
{
    Stage *s = u->s;
    CudaStage *cs = u->cs;
    const FrameBuf *in = u->in;
    FrameFormat ofmt = stage_out_format(&s->cfg);
    memset(&u->dout, 0, sizeof(u->dout));
    frame_wrap(&u->dout, &ofmt, u->d_out);
    unsigned version[CHAIN_MAX_OPS];
    if (stage_job(s, in, &u->job) < 0)
        return -1;
    for (int i = 0; i < u->job.ch.nops; i++)
        version[i] = stage_table_version(s, &u->job, i);
    // the kernel compiled for the chain's OpenColorIO programs' shape and their values,
    // found by their host tables, that runs the chain here (the resampler's, the
    // encoder's, or BGR's)
    int path = cs->scaled ? JIT_PATH_SCALE_H : s->cfg.out_yuv ? JIT_PATH_YUV420 : JIT_PATH_COLOUR;
    u->out_kind = ofmt.layout == PIX_RGB48 ? COLOUR_OUT_RGB48 : COLOUR_OUT_BGR24;
    colour_jit_kernel(cs->jit, &u->job.ch, in->fmt.layout, u->out_kind, version, path, &u->jit);
    if (device_job_tables(&cs->tables, &u->job, version, s->submitted + 1, s->completed, s->error,
                          sizeof(s->error)) < 0)
        return -1;
    u->job.dither = u->job.dither ? cs->d_dither : NULL;
    // The frame's own layout: banded slots upload a stripe in one copy; plain planes
    // (the decoder's buffers, any strides) a plane at a time, rows as they lie; device
    // frames (NVDEC surfaces) are read where they are.
    const FrameFormat *fi = &in->fmt, *f = u->f;
    FrameFormat tight = *fi; // what the frame needs of the device's input block
    tight.bands = 1;
    if (fi->width != f->width || fi->height != f->height ||
        (!in->on_device && frame_bytes(&tight) > cs->in_bytes)) {
        stage_set_error(s, "cuda stage: a %s %dx%d frame in a stage made for %s %dx%d",
                        pix_layout_name(fi->layout), fi->width, fi->height,
                        pix_layout_name(f->layout), f->width, f->height);
        return -1;
    }
    u->banded = frame_nbands(fi) > 1 && !in->on_device; // the device block mirrors the host's
    FrameFormat dfmt = *fi; // the device block: the host's bands, else tight planes
    if (!u->banded)
        dfmt.bands = 1;
    u->dsrc = device_source(&dfmt, u->d_in);
    for (int p = 0; p < 3 && in->on_device; p++)
        u->dsrc.plane[p] = in->data[p], u->dsrc.stride[p] = in->stride[p];
    int csx;
    u->nplanes = pix_planes(fi->layout);
    pix_chroma_shift(fi->layout, &csx, &u->csy);
    memset(&u->dframe, 0, sizeof(u->dframe));
    frame_wrap(&u->dframe, &dfmt, u->d_in);
    InFlight *slot = u->slot;
    slot->submit_ms = clock_now_ms();
    slot->set = u->set;
    // resampling: the weights with the crop's origin now (zoom), and the input rows
    // any output row reads (a crop's: its own; else every row)
    u->dh = cs->dh, u->dv = cs->dv;
    u->dh.offset = s->cfg.crop ? s->cfg.crop_x : 0;
    u->dv.offset = slot->crop_y = s->cfg.crop ? s->cfg.crop_y : 0;
    u->need0 = cs->scaled ? cs->rv.first[0] + u->dv.offset : 0;
    u->need1 = cs->scaled ? cs->rv.first[cs->rv.out - 1] + cs->rv.taps + u->dv.offset : 0;
    u->timed = slot->timed = cs->seq % (unsigned long long)cs->time_every == 0;
    u->sd = &slot->scope;
    if (scope_device_begin(u->sd, &u->out->scope, ofmt.height, s->error, sizeof(s->error)) < 0)
        return -1;
    slot->scoped = u->sd->host != NULL;
    // the set's previous frame: its counting of a stripe's rows must be over before
    // this frame's kernel writes them
    int pv = cs->prev[u->set];
    u->last = pv >= 0 && cs->slots[pv].scoped ? &cs->slots[pv] : NULL;
    return 0;
}

// Stripe k's input rows [y0, y1) onto the device on st, and its job's source there
static int submit_upload(Submit *u, int k, int y0, int y1, cudaStream_t st, ColourJob *kjob)
{
    Stage *s = u->s;
    const FrameBuf *in = u->in;
    PixelSource &ksrc = kjob->src;
    ksrc = u->dsrc;
    if (u->banded && y0 < y1) {
        // the stripe's Y, U and V rows are one range: one upload
        FrameBand b;
        frame_band(&u->dframe, k, &b);
        INJECT("h2d", "cudaMemcpyAsync (host to device)");
        CK(cudaMemcpyAsync(u->d_in + b.offset, in->data[0] + b.offset, b.bytes,
                           cudaMemcpyHostToDevice, st));
        for (int p = 0; p < 3; p++)
            ksrc.plane[p] = b.plane[p];
        ksrc.y0 = b.y0;
    }
    for (int p = 0; p < u->nplanes && y0 < y1 && !u->banded && !in->on_device; p++) {
        // chroma rows of a 4:2:0 stripe: y0 is even, so [y0/2, ceil(y1/2)); host rows
        // may be longer than the device's (decoder padding): a 2D copy drops the rest
        int halved = p > 0 && u->csy;
        int r0 = halved ? y0 / 2 : y0, r1 = halved ? (y1 + 1) / 2 : y1;
        const FrameBuf *d = &u->dframe;
        INJECT("h2d", "cudaMemcpy2DAsync (host to device)");
        CK(cudaMemcpy2DAsync(d->data[p] + (size_t)r0 * d->stride[p], d->stride[p],
                             in->data[p] + (size_t)r0 * in->stride[p], in->stride[p], d->stride[p],
                             r1 - r0, cudaMemcpyHostToDevice, st));
    }
    return 0;
fail:
    return -1;
}

// Output rows [y0, y1) of stripe k: downloaded on st (after the events ev[2] when
// timed), then counted on the stripe's counting stream (--scope)
static int submit_download(Submit *u, int k, int y0, int y1, cudaStream_t st, cudaEvent_t *ev)
{
    Stage *s = u->s;
    CudaStage *cs = u->cs;
    FrameBuf *out = u->out;
    if (y0 < y1)
        INJECT("d2h", "cudaMemcpyAsync (device to host)");
    if (y0 < y1 && s->cfg.out_yuv && !cs->scaled) {
        // out_yuv: the stripe's Y, U and V rows are one range, banded like the input
        // (one stripe: its band is the whole plain frame, rows 0..height)
        FrameBand ob;
        frame_band(&u->dout, k, &ob);
        CK(cudaMemcpyAsync(out->data[0] + ob.offset, u->d_out + ob.offset, ob.bytes,
                           cudaMemcpyDeviceToHost, st));
    } else if (y0 < y1) {
        size_t off = (size_t)y0 * out->stride[0], len = (size_t)(y1 - y0) * out->stride[0];
        CK(cudaMemcpyAsync(out->data[0] + off, u->d_out + off, len, cudaMemcpyDeviceToHost, st));
    }
    CK(cudaEventRecord(ev[u->timed ? 3 : EV_DONE], st));
    if (u->sd->host) { // counted on its counting stream once downloaded
        cudaStream_t cst = cs->count_streams[k % cs->nstreams];
        CK(cudaStreamWaitEvent(cst, ev[u->timed ? 3 : EV_DONE], 0));
        CK(scope_device_count(u->sd, u->d_out, out->stride[0], y0, y1,
                              u->out_kind == COLOUR_OUT_RGB48, cst));
        CK(cudaEventRecord(ev[EV_S], cst));
    }
    return 0;
fail:
    return -1;
}

// Stripe k on its stream: the upload of its rows, then the colour kernel and the
// download (or, resampling, the horizontal pass over the rows read: the vertical
// one is submit_vertical's)
static int submit_stripe(Submit *u, int k)
{
    Stage *s = u->s;
    CudaStage *cs = u->cs;
    cudaStream_t st = cs->streams[u->set][k % cs->nstreams];
    cudaEvent_t *ev = &u->slot->ev[EV_PER_STRIPE * k];
    int y0, y1;
    stripe_rows(u->f->height, cs->nstripes, k, u->even, &y0, &y1);
    ColourJob kjob = u->job;
    if (u->in->on_device)
        CK(cudaStreamWaitEvent(st, cs->decoded, 0));
    if (u->timed)
        CK(cudaEventRecord(ev[0], st));
    if (submit_upload(u, k, y0, y1, st, &kjob) < 0)
        return -1;
    if (u->timed)
        CK(cudaEventRecord(ev[1], st));
    if (cs->scaled) {
        int h0 = y0 > u->need0 ? y0 : u->need0, h1 = y1 < u->need1 ? y1 : u->need1;
        InFlight *pv = cs->prev[u->set] >= 0 ? &cs->slots[cs->prev[u->set]] : NULL;
        for (int j = 0; j < cs->nstripes && pv && h0 < h1; j++) // the last frame's readers
            if (j != k && scaled_reads(cs, j, pv->crop_y, h0, h1))
                CK(cudaStreamWaitEvent(st, pv->ev[EV_PER_STRIPE * j + EV_V], 0));
        if (h0 < h1) {
            INJECT("kernel", "the colour kernel's launch");
            CK(scale_h_launch(&kjob, &u->jit, &u->dh, cs->rh.out, cs->plan, cs->d_h[u->set], h0, h1,
                              st));
        }
        CK(cudaEventRecord(ev[EV_H], st));
        return 0;
    }
    if (u->last)
        CK(cudaStreamWaitEvent(st, u->last->ev[EV_PER_STRIPE * k + EV_S], 0));
    if (y0 < y1)
        INJECT("kernel", "the colour kernel's launch");
    if (y0 < y1 && s->cfg.out_yuv) {
        FrameBand ob;
        frame_band(&u->dout, k, &ob);
        CK(colour_launch_yuv420(&kjob, &u->jit, ob.plane, u->dout.stride, u->f->width, y0, y1, st));
    } else if (y0 < y1)
        CK(colour_launch(&kjob, &u->jit, u->out_kind, u->d_out, u->out->stride[0], u->f->width, y0,
                         y1, st));
    if (u->timed)
        CK(cudaEventRecord(ev[2], st));
    return submit_download(u, k, y0, y1, st, ev);
fail:
    return -1;
}

// Resampling: output stripe k's vertical pass, once the horizontal passes of the
// rows it reads are done, then its download
static int submit_vertical(Submit *u, int k)
{
    Stage *s = u->s;
    CudaStage *cs = u->cs;
    cudaStream_t st = cs->streams[u->set][k % cs->nstreams];
    cudaEvent_t *ev = &u->slot->ev[EV_PER_STRIPE * k];
    int oy0, oy1, ry0, ry1;
    stage_scaled_rows(&cs->rv, cs->nstripes, k, u->dv.offset, &oy0, &oy1, &ry0, &ry1);
    for (int j = 0; j < cs->nstripes && oy0 < oy1; j++) { // the rows it reads, done
        int y0, y1;
        stripe_rows(u->f->height, cs->nstripes, j, u->even, &y0, &y1);
        if (j != k && y0 < ry1 && ry0 < y1)
            CK(cudaStreamWaitEvent(st, u->slot->ev[EV_PER_STRIPE * j + EV_H], 0));
    }
    if (u->last)
        CK(cudaStreamWaitEvent(st, u->last->ev[EV_PER_STRIPE * k + EV_S], 0));
    if (oy0 < oy1)
        CK(scale_v_launch(&u->job, &u->dv, cs->d_h[u->set], cs->rh.out, u->out_kind, u->d_out,
                          u->out->stride[0], oy0, oy1, st));
    if (u->timed)
        CK(cudaEventRecord(ev[2], st));
    CK(cudaEventRecord(ev[EV_V], st));
    return submit_download(u, k, oy0, oy1, st, ev);
fail:
    return -1;
}

int cuda_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
{
    CudaStage *cs = (CudaStage *)s->priv;
    Submit u;
    memset(&u, 0, sizeof(u));
    u.s = s, u.cs = cs, u.f = &s->cfg.in, u.in = in, u.out = out;
    u.slot = &cs->slots[(cs->head + cs->count) % cs->depth];
    u.set = (int)(cs->seq % cs->nsets);
    u.d_in = cs->d_in[u.set], u.d_out = cs->d_out[u.set];
    u.even = stripe_needs_even(u.f->layout) || s->cfg.out_yuv;
    if (submit_begin(&u) < 0)
        return -1;
    // FFmpeg copies the decoded picture into its surface on the legacy default
    // stream; our non-blocking streams do not wait for that by themselves
    if (in->on_device)
        CK(cudaEventRecord(cs->decoded, cudaStreamLegacy));
    for (int k = 0; k < cs->nstripes; k++)
        if (submit_stripe(&u, k) < 0)
            return -1;
    for (int k = 0; k < cs->nstripes && cs->scaled; k++)
        if (submit_vertical(&u, k) < 0)
            return -1;
    for (int k = 0; k < cs->nstripes && u.sd->host; k++) // every stripe counted: pack
        CK(cudaStreamWaitEvent(cs->scope_stream, u.slot->ev[EV_PER_STRIPE * k + EV_S], 0));
    if (u.sd->host)
        CK(scope_device_pack(u.sd, cs->scope_stream));
    cs->prev[u.set] = (int)(u.slot - cs->slots);
    cs->count++;
    cs->seq++;
    return 0;
fail:
    return -1;
}
