/* The decode thread (see decoder.h): demux → decode → normalise into a ring
 * slot. Follows FFmpeg's doc/examples/demux_decode.c: one decode_packet()
 * path, fed with NULL at the end to drain. */
#include "io/decoder.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <libavcodec/avcodec.h>
#ifdef PINSTRIPE_HAVE_AVDEVICE
#include <libavdevice/avdevice.h>
#endif
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "gpu/clock.h"
#include "io/audio.h"
#include "io/avlog.h"
#include "io/framepool.h"
#include "io/pixfmt.h"
#include "io/writer.h"

/* capture times kept for the packets in flight in the decoder (more than any
 * decoder holds back) */
#define CAP_SLOTS 64

struct Decoder {
    char url[1024];
    AVFormatContext *fmt;
    AVCodecContext *dec;
    int vidx;
    AVPacket *pkt;
    AVFrame *frame;
    AVFrame *plain; /* swscale's output when ring slots are banded */
    AVFrame *sw;    /* an NVDEC frame brought to the host (size change mid-stream) */
    struct SwsContext *sws;
    DecoderInfo info;
    PixChoice choice;
    enum AVPixelFormat src_fmt; /* the stream's pixel format now (NVDEC: its software format) */
    FrameFormat cur;          /* the ring's layout and size now (info.fmt: the first ones) */
    int scale_said;           /* the line on keeping the first size (-o) is out */
    atomic_int src_now;       /* src_fmt, for other threads (decoder_source_format) */
    FramePool *pool;          /* the decoder's buffers, in the ring's memory */
    AVBufferRef *hw_device;   /* NVDEC: the CUDA device, on the primary context */
    atomic_int hw_refused;    /* NVDEC turned the stream down at get_format */
    long long direct, copied, on_device; /* frames by how they reached the ring */

    FrameRing *ring;
    Writer *copy_to; /* audio and subtitle packets go here */
    AudioDecoder *audio; /* and the played audio stream's here */
    int audio_index;
    int64_t max_frames;
    pthread_t thread;
    int started, joined;
    atomic_int stop;
    atomic_int seek_serial; /* > serial: a seek to seek_target_us is wanted */
    _Atomic long long seek_target_us;
    int serial;
    atomic_llong frames;
    atomic_llong errors; /* packets refused and frames that failed to decode: warnings */
    int64_t last_pts, pts_step;
    int64_t pts_offset;   /* --loop: added to every pass's timestamps so they run on */
    int64_t first_pts;    /* the first frame's own timestamp (a pass starts there) */
    int passes;           /* --loop: passes begun */
    DecoderOptions opt;
    /* capture times of recent packets, by pts, so a frame can carry its own */
    struct {
        int64_t pts;
        double ms;
    } cap[CAP_SLOTS]; /* slot: pts % CAP_SLOTS */
    int64_t rt_pts0;  /* realtime pacing: first pts and when it was released */
    double rt_wall0;
    int rt_started;
    double mark_ms; /* end of the previous hand-off: decode time counts from here */
    int rc;
    char error[512];
};

static void av_err(int rc, char *buf, size_t len)
{
    if (av_strerror(rc, buf, len) < 0)
        snprintf(buf, len, "error %d", rc);
}

/* A frame's pixel format; for an NVDEC surface, the format of its pixels. */
static enum AVPixelFormat frame_source_format(const AVFrame *f)
{
    if (f->format == AV_PIX_FMT_CUDA && f->hw_frames_ctx)
        return ((const AVHWFramesContext *)f->hw_frames_ctx->data)->sw_format;
    return f->format;
}

static int is_plain_path(const char *url)
{
    /* "proto:..." is a URL for libavformat; a path with a slash before any colon is a path. */
    const char *colon = strchr(url, ':');
    const char *slash = strchr(url, '/');
    return !colon || (slash && slash < colon);
}

static int get_buffer(AVCodecContext *s, AVFrame *f, int flags)
{
    Decoder *d = s->opaque;
    return framepool_get_buffer(d->pool, s, f, flags); /* no pool: libavcodec's default */
}

static enum AVPixelFormat get_format(AVCodecContext *s, const enum AVPixelFormat *fmts)
{
    Decoder *d = s->opaque;
    for (const enum AVPixelFormat *p = fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == AV_PIX_FMT_CUDA)
            return AV_PIX_FMT_CUDA;
    /* NVDEC not offered, or offered and failed to start (profile, size): FFmpeg asks
     * again without it */
    if (d->hw_device && !atomic_exchange(&d->hw_refused, 1))
        av_log(NULL, AV_LOG_WARNING,
               "pinstripe: '%s': NVDEC cannot decode this %s stream (%s %dx%d): software decode\n",
               d->url, d->info.codec, av_get_pix_fmt_name(s->sw_pix_fmt), s->coded_width,
               s->coded_height);
    return avcodec_default_get_format(s, fmts);
}

