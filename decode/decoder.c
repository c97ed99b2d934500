/* The video decoder's thread (see decoder.h): packet queue → decode → ring
 * slot (decode/deliver.h). Follows FFmpeg's doc/examples/demux_decode.c: one
 * decode_packet() path, fed with NULL at the end to drain. */
#include "decode/decoder.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>

#include "stage/clock.h"
#include "io/avlog.h"
#include "decode/deliver.h"
#include "decode/framepool.h"
#include "io/hdrmeta.h"
#include "decode/hwdec.h"
#include "io/packets.h"
#include "decode/realtime.h"
#include "io/source.h"

/* capture times kept for the packets in flight in the decoder (more than any
 * decoder holds back) */
#define CAP_SLOTS 64

struct Decoder {
    char url[1024];
    PacketQueue *queue; /* the video stream's packets (the source's) */
    const Source *src;  /* --start/--end: which frames are kept (after `pass` drain markers) */
    int pass;
    AVRational tb;      /* the video stream's time base */
    AVCodecContext *dec;
    AVPacket *pkt;
    AVFrame *frame;
    DecoderInfo info;
    Delivery *out;            /* frames into ring slots */
    FramePool *pool;          /* the decoder's buffers, in the ring's memory */
    AVBufferRef *hw_device;   /* NVDEC: the CUDA device, on the primary context */
    const AVCodec *sw_codec;  /* NVDEC through a decoder with no software path: the default */
    const AVCodecParameters *par; /* the stream's (the source's) */
    atomic_int hw_refused;    /* NVDEC turned the stream down at get_format */

    FrameRing *ring;
    int64_t max_frames;
    pthread_t thread;
    int started, joined;
    atomic_int stop;
    int serial;
    atomic_llong frames;
    atomic_llong errors; /* packets refused and frames that failed to decode: warnings */
    int64_t last_pts, seen, pts_step; /* the last frame's pts handed over; the last one's time */
    DecoderOptions opt;
    /* capture times of recent packets, by pts, so a frame can carry its own */
    struct {
        int64_t pts;
        double ms;
    } cap[CAP_SLOTS]; /* slot: pts % CAP_SLOTS */
    RealtimeClock rt; /* --realtime pacing */
    double mark_ms; /* end of the previous hand-off: decode time counts from here */
    int rc;
    char error[512];
};

static int get_buffer(AVCodecContext *s, AVFrame *f, int flags)
{
    Decoder *d = s->opaque;
    return framepool_get_buffer(d->pool, s, f, flags); /* no pool: libavcodec's default */
}

static enum AVPixelFormat get_format(AVCodecContext *s, const enum AVPixelFormat *fmts)
{
    Decoder *d = s->opaque;
    return hwdec_get_format(s, fmts, &d->hw_refused, d->url);
}

/* The codec context: threads, our buffers and, with hw, NVDEC where the codec has
 * it (else a note says why not). 0, or -1 with err set. */
