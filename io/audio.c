/* The player's sound decoder (see audio.h): a decode thread that takes its
 * stream's packets from the read thread's queue (io/packets.h), and a byte
 * FIFO of s16 sound with the stream time of its end, under one mutex. */
#include "io/audio.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libswresample/swresample.h>

#include "io/avlog.h"
#include "io/packets.h"
#include "io/source.h"

#define FIFO_SECONDS 0.5     /* decoded sound waiting for the device */

struct AudioDecoder {
    char url[512];
    int index;
    AVRational tb;
    AVCodecContext *dec;
    SwrContext *swr;
    int swr_rate, swr_fmt; /* what the resampler was made for */
    AVChannelLayout swr_layout;
    AVFrame *frame;
    int rate, channels, bps; /* the device's: Hz, channels, bytes a second */
    uint8_t *cvt;            /* resampled sound of one frame */
    int cvt_samples;

    PacketQueue *queue; /* the stream's packets (the source's) */
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int serial; /* what plays now (audio_flush) */
    int abort;
    uint8_t *fifo;
    int cap, head, size;
    double tail_pts; /* stream time at the end of the FIFO's sound; NAN unknown */
    int fifo_serial;

    pthread_t thread;
    int started;
};

AudioDecoder *audio_open(Source *src, int index, char *err, size_t errlen, int *code)
{
    AVFormatContext *fmt = (AVFormatContext *)source_format(src);
    const AVCodec *codec = NULL;
    *code = AUDIO_ERR_NONE;
    if (index < 0) {
        index = av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, source_video_index(src), &codec, 0);
        if (index < 0) {
            snprintf(err, errlen, "'%s': no audio stream", fmt->url);
            return NULL;
        }
    } else if (index >= (int)fmt->nb_streams ||
               fmt->streams[index]->codecpar->codec_type != AVMEDIA_TYPE_AUDIO) {
        snprintf(err, errlen, "'%s': -ast %d: no such audio stream (ffprobe lists the streams)",
                 fmt->url, index);
        return NULL;
    }
    *code = AUDIO_ERR_OTHER;
    AVStream *st = fmt->streams[index];
    if (!codec)
        codec = avcodec_find_decoder(st->codecpar->codec_id);
    if (!codec) {
        snprintf(err, errlen, "'%s': audio stream #%d (%s): no decoder for it", fmt->url, index,
                 avcodec_get_name(st->codecpar->codec_id));
        return NULL;
    }
    AudioDecoder *a = calloc(1, sizeof(*a));
    if (!a)
        goto oom;
    snprintf(a->url, sizeof(a->url), "%s", fmt->url);
    a->index = index;
    a->tb = st->time_base;
    a->tail_pts = NAN;
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cond, NULL);
    if (!(a->frame = av_frame_alloc()) || !(a->dec = avcodec_alloc_context3(codec)) ||
        avcodec_parameters_to_context(a->dec, st->codecpar) < 0)
        goto oom;
    a->dec->pkt_timebase = st->time_base;
    int rc = avcodec_open2(a->dec, codec, NULL);
    if (rc < 0 || a->dec->sample_rate <= 0 || a->dec->ch_layout.nb_channels <= 0) {
        char why[128] = "no sample rate or channels";
        if (rc < 0)
            avlog_error_text(rc, why, sizeof(why));
        snprintf(err, errlen, "'%s': audio stream #%d (%s): cannot decode it: %s", fmt->url, index,
                 codec->name, why);
        audio_close(&a);
        return NULL;
    }
    if (!(a->queue = source_queue(src, 1)) || source_route(src, index, a->queue) < 0)
        goto oom;
    return a;
oom:
    snprintf(err, errlen, "'%s': out of memory", fmt->url);
    audio_close(&a);
    return NULL;
}

void audio_source(const AudioDecoder *a, int *rate, int *channels, int *index, char *desc,
                  size_t len)
{
    *rate = a->dec->sample_rate;
    *channels = a->dec->ch_layout.nb_channels;
    *index = a->index;
    if (!desc)
        return;
    char layout[64] = "";
    av_channel_layout_describe(&a->dec->ch_layout, layout, sizeof(layout));
    snprintf(desc, len, "stream #%d, %s %d Hz %s", a->index, a->dec->codec->name,
             a->dec->sample_rate, layout);
}