/* --hwdec cuda: a CUDA device for FFmpeg on the primary context (the one the stage's
 * runtime calls use), when the codec has an NVDEC path. 0, or -1 with the reason in why. */
static int setup_hwdec(Decoder *d, const AVCodec *codec, char *why, size_t len)
{
    int found = 0;
    for (int i = 0;; i++) {
        const AVCodecHWConfig *c = avcodec_get_hw_config(codec, i);
        if (!c)
            break;
        if (c->device_type == AV_HWDEVICE_TYPE_CUDA && c->pix_fmt == AV_PIX_FMT_CUDA &&
            (c->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX))
            found = 1;
    }
    if (!found) {
        snprintf(why, len, "NVDEC cannot decode %s", codec->name);
        return -1;
    }
    AVDictionary *o = NULL;
    av_dict_set(&o, "primary_ctx", "1", 0);
    int rc = av_hwdevice_ctx_create(&d->hw_device, AV_HWDEVICE_TYPE_CUDA, NULL, o, 0);
    av_dict_free(&o);
    if (rc < 0) {
        char e[128];
        av_err(rc, e, sizeof(e));
        snprintf(why, len, "no CUDA device for NVDEC (%s)", e);
        return -1;
    }
    if (!(d->dec->hw_device_ctx = av_buffer_ref(d->hw_device))) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    return 0;
}

static int env_int(const char *name, int def)
{
    const char *v = getenv(name);
    return v && *v ? atoi(v) : def;
}

