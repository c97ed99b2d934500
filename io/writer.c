/* The output writer (see writer.h), after FFmpeg's doc/examples/mux.c and
 * remux.c: one encoder and its stream for the video, stream copies for the
 * input's audio and subtitles, one AVFrame and one swscale context allocated
 * at open; the end flushes the encoder through the same path fed with NULL.
 *
 * The decode thread hands copied packets over as it reads them, well ahead of
 * the video (which goes through the rings, the stage and the encoder first).
 * They wait in a fixed queue until the video written reaches their time, so a
 * run cut short can end them with the video; the muxer interleaves the rest.
 * One mutex covers the queue and the muxer: the main thread encodes outside it. */
#include "io/writer.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "gpu/fault.h"
#include "io/avlog.h"
#include "io/decoder.h"

/* Copied packets waiting for the video; when full, the oldest is muxed anyway
 * (the muxer's own interleaving then holds it), so memory stays bounded. The
 * slots' AVPackets are allocated at open; a copy only takes a reference. */
#define PEND_SLOTS 1024
/* Frame durations by encoder pts, for the packets the encoder returns later. */
#define DUR_SLOTS 1024

typedef struct Pending {
    AVPacket *pkt; /* allocated once; holds a reference while queued */
    int serial;
} Pending;

struct Writer {
    char path[1024];
    AVFormatContext *oc;
    AVCodecContext *enc;
    AVStream *st;
    AVFrame *frame;
    AVPacket *pkt;
    struct SwsContext *sws;
    AVRational in_tb;       /* the frames' pts */
    int64_t nominal_dur;    /* one frame at the nominal rate, encoder time base */
    int64_t last_pts;       /* encoder time base, output timeline */
    int header_written;
    int in_yuv;             /* frames come as yuv420p from the stage */

    /* the output timeline: out = in + offset_us, per serial */
    int started, serial;
    int64_t start_us, offset_us;
    int64_t video_end_us;   /* end of the last frame written, output timeline */
    struct {
        int64_t pts, dur;
    } durs[DUR_SLOTS];