/* The resampler for this frame's format (made again when the stream changes). */
static int resampler(AudioDecoder *a, const AVFrame *f)
{
    if (a->swr && f->sample_rate == a->swr_rate && f->format == a->swr_fmt &&
        av_channel_layout_compare(&f->ch_layout, &a->swr_layout) == 0)
        return 0;
    swr_free(&a->swr);
    AVChannelLayout out;
    av_channel_layout_default(&out, a->channels);
    /* (FFmpeg 5.1 takes the layout as non-const; it only reads it) */
    int rc = swr_alloc_set_opts2(&a->swr, &out, AV_SAMPLE_FMT_S16, a->rate,
                                 (AVChannelLayout *)&f->ch_layout, f->format, f->sample_rate, 0, NULL);
    av_channel_layout_uninit(&out);
    if (rc < 0 || swr_init(a->swr) < 0) {
        swr_free(&a->swr);
        return -1;
    }
    a->swr_rate = f->sample_rate, a->swr_fmt = f->format;
    av_channel_layout_uninit(&a->swr_layout);
    av_channel_layout_copy(&a->swr_layout, &f->ch_layout);
    return 0;
}

/* Put len bytes of sound ending at stream time end_pts into the FIFO, waiting
 * for room; gives up when aborted or flushed past `serial`. */
static void fifo_write(AudioDecoder *a, const uint8_t *buf, int len, double end_pts, int serial)
{
    pthread_mutex_lock(&a->mu);
    while (len > 0) {
        while (!a->abort && serial == a->serial && a->size == a->cap)
            pthread_cond_wait(&a->cond, &a->mu);
        if (a->abort || serial != a->serial)
            break;
        int tail = (a->head + a->size) % a->cap;
        int n = a->cap - a->size;
        n = n < len ? n : len;
        int first = a->cap - tail < n ? a->cap - tail : n;
        memcpy(a->fifo + tail, buf, first);
        memcpy(a->fifo, buf + first, n - first);
        a->size += n, buf += n, len -= n;
        a->tail_pts = end_pts - (double)len / a->bps;
        a->fifo_serial = serial;
    }
    pthread_mutex_unlock(&a->mu);
}

/* Resample one decoded frame into the FIFO. */
static void put_frame(AudioDecoder *a, const AVFrame *f, int serial)
{
    if (resampler(a, f) < 0)
        return; /* a format the resampler refuses: that frame is silence */
    int want = swr_get_out_samples(a->swr, f->nb_samples);
    if (want > a->cvt_samples) { /* longer than any frame before */
        uint8_t *p = realloc(a->cvt, (size_t)want * a->channels * 2);
        if (!p)
            return;
        a->cvt = p, a->cvt_samples = want;
    }
    uint8_t *out[1] = {a->cvt};
    int n = swr_convert(a->swr, out, a->cvt_samples, (const uint8_t **)f->extended_data,
                        f->nb_samples);
    if (n <= 0)
        return;
    int64_t ts = f->best_effort_timestamp;
    double start = ts * av_q2d(a->tb);
    if (ts == AV_NOPTS_VALUE) { /* no timestamp: it follows the sound before it */
        pthread_mutex_lock(&a->mu);
        start = isnan(a->tail_pts) ? 0 : a->tail_pts;
        pthread_mutex_unlock(&a->mu);
    }
    fifo_write(a, a->cvt, n * a->channels * 2, start + (double)n / a->rate, serial);
}

static void decode(AudioDecoder *a, const AVPacket *pkt, int serial)
{
    if (avcodec_send_packet(a->dec, pkt) < 0)
        return; /* a damaged packet: a moment of silence, as players do */
    while (avcodec_receive_frame(a->dec, a->frame) == 0) {
        put_frame(a, a->frame, serial);
        av_frame_unref(a->frame);
    }
}