static Decoder *open_input(const char *url, const DecoderOptions *opt, char *err,
                           size_t errlen, int *code)
{
    const char *format = opt->format;
    char why[256];
    Decoder *d = calloc(1, sizeof(*d));
    *code = DECODER_ERR_INPUT;
    if (!d) {
        snprintf(err, errlen, "'%s': out of memory", url);
        return NULL;
    }
    snprintf(d->url, sizeof(d->url), "%s", url);
#ifdef PINSTRIPE_HAVE_AVDEVICE
    avdevice_register_all();
#endif

    const AVInputFormat *ifmt = NULL;
    if (format && !(ifmt = av_find_input_format(format))) {
#ifdef PINSTRIPE_HAVE_AVDEVICE
        snprintf(err, errlen, "-f: unknown input format '%s'", format);
#else
        snprintf(err, errlen, "-f: unknown input format '%s' (this build has no libavdevice: "
                 "cameras and lavfi need -DPINSTRIPE_AVDEVICE=ON)", format);
#endif
        *code = DECODER_ERR_USAGE;
        goto fail;
    }
    struct stat fst;
    int stat_err = is_plain_path(url) ? (stat(url, &fst) == 0 ? 0 : errno) : -1;
    /* a file on disk: nothing to gain from dropping what probing read */
    int regular = stat_err == 0 && S_ISREG(fst.st_mode);
    if (!format && stat_err >= 0) {
        if (stat_err) {
            snprintf(err, errlen, "cannot open '%s': %s", url, strerror(stat_err));
            goto fail;
        }
        if (S_ISDIR(fst.st_mode)) {
            snprintf(err, errlen, "cannot open '%s': it is a directory", url);
            goto fail;
        }
    }
    d->opt = *opt;
    AVDictionary *dict = NULL;
    if (opt->video_size)
        av_dict_set(&dict, "video_size", opt->video_size, 0);
    if (opt->framerate)
        av_dict_set(&dict, "framerate", opt->framerate, 0);
    if (opt->input_format)
        av_dict_set(&dict, "input_format", opt->input_format, 0);
    /* A live source: no probing delay, and what probing read is dropped (it is
     * stale by the time the first frame shows). A file given --live keeps every
     * frame: it is read at its own rate instead (realtime_wait). */
    if (opt->live && !regular) {
        av_dict_set(&dict, "fflags", "nobuffer", 0);
        av_dict_set(&dict, "probesize", "32768", 0);
        av_dict_set(&dict, "analyzeduration", "0", 0);
    }
    int rc = avformat_open_input(&d->fmt, url, ifmt, &dict);
    av_dict_free(&dict);
    if (rc < 0) {
        av_err(rc, why, sizeof(why));
        if (format)
            snprintf(err, errlen, "cannot open '%s' as %s: %s", url, format, why);
        else
            snprintf(err, errlen, "cannot open '%s': %s", url, why);
        goto fail;
    }
    if ((rc = avformat_find_stream_info(d->fmt, NULL)) < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot read '%s': %s", url, why);
        goto fail;
    }
    const AVCodec *codec = NULL;
    d->vidx = av_find_best_stream(d->fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (d->vidx == AVERROR_STREAM_NOT_FOUND) {
        snprintf(err, errlen, "'%s': no video stream", url);
        goto fail;
    }
    if (d->vidx < 0 || !codec) {
        AVStream *st0 = d->vidx >= 0 ? d->fmt->streams[d->vidx] : NULL;
        snprintf(err, errlen, "'%s': no decoder for its video stream%s%s", url,
                 st0 ? " " : "", st0 ? avcodec_get_name(st0->codecpar->codec_id) : "");
        goto fail;
    }
    AVStream *st = d->fmt->streams[d->vidx];
    if (!(d->dec = avcodec_alloc_context3(codec)) ||
        avcodec_parameters_to_context(d->dec, st->codecpar) < 0) {
        snprintf(err, errlen, "'%s': cannot set up the %s decoder", url, codec->name);
        goto fail;
    }
    d->dec->thread_count = 0; /* one per core */
    /* frame threads hold frames back; a live source wants each frame at once */
    d->dec->thread_type = opt->live ? FF_THREAD_SLICE : FF_THREAD_FRAME | FF_THREAD_SLICE;
    if (opt->live)
        d->dec->flags |= AV_CODEC_FLAG_LOW_DELAY;
    d->dec->pkt_timebase = st->time_base;
    d->dec->opaque = d;
    d->dec->get_buffer2 = get_buffer; /* the pool comes with the ring, at decoder_start */
    snprintf(d->info.codec, sizeof(d->info.codec), "%s", codec->name);
    if (opt->hwdec) {
        char hwwhy[192];
        if (setup_hwdec(d, codec, hwwhy, sizeof(hwwhy)) == 0) {
            d->dec->get_format = get_format;
            d->info.hwdec = 1;
            /* NVDEC does the work: more threads only add surfaces (over 32 NVDEC may
             * fail) and frames held back; PINSTRIPE_HWDEC_THREADS overrides, to measure */
            d->dec->thread_count = env_int("PINSTRIPE_HWDEC_THREADS", 1);
        } else {
            av_buffer_unref(&d->hw_device);
            snprintf(d->info.hwdec_note, sizeof(d->info.hwdec_note),
                     "'%s': --hwdec cuda: %s: software decode", url, hwwhy);
        }
    }
    if ((rc = avcodec_open2(d->dec, codec, NULL)) < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(err, errlen, "'%s': cannot open the %s decoder: %s", url, codec->name, why);
        goto fail;
    }
    if (d->dec->width < 1 || d->dec->height < 1 || d->dec->pix_fmt == AV_PIX_FMT_NONE ||
        (d->dec->pix_fmt == AV_PIX_FMT_CUDA && d->dec->sw_pix_fmt == AV_PIX_FMT_NONE)) {
        snprintf(err, errlen, "'%s': video stream has no size or pixel format", url);
        goto fail;
    }
    if (!(d->pkt = av_packet_alloc()) || !(d->frame = av_frame_alloc()) ||
        !(d->plain = av_frame_alloc()) || !(d->sw = av_frame_alloc())) {
        snprintf(err, errlen, "'%s': out of memory", url);
        goto fail;
    }
    /* with NVDEC set up, h264 may already have picked it from the extradata */
    d->src_fmt = d->dec->pix_fmt == AV_PIX_FMT_CUDA ? d->dec->sw_pix_fmt : d->dec->pix_fmt;
    d->choice = pixfmt_choose(d->src_fmt);
    DecoderInfo *in = &d->info;
    in->fmt = (FrameFormat){d->choice.layout, d->dec->width, d->dec->height, 1};
    d->cur = in->fmt;
    atomic_store(&d->src_now, d->src_fmt);
    in->tb_num = st->time_base.num, in->tb_den = st->time_base.den;
    AVRational fr = av_guess_frame_rate(d->fmt, st, NULL);
    in->rate_num = fr.num, in->rate_den = fr.den ? fr.den : 1;
    in->avg_num = st->avg_frame_rate.num > 0 && st->avg_frame_rate.den > 0 ? st->avg_frame_rate.num : 0;
    in->avg_den = in->avg_num ? st->avg_frame_rate.den : 1;
    in->start_us = d->fmt->start_time != AV_NOPTS_VALUE ? d->fmt->start_time : INT64_MIN;
    in->duration_s = d->fmt->duration > 0 ? d->fmt->duration / (double)AV_TIME_BASE : 0;
    const char *pf = av_get_pix_fmt_name(d->src_fmt);
    snprintf(in->src_pix_fmt, sizeof(in->src_pix_fmt), "%s", pf ? pf : "?");
    d->pts_step = 1;
    if (fr.num > 0 && fr.den > 0) {
        int64_t step = av_rescale_q(1, av_inv_q(fr), st->time_base);
        d->pts_step = step > 0 ? step : 1;
    }
    d->last_pts = AV_NOPTS_VALUE;
    d->first_pts = AV_NOPTS_VALUE;
    return d;
fail:
    decoder_close(&d);
    return NULL;
}

Decoder *decoder_open(const char *url, const DecoderOptions *opt, char *err, size_t errlen,
                      int *code)
{
    DecoderOptions none = {0};
    avlog_quiet_begin();
    Decoder *d = open_input(url, opt ? opt : &none, err, errlen, code);
    avlog_quiet_end();
    return d;
}

const DecoderInfo *decoder_info(const Decoder *d)
{
    return &d->info;
}

/* Copy or convert the decoded frame into a ring slot. */
static int normalise(Decoder *d, const AVFrame *f, FrameBuf *out)
{
    const FrameFormat *o = &d->cur;
    int same = f->width == o->width && f->height == o->height && f->format == d->src_fmt;
    if (same && d->choice.copy) {
        frame_copy_planes(out, (const uint8_t *const *)f->data, f->linesize);
    } else {
        /* Cached: a new context only when the source's size or format changes. */
        /* a full-range (yuvj) source stays full range: swscale would squeeze it into
         * limited range on its way to plain yuv420p */
        enum AVPixelFormat dst = d->choice.full_range && d->choice.av_layout == AV_PIX_FMT_YUV420P
                                     ? AV_PIX_FMT_YUVJ420P
                                     : d->choice.av_layout;
        d->sws = sws_getCachedContext(d->sws, f->width, f->height, f->format, o->width,
                                      o->height, dst,
                                      SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                      NULL, NULL, NULL);
        if (!d->sws) {
            snprintf(d->error, sizeof(d->error), "'%s': cannot convert %s %dx%d to %s", d->url,
                     av_get_pix_fmt_name(f->format), f->width, f->height,
                     pix_layout_name(o->layout));
            return -1;
        }
        if (frame_nbands(&out->fmt) == 1) {
            sws_scale(d->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height,
                      out->data, out->stride);
        } else {
            /* swscale writes whole planes: convert into a plain frame (allocated
             * once, on first need), then lay it out in bands */
            if (!d->plain->data[0]) {
                d->plain->format = d->choice.av_layout;
                d->plain->width = o->width, d->plain->height = o->height;
                if (av_frame_get_buffer(d->plain, 0) < 0) {
                    snprintf(d->error, sizeof(d->error), "'%s': out of memory", d->url);
                    return -1;
                }
            }
            sws_scale(d->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height,
                      d->plain->data, d->plain->linesize);
            frame_copy_planes(out, (const uint8_t *const *)d->plain->data, d->plain->linesize);
        }
    }
    out->matrix = pixfmt_matrix(f->colorspace);
    out->full_range = d->choice.full_range || f->color_range == AVCOL_RANGE_JPEG;
    return 0;
}

/* Hand the decoded frame to a ring slot: by reference when it lies in the decoder's
 * own buffers or on the GPU, else copied or converted. 0 or -1 (d->error set). */
static int deliver(Decoder *d, const AVFrame *f, FrameBuf *slot)
{
    const FrameFormat *o = &d->cur;
    int same_size = f->width == o->width && f->height == o->height;
    int full_range = d->choice.full_range || f->color_range == AVCOL_RANGE_JPEG;
    /* the stage reads NVDEC's nv12 in place; anything else comes to the host */
    if (f->format == AV_PIX_FMT_CUDA && same_size && frame_source_format(f) == AV_PIX_FMT_NV12) {
        if (ring_write_ref(d->ring, slot, f, 1) < 0)
            goto oom;
        d->on_device++;
        goto tags;
    }
    if (f->format == AV_PIX_FMT_CUDA) {
        /* -o and a new size mid-stream (or a surface that is not nv12): the surface
         * comes to the host and is scaled or converted there */
        av_frame_unref(d->sw);
        int rc = av_hwframe_transfer_data(d->sw, f, 0);
        if (rc < 0 || av_frame_copy_props(d->sw, f) < 0) {
            char why[128];
            av_err(rc, why, sizeof(why));
            snprintf(d->error, sizeof(d->error), "'%s': cannot read an NVDEC frame back: %s",
                     d->url, why);
            return -1;
        }
        f = d->sw;
    } else if (same_size && f->format == d->src_fmt && d->choice.copy &&
               framepool_owns(d->pool, f)) {
        if (ring_write_ref(d->ring, slot, f, 0) < 0)
            goto oom;
        d->direct++;
        goto tags;
    }
    if (normalise(d, f, slot) < 0)
        return -1;
    d->copied++;
    return 0;
tags:
    slot->matrix = pixfmt_matrix(f->colorspace);
    slot->full_range = full_range;
    return 0;
oom:
    snprintf(d->error, sizeof(d->error), "'%s': out of memory", d->url);
    return -1;
}

static const char *pix_name(enum AVPixelFormat f)
{
    const char *n = av_get_pix_fmt_name(f);
    return n ? n : "?";
}

/* A frame whose size or pixel format differs from the frames before it. With
 * reshape (no -o), as ffplay does: from this frame on the ring, the stage and
 * the window take the new geometry (ring_write_reformat: every frame before it
 * is shown first, none is lost). Without (the encoder cannot change size
 * mid-file), frames keep being scaled to the first size, as ffmpeg does, and
 * that is said once. */
static void follow_geometry(Decoder *d, const AVFrame *f)
{
    enum AVPixelFormat src = frame_source_format(f);
    if (f->width == d->cur.width && f->height == d->cur.height && src == d->src_fmt)
        return;
    long long n = atomic_load(&d->frames);
    if (!d->opt.reshape) {
        if (!d->scale_said)
            av_log(NULL, AV_LOG_WARNING,
                   "pinstripe: '%s': the video changes from %dx%d %s to %dx%d %s at frame %lld: "
                   "the output keeps the first size and format (scaled, as ffmpeg does)\n",
                   d->url, d->info.fmt.width, d->info.fmt.height, d->info.src_pix_fmt, f->width,
                   f->height, pix_name(src), n);
        d->scale_said = 1;
        return;
    }
    av_log(NULL, AV_LOG_INFO, "pinstripe: '%s': from frame %lld: %dx%d %s (was %dx%d %s)\n",
           d->url, n, f->width, f->height, pix_name(src), d->cur.width, d->cur.height,
           pix_name(d->src_fmt));
    d->src_fmt = src;
    d->choice = pixfmt_choose(src);
    atomic_store(&d->src_now, src);
    av_frame_unref(d->plain); /* swscale's frame, at the old size */
    FrameFormat next = {d->choice.layout, f->width, f->height, 1};
    if (next.layout != d->cur.layout || next.width != d->cur.width || next.height != d->cur.height)
        ring_write_reformat(d->ring, next.layout, next.width, next.height);
    d->cur = next;
}

static int64_t next_pts(Decoder *d, const AVFrame *f)
{
    int64_t pts = f->best_effort_timestamp;
    if (pts != AV_NOPTS_VALUE && d->first_pts == AV_NOPTS_VALUE)
        d->first_pts = pts;
    if (pts != AV_NOPTS_VALUE)
        pts += d->pts_offset;
    if (pts == AV_NOPTS_VALUE)
        pts = d->last_pts == AV_NOPTS_VALUE ? 0 : d->last_pts + d->pts_step;
    else if (d->last_pts != AV_NOPTS_VALUE && pts <= d->last_pts)
        pts = d->last_pts + 1; /* keep timestamps strictly increasing for the muxer */
    d->last_pts = pts;
    return pts;
}

/* -re: hold the frame until its time comes, as a camera would deliver it.
 * -1 when asked to stop while waiting. */
static int realtime_wait(Decoder *d, const AVFrame *f)
{
    int64_t pts = f->best_effort_timestamp;
    if (pts == AV_NOPTS_VALUE)
        return 0;
    pts += d->pts_offset; /* --loop: the timeline runs on */
    double now = clock_now_ms(), tb = av_q2d(d->fmt->streams[d->vidx]->time_base) * 1000.0;
    if (!d->rt_started || pts < d->rt_pts0) {
        d->rt_started = 1, d->rt_pts0 = pts, d->rt_wall0 = now;
        return 0;
    }
    double due = d->rt_wall0 + (double)(pts - d->rt_pts0) * tb;
    while ((now = clock_now_ms()) < due) {
        if (atomic_load(&d->stop))
            return -1;
        double left = due - now > 10 ? 10 : due - now;
        struct timespec ts = {0, (long)(left * 1e6)};
        nanosleep(&ts, NULL);
    }
    return 0;
}

/* 1: frame handed over; 0: stop requested; negative: failure. */
static int emit(Decoder *d, const AVFrame *f)
{
    if (atomic_load(&d->stop) || (d->max_frames > 0 && atomic_load(&d->frames) >= d->max_frames))
        return 0;
    if (!d->ring) { /* decoding alone, to measure it */
        atomic_fetch_add(&d->frames, 1);
        return 1;
    }
    double w0 = clock_now_ms();
    if (d->opt.realtime && realtime_wait(d, f) < 0)
        return 0;
    d->mark_ms += clock_now_ms() - w0; /* waiting for the frame's time is not decoding */
    double ready = clock_now_ms();
    double captured = ready;
    int64_t key = f->pts != AV_NOPTS_VALUE ? f->pts : f->pkt_dts;
    if (key != AV_NOPTS_VALUE && d->cap[(uint64_t)key % CAP_SLOTS].pts == key && !d->opt.realtime)
        captured = d->cap[(uint64_t)key % CAP_SLOTS].ms;
    follow_geometry(d, f);
    FrameBuf *slot;
    if (ring_write_begin(d->ring, &slot) != 0)
        return 0; /* aborted */
    double t0 = clock_now_ms();
    if (deliver(d, f, slot) < 0)
        return -1;
    slot->pts = next_pts(d, f);
    slot->duration = f->pkt_duration > 0 ? f->pkt_duration : d->pts_step;
    slot->index = atomic_load(&d->frames);
    slot->serial = d->serial;
    slot->capture_ms = captured;
    double t1 = clock_now_ms();
    slot->t = (FrameTimings){.decode_ms = (ready - d->mark_ms) + (t1 - t0),
                             .decode_t0 = d->mark_ms, .decode_t1 = t1};
    ring_write_end(d->ring);
    atomic_fetch_add(&d->frames, 1);
    d->mark_ms = clock_now_ms();
    return 1;
}

/* A damaged packet or frame: a warning, as FFmpeg's CLI and players treat it
 * (concealed where the codec can, skipped where not); the first few are named,
 * then they are only counted (decoder_errors, the summary, --stats). */
#define ERRORS_NAMED 5

static void decode_warning(Decoder *d, const char *what, int rc)
{
    long long n = atomic_fetch_add(&d->errors, 1) + 1;
    if (n > ERRORS_NAMED)
        return;
    char why[128];
    av_err(rc, why, sizeof(why));
    av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': %s: %s%s\n", d->url, what, why,
           n == ERRORS_NAMED ? " (further decode errors are only counted)" : "");
}

