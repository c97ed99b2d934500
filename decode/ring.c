/* FrameRing (see ring.h): four monotonically increasing counters over a fixed
 * array of slots, under one mutex and condition variable.
 *   released ≤ taken ≤ published ≤ reserved ≤ released + n */
#include "decode/ring.h"

/* bytes after each frame that FFmpeg may read but nobody writes */
#define RING_SLACK 4096

#include <pthread.h>

#include <libavutil/frame.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "stage/fault.h"

struct FrameRing {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int n;
    HostMemKind mem;
    FrameFormat fmt;
    size_t cap;         /* bytes each slot's block holds */
    FrameBuf *slots;
    uint8_t **blocks;
    AVFrame **refs; /* a slot's reference to a decoder buffer (ring_write_ref), moved with it */
    uint64_t reserved, published, taken, released;
    int eof, abort;
    int pending;        /* ring_write_reformat: slots to re-lay at pending_fmt */
    FrameFormat pending_fmt;
    int drop_oldest;
    long long drops;
};

FrameRing *ring_create(int nslots, const FrameFormat *fmt, HostMemKind mem, char *err,
                       size_t errlen)
{
    return ring_create_sized(nslots, fmt, 0, mem, err, errlen);
}

FrameRing *ring_create_sized(int nslots, const FrameFormat *fmt, size_t min_bytes,
                             HostMemKind mem, char *err, size_t errlen)
{
    if (nslots < 1) {
        snprintf(err, errlen, "ring: %d slots", nslots);
        return NULL;
    }
    FrameRing *r = calloc(1, sizeof(*r));
    if (!r || !(r->slots = calloc(nslots, sizeof(*r->slots))) ||
        !(r->blocks = calloc(nslots, sizeof(*r->blocks))) ||
        !(r->refs = calloc(nslots, sizeof(*r->refs)))) {
        snprintf(err, errlen, "ring: out of memory");
        goto fail;
    }
    r->n = nslots;
    r->mem = mem;
    r->fmt = *fmt;
    /* Slack after each frame: FFmpeg's SIMD code (swscale reading the last BGR row
     * for the writer) may read a little past a buffer's end. Without it a 2160p
     * BGR slot from cudaHostAlloc (exactly 6075 pages) ended on a page boundary
     * and swscale faulted reading past it (found on the H200). */
    size_t bytes = (frame_bytes(fmt) > min_bytes ? frame_bytes(fmt) : min_bytes) + RING_SLACK;
    r->cap = bytes;
    for (int i = 0; i < nslots; i++) {
        if (fault_hit("slot")) {
            snprintf(err, errlen, "ring slot %d (%zu bytes): out of memory (injected fault, "
                     "PINSTRIPE_FAULT=slot:N)", i, bytes);
            goto fail;
        }
        if (!(r->blocks[i] = host_alloc(bytes, mem, err, errlen)))
            goto fail;
        if (!(r->refs[i] = av_frame_alloc())) {
            snprintf(err, errlen, "ring: out of memory");
            goto fail;
        }
        frame_wrap(&r->slots[i], fmt, r->blocks[i]);
    }
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cond, NULL);
    return r;
fail:
    if (r) {
        for (int i = 0; r->blocks && i < nslots; i++)
            host_free(r->blocks[i], mem);
        for (int i = 0; r->refs && i < nslots; i++)
            av_frame_free(&r->refs[i]);
        free(r->blocks);
        free(r->refs);
        free(r->slots);
        free(r);
    }
    return NULL;
}

void ring_destroy(FrameRing **pr)
{
    FrameRing *r = pr ? *pr : NULL;
    if (!r)
        return;
    for (int i = 0; i < r->n; i++) {
        host_free(r->blocks[i], r->mem);
        host_free(r->slots[i].scope_block, r->mem);
        av_frame_free(&r->refs[i]); /* unreferences what a slot still holds */
    }
    pthread_cond_destroy(&r->cond);
    pthread_mutex_destroy(&r->mu);
    free(r->blocks);
    free(r->refs);
    free(r->slots);
    free(r);
    *pr = NULL;
}

