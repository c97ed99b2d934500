/* The output writer (see writer.h), after FFmpeg's doc/examples/mux.c and
 * remux.c: one encoder and its stream for the video (writer/encoder.h), stream
 * copies for the input's audio and subtitles (writer/copies.h), all on one
 * timeline (writer/timeline.h); one AVFrame and one conversion allocated at
 * open; the end flushes the encoder through the same path fed with NULL.
 *
 * The read thread hands copied packets to the writer's queue (io/source.h) as
 * it reads them, well ahead of the video (which goes through the rings, the
 * stage and the encoder first). The copy thread (writer/copy_thread.h) takes them
 * from it into the copies' wait for the video; one mutex covers the copies,
 * the timeline and the muxer: the main thread encodes outside it. */
#include "writer/writer.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>

#include "stage/fault.h"
#include "io/avlog.h"
#include "writer/copies.h"
#include "writer/copy_thread.h"
#include "writer/encoder.h"
#include "io/packets.h"
#include "io/source.h"
#include "writer/timeline.h"

struct Writer {
    char path[1024];
    AVFormatContext *oc;
    AVCodecContext *enc;
    AVStream *st;
    AVFrame *frame;
    AVPacket *pkt;
    EncoderConv conv;        /* the stage's RGB into the encoder's format */
    int header_written;
    int in_yuv, in_depth;    /* frames come as yuv420p of in_depth bits from the stage */
    PixLayout in_layout;     /* the layout frames come in */
    Timeline tl;             /* where frames go on the output's timeline */
    StreamCopies *copies;    /* the copied streams and their packets waiting */
    PacketQueue *queue;      /* the source's queue of packets for them */
    CopyThread copy;         /* takes them from it into the copies */
    pthread_mutex_t lock;    /* copies, tl, the muxer */
    int end_with_video;
    long long frames;
    char notes[1024];
    char error[512];
};

int writer_plan(const WriterConfig *cfg, WriterPlan *plan, char *err, size_t errlen)
{
    const AVCodec *codec = encoder_pick(cfg->codec, err, errlen);
    /* the container as open_file finds it: --output-format, NUT for "-", the name's */
    const char *name = cfg->format ? cfg->format : strcmp(cfg->path, "-") == 0 ? "nut" : NULL;
    const AVOutputFormat *of = av_guess_format(name, name ? NULL : cfg->path, NULL);
    EncoderFormat f;
    if (!codec || encoder_format(codec, of ? of->name : NULL, cfg, &f, err, errlen) < 0)
        return WRITER_ERR_USAGE;
    int even = cfg->width % 2 == 0 && cfg->height % 2 == 0;
    *plan = (WriterPlan){.depth = f.depth, .yuv420 = even && encoder_is_yuv420(f.pix_fmt),
                         .matrix = f.matrix};
    return 0;
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

/* Map the source's audio and subtitle streams onto new output streams, and have
 * the read thread send their packets to the writer's queue. */
static int add_copies(Writer *w, const WriterConfig *cfg, int allow, char *err, size_t errlen)
{
    const AVFormatContext *ic = cfg->source ? source_format(cfg->source) : NULL;
    if (!ic)
        return 0;
    int vidx = source_video_index(cfg->source), nin = (int)ic->nb_streams;
    if (!(w->copies = copies_create(nin, cfg->path))) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return -1;
    }
    const char *ofmt = w->oc->oformat->name;
    for (int i = 0; i < nin; i++) {
        const AVStream *ist = ic->streams[i];
        const AVCodecParameters *par = ist->codecpar;
        enum AVMediaType type = par->codec_type;
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
        copies_map(w->copies, i, ost->index, ist->time_base);
        if ((!w->queue && !(w->queue = source_queue(cfg->source, 0))) ||
            source_route(cfg->source, i, w->queue) < 0) {
            snprintf(err, errlen, "'%s': out of memory", cfg->path);
            return -1;
        }
    }
    return 0;
}