/* Send one packet (NULL drains) and hand over every frame it yields.
 * 1: go on; 0: stop; negative: failure. A frame that fails to decode is a
 * warning: the next packet goes on (ffmpeg does the same); while draining,
 * the frames behind it are still taken. */
static int decode_packet(Decoder *d, const AVPacket *pkt)
{
    int rc = avcodec_send_packet(d->dec, pkt);
    if (rc < 0 && rc != AVERROR_EOF)
        decode_warning(d, "skipping a bad packet", rc);
    int failed = 0;
    for (;;) {
        rc = avcodec_receive_frame(d->dec, d->frame);
        if (rc == AVERROR(EAGAIN))
            return 1;
        if (rc == AVERROR_EOF)
            return 0;
        if (rc < 0) {
            decode_warning(d, "a frame failed to decode", rc);
            /* draining: each failed frame is one fewer left; a decoder that keeps
             * failing without end is let go (it has nothing more to give) */
            if (pkt)
                return 1;
            if (++failed > 1024)
                return 0;
            continue;
        }
        int e = emit(d, d->frame);
        av_frame_unref(d->frame);
        if (e <= 0)
            return e;
    }
}

/* Carry out a seek asked for with decoder_seek: reposition the demuxer, flush
 * the decoder, and tag what follows with the new serial. */