    /* copied streams: by input stream index */
    int nin;
    int *map;               /* output stream index, or -1 */
    AVRational *map_tb;     /* the input stream's time base */
    int64_t *last_dts;      /* by output stream index, output time base */
    pthread_mutex_t lock;
    int lock_init;
    Pending pend[PEND_SLOTS];
    int pend_head, pend_n;
    int end_with_video;
    long long frames;
    char notes[1024];
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

int writer_takes_yuv420p(const WriterConfig *cfg)
{
    const AVCodec *c = pick_codec(cfg->codec);
    return c && c->type == AVMEDIA_TYPE_VIDEO &&
           pick_pix_fmt(c, cfg->width, cfg->height) == AV_PIX_FMT_YUV420P;
}

static void note(Writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(Writer *w, const char *fmt, ...)
{
    size_t n = strlen(w->notes);
    if (n + 2 >= sizeof(w->notes))
        return;
    if (n)
        w->notes[n++] = '\n';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->notes + n, sizeof(w->notes) - n, fmt, ap);
    va_end(ap);
}

static const char *stream_kind(enum AVMediaType t)
{
    return t == AVMEDIA_TYPE_AUDIO ? "audio" : "subtitle";
}

/* The encoder's time base: one tick a frame at the nominal rate, as ffmpeg
 * does. Codecs that carry timing in their bitstream (H.264's VUI) take their
 * frame rate from it, and AVI is frame-indexed. Timestamps off that grid (a
 * variable-rate source) are rounded to it, never merged: writer_write keeps
 * them strictly increasing. Without a usable rate, the input's own. */
static AVRational pick_time_base(const AVCodec *codec, AVRational in, AVRational rate)
{
    if (rate.num > 0 && rate.den > 0 && av_q2d(rate) <= 1000)
        return av_inv_q(rate);
    if (codec->id == AV_CODEC_ID_MPEG4 && in.den > 65535) /* MPEG-4 part 2's limit */
        return (AVRational){1, 1000};
    return in;
}

/* Map the source's audio and subtitle streams onto new output streams. */
static int add_copies(Writer *w, const WriterConfig *cfg, int allow, char *err, size_t errlen)
{
    const AVFormatContext *ic = cfg->source ? decoder_format(cfg->source) : NULL;
    if (!ic)
        return 0;
    int vidx = decoder_video_index(cfg->source);
    w->nin = (int)ic->nb_streams;
    if (!(w->map = malloc(sizeof(*w->map) * (w->nin ? w->nin : 1))) ||
        !(w->map_tb = malloc(sizeof(*w->map_tb) * (w->nin ? w->nin : 1))) ||
        !(w->last_dts = malloc(sizeof(*w->last_dts) * (w->nin + 1)))) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return -1;
    }
    for (int i = 0; i <= w->nin; i++)
        w->last_dts[i] = AV_NOPTS_VALUE;
    const char *ofmt = w->oc->oformat->name;
    for (int i = 0; i < w->nin; i++) {
        const AVStream *ist = ic->streams[i];
        const AVCodecParameters *par = ist->codecpar;
        enum AVMediaType type = par->codec_type;
        w->map[i] = -1;
        w->map_tb[i] = ist->time_base;
        if (i == vidx || (type != AVMEDIA_TYPE_AUDIO && type != AVMEDIA_TYPE_SUBTITLE))
            continue;
        if ((type == AVMEDIA_TYPE_AUDIO && cfg->no_audio) ||
            (type == AVMEDIA_TYPE_SUBTITLE && cfg->no_subs))
            continue;
        const char *cname = avcodec_get_name(par->codec_id);
        if (!allow) {
            note(w, "'%s': left out %s stream #%d (%s): the %s muxer refused it", cfg->path,
                 stream_kind(type), i, cname, ofmt);
            continue;
        }
        if (avformat_query_codec(w->oc->oformat, par->codec_id, FF_COMPLIANCE_NORMAL) == 0) {
            const AVOutputFormat *mkv = av_guess_format("matroska", NULL, NULL);
            int mkv_takes = mkv && avformat_query_codec(mkv, par->codec_id, FF_COMPLIANCE_NORMAL) == 1;
            note(w, "'%s': left out %s stream #%d (%s): the %s container does not take it%s",
                 cfg->path, stream_kind(type), i, cname, ofmt, mkv_takes ? " (.mkv takes it)" : "");
            continue;
        }
        AVStream *ost = avformat_new_stream(w->oc, NULL);
        if (!ost || avcodec_parameters_copy(ost->codecpar, par) < 0) {
            snprintf(err, errlen, "'%s': out of memory", cfg->path);
            return -1;
        }
        ost->codecpar->codec_tag = 0; /* the muxer picks its own */
        ost->time_base = ist->time_base;
        ost->disposition = ist->disposition;
        av_dict_copy(&ost->metadata, ist->metadata, 0);
        w->map[i] = ost->index;
    }
    return 0;
}

typedef struct EncOpt {
    const char *flag, *key, *val;
} EncOpt;

/* Encoder settings: -crf, -preset, -b:v, -g and --enc-opt, checked by name
 * against the encoder's options before it opens. */
