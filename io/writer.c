/* The output writer (see writer.h), after FFmpeg's doc/examples/mux.c:
 * one encoder, one stream, one AVFrame and one swscale context allocated at
 * open; the end flushes the encoder through the same path fed with NULL. */
#include "io/writer.h"

#include <stdio.h>
#include <stdlib.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "io/avlog.h"

struct Writer {
    char path[1024];
    AVFormatContext *oc;
    AVCodecContext *enc;
    AVStream *st;
    AVFrame *frame;
    AVPacket *pkt;
    struct SwsContext *sws;
    AVRational in_tb;
    int64_t last_pts;
    int header_written;
    long long frames;
    char error[512];
};

static void av_err(int rc, char *buf, size_t len)
{
    if (av_strerror(rc, buf, len) < 0)
        snprintf(buf, len, "error %d", rc);
}

static int supports(const AVCodec *c, enum AVPixelFormat f)
{
    if (!c->pix_fmts)
        return 1; /* rawvideo and friends take anything */
    for (const enum AVPixelFormat *p = c->pix_fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == f)
            return 1;
    return 0;
}

/* bgr24 when the encoder takes it; else yuv420p (even sizes) or yuv444p; else
 * the encoder's nearest. */
static enum AVPixelFormat pick_pix_fmt(const AVCodec *c, int w, int h)
{
    if (supports(c, AV_PIX_FMT_BGR24))
        return AV_PIX_FMT_BGR24;
    int even = w % 2 == 0 && h % 2 == 0;
    if (even && supports(c, AV_PIX_FMT_YUV420P))
        return AV_PIX_FMT_YUV420P;
    if (supports(c, AV_PIX_FMT_YUV444P))
        return AV_PIX_FMT_YUV444P;
    return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, AV_PIX_FMT_BGR24, 0, NULL);
}

static const AVCodec *pick_codec(const char *name)
{
    if (name)
        return avcodec_find_encoder_by_name(name);
    const AVCodec *c = avcodec_find_encoder_by_name("libx264");
    return c ? c : avcodec_find_encoder(AV_CODEC_ID_MPEG4);
}

static Writer *open_output(const WriterConfig *cfg, char *err, size_t errlen, int *code)
{
    char why[256];
    int rc;
    Writer *w = calloc(1, sizeof(*w));
    *code = WRITER_ERR_OUTPUT;
    if (!w) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return NULL;
    }
    snprintf(w->path, sizeof(w->path), "%s", cfg->path);
    const AVCodec *codec = pick_codec(cfg->codec);
    if (!codec) {
        snprintf(err, errlen, "-c: unknown encoder '%s'", cfg->codec);
        *code = WRITER_ERR_USAGE;
        goto fail;
    }
    if (codec->type != AVMEDIA_TYPE_VIDEO) {
        snprintf(err, errlen, "-c: '%s' is not a video encoder", cfg->codec);
        *code = WRITER_ERR_USAGE;
        goto fail;
    }
    if ((rc = avformat_alloc_output_context2(&w->oc, NULL, NULL, cfg->path)) < 0 || !w->oc) {
        snprintf(err, errlen, "cannot write '%s': no container format for that file name",
                 cfg->path);
        goto fail;
    }
    if (avformat_query_codec(w->oc->oformat, codec->id, FF_COMPLIANCE_NORMAL) == 0) {
        snprintf(err, errlen, "cannot write '%s': the %s container does not take %s video",
                 cfg->path, w->oc->oformat->name, codec->name);
        goto fail;
    }
    if (!(w->st = avformat_new_stream(w->oc, NULL)) || !(w->enc = avcodec_alloc_context3(codec)) ||
        !(w->frame = av_frame_alloc()) || !(w->pkt = av_packet_alloc())) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        goto fail;
    }
    w->in_tb = (AVRational){cfg->tb_num, cfg->tb_den};
    AVRational rate = {cfg->rate_num, cfg->rate_den};
    AVRational tb = w->in_tb;
    if (codec->id == AV_CODEC_ID_MPEG4 && tb.den > 65535) /* MPEG-4 part 2's limit */
        tb = rate.num > 0 ? av_inv_q(rate) : (AVRational){1, 1000};
    AVCodecContext *e = w->enc;
    e->width = cfg->width;
    e->height = cfg->height;
    e->time_base = tb;
    if (rate.num > 0)
        e->framerate = rate;
    e->pix_fmt = pick_pix_fmt(codec, cfg->width, cfg->height);
    e->sample_aspect_ratio = (AVRational){1, 1};
    if (e->pix_fmt != AV_PIX_FMT_BGR24) {
        /* swscale's default BGR→YUV: BT.601, limited range; say so in the stream */
        e->colorspace = AVCOL_SPC_SMPTE170M;
        e->color_range = AVCOL_RANGE_MPEG;
    }
    if (w->oc->oformat->flags & AVFMT_GLOBALHEADER)
        e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if ((rc = avcodec_open2(e, codec, NULL)) < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot write '%s': encoder %s refused %dx%d %s: %s", cfg->path,
                 codec->name, cfg->width, cfg->height, av_get_pix_fmt_name(e->pix_fmt), why);
        goto fail;
    }
    avcodec_parameters_from_context(w->st->codecpar, e);
    w->st->time_base = e->time_base;
    w->frame->format = e->pix_fmt;
    w->frame->width = e->width;
    w->frame->height = e->height;
    if (av_frame_get_buffer(w->frame, 0) < 0) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        goto fail;
    }
    if (e->pix_fmt != AV_PIX_FMT_BGR24 &&
        !(w->sws = sws_getContext(e->width, e->height, AV_PIX_FMT_BGR24, e->width, e->height,
                                  e->pix_fmt, SWS_BICUBIC | SWS_ACCURATE_RND, NULL, NULL,
                                  NULL))) {
        snprintf(err, errlen, "cannot write '%s': no conversion to %s", cfg->path,
                 av_get_pix_fmt_name(e->pix_fmt));
        goto fail;
    }
    if (!(w->oc->oformat->flags & AVFMT_NOFILE) &&
        (rc = avio_open(&w->oc->pb, cfg->path, AVIO_FLAG_WRITE)) < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot create '%s': %s", cfg->path, why);
        goto fail;
    }
    AVDictionary *mux_opts = NULL;
    av_dict_set(&mux_opts, "allow_raw_vfw", "1", 0); /* Matroska: rawvideo bgr24 as VFW */
    rc = avformat_write_header(w->oc, &mux_opts);
    av_dict_free(&mux_opts);
    if (rc < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot write '%s': %s", cfg->path, why);
        goto fail;
    }
    w->header_written = 1;
    w->last_pts = AV_NOPTS_VALUE;
    return w;