static void do_seek(Decoder *d)
{
    int serial = atomic_load(&d->seek_serial);
    if (serial <= d->serial)
        return;
    int64_t ts = atomic_load(&d->seek_target_us);
    if (d->pts_offset) { /* --loop: the target is on the timeline that runs on; this pass's start */
        AVRational tb = d->fmt->streams[d->vidx]->time_base;
        ts -= av_rescale_q(d->pts_offset, tb, AV_TIME_BASE_Q);
        if (ts < 0)
            ts = 0;
    }
    if (d->fmt->start_time != AV_NOPTS_VALUE)
        ts += d->fmt->start_time;
    int rc = avformat_seek_file(d->fmt, -1, INT64_MIN, ts, ts, 0);
    if (rc < 0) {
        char why[128];
        av_err(rc, why, sizeof(why));
        av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': seek failed: %s\n", d->url, why);
    }
    avcodec_flush_buffers(d->dec);
    d->last_pts = AV_NOPTS_VALUE;
    d->serial = serial;
}

/* --loop, at the end of a pass that was read and decoded to its end: rewind
 * and start the next pass, its timestamps running on from this one's end.
 * 1: go on; 0: the passes are done (or a stop was asked for, or rewinding failed). */
static int loop_again(Decoder *d)
{
    if ((d->opt.loop >= 0 && ++d->passes >= d->opt.loop) || atomic_load(&d->stop) ||
        (d->max_frames > 0 && atomic_load(&d->frames) >= d->max_frames) ||
        d->last_pts == AV_NOPTS_VALUE || d->first_pts == AV_NOPTS_VALUE)
        return 0;
    int64_t start = d->fmt->start_time != AV_NOPTS_VALUE ? d->fmt->start_time : 0;
    int rc = avformat_seek_file(d->fmt, -1, INT64_MIN, start, start, 0);
    if (rc < 0) {
        char why[128];
        av_err(rc, why, sizeof(why));
        av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': --loop: cannot go back to the start: %s\n",
               d->url, why);
        return 0;
    }
    avcodec_flush_buffers(d->dec); /* drained: ready for the next pass */
    d->pts_offset = d->last_pts + d->pts_step - d->first_pts;
    return 1;
}