static int encoder_options(Writer *w, const AVCodec *codec, const WriterConfig *cfg,
                           AVDictionary **dict, char *err, size_t errlen)
{
    EncOpt opts[40];
    int n = 0;
    char keys[32][64];
    if (cfg->crf)
        opts[n++] = (EncOpt){"-crf", "crf", cfg->crf};
    if (cfg->preset)
        opts[n++] = (EncOpt){"-preset", "preset", cfg->preset};
    if (cfg->bitrate)
        opts[n++] = (EncOpt){"-b:v", "b", cfg->bitrate};
    for (int i = 0; i < cfg->n_enc_opts && i < 32; i++) {
        const char *kv = cfg->enc_opts[i], *eq = strchr(kv, '=');
        if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof(keys[i])) {
            snprintf(err, errlen, "--enc-opt: '%s' is not KEY=VALUE", kv);
            return -1;
        }
        snprintf(keys[i], sizeof(keys[i]), "%.*s", (int)(eq - kv), kv);
        opts[n++] = (EncOpt){"--enc-opt", keys[i], eq + 1};
    }
    for (int i = 0; i < n; i++) {
        /* the encoder's private options, then the generic ones */
        if (!av_opt_find(w->enc, opts[i].key, NULL, 0, AV_OPT_SEARCH_CHILDREN)) {
            snprintf(err, errlen, "%s: the %s encoder has no option '%s'", opts[i].flag,
                     codec->name, opts[i].key);
            return -1;
        }
        int rc = av_opt_set(w->enc, opts[i].key, opts[i].val, AV_OPT_SEARCH_CHILDREN);
        if (rc < 0) {
            char why[128];
            av_err(rc, why, sizeof(why));
            snprintf(err, errlen, "%s: the %s encoder refused %s=%s: %s", opts[i].flag,
                     codec->name, opts[i].key, opts[i].val, why);
            return -1;
        }
        av_dict_set(dict, opts[i].key, opts[i].val, 0);
    }
    if (cfg->gop > 0)
        w->enc->gop_size = (int)cfg->gop;
    return n;
}

/* Which of the user's settings the encoder refused when it opened: each alone on
 * a throwaway encoder of the same geometry, the first that fails. Writes e.g.
 * "-preset warp9" into buf ("-crf/-preset/-b:v/--enc-opt" when none fails alone). */
static void refused_setting(const AVCodec *codec, const AVCodecContext *like,
                           const AVDictionary *given, char *buf, size_t len)
{
    snprintf(buf, len, "-crf/-preset/-b:v/--enc-opt");
    const AVDictionaryEntry *t = NULL;
    while ((t = av_dict_get(given, "", t, AV_DICT_IGNORE_SUFFIX))) {
        AVCodecContext *c = avcodec_alloc_context3(codec);
        AVDictionary *one = NULL;
        if (!c)
            return;
        c->width = like->width, c->height = like->height, c->pix_fmt = like->pix_fmt;
        c->time_base = like->time_base, c->framerate = like->framerate;
        c->flags = like->flags, c->gop_size = like->gop_size;
        av_dict_set(&one, t->key, t->value, 0);
        avlog_stderr_off();
        int rc = avcodec_open2(c, codec, &one);
        avlog_stderr_on();
        av_dict_free(&one);
        avcodec_free_context(&c);
        if (rc < 0) {
            const char *flag = strcmp(t->key, "crf") == 0      ? "-crf"
                               : strcmp(t->key, "preset") == 0 ? "-preset"
                               : strcmp(t->key, "b") == 0      ? "-b:v"
                                                               : NULL;
            if (flag)
                snprintf(buf, len, "%s %s", flag, t->value);
            else
                snprintf(buf, len, "--enc-opt %s=%s", t->key, t->value);
            return;
        }
    }
}