static int open_context(Decoder *d, const AVCodec *codec, int hw, char *err, size_t errlen)
{
    const DecoderOptions *opt = &d->opt;
    if (!(d->dec = avcodec_alloc_context3(codec)) ||
        avcodec_parameters_to_context(d->dec, d->par) < 0) {
        snprintf(err, errlen, "'%s': cannot set up the %s decoder", d->url, codec->name);
        return -1;
    }
    d->dec->thread_count = 0; /* one per core */
    /* frame threads hold frames back; a live source wants each frame at once */
    d->dec->thread_type = opt->live ? FF_THREAD_SLICE : FF_THREAD_FRAME | FF_THREAD_SLICE;
    if (opt->live)
        d->dec->flags |= AV_CODEC_FLAG_LOW_DELAY;
    d->dec->pkt_timebase = d->tb;
    d->dec->opaque = d;
    d->dec->get_buffer2 = get_buffer; /* the pool comes with the ring, at decoder_start */
    if (hw) {
        char hwwhy[192];
        if (hwdec_setup(d->dec, codec, d->opt.gpu, &d->hw_device, hwwhy, sizeof(hwwhy)) == 0) {
            d->dec->get_format = get_format;
            d->info.hwdec = 1;
            /* NVDEC does the work: more threads only add surfaces (over 32 NVDEC may
             * fail) and frames held back; PINSTRIPE_HWDEC_THREADS overrides, to measure */
            const char *n = getenv("PINSTRIPE_HWDEC_THREADS");
            d->dec->thread_count = n && *n ? atoi(n) : 1;
        } else {
            av_buffer_unref(&d->hw_device);
            snprintf(d->info.hwdec_note, sizeof(d->info.hwdec_note),
                     "'%s': --hwdec %s: %s: software decode", d->url,
                     d->opt.hwdec == 2 ? "auto" : "cuda", hwwhy);
        }
    }
    int rc = avcodec_open2(d->dec, codec, NULL);
    char why[256] = "";
    if (rc < 0)
        avlog_error_text(rc, why, sizeof(why));
    if (hw && d->sw_codec && (rc < 0 || !d->info.hwdec)) {
        /* NVDEC's decoder has no software path: the default takes over (its open
         * may succeed where FFmpeg's AV1 decoder's fails: a damaged av1C) */
        if (rc < 0)
            snprintf(d->info.hwdec_note, sizeof(d->info.hwdec_note),
                     "'%s': --hwdec %s: the %s decoder cannot open it (%s): software decode",
                     d->url, d->opt.hwdec == 2 ? "auto" : "cuda", codec->name, why);
        avcodec_free_context(&d->dec);
        av_buffer_unref(&d->hw_device);
        d->info.hwdec = 0, codec = d->sw_codec, d->sw_codec = NULL;
        return open_context(d, codec, 0, err, errlen);
    }
    if (rc < 0)
        snprintf(err, errlen, "'%s': cannot open the %s decoder: %s", d->url, codec->name, why);
    return rc < 0 ? -1 : 0;
}

/* NVDEC turned down a stream that only its decoder was to decode (FFmpeg's AV1
 * decoder has no software path): the codec's default decoder takes over and is
 * sent pkt, the packet that failed (the first: the one with the sequence
 * header), again. 1 when it did, 0 when there is nothing to do, -1 when it
 * failed (d->error said; no decoder left). */
static int software_again(Decoder *d, const AVPacket *pkt)
{
    if (!pkt || !d->sw_codec || !atomic_load(&d->hw_refused))
        return 0;
    avcodec_free_context(&d->dec);
    const AVCodec *c = d->sw_codec;
    d->sw_codec = NULL;
    if (open_context(d, c, 0, d->error, sizeof(d->error)) < 0)
        return -1;
    int rc = avcodec_send_packet(d->dec, pkt);
    if (rc < 0)
        avlog_decode_warning(d->url, &d->errors, "skipping a bad packet", rc);
    return 1;
}