static void *decode_main(void *arg)
{
    Decoder *d = arg;
    int rc = 1;
    d->mark_ms = clock_now_ms();
    while (rc > 0) {
        do_seek(d);
        int r = av_read_frame(d->fmt, d->pkt);
        if (r == AVERROR(EAGAIN))
            continue;
        if (r < 0) {
            if (r != AVERROR_EOF) {
                char why[128];
                av_err(r, why, sizeof(why));
                if (d->opt.live) { /* a camera unplugged, a stream gone: a failure */
                    snprintf(d->error, sizeof(d->error), "'%s': reading failed: %s", d->url, why);
                    rc = -1;
                    break;
                }
                av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': read error, ending: %s\n",
                       d->url, why);
            }
            rc = decode_packet(d, NULL); /* drain: the same path, fed with NULL */
            if (rc == 0 && r == AVERROR_EOF && loop_again(d)) {
                rc = 1; /* --loop: the next pass */
                continue;
            }
            break;
        }
        if (d->pkt->stream_index == d->vidx) {
            int64_t key = d->pkt->pts != AV_NOPTS_VALUE ? d->pkt->pts : d->pkt->dts;
            d->cap[(uint64_t)key % CAP_SLOTS].pts = key;
            d->cap[(uint64_t)key % CAP_SLOTS].ms = clock_now_ms();
            rc = decode_packet(d, d->pkt);
        } else {
            if (d->audio && d->pkt->stream_index == d->audio_index) {
                double offset_s = d->pts_offset * av_q2d(d->fmt->streams[d->vidx]->time_base);
                audio_push(d->audio, d->pkt, d->serial, offset_s);
            }
            if (d->copy_to && writer_copy_packet(d->copy_to, d->pkt, d->serial) < 0) {
                snprintf(d->error, sizeof(d->error), "%s", writer_error(d->copy_to));
                rc = -1;
            }
        }
        av_packet_unref(d->pkt);
    }
    d->rc = rc < 0 ? -1 : 0;
    if (d->audio)
        audio_eof(d->audio);
    if (d->ring)
        ring_write_eof(d->ring);
    return NULL;
}