static Writer *open_output(const WriterConfig *cfg, int allow_copies, char *err, size_t errlen,
                           int *code, int *header_failed)
{
    char why[256];
    int rc;
    Writer *w = calloc(1, sizeof(*w));
    *code = WRITER_ERR_OUTPUT;
    *header_failed = 0;
    if (!w) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return NULL;
    }
    snprintf(w->path, sizeof(w->path), "%s", cfg->path);
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        snprintf(err, errlen, "'%s': cannot create a lock", cfg->path);
        free(w);
        return NULL;
    }
    w->lock_init = 1;
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
    /* "-": standard output, as a stream (NUT unless a format is named) */
    int to_stdout = strcmp(cfg->path, "-") == 0;
    const char *fmt_name = cfg->format ? cfg->format : to_stdout ? "nut" : NULL;
    if (fmt_name && !av_guess_format(fmt_name, NULL, NULL)) {
        snprintf(err, errlen, "--output-format: '%s' is not a container FFmpeg can write", fmt_name);
        *code = WRITER_ERR_USAGE;
        goto fail;
    }
    if ((rc = avformat_alloc_output_context2(&w->oc, NULL, fmt_name, to_stdout ? NULL : cfg->path)) < 0 ||
        !w->oc) {
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
    for (int i = 0; i < PEND_SLOTS; i++)
        if (!(w->pend[i].pkt = av_packet_alloc())) {
            snprintf(err, errlen, "'%s': out of memory", cfg->path);
            goto fail;
        }
    w->in_tb = (AVRational){cfg->tb_num, cfg->tb_den};
    AVRational rate = {cfg->rate_num, cfg->rate_den > 0 ? cfg->rate_den : 1};
    AVRational avg = {cfg->avg_num, cfg->avg_den > 0 ? cfg->avg_den : 1};
    AVRational tb = pick_time_base(codec, w->in_tb, rate);
    AVCodecContext *e = w->enc;
    e->width = cfg->width;
    e->height = cfg->height;
    e->time_base = tb;
    if (rate.num > 0)
        e->framerate = rate;
    e->pix_fmt = pick_pix_fmt(codec, cfg->width, cfg->height);
    if (cfg->in_yuv && e->pix_fmt != AV_PIX_FMT_YUV420P) {
        snprintf(err, errlen, "cannot write '%s': %s does not take yuv420p %dx%d", cfg->path,
                 codec->name, cfg->width, cfg->height);
        goto fail;
    }
    w->in_yuv = cfg->in_yuv;
    e->sample_aspect_ratio = (AVRational){1, 1};
    /* YUV in HD's matrix from 720 rows up, SD's below, limited range; say so in
     * the stream (the stage's own conversion and swscale's follow the same rule) */
    int hd = cfg->height >= 720;
    if (e->pix_fmt != AV_PIX_FMT_BGR24) {
        e->colorspace = hd ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M;
        e->color_range = AVCOL_RANGE_MPEG;
    }
    if (w->oc->oformat->flags & AVFMT_GLOBALHEADER)
        e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *enc_opts = NULL;
    int nopts = encoder_options(w, codec, cfg, &enc_opts, err, errlen);
    if (nopts < 0) {
        av_dict_free(&enc_opts);
        *code = WRITER_ERR_USAGE;
        goto fail;
    }
    AVDictionary *given = NULL;
    av_dict_copy(&given, enc_opts, 0);
    if (nopts > 0)
        avlog_stderr_off();
    rc = avcodec_open2(e, codec, &enc_opts);
    avlog_stderr_on();
    av_dict_free(&enc_opts);
    if (rc < 0) {
        av_err(rc, why, sizeof(why));
        if (nopts > 0) { /* a value the encoder checks only when it opens (e.g. -preset) */
            char which[160];
            refused_setting(codec, e, given, which, sizeof(which));
            snprintf(err, errlen, "%s: the %s encoder refused it: %s", which, codec->name, why);
            *code = WRITER_ERR_USAGE;
        } else {
            snprintf(err, errlen, "cannot write '%s': encoder %s refused %dx%d %s: %s", cfg->path,
                     codec->name, cfg->width, cfg->height, av_get_pix_fmt_name(e->pix_fmt), why);
        }
        av_dict_free(&given);
        goto fail;
    }
    av_dict_free(&given);
    avcodec_parameters_from_context(w->st->codecpar, e);
    w->st->time_base = e->time_base;
    w->st->avg_frame_rate = avg.num > 0 ? avg : rate;
    w->st->r_frame_rate = rate;
    w->nominal_dur = rate.num > 0 ? av_rescale_q(1, av_inv_q(rate), tb) : 1;
    if (w->nominal_dur < 1)
        w->nominal_dur = 1;
    const AVFormatContext *ic = cfg->source ? decoder_format(cfg->source) : NULL;
    if (ic)
        av_dict_copy(&w->oc->metadata, ic->metadata, 0);
    if (add_copies(w, cfg, allow_copies, err, errlen) < 0)
        goto fail;
    w->frame->format = e->pix_fmt;
    w->frame->width = e->width;
    w->frame->height = e->height;
    if (av_frame_get_buffer(w->frame, 0) < 0) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        goto fail;
    }
    if (e->pix_fmt != AV_PIX_FMT_BGR24 && !cfg->in_yuv) {
        if (!(w->sws = sws_getContext(e->width, e->height, AV_PIX_FMT_BGR24, e->width, e->height,
                                      e->pix_fmt, SWS_BICUBIC | SWS_ACCURATE_RND, NULL, NULL,
                                      NULL))) {
            snprintf(err, errlen, "cannot write '%s': no conversion to %s", cfg->path,
                     av_get_pix_fmt_name(e->pix_fmt));
            goto fail;
        }
        const int *cs = sws_getCoefficients(hd ? SWS_CS_ITU709 : SWS_CS_ITU601);
        sws_setColorspaceDetails(w->sws, cs, 1, cs, 0, 0, 1 << 16, 1 << 16);
    }
    if (!(w->oc->oformat->flags & AVFMT_NOFILE) &&
        (rc = avio_open(&w->oc->pb, to_stdout ? "pipe:1" : cfg->path, AVIO_FLAG_WRITE)) < 0) {
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
        *header_failed = w->oc->nb_streams > 1;
        goto fail;
    }
    w->header_written = 1;
    w->last_pts = AV_NOPTS_VALUE;
    w->start_us = cfg->start_us;
    w->video_end_us = AV_NOPTS_VALUE;
    for (int i = 0; i < DUR_SLOTS; i++)
        w->durs[i].pts = AV_NOPTS_VALUE;
    return w;