fail:
    writer_close(&w, NULL, 0);
    return NULL;
}

Writer *writer_open(const WriterConfig *cfg, char *err, size_t errlen, int *code)
{
    avlog_quiet_begin();
    Writer *w = open_output(cfg, err, errlen, code);
    avlog_quiet_end();
    return w;
}

/* Send one frame (NULL flushes) and write every packet that comes out. */
static int encode(Writer *w, const AVFrame *f)
{
    char why[128];
    int rc = avcodec_send_frame(w->enc, f);
    if (rc < 0) {
        av_err(rc, why, sizeof(why));
        snprintf(w->error, sizeof(w->error), "'%s': encoding failed: %s", w->path, why);
        return -1;
    }
    for (;;) {
        rc = avcodec_receive_packet(w->enc, w->pkt);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return 0;
        if (rc < 0) {
            av_err(rc, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "'%s': encoding failed: %s", w->path, why);
            return -1;
        }
        if (w->pkt->duration <= 0 && w->enc->framerate.num > 0)
            /* without it MP4's edit list would cut the last frame */
            w->pkt->duration = av_rescale_q(1, av_inv_q(w->enc->framerate), w->enc->time_base);
        av_packet_rescale_ts(w->pkt, w->enc->time_base, w->st->time_base);
        w->pkt->stream_index = w->st->index;
        rc = av_interleaved_write_frame(w->oc, w->pkt);
        if (rc < 0) {
            av_err(rc, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "cannot write '%s': %s", w->path, why);
            return -1;
        }
    }
}

int writer_write(Writer *w, const FrameBuf *bgr)
{
    if (av_frame_make_writable(w->frame) < 0) {
        snprintf(w->error, sizeof(w->error), "'%s': out of memory", w->path);
        return -1;
    }
    if (w->sws) {
        const uint8_t *src[1] = {bgr->data[0]};
        sws_scale(w->sws, src, bgr->stride, 0, w->enc->height, w->frame->data,
                  w->frame->linesize);
    } else {
        av_image_copy_plane(w->frame->data[0], w->frame->linesize[0], bgr->data[0],
                            bgr->stride[0], 3 * w->enc->width, w->enc->height);
    }
    int64_t pts = av_rescale_q(bgr->pts, w->in_tb, w->enc->time_base);
    if (w->last_pts != AV_NOPTS_VALUE && pts <= w->last_pts)
        pts = w->last_pts + 1; /* a coarser time base must not merge two frames */
    w->last_pts = pts;
    w->frame->pts = pts;
    if (encode(w, w->frame) < 0)
        return -1;
    w->frames++;
    return 0;
}

int writer_close(Writer **pw, char *err, size_t errlen)
{
    Writer *w = pw ? *pw : NULL;
    if (!w)
        return 0;
    int rc = 0;
    if (w->header_written) {
        if (encode(w, NULL) < 0)
            rc = -1;
        int t = av_write_trailer(w->oc);
        if (t < 0 && rc == 0) {
            char why[128];
            av_err(t, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "cannot finish '%s': %s", w->path, why);
            rc = -1;
        }
    }
    if (rc < 0 && err)
        snprintf(err, errlen, "%s", w->error);
    if (w->oc && !(w->oc->oformat->flags & AVFMT_NOFILE) && w->oc->pb)
        avio_closep(&w->oc->pb);
    sws_freeContext(w->sws);
    av_packet_free(&w->pkt);
    av_frame_free(&w->frame);
    avcodec_free_context(&w->enc);
    avformat_free_context(w->oc);
    free(w);
    *pw = NULL;
    return rc;
}

const char *writer_error(const Writer *w)
{
    return w->error;
}

long long writer_frames(const Writer *w)
{
    return w->frames;
}