static void *audio_main(void *arg)
{
    AudioDecoder *a = arg;
    AVPacket *pkt = av_packet_alloc();
    int dec_serial = 0, serial;
    if (!pkt)
        return NULL;
    for (;;) {
        int q = pktq_get(a->queue, pkt, 1, &serial, NULL);
        pthread_mutex_lock(&a->mu);
        int current = a->serial, stop = a->abort;
        pthread_mutex_unlock(&a->mu);
        if (q == PKTQ_ABORT || stop)
            break;
        if (q == PKTQ_END) { /* the end: drain the decoder; a seek may still come */
            decode(a, NULL, current);
            if (pktq_wait_reopen(a->queue) < 0)
                break;
            continue;
        }
        if (serial != current) /* from before a seek */
            continue;
        if (serial != dec_serial) { /* the first packet after a seek */
            avcodec_flush_buffers(a->dec);
            if (a->swr)
                swr_init(a->swr); /* drop what it holds back */
            dec_serial = serial;
        }
        if (q == PKTQ_DRAIN) { /* --loop: the end of a pass; the next one follows */
            decode(a, NULL, serial);
            avcodec_flush_buffers(a->dec);
            continue;
        }
        decode(a, pkt, serial);
    }
    av_packet_free(&pkt);
    return NULL;
}

int audio_start(AudioDecoder *a, int rate, int channels, char *err, size_t errlen)
{
    int cap = ((int)(FIFO_SECONDS * rate) * channels * 2 + 4095) / 4096 * 4096;
    uint8_t *fifo = malloc(cap);
    if (!fifo) {
        snprintf(err, errlen, "'%s': out of memory", a->url);
        return -1;
    }
    /* the device's callback may already be pulling (from an empty FIFO) */
    pthread_mutex_lock(&a->mu);
    a->rate = rate, a->channels = channels, a->bps = rate * channels * 2;
    a->cap = cap, a->fifo = fifo;
    pthread_mutex_unlock(&a->mu);
    a->cvt_samples = rate / 5; /* 200 ms: more than a decoded frame holds */
    if (!(a->cvt = malloc((size_t)a->cvt_samples * channels * 2))) {
        snprintf(err, errlen, "'%s': out of memory", a->url);
        return -1;
    }
    if (pthread_create(&a->thread, NULL, audio_main, a) != 0) {
        snprintf(err, errlen, "'%s': cannot start the audio thread", a->url);
        return -1;
    }
    a->started = 1;
    return 0;
}

void audio_flush(AudioDecoder *a, int serial)
{
    pthread_mutex_lock(&a->mu);
    a->serial = serial;
    a->size = 0;
    a->tail_pts = NAN;
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->mu);
}

void audio_abort(AudioDecoder *a)
{
    pthread_mutex_lock(&a->mu);
    a->abort = 1;
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->mu);
    if (a->queue) /* a wait for a packet ends too */
        pktq_abort(a->queue);
}

int audio_pull(AudioDecoder *a, uint8_t *buf, int len, double *pts, int *serial)
{
    pthread_mutex_lock(&a->mu);
    int n = a->size < len ? a->size : len;
    *pts = n > 0 ? a->tail_pts - (double)a->size / a->bps : NAN;
    *serial = n > 0 ? a->fifo_serial : 0;
    int first = a->cap - a->head < n ? a->cap - a->head : n;
    if (n > 0) {
        memcpy(buf, a->fifo + a->head, first);
        memcpy(buf + first, a->fifo, n - first);
        a->head = (a->head + n) % a->cap;
        a->size -= n;
        pthread_cond_broadcast(&a->cond);
    }
    pthread_mutex_unlock(&a->mu);
    return n;
}

void audio_close(AudioDecoder **pa)
{
    AudioDecoder *a = pa ? *pa : NULL;
    if (!a)
        return;
    if (a->started) {
        audio_abort(a);
        pthread_join(a->thread, NULL);
    }
    if (a->queue) { /* the source's: nothing more is queued for it, nor kept */
        pktq_abort(a->queue);
        pktq_flush(a->queue);
    }
    av_frame_free(&a->frame);
    avcodec_free_context(&a->dec);
    swr_free(&a->swr);
    av_channel_layout_uninit(&a->swr_layout);
    free(a->fifo);
    free(a->cvt);
    pthread_cond_destroy(&a->cond);
    pthread_mutex_destroy(&a->mu);
    free(a);
    *pa = NULL;
}