fail:
    writer_close(&w, NULL, 0);
    return NULL;
}

Writer *writer_open(const WriterConfig *cfg, char *err, size_t errlen, int *code)
{
    int header_failed;
    avlog_quiet_begin();
    Writer *w = open_output(cfg, 1, err, errlen, code, &header_failed);
    if (!w && header_failed) /* the muxer refused a copied stream: the video alone */
        w = open_output(cfg, 0, err, errlen, code, &header_failed);
    avlog_quiet_end();
    return w;
}

const char *writer_notes(const Writer *w)
{
    return w->notes;
}

/* ---- copied streams ------------------------------------------------------ */

static int64_t pkt_time(const AVPacket *p)
{
    return p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
}

/* Mux one copied packet on the output timeline (lock held). It is dropped when
 * it would go back in time (after a seek). Timestamps before 0 (an AAC
 * encoder's priming packet) are the muxer's to handle, as in a plain remux. */
static int mux_copy(Writer *w, AVPacket *p)
{
    int in = p->stream_index, out = w->map[in];
    AVStream *ost = w->oc->streams[out];
    int64_t off = av_rescale_q(w->offset_us, AV_TIME_BASE_Q, w->map_tb[in]);
    if (p->pts != AV_NOPTS_VALUE)
        p->pts += off;
    if (p->dts != AV_NOPTS_VALUE)
        p->dts += off;
    av_packet_rescale_ts(p, w->map_tb[in], ost->time_base);
    p->stream_index = out;
    int64_t t = pkt_time(p);
    int strict = ost->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE;
    if (t != AV_NOPTS_VALUE) {
        int64_t last = w->last_dts[out];
        if (last != AV_NOPTS_VALUE && (t < last || (strict && t == last))) {
            av_packet_unref(p);
            return 0;
        }
        w->last_dts[out] = t;
    }
    int rc = av_interleaved_write_frame(w->oc, p);
    if (rc < 0) {
        char why[128];
        av_err(rc, why, sizeof(why));
        snprintf(w->error, sizeof(w->error), "cannot write '%s': %s", w->path, why);
        return -1;
    }
    return 0;
}

/* Where a pending packet starts on the output timeline (us), or INT64_MIN. */
static int64_t pending_start_us(const Writer *w, const AVPacket *p)
{
    int64_t t = p->pts != AV_NOPTS_VALUE ? p->pts : p->dts;
    if (t == AV_NOPTS_VALUE)
        return INT64_MIN;
    return av_rescale_q(t, w->map_tb[p->stream_index], AV_TIME_BASE_Q) + w->offset_us;
}

/* Take the oldest pending packet off the queue: muxed when it belongs to the
 * current serial (mux), dropped otherwise (from before a seek, or not wanted).
 * Lock held. 0 or -1. */
