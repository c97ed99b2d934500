/* Decoded frames into ring slots (see deliver.h): the reference, copy and
 * conversion paths, and following a stream that changes shape. One swscale
 * context, cached, and two frames allocated on first need (a banded copy of
 * swscale's output; an NVDEC surface brought to the host). */
#include "decode/deliver.h"
#include "io/hdrmeta.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavutil/hwcontext.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

struct Delivery {
    char url[1024];
    int reshape;
    PixChoice choice;
    enum AVPixelFormat src_fmt; /* the stream's pixel format now (NVDEC: its software format) */
    atomic_int src_now;         /* src_fmt, for other threads */
    FrameFormat cur;            /* the ring's layout and size now */
    int first_w, first_h;       /* the first ones, for the line on keeping them */
    enum AVPixelFormat first_fmt;
    enum AVPixelFormat alias;   /* deliver_create's: no line said for it */
    int scale_said;             /* that line is out */
    struct SwsContext *sws;
    AVFrame *plain; /* swscale's output when ring slots are banded */
    AVFrame *sw;    /* an NVDEC frame brought to the host */
    long long direct, copied, on_device;
    HdrMeta hdr; /* the stream's, updated by each frame that carries some */
};

static const char *pix_name(enum AVPixelFormat f)
{
    const char *n = av_get_pix_fmt_name(f);
    return n ? n : "?";
}

/* A frame's pixel format; for an NVDEC surface, the format of its pixels. */
static enum AVPixelFormat frame_source_format(const AVFrame *f)
{
    if (f->format == AV_PIX_FMT_CUDA && f->hw_frames_ctx)
        return ((const AVHWFramesContext *)f->hw_frames_ctx->data)->sw_format;
    return f->format;
}

Delivery *deliver_create(const char *url, enum AVPixelFormat src_fmt, enum AVPixelFormat alias,
                         int width, int height, int reshape)
{
    Delivery *v = calloc(1, sizeof(*v));
    if (!v || !(v->plain = av_frame_alloc()) || !(v->sw = av_frame_alloc())) {
        deliver_destroy(&v);
        return NULL;
    }
    snprintf(v->url, sizeof(v->url), "%s", url);
    v->reshape = reshape;
    v->src_fmt = v->first_fmt = src_fmt;
    v->alias = alias;
    atomic_store(&v->src_now, src_fmt);
    v->choice = pixfmt_choose(src_fmt);
    v->cur = (FrameFormat){v->choice.layout, width, height, 1};
    v->first_w = width, v->first_h = height;
    return v;
}

const PixChoice *deliver_choice(const Delivery *v)
{
    return &v->choice;
}

enum AVPixelFormat deliver_source_format(const Delivery *v)
{
    return atomic_load(&v->src_now);
}

/* A frame whose size or pixel format differs from the frames before it. With
 * reshape (no -o), as ffplay does: from this frame on the ring, the stage and
 * the window take the new geometry (ring_write_reformat: every frame before it
 * is shown first, none is lost). Without (the encoder cannot change size
 * mid-file), frames keep being scaled to the first size, as ffmpeg does, and
 * that is said once. */
void deliver_follow(Delivery *v, FrameRing *ring, const AVFrame *f, long long n)
{
    enum AVPixelFormat src = frame_source_format(f);
    int same_size = f->width == v->cur.width && f->height == v->cur.height;
    if (same_size && src == v->src_fmt)
        return;
    if (!v->reshape) {
        /* the stream's own format where NVDEC's was expected: converted, nothing lost */
        int alias = same_size && src == v->alias;
        if (!v->scale_said && !alias)
            av_log(NULL, AV_LOG_WARNING,
                   "pinstripe: '%s': the video changes from %dx%d %s to %dx%d %s at frame %lld: "
                   "the output keeps the first size and format (scaled, as ffmpeg does)\n",
                   v->url, v->first_w, v->first_h, pix_name(v->first_fmt), f->width, f->height,
                   pix_name(src), n);
        v->scale_said |= !alias;
        return;
    }
    av_log(NULL, AV_LOG_INFO, "pinstripe: '%s': from frame %lld: %dx%d %s (was %dx%d %s)\n",
           v->url, n, f->width, f->height, pix_name(src), v->cur.width, v->cur.height,
           pix_name(v->src_fmt));
    v->src_fmt = src;
    v->choice = pixfmt_choose(src);
    atomic_store(&v->src_now, src);
    av_frame_unref(v->plain); /* swscale's frame, at the old size */
    FrameFormat next = {v->choice.layout, f->width, f->height, 1};
    if (next.layout != v->cur.layout || next.width != v->cur.width || next.height != v->cur.height)
        ring_write_reformat(ring, next.layout, next.width, next.height);
    v->cur = next;
}

