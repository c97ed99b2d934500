/* The input and its read thread (see source.h), after ffplay's read_thread:
 * open and probe, then read packets and hand each to the queues its stream is
 * routed to, waiting while the queues hold enough; seek, loop and stop are
 * carried out by the thread between reads. */
#include "io/source.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libavcodec/avcodec.h>
#ifdef PINSTRIPE_HAVE_AVDEVICE
#include <libavdevice/avdevice.h>
#endif
#include <libavformat/avformat.h>

#include "stage/clock.h"
#include "io/avlog.h"
#include "io/range.h"
#include "io/source_open.h"

#define MAX_QUEUES 8
#define MAX_ROUTES 4 /* queues a stream may go to */

struct Source {
    char url[1024];
    SourceOptions opt;
    int unbuffered; /* a live input that is not a file: read a packet ahead at most */
    AVFormatContext *fmt;
    int vidx;
    AVRational vtb;
    int64_t step; /* nominal frame duration, video time base */

    PacketQueue *queues[MAX_QUEUES];
    int fed[MAX_QUEUES];
    int nqueues;
    int (*routes)[MAX_ROUTES]; /* by stream: queue numbers, -1 after the last */

    pthread_t thread;
    int started, joined;
    pthread_mutex_t mu; /* with cond: the reader's waits (queues full, seeks) */
    pthread_cond_t cond;
    atomic_int stop;
    atomic_int seek_serial; /* > serial: a seek to seek_target_us is wanted */
    _Atomic long long seek_target_us;
    int serial;
    /* --loop */
    int passes;
    int64_t pts_offset;          /* video time base: added to this pass's timestamps */
    int64_t first_pts, last_pts; /* video: the first pass's earliest, the latest so far */
    _Atomic int64_t pass_len;    /* video time base: what each pass adds (after the first) */
    Range range;                 /* --start/--end */
    int rc;
    char error[512];
};

static int open_input(Source *s, const char *url, const SourceOptions *opt, char *err,
                      size_t errlen, int *code)
{
    if (source_open_format(&s->fmt, &s->unbuffered, url, opt, err, errlen, code) < 0)
        return -1;
    const AVCodec *codec = NULL;
    s->vidx = av_find_best_stream(s->fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (s->vidx == AVERROR_STREAM_NOT_FOUND) {
        snprintf(err, errlen, "'%s': no video stream", url);
        return -1;
    }
    if (s->vidx < 0 || !codec) {
        AVStream *st0 = s->vidx >= 0 ? s->fmt->streams[s->vidx] : NULL;
        snprintf(err, errlen, "'%s': no decoder for its video stream%s%s", url, st0 ? " " : "",
                 st0 ? avcodec_get_name(st0->codecpar->codec_id) : "");
        return -1;
    }
    AVStream *st = s->fmt->streams[s->vidx];
    s->vtb = st->time_base;
    s->step = 1;
    AVRational fr = av_guess_frame_rate(s->fmt, st, NULL);
    if (fr.num > 0 && fr.den > 0) {
        int64_t step = av_rescale_q(1, av_inv_q(fr), st->time_base);
        s->step = step > 0 ? step : 1;
    }
    if (!(s->routes = malloc(sizeof(*s->routes) * s->fmt->nb_streams))) {
        snprintf(err, errlen, "'%s': out of memory", url);
        return -1;
    }
    for (unsigned i = 0; i < s->fmt->nb_streams; i++)
        for (int k = 0; k < MAX_ROUTES; k++)
            s->routes[i][k] = -1;
    if (range_init(&s->range, s->fmt, (int64_t)(opt->start_s * AV_TIME_BASE + 0.5),
                   opt->end_s > 0 ? (int64_t)(opt->end_s * AV_TIME_BASE + 0.5) : INT64_MAX) < 0) {
        snprintf(err, errlen, "'%s': out of memory", url);
        return -1;
    }
    return 0;
}

Source *source_open(const char *url, const SourceOptions *opt, char *err, size_t errlen,
                    int *code)
{
    SourceOptions none = {0};
    Source *s = calloc(1, sizeof(*s));
    *code = SOURCE_ERR_INPUT;
    if (!s) {
        snprintf(err, errlen, "'%s': out of memory", url);
        return NULL;
    }
    snprintf(s->url, sizeof(s->url), "%s", url);
    s->opt = opt ? *opt : none;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cond, NULL);
    s->first_pts = s->last_pts = AV_NOPTS_VALUE;
#ifdef PINSTRIPE_HAVE_AVDEVICE
    avdevice_register_all();
#endif
    avlog_quiet_begin();
    int rc = open_input(s, url, &s->opt, err, errlen, code);
    avlog_quiet_end();
    if (rc < 0)
        source_close(&s);
    return s;
}