/* Remove the oldest unread frame (at `taken`): the unread slots after it move up
 * one place (FrameBuf structs only: no pixels are copied) and its buffer goes
 * to the end of the queue, where the writer reserves it next. */
static void drop_oldest_unread(FrameRing *r)
{
    FrameBuf dropped = r->slots[r->taken % r->n];
    uint8_t *block = r->blocks[r->taken % r->n];
    AVFrame *ref = r->refs[r->taken % r->n];
    for (uint64_t i = r->taken; i + 1 < r->published; i++) {
        r->slots[i % r->n] = r->slots[(i + 1) % r->n];
        r->blocks[i % r->n] = r->blocks[(i + 1) % r->n];
        r->refs[i % r->n] = r->refs[(i + 1) % r->n];
    }
    av_frame_unref(ref); /* the dropped frame's decoder buffer goes back now */
    r->slots[(r->published - 1) % r->n] = dropped;
    r->blocks[(r->published - 1) % r->n] = block;
    r->refs[(r->published - 1) % r->n] = ref;
    r->published--;
    r->reserved--;
    r->drops++;
}

int ring_write_begin(FrameRing *r, FrameBuf **slot)
{
    pthread_mutex_lock(&r->mu);
    while (!r->abort && r->pending) /* the reader re-lays the slots first */
        pthread_cond_wait(&r->cond, &r->mu);
    if (r->drop_oldest && r->reserved - r->released == (uint64_t)r->n &&
        r->reserved == r->published && r->taken < r->published)
        drop_oldest_unread(r);
    while (!r->abort && r->reserved - r->released == (uint64_t)r->n)
        pthread_cond_wait(&r->cond, &r->mu);
    int rc = RING_ABORTED;
    if (!r->abort) {
        int i = (int)(r->reserved++ % r->n);
        /* the slot shows its own block again (a ring_write_ref may have pointed it away) */
        av_frame_unref(r->refs[i]);
        frame_wrap(&r->slots[i], &r->fmt, r->blocks[i]);
        r->slots[i].on_device = 0;
        *slot = &r->slots[i];
        rc = 0;
    }
    pthread_mutex_unlock(&r->mu);
    return rc;
}

int ring_write_ref(FrameRing *r, FrameBuf *slot, const AVFrame *f, int device_layout)
{
    AVFrame *ref = r->refs[slot - r->slots]; /* the producer's own slot: no lock needed */
    av_frame_unref(ref);
    if (av_frame_ref(ref, f) < 0)
        return -1;
    int on_device = device_layout >= 0;
    slot->fmt = (FrameFormat){on_device ? (PixLayout)device_layout : r->fmt.layout, r->fmt.width,
                              r->fmt.height, 1};
    for (int p = 0; p < 3; p++) {
        slot->data[p] = ref->data[p];
        slot->stride[p] = ref->data[p] ? ref->linesize[p] : 0;
    }
    slot->on_device = on_device;
    return 0;
}

void ring_write_end(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    if (r->published < r->reserved)
        r->published++;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
}

void ring_write_eof(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    r->eof = 1;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
}

void ring_write_reformat(FrameRing *r, PixLayout layout, int width, int height)
{
    pthread_mutex_lock(&r->mu);
    int bands = r->fmt.bands > height ? height : r->fmt.bands;
    r->pending_fmt = (FrameFormat){layout, width, height, bands};
    r->pending = 1;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
}

