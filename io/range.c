/* --start/--end on the read thread (see range.h). */
#include "io/range.h"

#include <stdlib.h>
#include <string.h>

#include <libavformat/avformat.h>

int range_init(Range *r, const AVFormatContext *fmt, int64_t lo_us, int64_t hi_us)
{
    memset(r, 0, sizeof(*r));
    r->lo_us = lo_us, r->hi_us = hi_us;
    r->on = lo_us > 0 || hi_us != INT64_MAX;
    r->origin_us = fmt->start_time != AV_NOPTS_VALUE ? fmt->start_time : 0;
    r->nstreams = (int)fmt->nb_streams;
    if (!r->on)
        return 0;
    r->need = calloc((size_t)r->nstreams + 1, 1);
    r->past = calloc((size_t)r->nstreams + 1, 1);
    return r->need && r->past ? 0 : -1;
}

void range_free(Range *r)
{
    free(r->need);
    free(r->past);
    r->need = r->past = NULL;
}

void range_route(Range *r, const AVFormatContext *fmt, int i)
{
    enum AVMediaType t = fmt->streams[i]->codecpar->codec_type;
    if (r->on && i < r->nstreams && (t == AVMEDIA_TYPE_VIDEO || t == AVMEDIA_TYPE_AUDIO))
        r->need[i] = 1;
}

/* ts of stream i in µs from the input's start */
static int64_t us_of(const Range *r, const AVFormatContext *fmt, int i, int64_t ts)
{
    return av_rescale_q(ts, fmt->streams[i]->time_base, AV_TIME_BASE_Q) - r->origin_us;
}

int range_holds(const Range *r, const AVFormatContext *fmt, int i, int64_t ts)
{
    if (!r->on || ts == AV_NOPTS_VALUE)
        return 1;
    int64_t t = us_of(r, fmt, i, ts);
    return t >= r->lo_us && t < r->hi_us;
}

int range_packet(Range *r, const AVFormatContext *fmt, int vidx, const AVPacket *pkt)
{
    int i = pkt->stream_index;
    if (!r->on || i < 0 || i >= r->nstreams)
        return 1;
    /* video by decoding time (what comes before the start is needed to decode it),
     * the others by presentation time */
    if (i == vidx && r->await_key && !(pkt->flags & AV_PKT_FLAG_KEY))
        return 0;
    if (i == vidx)
        r->await_key = 0;
    int64_t ts = i == vidx && pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts;
    if (ts == AV_NOPTS_VALUE)
        return 1;
    int64_t t = us_of(r, fmt, i, ts);
    if (r->hi_us != INT64_MAX && t >= r->hi_us) {
        r->past[i] = 1;
        return 0;
    }
    return i == vidx || t >= r->lo_us;
}

int range_done(const Range *r)
{
    int any = 0;
    for (int i = 0; r->on && i < r->nstreams; i++) {
        if (r->need[i] && !r->past[i])
            return 0;
        any |= r->need[i];
    }
    return any;
}

/* Seek to ts (µs from the input's start) at or before it; the pts of the first
 * video keyframe read after, in µs from the start, into *key (INT64_MAX: none
 * within the packets read). */
static int seek_to(const Range *r, AVFormatContext *fmt, int64_t ts)
{
    /* the start: by the first byte where the demuxer can (an MPEG-TS seek to its first
     * timestamp lands after the first keyframe), else by time */
    if (ts <= 0 && !(fmt->iformat->flags & AVFMT_NO_BYTE_SEEK) &&
        avformat_seek_file(fmt, -1, 0, 0, 0, AVSEEK_FLAG_BYTE) >= 0)
        return 0;
    int64_t at = ts + r->origin_us;
    return avformat_seek_file(fmt, -1, INT64_MIN, at, at, 0);
}

static int seek_probe(Range *r, AVFormatContext *fmt, int vidx, int64_t ts, int64_t *key)
{
    int rc = seek_to(r, fmt, ts);
    *key = INT64_MAX;
    if (rc < 0)
        return rc;
    AVPacket *pkt = av_packet_alloc();
    if (!pkt)
        return AVERROR(ENOMEM);
    /* a keyframe without a pts (AVI, MPEG-PS) is taken as shown after the frames its
     * decoder holds back and two more: its B-frames may come after it, and after a
     * seek the decoder's first timestamps are the packets' (AVI's packed B-frames
     * lost the two frames after a keyframe one frame before --start); erring
     * early costs decoding only */
    const AVStream *st = fmt->streams[vidx];
    AVRational fr = av_guess_frame_rate(fmt, (AVStream *)st, NULL);
    int64_t held = fr.num > 0 && fr.den > 0
                       ? (st->codecpar->video_delay + 2) * av_rescale_q(1, av_inv_q(fr), st->time_base) : 0;
    for (int n = 0; n < 100000 && av_read_frame(fmt, pkt) >= 0; n++) {
        int found = pkt->stream_index == vidx && (pkt->flags & AV_PKT_FLAG_KEY);
        int64_t t = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts + held;
        if (found)
            *key = t == AV_NOPTS_VALUE ? INT64_MAX : us_of(r, fmt, vidx, t);
        av_packet_unref(pkt);
        if (found)
            break;
    }
    av_packet_free(&pkt);
    return 0;
}

int range_seek(Range *r, AVFormatContext *fmt, int vidx, int64_t ts_us)
{
    int64_t target = ts_us < 0 ? r->lo_us : ts_us;
    if (r->on && target < r->lo_us)
        target = r->lo_us;
    if (r->on && r->hi_us != INT64_MAX && target >= r->hi_us)
        target = r->lo_us;
    if (r->past)
        memset(r->past, 0, (size_t)r->nstreams);
    int64_t at = target, back = AV_TIME_BASE, key = INT64_MAX;
    /* where the first keyframe after the seek is later than the target, seek earlier
     * (1, 2, 4 ... s before it), down to the input's start */
    for (int tries = 0; target > 0 && tries < 12; tries++) {
        int rc = seek_probe(r, fmt, vidx, at, &key);
        if (rc < 0)
            return rc;
        if (key <= target || at == 0)
            break;
        at = target - back > 0 ? target - back : 0;
        back *= 2;
    }
    r->await_key = key != INT64_MAX; /* (a stream whose keyframes are not marked: all goes on) */
    return seek_to(r, fmt, at);
}