/* The output file, its video encoder and its copied streams. */
static int open_file(Writer *w, const WriterConfig *cfg, int allow_copies, char *err,
                     size_t errlen, int *code, int *header_failed)
{
    char why[256];
    int rc;
    const AVCodec *codec = encoder_pick(cfg->codec, err, errlen);
    EncoderFormat f;
    if (!codec) {
        *code = WRITER_ERR_USAGE;
        return -1;
    }
    /* "-": standard output, as a stream (NUT unless a format is named) */
    int to_stdout = strcmp(cfg->path, "-") == 0;
    const char *fmt_name = cfg->format ? cfg->format : to_stdout ? "nut" : NULL;
    if (fmt_name && !av_guess_format(fmt_name, NULL, NULL)) {
        snprintf(err, errlen, "--output-format: '%s' is not a container FFmpeg can write", fmt_name);
        *code = WRITER_ERR_USAGE;
        return -1;
    }
    if ((rc = avformat_alloc_output_context2(&w->oc, NULL, fmt_name, to_stdout ? NULL : cfg->path)) < 0 ||
        !w->oc) {
        snprintf(err, errlen, "cannot write '%s': no container format for that file name",
                 cfg->path);
        return -1;
    }
    if (avformat_query_codec(w->oc->oformat, codec->id, FF_COMPLIANCE_NORMAL) == 0) {
        snprintf(err, errlen, "cannot write '%s': the %s container does not take %s video",
                 cfg->path, w->oc->oformat->name, codec->name);
        return -1;
    }
    if (encoder_format(codec, w->oc->oformat->name, cfg, &f, err, errlen) < 0) {
        *code = WRITER_ERR_USAGE;
        return -1;
    }
    if (!(w->st = avformat_new_stream(w->oc, NULL)) || !(w->enc = avcodec_alloc_context3(codec)) ||
        !(w->frame = av_frame_alloc()) || !(w->pkt = av_packet_alloc())) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return -1;
    }
    AVRational in_tb = {cfg->tb_num, cfg->tb_den};
    AVRational rate = {cfg->rate_num, cfg->rate_den > 0 ? cfg->rate_den : 1};
    AVRational avg = {cfg->avg_num, cfg->avg_den > 0 ? cfg->avg_den : 1};
    AVCodecContext *e = w->enc;
    e->width = cfg->width;
    e->height = cfg->height;
    e->time_base = encoder_time_base(codec, in_tb, rate);
    if (rate.num > 0)
        e->framerate = rate;
    e->pix_fmt = f.pix_fmt;
    if (cfg->in_yuv && !encoder_is_yuv420(e->pix_fmt)) {
        snprintf(err, errlen, "cannot write '%s': %s does not take yuv420p %dx%d", cfg->path,
                 codec->name, cfg->width, cfg->height);
        return -1;
    }
    w->in_yuv = cfg->in_yuv, w->in_depth = f.depth;
    w->in_layout = cfg->in_yuv ? (f.depth > 8 ? PIX_YUV420P16 : PIX_YUV420P)
                               : cfg->in_rgb48 ? PIX_RGB48 : PIX_BGR24;
    e->sample_aspect_ratio = (AVRational){1, 1};
    encoder_tag(e, w->frame, cfg, &f); /* the stage's conversion and swscale's write f.matrix */
    if (w->oc->oformat->flags & AVFMT_GLOBALHEADER)
        e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    int usage;
    if (encoder_open(e, codec, cfg, err, errlen, &usage) < 0) {
        *code = usage ? WRITER_ERR_USAGE : WRITER_ERR_OUTPUT;
        return -1;
    }
    avcodec_parameters_from_context(w->st->codecpar, e);
    if (encoder_keeps_hdr(cfg) && hdrmeta_to_stream(&cfg->hdr, w->st) < 0) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return -1;
    }
    w->st->time_base = e->time_base;
    w->st->avg_frame_rate = avg.num > 0 ? avg : rate;
    w->st->r_frame_rate = rate;
    timeline_init(&w->tl, in_tb, e->time_base, rate, cfg->start_us);
    const AVFormatContext *ic = cfg->source ? source_format(cfg->source) : NULL;
    if (ic)
        av_dict_copy(&w->oc->metadata, ic->metadata, 0);
    if (add_copies(w, cfg, allow_copies, err, errlen) < 0)
        return -1;
    w->frame->format = e->pix_fmt;
    w->frame->width = e->width;
    w->frame->height = e->height;
    if (av_frame_get_buffer(w->frame, 0) < 0) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return -1;
    }
    enum AVPixelFormat in = cfg->in_rgb48 ? AV_PIX_FMT_RGB48LE : AV_PIX_FMT_BGR24;
    if (!cfg->in_yuv && encoder_conv_open(&w->conv, e, in, f.matrix) < 0) {
        snprintf(err, errlen, "cannot write '%s': no conversion from %s to %s", cfg->path,
                 av_get_pix_fmt_name(in), av_get_pix_fmt_name(e->pix_fmt));
        return -1;
    }
    if (!(w->oc->oformat->flags & AVFMT_NOFILE) &&
        (rc = avio_open(&w->oc->pb, to_stdout ? "pipe:1" : cfg->path, AVIO_FLAG_WRITE)) < 0) {
        av_strerror(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot create '%s': %s", cfg->path, why);
        return -1;
    }
    AVDictionary *mux_opts = NULL;
    av_dict_set(&mux_opts, "allow_raw_vfw", "1", 0); /* Matroska: rawvideo bgr24 as VFW */
    rc = avformat_write_header(w->oc, &mux_opts);
    av_dict_free(&mux_opts);
    if (rc < 0) {
        av_strerror(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot write '%s': %s", cfg->path, why);
        *header_failed = w->oc->nb_streams > 1;
        return -1;
    }
    w->header_written = 1;
    if (w->queue && copythread_start(&w->copy, w->queue, w->copies, w->oc, &w->tl, &w->lock) < 0) {
        snprintf(err, errlen, "'%s': cannot start the stream-copy thread", cfg->path);
        return -1;
    }
    return 0;
}

static Writer *open_output(const WriterConfig *cfg, int allow_copies, char *err, size_t errlen,
                           int *code, int *header_failed)
{
    Writer *w = calloc(1, sizeof(*w));
    *code = WRITER_ERR_OUTPUT;
    *header_failed = 0;
    if (!w) {
        snprintf(err, errlen, "'%s': out of memory", cfg->path);
        return NULL;
    }
    snprintf(w->path, sizeof(w->path), "%s", cfg->path);
    pthread_mutex_init(&w->lock, NULL);
    if (open_file(w, cfg, allow_copies, err, errlen, code, header_failed) < 0)
        writer_close(&w, NULL, NULL, 0);
    return w;
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

void writer_end_with_video(Writer *w)
{
    w->end_with_video = 1;
}

/* Send one frame (NULL flushes) and write every packet that comes out. */
static int encode(Writer *w, const AVFrame *f)
{
    char why[128];
    int rc = f && fault_hit("encode") ? AVERROR(EIO) /* PINSTRIPE_FAULT (stage/fault.h) */
                                      : avcodec_send_frame(w->enc, f);
    if (rc < 0) {
        av_strerror(rc, why, sizeof(why));
        snprintf(w->error, sizeof(w->error), "'%s': encoding failed: %s", w->path, why);
        return -1;
    }
    for (;;) {
        rc = avcodec_receive_packet(w->enc, w->pkt);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return 0;
        if (rc < 0) {
            av_strerror(rc, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "'%s': encoding failed: %s", w->path, why);
            return -1;
        }
        /* the frame's own duration (MP4's edit list and NUT's frame rate rely on it) */
        w->pkt->duration = timeline_duration(&w->tl, w->pkt->pts);
        av_packet_rescale_ts(w->pkt, w->enc->time_base, w->st->time_base);
        w->pkt->stream_index = w->st->index;
        pthread_mutex_lock(&w->lock);
        rc = av_interleaved_write_frame(w->oc, w->pkt);
        pthread_mutex_unlock(&w->lock);
        if (rc < 0) {
            av_strerror(rc, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "cannot write '%s': %s", w->path, why);
            return -1;
        }
    }
}

/* The frame's pixels into the encoder's frame: the stage's planes (banded or
 * not), or its packed RGB converted (or copied: rawvideo). */
static void fill_frame(Writer *w, const FrameBuf *f)
{
    if (!w->in_yuv) {
        encoder_conv_run(&w->conv, f->data[0], f->stride[0], w->frame);
        return;
    }
    int bps = pix_sample_bytes(f->fmt.layout); /* 2: yuv420p10le and kin */
    for (int p = 0; p < 3; p++) {
        int rows = p ? w->enc->height / 2 : w->enc->height;
        int bytes = (p ? w->enc->width / 2 : w->enc->width) * bps;
        for (int r = 0; r < rows; r++)
            memcpy(w->frame->data[p] + (size_t)r * w->frame->linesize[p], frame_row(f, p, r),
                   (size_t)bytes);
    }
}

/* The copies that wait for the video: those of the timeline's serial that start
 * before until_us (all of them with `all`) muxed. Lock held. 0 or -1. */
static int release(Writer *w, int64_t until_us, int all)
{
    if (copythread_error(&w->copy)) { /* the copy thread's failure, said once */
        snprintf(w->error, sizeof(w->error), "%s", copythread_error(&w->copy));
        return -1;
    }
    return w->copies ? copies_release(w->copies, w->oc, &w->tl, until_us, all, w->error,
                                      sizeof(w->error))
                     : 0;
}

int writer_write(Writer *w, const FrameBuf *bgr)
{
    if (bgr->fmt.layout != w->in_layout || (w->in_yuv && frame_depth(bgr) != w->in_depth)) {
        snprintf(w->error, sizeof(w->error), "'%s': a %s frame, the writer takes %s", w->path,
                 pix_layout_name(bgr->fmt.layout), pix_layout_name(w->in_layout));
        return -1;
    }
    if (av_frame_make_writable(w->frame) < 0) {
        snprintf(w->error, sizeof(w->error), "'%s': out of memory", w->path);
        return -1;
    }
    fill_frame(w, bgr);
    int64_t pts, dur;
    int rc = 0;
    pthread_mutex_lock(&w->lock);
    if (timeline_new_serial(&w->tl, bgr->serial)) {
        /* a seek: what was copied before it ends with the video written before it;
         * then the packets of older serials go */
        rc = release(w, w->tl.video_end_us, 0);
        timeline_place(&w->tl, bgr->pts, bgr->duration, bgr->serial, &pts, &dur);
        rc = rc < 0 ? rc : release(w, INT64_MIN, 0);
    } else {
        timeline_place(&w->tl, bgr->pts, bgr->duration, bgr->serial, &pts, &dur);
    }
    copythread_placed(&w->copy); /* its packets may wait for this place */
    pthread_mutex_unlock(&w->lock);
    if (rc < 0)
        return -1;
    w->frame->pts = pts;
    if (encode(w, w->frame) < 0)
        return -1;
    w->frames++;
    pthread_mutex_lock(&w->lock);
    timeline_written(&w->tl, pts, dur);
    rc = release(w, w->tl.video_end_us, 0);
    pthread_mutex_unlock(&w->lock);
    return rc;
}

static long long bytes_of(const Writer *w, int end)
{
    AVIOContext *pb = w->oc && !(w->oc->oformat->flags & AVFMT_NOFILE) ? w->oc->pb : NULL;
    if (!pb)
        return 0;
    int64_t n = end && (pb->seekable & AVIO_SEEKABLE_NORMAL) ? avio_size(pb) : avio_tell(pb);
    return n > 0 ? n : 0;
}

long long writer_bytes(const Writer *w)
{
    pthread_mutex_lock((pthread_mutex_t *)&w->lock);
    long long n = bytes_of(w, 0);
    pthread_mutex_unlock((pthread_mutex_t *)&w->lock);
    return n;
}

int writer_close(Writer **pw, long long *bytes, char *err, size_t errlen)
{
    Writer *w = pw ? *pw : NULL;
    if (!w)
        return 0;
    int rc = 0;
    copythread_stop(&w->copy); /* what the read thread queued goes into the copies first */
    if (w->header_written) {
        if (encode(w, NULL) < 0)
            rc = -1;
        /* a run cut short ends its sound with the picture (within one packet);
         * one that reached the end keeps every stream to its own end, as ffmpeg does */
        if (rc == 0 && release(w, w->end_with_video ? w->tl.video_end_us : INT64_MAX,
                               !w->end_with_video) < 0)
            rc = -1;
        int t = av_write_trailer(w->oc);
        if (t < 0 && rc == 0) {
            char why[128];
            av_strerror(t, why, sizeof(why));
            snprintf(w->error, sizeof(w->error), "cannot finish '%s': %s", w->path, why);
            rc = -1;
        }
    }
    if (rc < 0 && err)
        snprintf(err, errlen, "%s", w->error);
    if (w->queue) { /* the source's: nothing more is queued for it, nor kept */
        pktq_abort(w->queue);
        pktq_flush(w->queue);
    }
    copies_destroy(&w->copies);
    if (w->oc && w->oc->pb)
        avio_flush(w->oc->pb);
    if (bytes)
        *bytes = bytes_of(w, 1);
    if (w->oc && !(w->oc->oformat->flags & AVFMT_NOFILE) && w->oc->pb)
        avio_closep(&w->oc->pb);
    encoder_conv_close(&w->conv);
    av_packet_free(&w->pkt);
    av_frame_free(&w->frame);
    avcodec_free_context(&w->enc);
    avformat_free_context(w->oc);
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