const char *source_url(const Source *s)
{
    return s->url;
}

const AVFormatContext *source_format(const Source *s)
{
    return s->fmt;
}

int source_video_index(const Source *s)
{
    return s->vidx;
}

int64_t source_frame_step(const Source *s)
{
    return s->step;
}

/* A consumer found its queue empty: the reader may be waiting to be asked. */
static void wake(void *arg)
{
    Source *s = arg;
    pthread_mutex_lock(&s->mu);
    pthread_cond_signal(&s->cond);
    pthread_mutex_unlock(&s->mu);
}

PacketQueue *source_queue(Source *s, int fed)
{
    if (s->started || s->nqueues == MAX_QUEUES)
        return NULL;
    PacketQueue *q = pktq_create(wake, s);
    if (q) {
        s->fed[s->nqueues] = fed;
        s->queues[s->nqueues++] = q;
    }
    return q;
}

int source_route(Source *s, int index, PacketQueue *q)
{
    if (s->started || index < 0 || index >= (int)s->fmt->nb_streams)
        return -1;
    for (int n = 0; n < s->nqueues; n++) {
        if (s->queues[n] != q)
            continue;
        for (int k = 0; k < MAX_ROUTES; k++)
            if (s->routes[index][k] < 0 || s->routes[index][k] == n) {
                s->routes[index][k] = n;
                range_route(&s->range, s->fmt, index);
                return 0;
            }
    }
    return -1;
}

/* ffplay's rule: wait while the queues hold more than SOURCE_MAX_BYTES, or
 * while every queue a decoder reads holds more than SOURCE_MIN_PACKETS packets
 * and a second (live: SOURCE_LIVE_PACKETS). Every consumer empties its queue
 * without waiting for another's (the writer's copy thread too), so the bytes
 * of every queue count. */
static int enough(Source *s)
{
    int64_t total = 0;
    int all = 1, any = 0;
    for (int n = 0; n < s->nqueues; n++) {
        int packets;
        int64_t bytes;
        double seconds;
        pktq_level(s->queues[n], &packets, &bytes, &seconds);
        total += bytes;
        if (!s->fed[n])
            continue;
        any = 1;
        /* live: a packet ahead of the one being decoded (the newest matters; a
         * source faster than the decoder waits in its device, as it would for a
         * reader that decodes) */
        int full = s->unbuffered ? packets >= SOURCE_LIVE_PACKETS
                                 : packets > SOURCE_MIN_PACKETS && (seconds == 0 || seconds > 1.0);
        if (!pktq_aborted(s->queues[n]) && !full)
            all = 0;
    }
    return total > SOURCE_MAX_BYTES || (any && all);
}

/* Carry out a seek asked for with source_seek: reposition the demuxer and flush
 * every queue; what is read next carries the new serial. */
static void do_seek(Source *s)
{
    int serial = atomic_load(&s->seek_serial);
    if (serial <= s->serial)
        return;
    int64_t ts = atomic_load(&s->seek_target_us);
    if (s->pts_offset) { /* --loop: the target is on the timeline that runs on; this pass's start */
        ts -= av_rescale_q(s->pts_offset, s->vtb, AV_TIME_BASE_Q);
        if (ts < 0)
            ts = 0;
    }
    int rc;
    if (s->range.on) { /* into the range, landing at or before the target */
        rc = range_seek(&s->range, s->fmt, s->vidx, ts);
    } else {
        if (s->fmt->start_time != AV_NOPTS_VALUE)
            ts += s->fmt->start_time;
        rc = avformat_seek_file(s->fmt, -1, INT64_MIN, ts, ts, 0);
    }
    if (rc < 0) {
        char why[128];
        avlog_error_text(rc, why, sizeof(why));
        av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': seek failed: %s\n", s->url, why);
    }
    for (int n = 0; n < s->nqueues; n++)
        pktq_flush(s->queues[n]);
    s->serial = serial;
}

