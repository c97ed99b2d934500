/* The packet queue (see packets.h): a circular array of slots, each holding an
 * AVPacket allocated once and a packet's serial, read time and duration, under
 * one mutex and condition variable. A full array doubles (the slots move, the
 * AVPackets are kept); packets are referenced in and moved out, never copied. */
#include "io/packets.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/packet.h>

typedef struct Item {
    AVPacket *pkt; /* allocated once per slot; holds a reference while queued */
    int serial;
    int drain;     /* a drain marker (pkt empty) */
    double read_ms, dur_s;
} Item;

struct PacketQueue {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    Item *items;
    int cap, head, count;
    int64_t bytes;
    double seconds;
    int finished, abort;
    void (*wake)(void *);
    void *wake_arg;
};

#define INITIAL_SLOTS 64

static int grow(PacketQueue *q)
{
    int cap = q->cap ? 2 * q->cap : INITIAL_SLOTS;
    Item *items = calloc((size_t)cap, sizeof(*items));
    if (!items)
        return -1;
    for (int i = 0; i < q->count; i++)
        items[i] = q->items[(q->head + i) % q->cap];
    /* the free slots' packets: the old free ones, then new ones */
    int k = q->count;
    for (int i = q->count; i < q->cap; i++)
        items[k++].pkt = q->items[(q->head + i) % q->cap].pkt;
    for (; k < cap; k++)
        if (!(items[k].pkt = av_packet_alloc())) {
            while (--k >= q->cap)
                av_packet_free(&items[k].pkt);
            free(items);
            return -1;
        }
    free(q->items);
    q->items = items, q->cap = cap, q->head = 0;
    return 0;
}

PacketQueue *pktq_create(void (*wake)(void *), void *wake_arg)
{
    PacketQueue *q = calloc(1, sizeof(*q));
    if (!q)
        return NULL;
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cond, NULL);
    q->wake = wake, q->wake_arg = wake_arg;
    if (grow(q) < 0)
        pktq_destroy(&q);
    return q;
}

static void drop_all(PacketQueue *q)
{
    for (; q->count > 0; q->count--) {
        av_packet_unref(q->items[q->head].pkt);
        q->head = (q->head + 1) % q->cap;
    }
    q->bytes = 0, q->seconds = 0;
}

void pktq_destroy(PacketQueue **pq)
{
    PacketQueue *q = pq ? *pq : NULL;
    if (!q)
        return;
    if (q->items) {
        drop_all(q);
        for (int i = 0; i < q->cap; i++)
            av_packet_free(&q->items[i].pkt);
        free(q->items);
    }
    pthread_cond_destroy(&q->cond);
    pthread_mutex_destroy(&q->mu);
    free(q);
    *pq = NULL;
}

int pktq_put(PacketQueue *q, const AVPacket *pkt, int serial, double read_ms, double dur_s)
{
    int rc = 0;
    pthread_mutex_lock(&q->mu);
    if (q->abort)
        goto end;
    if (q->count == q->cap && grow(q) < 0) {
        rc = -1;
        goto end;
    }
    Item *it = &q->items[(q->head + q->count) % q->cap];
    if (pkt && av_packet_ref(it->pkt, pkt) < 0) {
        rc = -1;
        goto end;
    }
    it->serial = serial, it->drain = !pkt;
    it->read_ms = read_ms, it->dur_s = dur_s;
    q->count++;
    q->bytes += (pkt ? pkt->size : 0) + (int64_t)sizeof(*it);
    q->seconds += dur_s;
    pthread_cond_signal(&q->cond);
end:
    pthread_mutex_unlock(&q->mu);
    return rc;
}

void pktq_finish(PacketQueue *q)
{
    pthread_mutex_lock(&q->mu);
    q->finished = 1;
    pthread_cond_broadcast(&q->cond);
    pthread_mutex_unlock(&q->mu);
}

void pktq_flush(PacketQueue *q)
{
    pthread_mutex_lock(&q->mu);
    drop_all(q);
    q->finished = 0;
    pthread_cond_broadcast(&q->cond); /* a consumer waiting to be reopened */
    pthread_mutex_unlock(&q->mu);
}

void pktq_abort(PacketQueue *q)
{
    pthread_mutex_lock(&q->mu);
    q->abort = 1;
    pthread_cond_broadcast(&q->cond);
    pthread_mutex_unlock(&q->mu);
}

int pktq_get(PacketQueue *q, AVPacket *pkt, int block, int *serial, double *read_ms)
{
    int rc, woke = 0;
    av_packet_unref(pkt);
    pthread_mutex_lock(&q->mu);
    for (;;) {
        if (q->abort && block) {
            rc = PKTQ_ABORT;
            break;
        }
        if (q->count > 0) {
            Item *it = &q->items[q->head];
            av_packet_move_ref(pkt, it->pkt);
            if (serial)
                *serial = it->serial;
            if (read_ms)
                *read_ms = it->read_ms;
            rc = it->drain ? PKTQ_DRAIN : 0;
            q->bytes -= pkt->size + (int64_t)sizeof(*it);
            q->seconds -= it->dur_s;
            if (--q->count == 0)
                q->seconds = 0; /* no drift from summing doubles */
            q->head = (q->head + 1) % q->cap;
            break;
        }
        if (q->abort) {
            rc = PKTQ_ABORT;
            break;
        }
        if (q->finished) {
            rc = PKTQ_END;
            break;
        }
        if (!woke && q->wake) { /* empty: the reader may be waiting for a reason to read */
            woke = 1;
            pthread_mutex_unlock(&q->mu);
            q->wake(q->wake_arg);
            pthread_mutex_lock(&q->mu);
            continue;
        }
        if (!block) {
            rc = PKTQ_EMPTY;
            break;
        }
        pthread_cond_wait(&q->cond, &q->mu);
    }
    pthread_mutex_unlock(&q->mu);
    return rc;
}

int pktq_wait_reopen(PacketQueue *q)
{
    pthread_mutex_lock(&q->mu);
    while (!q->abort && q->finished && q->count == 0)
        pthread_cond_wait(&q->cond, &q->mu);
    int rc = q->abort ? PKTQ_ABORT : 0;
    pthread_mutex_unlock(&q->mu);
    return rc;
}

void pktq_level(PacketQueue *q, int *packets, int64_t *bytes, double *seconds)
{
    pthread_mutex_lock(&q->mu);
    if (packets)
        *packets = q->count;
    if (bytes)
        *bytes = q->bytes;
    if (seconds)
        *seconds = q->seconds;
    pthread_mutex_unlock(&q->mu);
}

int pktq_aborted(PacketQueue *q)
{
    pthread_mutex_lock(&q->mu);
    int a = q->abort;
    pthread_mutex_unlock(&q->mu);
    return a;
}