static int pop_oldest(Writer *w, int mux)
{
    Pending *q = &w->pend[w->pend_head];
    int rc = mux && w->started && q->serial == w->serial ? mux_copy(w, q->pkt) : 0;
    av_packet_unref(q->pkt);
    w->pend_head = (w->pend_head + 1) % PEND_SLOTS;
    w->pend_n--;
    return rc;
}

/* Mux the pending packets of the current serial that start before `until_us`
 * (all of them with `all`); drop those of older serials; stop at the first of a
 * later serial. Lock held. */
static int release(Writer *w, int64_t until_us, int all)
{
    while (w->pend_n > 0) {
        const Pending *q = &w->pend[w->pend_head];
        if (!w->started ? !all : q->serial > w->serial)
            break;
        int64_t start = w->started ? pending_start_us(w, q->pkt) : INT64_MIN;
        if (!all && q->serial == w->serial && start != INT64_MIN && start >= until_us)
            break;
        if (pop_oldest(w, 1) < 0)
            return -1;
    }
    return 0;
}

int writer_copy_packet(Writer *w, const AVPacket *pkt, int serial)
{
    if (!w->map || pkt->stream_index < 0 || pkt->stream_index >= w->nin ||
        w->map[pkt->stream_index] < 0)
        return 0;
    int rc = 0;
    pthread_mutex_lock(&w->lock);
    if (w->pend_n == PEND_SLOTS) /* far ahead of the video: let the muxer hold the oldest */
        rc = pop_oldest(w, 1);
    Pending *slot = &w->pend[(w->pend_head + w->pend_n) % PEND_SLOTS];
    if (rc == 0 && av_packet_ref(slot->pkt, pkt) < 0) {
        snprintf(w->error, sizeof(w->error), "'%s': out of memory", w->path);
        rc = -1;
    }
    if (rc == 0) {
        slot->serial = serial;
        w->pend_n++;
    }
    pthread_mutex_unlock(&w->lock);
    return rc;
}

void writer_end_with_video(Writer *w)
{
    pthread_mutex_lock(&w->lock);
    w->end_with_video = 1;
    pthread_mutex_unlock(&w->lock);
}

/* ---- video ---------------------------------------------------------------- */

static size_t dur_slot(int64_t pts)
{
    return (size_t)(((uint64_t)pts * 0x9E3779B97F4A7C15ull) >> 54) % DUR_SLOTS;
}

/* Send one frame (NULL flushes) and write every packet that comes out. */
static int encode(Writer *w, const AVFrame *f)
{
    char why[128];
    int rc = f && fault_hit("encode") ? AVERROR(EIO) /* PINSTRIPE_FAULT (gpu/fault.h) */
                                      : avcodec_send_frame(w->enc, f);
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
        /* the frame's own duration (MP4's edit list and NUT's frame rate rely on it) */
        size_t k = dur_slot(w->pkt->pts);
        w->pkt->duration = w->pkt->pts != AV_NOPTS_VALUE && w->durs[k].pts == w->pkt->pts
                               ? w->durs[k].dur
                               : w->nominal_dur;
        av_packet_rescale_ts(w->pkt, w->enc->time_base, w->st->time_base);
        w->pkt->stream_index = w->st->index;
        pthread_mutex_lock(&w->lock);
        rc = av_interleaved_write_frame(w->oc, w->pkt);
        pthread_mutex_unlock(&w->lock);
        if (rc < 0) {
            av_err(rc, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "cannot write '%s': %s", w->path, why);
            return -1;
        }
    }
}

/* Place a frame on the output timeline: the first frame fixes the shift (the
 * input's start becomes 0); a new serial (a seek) continues where the last
 * frame ended. Lock held. Returns the frame's start in us. */