void decoder_copy_to(Decoder *d, Writer *w)
{
    d->copy_to = w;
}

void decoder_play_audio(Decoder *d, AudioDecoder *a)
{
    d->audio = a;
    if (a) {
        int rate, channels;
        audio_source(a, &rate, &channels, &d->audio_index, NULL, 0);
    }
}

const AVFormatContext *decoder_format(const Decoder *d)
{
    return d->fmt;
}

int decoder_video_index(const Decoder *d)
{
    return d->vidx;
}

int decoder_start(Decoder *d, FrameRing *ring, int64_t max_frames)
{
    d->ring = ring;
    d->max_frames = max_frames;
    /* The decoder's own buffers, in the ring's memory: enough for the ring, a frame
     * per thread and a few references at first; more (up to every reference an H.264
     * or HEVC stream may keep, and a delay per thread) only if they are all in use. */
    if (ring && !d->info.hwdec && d->choice.copy && !d->opt.copy_frames &&
        (d->dec->codec->capabilities & AV_CODEC_CAP_DR1)) {
        int threads = d->dec->thread_count > 0 ? d->dec->thread_count : 1;
        int initial = ring_size(ring) + threads + 4, max = ring_size(ring) + 2 * threads + 18;
        char why[256];
        if (!(d->pool = framepool_create(d->dec, d->src_fmt, ring_memory(ring), initial, max,
                                         why, sizeof(why)))) {
            snprintf(d->error, sizeof(d->error), "'%s': %s", d->url, why);
            return -1;
        }
    }
    if (pthread_create(&d->thread, NULL, decode_main, d) != 0) {
        snprintf(d->error, sizeof(d->error), "'%s': cannot start the decode thread", d->url);
        return -1;
    }
    d->started = 1;
    return 0;
}