int ring_reformat(FrameRing *r, char *err, size_t errlen)
{
    pthread_mutex_lock(&r->mu);
    int rc = 0;
    if (!r->pending || r->taken != r->published || r->released != r->taken ||
        r->reserved != r->published) {
        snprintf(err, errlen, "ring: re-laid while frames are in it (a bug)");
        rc = -1;
        goto out;
    }
    /* the writer waits (pending) and the reader holds nothing: no copy can be in
     * flight on any slot */
    size_t bytes = frame_bytes(&r->pending_fmt) + RING_SLACK;
    for (int i = 0; i < r->n; i++)
        av_frame_unref(r->refs[i]);
    if (bytes <= r->cap) { /* the blocks hold it: only the layout changes */
        for (int i = 0; i < r->n; i++)
            frame_wrap(&r->slots[i], &r->pending_fmt, r->blocks[i]);
        r->fmt = r->pending_fmt;
        r->pending = 0;
        goto out;
    }
    for (int i = 0; i < r->n; i++) {
        host_free(r->blocks[i], r->mem);
        r->blocks[i] = NULL;
    }
    r->cap = bytes;
    for (int i = 0; i < r->n && rc == 0; i++) {
        if (fault_hit("slot")) {
            snprintf(err, errlen, "ring slot %d (%zu bytes): out of memory (injected fault, "
                     "PINSTRIPE_FAULT=slot:N)", i, bytes);
            rc = -1;
        } else if (!(r->blocks[i] = host_alloc(bytes, r->mem, err, errlen))) {
            rc = -1;
        } else {
            frame_wrap(&r->slots[i], &r->pending_fmt, r->blocks[i]);
        }
    }
    r->fmt = r->pending_fmt;
    r->pending = 0;
    if (rc < 0)
        r->abort = 1; /* slots without memory: nobody may use them */
out:
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
    return rc;
}

FrameFormat ring_format(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    FrameFormat f = r->fmt;
    pthread_mutex_unlock(&r->mu);
    return f;
}

int ring_read_begin(FrameRing *r, FrameBuf **slot)
{
    pthread_mutex_lock(&r->mu);
    while (!r->abort && !r->eof && !r->pending && r->taken == r->published)
        pthread_cond_wait(&r->cond, &r->mu);
    int rc;
    if (r->abort) {
        rc = RING_ABORTED;
    } else if (r->taken == r->published && r->pending) {
        rc = RING_REFORMAT;
    } else if (r->taken == r->published) {
        rc = RING_EOF;
    } else {
        *slot = &r->slots[r->taken++ % r->n];
        rc = 0;
    }
    pthread_mutex_unlock(&r->mu);
    return rc;
}

void ring_read_end(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    /* a decoder buffer the slot shows goes back to the decoder now */
    if (r->released < r->taken)
        av_frame_unref(r->refs[r->released++ % r->n]);
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
}

void ring_set_drop_oldest(FrameRing *r, int on)
{
    pthread_mutex_lock(&r->mu);
    r->drop_oldest = on;
    pthread_mutex_unlock(&r->mu);
}

long long ring_drops(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    long long d = r->drops;
    pthread_mutex_unlock(&r->mu);
    return d;
}

int ring_readable(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    int n = (int)(r->published - r->taken);
    pthread_mutex_unlock(&r->mu);
    return n;
}

void ring_abort(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    r->abort = 1;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mu);
}

int ring_aborted(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    int a = r->abort;
    pthread_mutex_unlock(&r->mu);
    return a;
}

int ring_fill(FrameRing *r)
{
    pthread_mutex_lock(&r->mu);
    int fill = (int)(r->published - r->released);
    pthread_mutex_unlock(&r->mu);
    return fill;
}

int ring_size(const FrameRing *r)
{
    return r->n;
}

int ring_slot_scopes(FrameRing *r, FrameBuf *slot, size_t counts)
{
    char err[128];
    if (slot->scope_cap >= counts)
        return 0;
    host_free(slot->scope_block, r->mem);
    slot->scope_cap = 0;
    if (!(slot->scope_block = host_alloc(sizeof(uint32_t) * counts, r->mem, err, sizeof(err))))
        return -1;
    slot->scope_cap = counts;
    return 0;
}

HostMemKind ring_memory(const FrameRing *r)
{
    return r->mem;
}