/* --loop, at the end of a pass: rewind, tell the consumers to drain, and run
 * the next pass's timestamps on from this one's end (the last video timestamp
 * and one frame). 1: go on; 0: the passes are done (or rewinding failed). */
static int loop_again(Source *s)
{
    if ((++s->passes >= s->opt.loop && s->opt.loop >= 0) || atomic_load(&s->stop) ||
        s->last_pts == AV_NOPTS_VALUE || s->first_pts == AV_NOPTS_VALUE)
        return 0; /* (passes counts without end too: a range's decoder needs pass_len) */
    int64_t start = s->fmt->start_time != AV_NOPTS_VALUE ? s->fmt->start_time : 0;
    int rc = s->range.on ? range_seek(&s->range, s->fmt, s->vidx, -1) /* (its start) */
                         : avformat_seek_file(s->fmt, -1, INT64_MIN, start, start, 0);
    if (rc < 0) {
        char why[128];
        avlog_error_text(rc, why, sizeof(why));
        av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': --loop: cannot go back to the start: %s\n",
               s->url, why);
        return 0;
    }
    s->pts_offset = s->last_pts + s->step - s->first_pts;
    if (s->passes == 1) /* (before the drain markers: the decoder reads it after one) */
        atomic_store(&s->pass_len, s->pts_offset);
    for (int n = 0; n < s->nqueues; n++)
        pktq_put(s->queues[n], NULL, s->serial, clock_now_ms(), 0);
    return 1;
}

/* Hand one packet to the queues its stream goes to, on the timeline that runs
 * on across --loop passes. 0, or -1 (out of memory). */
static int route(Source *s, AVPacket *pkt)
{
    int i = pkt->stream_index;
    if (i < 0 || i >= (int)s->fmt->nb_streams || s->routes[i][0] < 0)
        return 0;
    AVRational tb = s->fmt->streams[i]->time_base;
    int64_t t = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    if (!range_packet(&s->range, s->fmt, s->vidx, pkt))
        return 0;
    /* the video's span, for --loop (with a range: its frames in the range) */
    if (i == s->vidx && t != AV_NOPTS_VALUE && range_holds(&s->range, s->fmt, i, t)) {
        t += s->pts_offset;
        if (s->passes == 0 && (s->first_pts == AV_NOPTS_VALUE || t < s->first_pts))
            s->first_pts = t;
        if (s->last_pts == AV_NOPTS_VALUE || t > s->last_pts)
            s->last_pts = t;
    }
    if (s->pts_offset) {
        int64_t off = av_rescale_q(s->pts_offset, s->vtb, tb);
        if (pkt->pts != AV_NOPTS_VALUE)
            pkt->pts += off;
        if (pkt->dts != AV_NOPTS_VALUE)
            pkt->dts += off;
    }
    double now = clock_now_ms(), dur = pkt->duration > 0 ? pkt->duration * av_q2d(tb) : 0;
    for (int k = 0; k < MAX_ROUTES && s->routes[i][k] >= 0; k++)
        if (pktq_put(s->queues[s->routes[i][k]], pkt, s->serial, now, dur) < 0)
            return -1;
    return 0;
}

/* Wait 10 ms, or less when woken (a consumer ran dry, a seek, a stop). */
static void pause_10ms(Source *s)
{
    pthread_mutex_lock(&s->mu);
    if (!atomic_load(&s->stop) && atomic_load(&s->seek_serial) <= s->serial) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 10 * 1000000L;
        if (ts.tv_nsec >= 1000000000L)
            ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&s->cond, &s->mu, &ts);
    }
    pthread_mutex_unlock(&s->mu);
}