static int64_t place(Writer *w, const FrameBuf *f)
{
    int64_t in_us = av_rescale_q(f->pts, w->in_tb, AV_TIME_BASE_Q);
    if (!w->started) {
        w->offset_us = w->start_us != INT64_MIN && w->start_us <= in_us ? -w->start_us : -in_us;
        /* the first frame on a tick of the encoder's time base, every stream moved
         * with it, so a source whose frames sit off that grid keeps its A/V sync */
        AVRational tb = w->enc->time_base;
        int64_t v = in_us + w->offset_us;
        w->offset_us += av_rescale_q(av_rescale_q(v, AV_TIME_BASE_Q, tb), tb, AV_TIME_BASE_Q) - v;
        w->serial = f->serial;
        w->started = 1;
    } else if (f->serial != w->serial) {
        /* what was copied before the seek ends with the video written before it */
        release(w, w->video_end_us, 0);
        w->serial = f->serial;
        w->offset_us = w->video_end_us - in_us;
        release(w, INT64_MIN, 0); /* drops the packets of older serials */
    }
    return in_us + w->offset_us;
}

int writer_write(Writer *w, const FrameBuf *bgr)
{
    if (av_frame_make_writable(w->frame) < 0) {
        snprintf(w->error, sizeof(w->error), "'%s': out of memory", w->path);
        return -1;
    }
    if (w->in_yuv) { /* the stage's planes, banded or not: rows into the encoder's frame */
        for (int p = 0; p < 3; p++) {
            int rows = p ? w->enc->height / 2 : w->enc->height;
            int bytes = p ? w->enc->width / 2 : w->enc->width;
            for (int r = 0; r < rows; r++)
                memcpy(w->frame->data[p] + (size_t)r * w->frame->linesize[p],
                       frame_row(bgr, p, r), (size_t)bytes);
        }
    } else if (w->sws) {
        const uint8_t *src[1] = {bgr->data[0]};
        sws_scale(w->sws, src, bgr->stride, 0, w->enc->height, w->frame->data,
                  w->frame->linesize);
    } else {
        av_image_copy_plane(w->frame->data[0], w->frame->linesize[0], bgr->data[0],
                            bgr->stride[0], 3 * w->enc->width, w->enc->height);
    }
    pthread_mutex_lock(&w->lock);
    int64_t start_us = place(w, bgr);
    pthread_mutex_unlock(&w->lock);
    AVRational tb = w->enc->time_base;
    int64_t pts = av_rescale_q(start_us, AV_TIME_BASE_Q, tb);
    if (w->last_pts != AV_NOPTS_VALUE && pts <= w->last_pts)
        pts = w->last_pts + 1; /* a coarser time base must not merge two frames */
    int64_t dur = bgr->duration > 0 ? av_rescale_q(bgr->duration, w->in_tb, tb) : w->nominal_dur;
    if (dur < 1)
        dur = 1;
    w->last_pts = pts;
    w->frame->pts = pts;
    size_t k = dur_slot(pts);
    w->durs[k].pts = pts, w->durs[k].dur = dur;
    if (encode(w, w->frame) < 0)
        return -1;
    w->frames++;
    pthread_mutex_lock(&w->lock);
    int64_t end_us = av_rescale_q(pts + dur, tb, AV_TIME_BASE_Q);
    if (w->video_end_us == AV_NOPTS_VALUE || end_us > w->video_end_us)
        w->video_end_us = end_us;
    int rc = release(w, w->video_end_us, 0);
    pthread_mutex_unlock(&w->lock);
    return rc;
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
        pthread_mutex_lock(&w->lock);
        /* a run cut short ends its sound with the picture (within one packet);
         * one that reached the end keeps every stream to its own end, as ffmpeg does */
        if (rc == 0 && release(w, w->end_with_video ? w->video_end_us : INT64_MAX,
                               !w->end_with_video) < 0)
            rc = -1;
        pthread_mutex_unlock(&w->lock);
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
    while (w->pend_n > 0)
        pop_oldest(w, 0);
    for (int i = 0; i < PEND_SLOTS; i++)
        av_packet_free(&w->pend[i].pkt);
    if (w->oc && !(w->oc->oformat->flags & AVFMT_NOFILE) && w->oc->pb)
        avio_closep(&w->oc->pb);
    sws_freeContext(w->sws);
    av_packet_free(&w->pkt);
    av_frame_free(&w->frame);
    avcodec_free_context(&w->enc);
    avformat_free_context(w->oc);
    free(w->map);
    free(w->map_tb);
    free(w->last_dts);
    if (w->lock_init)
        pthread_mutex_destroy(&w->lock);
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