/* Copy or convert the decoded frame into a ring slot. */
static int normalise(Delivery *v, const AVFrame *f, FrameBuf *out, char *err, size_t errlen)
{
    const FrameFormat *o = &v->cur;
    int same = f->width == o->width && f->height == o->height && f->format == v->src_fmt;
    if (same && v->choice.copy) {
        frame_copy_planes(out, (const uint8_t *const *)f->data, f->linesize);
    } else {
        /* Cached: a new context only when the source's size or format changes. */
        /* a full-range (yuvj) source stays full range: swscale would squeeze it into
         * limited range on its way to plain yuv420p */
        enum AVPixelFormat dst = v->choice.full_range && v->choice.av_layout == AV_PIX_FMT_YUV420P
                                     ? AV_PIX_FMT_YUVJ420P
                                     : v->choice.av_layout;
        v->sws = sws_getCachedContext(v->sws, f->width, f->height, f->format, o->width,
                                      o->height, dst,
                                      SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                      NULL, NULL, NULL);
        if (!v->sws) {
            snprintf(err, errlen, "'%s': cannot convert %s %dx%d to %s", v->url,
                     av_get_pix_fmt_name(f->format), f->width, f->height,
                     pix_layout_name(o->layout));
            return -1;
        }
        if (frame_nbands(&out->fmt) == 1) {
            sws_scale(v->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height,
                      out->data, out->stride);
        } else {
            /* swscale writes whole planes: convert into a plain frame (allocated
             * once, on first need), then lay it out in bands */
            if (!v->plain->data[0]) {
                v->plain->format = v->choice.av_layout;
                v->plain->width = o->width, v->plain->height = o->height;
                if (av_frame_get_buffer(v->plain, 0) < 0) {
                    snprintf(err, errlen, "'%s': out of memory", v->url);
                    return -1;
                }
            }
            sws_scale(v->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height,
                      v->plain->data, v->plain->linesize);
            frame_copy_planes(out, (const uint8_t *const *)v->plain->data, v->plain->linesize);
        }
    }
    return 0;
}

/* What a slot's frame is: its matrix, range, depth, transfer, primaries, and
 * the peak its metadata gives (kept from the last frame that carried some). */
static void tag(Delivery *v, const AVFrame *f, FrameBuf *slot, int surface)
{
    slot->matrix = pixfmt_matrix(f->colorspace);
    slot->full_range = v->choice.full_range || f->color_range == AVCOL_RANGE_JPEG;
    slot->depth = slot->on_device ? 0 : v->choice.depth; /* a surface's: by its layout */
    /* MSB-aligned samples (p010, p016; NVDEC's surfaces, on the device or copied
     * here: a p016 or yuv444p16 surface of a 12-bit stream holds 12): the
     * stream's bits */
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(v->alias);
    slot->bits = (surface || slot->fmt.layout == PIX_P016) && d ? d->comp[0].depth : 0;
    slot->transfer = pixfmt_transfer(f->color_trc);
    slot->primaries = pixfmt_primaries(f->color_primaries);
    hdrmeta_from_frame(f, &v->hdr);
    slot->hdr_peak = (float)hdrmeta_peak(&v->hdr);
}

int deliver_frame(Delivery *v, FrameRing *ring, FramePool *pool, const AVFrame *f,
                  FrameBuf *slot, char *err, size_t errlen)
{
    const FrameFormat *o = &v->cur;
    int same_size = f->width == o->width && f->height == o->height;
    /* the stage reads NVDEC's nv12, p010 and p016 in place (p010 as 16-bit samples:
     * MSB-aligned, as the integer path moves 10-bit samples up; colour.h); anything
     * else comes to the host */
    enum AVPixelFormat sw = frame_source_format(f);
    int surface = f->format == AV_PIX_FMT_CUDA; /* (read back below: f is then the copy) */
    int deep = sw == AV_PIX_FMT_P010LE || sw == AV_PIX_FMT_P016LE;
    if (f->format == AV_PIX_FMT_CUDA && same_size && (sw == AV_PIX_FMT_NV12 || deep)) {
        if (ring_write_ref(ring, slot, f, deep ? PIX_P016 : PIX_NV12) < 0)
            goto oom;
        v->on_device++;
        goto tags;
    }
    if (f->format == AV_PIX_FMT_CUDA) {
        /* -o and a new size mid-stream (or a surface in another format): the surface
         * comes to the host and is scaled or converted there */
        av_frame_unref(v->sw);
        int rc = av_hwframe_transfer_data(v->sw, f, 0);
        if (rc < 0 || av_frame_copy_props(v->sw, f) < 0) {
            char why[128] = "cannot copy its properties";
            if (rc < 0 && av_strerror(rc, why, sizeof(why)) < 0)
                snprintf(why, sizeof(why), "error %d", rc);
            snprintf(err, errlen, "'%s': cannot read an NVDEC frame back: %s", v->url, why);
            return -1;
        }
        f = v->sw;
    } else if (same_size && f->format == v->src_fmt && v->choice.copy &&
               framepool_owns(pool, f)) {
        if (ring_write_ref(ring, slot, f, -1) < 0)
            goto oom;
        v->direct++;
        goto tags;
    }
    if (normalise(v, f, slot, err, errlen) < 0)
        return -1;
    v->copied++;
tags:
    tag(v, f, slot, surface);
    return 0;
oom:
    snprintf(err, errlen, "'%s': out of memory", v->url);
    return -1;
}

void deliver_counts(const Delivery *v, long long *direct, long long *copied,
                    long long *on_device)
{
    *direct = v->direct, *copied = v->copied, *on_device = v->on_device;
}

void deliver_destroy(Delivery **pv)
{
    Delivery *v = pv ? *pv : NULL;
    if (!v)
        return;
    sws_freeContext(v->sws);
    av_frame_free(&v->plain);
    av_frame_free(&v->sw);
    free(v);
    *pv = NULL;
}

void deliver_set_hdr(Delivery *v, const HdrMeta *m)
{
    v->hdr = *m;
}