Decoder *decoder_open(Source *src, const DecoderOptions *opt, char *err, size_t errlen,
                      int *code)
{
    static const DecoderOptions none = {0};
    const AVFormatContext *fmt = source_format(src);
    const char *url = source_url(src);
    int vidx = source_video_index(src);
    AVStream *st = fmt->streams[vidx];
    const AVCodec *codec = avcodec_find_decoder(st->codecpar->codec_id);
    *code = DECODER_ERR_INPUT;
    opt = opt ? opt : &none;
    avlog_quiet_begin();
    Decoder *d = calloc(1, sizeof(*d));
    if (!d) {
        snprintf(err, errlen, "'%s': out of memory", url);
        goto fail;
    }
    snprintf(d->url, sizeof(d->url), "%s", url);
    d->opt = *opt;
    d->tb = st->time_base;
    if (!codec) {
        snprintf(err, errlen, "'%s': no decoder for its video stream %s", url,
                 avcodec_get_name(st->codecpar->codec_id));
        goto fail;
    }
    if (!(d->queue = source_queue(src, 1)) || source_route(src, vidx, d->queue) < 0) {
        snprintf(err, errlen, "'%s': out of memory", url);
        goto fail;
    }
    const AVCodec *hw = opt->hwdec ? hwdec_codec(codec) : codec;
    if (hw != codec) /* FFmpeg's AV1, not libdav1d */
        d->sw_codec = codec, codec = hw;
    d->par = st->codecpar;
    if (open_context(d, codec, opt->hwdec, err, errlen) < 0)
        goto fail;
    snprintf(d->info.codec, sizeof(d->info.codec), "%s", d->dec->codec->name);
    if (d->dec->width < 1 || d->dec->height < 1 || d->dec->pix_fmt == AV_PIX_FMT_NONE ||
        (d->dec->pix_fmt == AV_PIX_FMT_CUDA && d->dec->sw_pix_fmt == AV_PIX_FMT_NONE)) {
        snprintf(err, errlen, "'%s': video stream has no size or pixel format", url);
        goto fail;
    }
    /* with NVDEC set up, h264 may already have picked it from the extradata; its frames
     * come in its surfaces' format: the ring is laid out for it (not re-laid at frame 0) */
    enum AVPixelFormat sfmt =
        d->dec->pix_fmt == AV_PIX_FMT_CUDA ? d->dec->sw_pix_fmt : d->dec->pix_fmt;
    enum AVPixelFormat src_fmt = d->info.hwdec ? hwdec_surface_format(sfmt) : sfmt;
    if (!(d->pkt = av_packet_alloc()) || !(d->frame = av_frame_alloc()) ||
        !(d->out = deliver_create(url, src_fmt, sfmt, d->dec->width, d->dec->height,
                                  opt->reshape))) {
        snprintf(err, errlen, "'%s': out of memory", url);
        goto fail;
    }
    DecoderInfo *in = &d->info;
    in->fmt = (FrameFormat){deliver_choice(d->out)->layout, d->dec->width, d->dec->height, 1};
    in->depth = pixfmt_choose(sfmt).depth; /* p010's is the stream's 10 */
    in->primaries = d->dec->color_primaries, in->trc = d->dec->color_trc;
    in->colorspace = d->dec->colorspace, in->range = d->dec->color_range;
    in->matrix = pixfmt_matrix(d->dec->colorspace);
    in->transfer = pixfmt_transfer(d->dec->color_trc);
    in->colour_primaries = pixfmt_primaries(d->dec->color_primaries);
    hdrmeta_from_stream(st, &in->hdr);
    if (in->transfer != TRANSFER_SDR && !in->hdr.has_mdcv && !in->hdr.has_cll)
        hdrmeta_probe(fmt, vidx, &in->hdr);
    deliver_set_hdr(d->out, &in->hdr);
    in->tb_num = st->time_base.num, in->tb_den = st->time_base.den;
    AVRational fr = av_guess_frame_rate((AVFormatContext *)fmt, st, NULL);
    in->rate_num = fr.num, in->rate_den = fr.den ? fr.den : 1;
    in->avg_num = st->avg_frame_rate.num > 0 && st->avg_frame_rate.den > 0 ? st->avg_frame_rate.num : 0;
    in->avg_den = in->avg_num ? st->avg_frame_rate.den : 1;
    in->start_us = fmt->start_time != AV_NOPTS_VALUE ? fmt->start_time : INT64_MIN;
    in->duration_s = fmt->duration > 0 ? fmt->duration / (double)AV_TIME_BASE : 0;
    d->src = src; /* (a range's frame count is not known) */
    in->nb_frames = source_range_us(src, &in->range_us, &in->duration_s) ? 0 : st->nb_frames;
    snprintf(in->src_pix_fmt, sizeof(in->src_pix_fmt), "%s", decoder_source_format(d));
    d->pts_step = source_frame_step(src);
    d->last_pts = d->seen = AV_NOPTS_VALUE;
    avlog_quiet_end();
    return d;
fail:
    decoder_close(&d);
    avlog_quiet_end();
    return NULL;
}

const DecoderInfo *decoder_info(const Decoder *d)
{
    return &d->info;
}

/* A frame's time: its best-effort timestamp, else the last frame's and a frame
 * (the first after a seek: its packet's, after the frames the decoder holds). */
