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

int cuda_submit(Stage *s, const FrameBuf *in, FrameBuf *out)
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
    // the chain's OpenColorIO programs compiled in, found by their host tables, into
    // the kernel that runs the chain here (the resampler's, the encoder's, or BGR's)
    int path = cs->scaled ? JIT_PATH_SCALE_H : s->cfg.out_yuv ? JIT_PATH_YUV420 : JIT_PATH_COLOUR;
    const void *jit = colour_jit_kernel(cs->jit, &job.ch, version, path);
    if (device_job_tables(&cs->tables, &job, version, s->submitted + 1, s->completed, s->error,
                          sizeof(s->error)) < 0)
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
    ScopeDevice *sd = &slot->scope; // --scope: sd->host when this frame is counted
    if (scope_device_begin(sd, &out->scope, ofmt.height, s->error, sizeof(s->error)) < 0)
        return -1;
    slot->scoped = sd->host != NULL;
    // the set's previous frame: its counting of a stripe's rows must be over before
    // this frame's kernel writes them
    const InFlight *last = cs->prev[set] >= 0 && cs->slots[cs->prev[set]].scoped
                               ? &cs->slots[cs->prev[set]] : NULL;
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
                CK(scale_h_launch(&kjob, jit, &dh, cs->rh.out, cs->plan, cs->d_h[set], h0, h1, st));
            }
            CK(cudaEventRecord(ev[EV_H], st));
            continue;
        }
        // out_yuv: the stripe's Y, U and V rows are one range, banded like the input
        // (one stripe: its band is the whole plain frame, rows 0..height)
        FrameBand ob;
        if (s->cfg.out_yuv)
            frame_band(&dout, k, &ob);
        if (last)
            CK(cudaStreamWaitEvent(st, last->ev[EV_PER_STRIPE * k + EV_S], 0));
        if (y0 < y1)
            INJECT("kernel", "the colour kernel's launch");
        if (y0 < y1 && s->cfg.out_yuv)
            CK(colour_launch_yuv420(&kjob, jit, ob.plane, dout.stride, f->width, y0, y1, st));
        else if (y0 < y1)
            CK(colour_launch(&kjob, jit, out_kind, d_out, out->stride[0], f->width, y0, y1, st));
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
        if (sd->host) { // counted on its counting stream once downloaded
            CK(cudaStreamWaitEvent(cs->count_streams[k % cs->nstreams], ev[timed ? 3 : EV_DONE], 0));
            CK(scope_device_count(sd, d_out, out->stride[0], y0, y1, out_kind == COLOUR_OUT_RGB48,
                                  cs->count_streams[k % cs->nstreams]));
            CK(cudaEventRecord(ev[EV_S], cs->count_streams[k % cs->nstreams]));
        }
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
        if (last)
            CK(cudaStreamWaitEvent(st, last->ev[EV_PER_STRIPE * k + EV_S], 0));
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
        if (sd->host) {
            CK(cudaStreamWaitEvent(cs->count_streams[k % cs->nstreams], ev[timed ? 3 : EV_DONE], 0));
            CK(scope_device_count(sd, d_out, out->stride[0], oy0, oy1, out_kind == COLOUR_OUT_RGB48,
                                  cs->count_streams[k % cs->nstreams]));
            CK(cudaEventRecord(ev[EV_S], cs->count_streams[k % cs->nstreams]));
        }
    }
    for (int k = 0; k < cs->nstripes && sd->host; k++) // every stripe counted: pack
        CK(cudaStreamWaitEvent(cs->scope_stream, slot->ev[EV_PER_STRIPE * k + EV_S], 0));
    if (sd->host)
        CK(scope_device_pack(sd, cs->scope_stream));
    cs->prev[set] = (int)(slot - cs->slots);
    cs->count++;
    cs->seq++;
    return 0;
fail:
    return -1;
}
