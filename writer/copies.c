/* The writer's copied streams (see copies.h): the map from input to output
 * streams, the last timestamp muxed on each (so nothing goes back in time
 * after a seek), and the queue of packets waiting for the video: a fixed ring
 * of AVPackets allocated at creation, each holding a reference while queued. */
#include "writer/copies.h"

#include <stdio.h>
#include <stdlib.h>

#define PEND_SLOTS 1024

typedef struct Pending {
    AVPacket *pkt;
    int serial;
} Pending;

struct StreamCopies {
    char path[1024]; /* the output, for errors */
    int nin;
    int *map;           /* output stream index, or -1 */
    AVRational *map_tb; /* the input stream's time base */
    int64_t *last_dts;  /* by output stream index, output time base */
    Pending pend[PEND_SLOTS];
    int pend_head, pend_n;
};

StreamCopies *copies_create(int nin, const char *path)
{
    StreamCopies *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    snprintf(c->path, sizeof(c->path), "%s", path);
    c->nin = nin;
    if (!(c->map = malloc(sizeof(*c->map) * (nin ? nin : 1))) ||
        !(c->map_tb = malloc(sizeof(*c->map_tb) * (nin ? nin : 1))) ||
        !(c->last_dts = malloc(sizeof(*c->last_dts) * (nin + 1)))) {
        copies_destroy(&c);
        return NULL;
    }
    for (int i = 0; i < nin; i++)
        c->map[i] = -1, c->map_tb[i] = (AVRational){1, 1};
    for (int i = 0; i <= nin; i++)
        c->last_dts[i] = AV_NOPTS_VALUE;
    for (int i = 0; i < PEND_SLOTS; i++)
        if (!(c->pend[i].pkt = av_packet_alloc())) {
            copies_destroy(&c);
            return NULL;
        }
    return c;
}

void copies_map(StreamCopies *c, int in, int out, AVRational in_tb)
{
    c->map[in] = out;
    c->map_tb[in] = in_tb;
}

int copies_mapped(const StreamCopies *c, int in)
{
    return in >= 0 && in < c->nin && c->map[in] >= 0;
}

static int64_t pkt_time(const AVPacket *p)
{
    return p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
}

/* Mux one copied packet on the output timeline. It is dropped when it would go
 * back in time (after a seek). Timestamps before 0 (an AAC encoder's priming
 * packet) are the muxer's to handle, as in a plain remux. */
static int mux_copy(StreamCopies *c, AVFormatContext *oc, const Timeline *t, AVPacket *p,
                    char *err, size_t errlen)
{
    int in = p->stream_index, out = c->map[in];
    AVStream *ost = oc->streams[out];
    int64_t off = av_rescale_q(t->offset_us, AV_TIME_BASE_Q, c->map_tb[in]);
    if (p->pts != AV_NOPTS_VALUE)
        p->pts += off;
    if (p->dts != AV_NOPTS_VALUE)
        p->dts += off;
    av_packet_rescale_ts(p, c->map_tb[in], ost->time_base);
    p->stream_index = out;
    int64_t ts = pkt_time(p);
    int strict = ost->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE;
    if (ts != AV_NOPTS_VALUE) {
        int64_t last = c->last_dts[out];
        if (last != AV_NOPTS_VALUE && (ts < last || (strict && ts == last))) {
            av_packet_unref(p);
            return 0;
        }
        c->last_dts[out] = ts;
    }
    int rc = av_interleaved_write_frame(oc, p);
    if (rc < 0) {
        char why[128];
        if (av_strerror(rc, why, sizeof(why)) < 0)
            snprintf(why, sizeof(why), "error %d", rc);
        snprintf(err, errlen, "cannot write '%s': %s", c->path, why);
        return -1;
    }
    return 0;
}

/* Where a pending packet starts on the output timeline (us), or INT64_MIN. */
static int64_t pending_start_us(const StreamCopies *c, const Timeline *t, const AVPacket *p)
{
    int64_t ts = p->pts != AV_NOPTS_VALUE ? p->pts : p->dts;
    if (ts == AV_NOPTS_VALUE)
        return INT64_MIN;
    return av_rescale_q(ts, c->map_tb[p->stream_index], AV_TIME_BASE_Q) + t->offset_us;
}

/* Take the oldest pending packet off the queue: muxed when it belongs to the
 * current serial (oc given), dropped otherwise (from before a seek, or not
 * wanted). 0 or -1. */
static int pop_oldest(StreamCopies *c, AVFormatContext *oc, const Timeline *t, char *err,
                      size_t errlen)
{
    Pending *q = &c->pend[c->pend_head];
    int rc = oc && t->started && q->serial == t->serial ? mux_copy(c, oc, t, q->pkt, err, errlen)
                                                        : 0;
    av_packet_unref(q->pkt);
    c->pend_head = (c->pend_head + 1) % PEND_SLOTS;
    c->pend_n--;
    return rc;
}

int copies_release(StreamCopies *c, AVFormatContext *oc, const Timeline *t, int64_t until_us,
                   int all, char *err, size_t errlen)
{
    while (c->pend_n > 0) {
        const Pending *q = &c->pend[c->pend_head];
        if (!t->started ? !all : q->serial > t->serial)
            break;
        int64_t start = t->started ? pending_start_us(c, t, q->pkt) : INT64_MIN;
        if (!all && q->serial == t->serial && start != INT64_MIN && start >= until_us)
            break;
        if (pop_oldest(c, oc, t, err, errlen) < 0)
            return -1;
    }
    return 0;
}

int copies_push(StreamCopies *c, AVFormatContext *oc, const Timeline *t, const AVPacket *pkt,
                int serial, int force, char *err, size_t errlen)
{
    if (!copies_mapped(c, pkt->stream_index))
        return 0;
    /* far ahead of the video: let the muxer hold the oldest, once it has a place */
    if (c->pend_n == PEND_SLOTS) {
        const Pending *q = &c->pend[c->pend_head];
        if (!force && (!t->started || q->serial > t->serial))
            return COPIES_FULL;
        if (pop_oldest(c, oc, t, err, errlen) < 0)
            return -1;
    }
    Pending *slot = &c->pend[(c->pend_head + c->pend_n) % PEND_SLOTS];
    if (av_packet_ref(slot->pkt, pkt) < 0) {
        snprintf(err, errlen, "'%s': out of memory", c->path);
        return -1;
    }
    slot->serial = serial;
    c->pend_n++;
    return 0;
}

void copies_destroy(StreamCopies **pc)
{
    StreamCopies *c = pc ? *pc : NULL;
    if (!c)
        return;
    for (int i = 0; i < PEND_SLOTS; i++)
        av_packet_free(&c->pend[i].pkt); /* drops the references still queued */
    free(c->map);
    free(c->map_tb);
    free(c->last_dts);
    free(c);
    *pc = NULL;
}