static int64_t frame_time(Decoder *d, const AVFrame *f)
{
    int64_t t = f->best_effort_timestamp, dts = f->pkt_dts;
    return d->seen = t != AV_NOPTS_VALUE ? t : d->seen != AV_NOPTS_VALUE ? d->seen + d->pts_step
                     : dts != AV_NOPTS_VALUE ? dts + d->dec->has_b_frames * d->pts_step : 0;
}

/* 1: frame handed over (or outside --start/--end: dropped); 0: stop requested;
 * negative: failure. A frame without a timestamp has the last one's and a frame. */
static int emit(Decoder *d, const AVFrame *f)
{
    if (atomic_load(&d->stop) || (d->max_frames > 0 && atomic_load(&d->frames) >= d->max_frames))
        return 0;
    int64_t pts = frame_time(d, f);
    if (!source_frame_in(d->src, pts, d->pass)) /* (before: decoded from the keyframe before it) */
        return 1; /* (and below: timestamps strictly increasing for the muxer) */
    d->last_pts = pts = d->last_pts != AV_NOPTS_VALUE && pts <= d->last_pts ? d->last_pts + 1 : pts;
    if (!d->ring) { /* decoding alone, to measure it */
        atomic_fetch_add(&d->frames, 1);
        return 1;
    }
    double w0 = clock_now_ms();
    if (d->opt.realtime &&
        realtime_wait(&d->rt, f->best_effort_timestamp, av_q2d(d->tb) * 1000.0, &d->stop) < 0)
        return 0;
    d->mark_ms += clock_now_ms() - w0; /* waiting for the frame's time is not decoding */
    double ready = clock_now_ms();
    double captured = ready;
    int64_t key = f->pts != AV_NOPTS_VALUE ? f->pts : f->pkt_dts;
    if (key != AV_NOPTS_VALUE && d->cap[(uint64_t)key % CAP_SLOTS].pts == key && !d->opt.realtime)
        captured = d->cap[(uint64_t)key % CAP_SLOTS].ms;
    deliver_follow(d->out, d->ring, f, atomic_load(&d->frames));
    FrameBuf *slot;
    if (ring_write_begin(d->ring, &slot) != 0)
        return 0; /* aborted */
    double t0 = clock_now_ms();
    if (deliver_frame(d->out, d->ring, d->pool, f, slot, d->error, sizeof(d->error)) < 0)
        return -1;
    slot->pts = pts;
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

/* Send one packet (NULL drains) and hand over every frame it yields.
 * 1: go on; 0: stop (or drained); negative: failure. A frame that fails to
 * decode is a warning: the next packet goes on (ffmpeg does the same); while
 * draining, the frames behind it are still taken. */
static int decode_packet(Decoder *d, const AVPacket *pkt)
{
    int rc = avcodec_send_packet(d->dec, pkt), sw = 0;
    if (rc < 0 && rc != AVERROR_EOF && (sw = software_again(d, pkt)) < 0)
        return -1;
    if (rc < 0 && rc != AVERROR_EOF && !sw)
        avlog_decode_warning(d->url, &d->errors, "skipping a bad packet", rc);
    int failed = 0;
    for (;;) {
        rc = avcodec_receive_frame(d->dec, d->frame);
        if (rc == AVERROR(EAGAIN))
            return 1;
        if (rc == AVERROR_EOF)
            return 0;
        if (rc < 0 && (sw = software_again(d, pkt)) != 0) {
            if (sw < 0)
                return -1;
            continue;
        }
        if (rc < 0) {
            avlog_decode_warning(d->url, &d->errors, "a frame failed to decode", rc);
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

/* The first packet after a seek (a new serial): what the decoder holds from
 * before it goes, and the frames that follow carry the new serial. */
static void follow_serial(Decoder *d, int serial)
{
    if (serial == d->serial)
        return;
    avcodec_flush_buffers(d->dec);
    d->last_pts = d->seen = AV_NOPTS_VALUE;
    d->serial = serial;
}

static void *decode_main(void *arg)
{
    Decoder *d = arg;
    int rc = 1, serial;
    double read_ms;
    d->mark_ms = clock_now_ms();
    while (rc > 0 && !atomic_load(&d->stop)) {
        int q = pktq_get(d->queue, d->pkt, 1, &serial, &read_ms);
        if (q == PKTQ_ABORT)
            break;
        if (q == PKTQ_END) {
            rc = decode_packet(d, NULL); /* drain: the same path, fed with NULL */
            break;
        }
        follow_serial(d, serial);
        if (q == PKTQ_DRAIN) { /* --loop: the end of a pass; the next one follows */
            rc = decode_packet(d, NULL);
            avcodec_flush_buffers(d->dec), d->pass++;
            /* drained (0) goes on to the next pass, unless --frames is reached */
            if (rc == 0 && !(d->max_frames > 0 && atomic_load(&d->frames) >= d->max_frames))
                rc = 1;
            continue;
        }
        int64_t key = d->pkt->pts != AV_NOPTS_VALUE ? d->pkt->pts : d->pkt->dts;
        d->cap[(uint64_t)key % CAP_SLOTS].pts = key;
        d->cap[(uint64_t)key % CAP_SLOTS].ms = read_ms;
        rc = decode_packet(d, d->pkt);
        av_packet_unref(d->pkt);
    }
    d->rc = rc < 0 ? -1 : 0;
    if (d->ring)
        ring_write_eof(d->ring);
    return NULL;
}

int decoder_start(Decoder *d, FrameRing *ring, int64_t max_frames)
{
    d->ring = ring;
    d->max_frames = max_frames;
    /* The decoder's own buffers, in the ring's memory: enough for the ring, a frame
     * per thread and a few references at first; more (up to every reference an H.264
     * or HEVC stream may keep, and a delay per thread) only if they are all in use. */
    if (ring && !d->info.hwdec && deliver_choice(d->out)->copy && !d->opt.copy_frames &&
        (d->dec->codec->capabilities & AV_CODEC_CAP_DR1)) {
        int threads = d->dec->thread_count > 0 ? d->dec->thread_count : 1;
        int initial = ring_size(ring) + threads + 4, max = ring_size(ring) + 2 * threads + 18;
        char why[256];
        if (!(d->pool = framepool_create(d->dec, deliver_source_format(d->out), ring_memory(ring),
                                         initial, max, why, sizeof(why)))) {
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
    const char *n = av_get_pix_fmt_name(deliver_source_format(d->out));
    return n ? n : "?";
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
    long long direct, copied, on_device;
    deliver_counts(d->out, &direct, &copied, &on_device);
    if (d->info.hwdec && on_device)
        snprintf(line, len, "'%s': %lld frames from NVDEC on the GPU, %lld through the host", d->url,
                 on_device, copied);
    else if (d->pool)
        snprintf(line, len, "'%s': %lld frames decoded straight into %d %s blocks, %lld copied", d->url,
                 direct, ps.blocks, host_mem_name(ring_memory(d->ring)), copied);
    else
        snprintf(line, len, "'%s': %lld frames copied into the ring (%s)", d->url, copied,
                 d->opt.copy_frames ? "asked for" :
                 !deliver_choice(d->out)->copy ? "converted by swscale" :
                 !(d->dec->codec->capabilities & AV_CODEC_CAP_DR1) ? "the decoder keeps its own buffers (no DR1)" :
                 "NVDEC turned the stream down");
}

void decoder_stop(Decoder *d)
{
    atomic_store(&d->stop, 1);
    if (d->queue) /* a wait for a packet ends */
        pktq_abort(d->queue);
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
    if (d->queue) { /* the source's: nothing more is queued for it, nor kept */
        pktq_abort(d->queue);
        pktq_flush(d->queue);
    }
    deliver_destroy(&d->out);
    av_frame_free(&d->frame);
    av_packet_free(&d->pkt);
    avcodec_free_context(&d->dec);
    framepool_close(&d->pool); /* its blocks go once the ring lets go of them too */
    av_buffer_unref(&d->hw_device);
    free(d);
    *pd = NULL;
}