const char *decoder_source_format(Decoder *d)
{
    return pix_name(atomic_load(&d->src_now));
}

int decoder_hwdec_active(Decoder *d)
{
    return d->info.hwdec && !atomic_load(&d->hw_refused);
}

long long decoder_frames(const Decoder *d)
{
    return atomic_load(&d->frames);
}

long long decoder_errors(const Decoder *d)
{
    return atomic_load(&d->errors);
}

void decoder_describe(Decoder *d, char *line, size_t len)
{
    FramePoolStats ps = framepool_stats(d->pool);
    if (d->info.hwdec && d->on_device)
        snprintf(line, len, "'%s': %lld frames from NVDEC on the GPU, %lld through the host", d->url,
                 d->on_device, d->copied);
    else if (d->pool)
        snprintf(line, len, "'%s': %lld frames decoded straight into %d %s blocks, %lld copied", d->url,
                 d->direct, ps.blocks, host_mem_name(ring_memory(d->ring)), d->copied);
    else
        snprintf(line, len, "'%s': %lld frames copied into the ring (%s)", d->url, d->copied,
                 d->opt.copy_frames ? "asked for" :
                 !d->choice.copy ? "converted by swscale" :
                 !(d->dec->codec->capabilities & AV_CODEC_CAP_DR1) ? "the decoder keeps its own buffers (no DR1)" :
                 "NVDEC turned the stream down");
}

int decoder_seek(Decoder *d, double target_s, int serial)
{
    if (!d->fmt->pb || !(d->fmt->pb->seekable & AVIO_SEEKABLE_NORMAL))
        return -1;
    atomic_store(&d->seek_target_us, (long long)(target_s * AV_TIME_BASE));
    atomic_store(&d->seek_serial, serial);
    if (d->audio) /* the sound queued from before goes now, waking a full queue */
        audio_flush(d->audio, serial);
    return 0;
}

void decoder_stop(Decoder *d)
{
    atomic_store(&d->stop, 1);
}

int decoder_join(Decoder *d)
{
    if (d->started && !d->joined) {
        pthread_join(d->thread, NULL);
        d->joined = 1;
    }
    return d->rc;
}

const char *decoder_error(const Decoder *d)
{
    return d->error;
}

void decoder_close(Decoder **pd)
{
    Decoder *d = pd ? *pd : NULL;
    if (!d)
        return;
    decoder_stop(d);
    if (d->started && !d->joined && d->ring)
        ring_abort(d->ring);
    decoder_join(d);
    sws_freeContext(d->sws);
    av_frame_free(&d->sw);
    av_frame_free(&d->frame);
    av_frame_free(&d->plain);
    av_packet_free(&d->pkt);
    avcodec_free_context(&d->dec);
    framepool_close(&d->pool); /* its blocks go once the ring lets go of them too */
    av_buffer_unref(&d->hw_device);
    avformat_close_input(&d->fmt);
    free(d);
    *pd = NULL;
}