static void *read_main(void *arg)
{
    Source *s = arg;
    AVPacket *pkt = av_packet_alloc();
    int rc = pkt ? 0 : -1;
    if (!pkt)
        snprintf(s->error, sizeof(s->error), "'%s': out of memory", s->url);
    if (s->range.on && s->range.lo_us > 0 && source_can_seek(s) &&
        (rc = range_seek(&s->range, s->fmt, s->vidx, -1)) < 0) { /* --start */
        char why[128];
        avlog_error_text(rc, why, sizeof(why));
        av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': --start: seek failed, reading from the "
               "start: %s\n", s->url, why);
    }
    rc = pkt ? 0 : -1;
    while (rc == 0 && !atomic_load(&s->stop)) {
        do_seek(s);
        if (enough(s)) { /* ffplay waits 10 ms, or until a consumer runs dry or a seek */
            pause_10ms(s);
            continue;
        }
        int r = range_done(&s->range) ? AVERROR_EOF : av_read_frame(s->fmt, pkt); /* --end */
        if (r == AVERROR(EAGAIN))
            continue;
        if (r < 0) {
            if (r != AVERROR_EOF) {
                char why[128];
                avlog_error_text(r, why, sizeof(why));
                if (s->opt.live) { /* a camera unplugged, a stream gone: a failure */
                    snprintf(s->error, sizeof(s->error), "'%s': reading failed: %s", s->url, why);
                    rc = -1;
                    break;
                }
                av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': read error, ending: %s\n", s->url,
                       why);
            }
            if (r == AVERROR_EOF && loop_again(s))
                continue; /* --loop: the next pass */
            /* The end: the consumers drain what is queued and end. The reader stays
             * for a seek (ffplay's does): one made before the decoder reaches the
             * end of its queue plays on from the new place (a flush reopens the
             * queues). source_stop ends it. */
            for (int n = 0; n < s->nqueues; n++)
                pktq_finish(s->queues[n]);
            while (!atomic_load(&s->stop) && atomic_load(&s->seek_serial) <= s->serial)
                pause_10ms(s);
            continue;
        }
        if (route(s, pkt) < 0) {
            snprintf(s->error, sizeof(s->error), "'%s': out of memory", s->url);
            rc = -1;
        }
        av_packet_unref(pkt);
    }
    av_packet_free(&pkt);
    s->rc = rc;
    /* the consumers drain what is queued and end (stopped: they see the abort) */
    for (int n = 0; n < s->nqueues; n++)
        pktq_finish(s->queues[n]);
    return NULL;
}

int source_start(Source *s)
{
    if (pthread_create(&s->thread, NULL, read_main, s) != 0) {
        snprintf(s->error, sizeof(s->error), "'%s': cannot start the read thread", s->url);
        return -1;
    }
    s->started = 1;
    return 0;
}

int source_frame_in(const Source *s, int64_t pts, int pass)
{
    return !s->range.on || pts == AV_NOPTS_VALUE ||
           range_holds(&s->range, s->fmt, s->vidx, pts - pass * atomic_load(&s->pass_len));
}

int source_range_us(const Source *s, int64_t *start_us, double *length_s)
{
    *start_us = s->range.lo_us;
    double len = s->fmt->duration > 0 ? s->fmt->duration / (double)AV_TIME_BASE - s->range.lo_us / 1e6 : 0;
    if (s->range.hi_us != INT64_MAX && (len <= 0 || (s->range.hi_us - s->range.lo_us) / 1e6 < len))
        len = (s->range.hi_us - s->range.lo_us) / 1e6;
    *length_s = len > 0 ? len : 0;
    return s->range.on;
}

int source_can_seek(const Source *s)
{
    return s->fmt->pb && (s->fmt->pb->seekable & AVIO_SEEKABLE_NORMAL);
}

int source_seek(Source *s, double target_s, int serial)
{
    if (!source_can_seek(s))
        return -1;
    atomic_store(&s->seek_target_us, (long long)(target_s * AV_TIME_BASE));
    atomic_store(&s->seek_serial, serial);
    wake(s);
    return 0;
}

void source_stop(Source *s)
{
    atomic_store(&s->stop, 1);
    for (int n = 0; n < s->nqueues; n++)
        pktq_abort(s->queues[n]);
    wake(s);
}

int source_join(Source *s)
{
    if (s->started && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = 1;
    }
    return s->rc;
}

const char *source_error(const Source *s)
{
    return s->error;
}

void source_close(Source **ps)
{
    Source *s = ps ? *ps : NULL;
    if (!s)
        return;
    if (s->started && !s->joined) {
        source_stop(s);
        source_join(s);
    }
    for (int n = 0; n < s->nqueues; n++)
        pktq_destroy(&s->queues[n]);
    free(s->routes);
    range_free(&s->range);
    avformat_close_input(&s->fmt);
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->mu);
    free(s);
    *ps = NULL;
}
