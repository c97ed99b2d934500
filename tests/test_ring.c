/* FrameRing: order, several slots held at once, end of stream after a drain,
 * abort waking blocked readers and writers, and two threads hammering it. */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "decode/ring.h"
#include "tests/check.h"

static const FrameFormat fmt = {PIX_YUV420P, 33, 17, 1};

static FrameRing *make(int n)
{
    char err[256];
    FrameRing *r = ring_create(n, &fmt, HOST_MEM_ALIGNED, err, sizeof err);
    CHECK(r != NULL, "ring_create: %s", err);
    return r;
}

static void check_order_and_eof(void)
{
    FrameRing *r = make(3);
    FrameBuf *a, *b, *c;
    CHECK(ring_write_begin(r, &a) == 0, "begin a");
    CHECK(ring_write_begin(r, &b) == 0, "begin b");
    CHECK(a != b, "two reservations share a slot");
    a->index = 1, b->index = 2;
    ring_write_end(r);
    CHECK(ring_fill(r) == 1, "fill %d after one publish", ring_fill(r));
    ring_write_end(r);
    ring_write_eof(r);
    CHECK(ring_read_begin(r, &c) == 0 && c->index == 1, "first read");
    CHECK(ring_read_begin(r, &c) == 0 && c->index == 2, "second read");
    CHECK(ring_read_begin(r, &c) == RING_EOF, "EOF after drain");
    ring_read_end(r);
    ring_read_end(r);
    CHECK(ring_fill(r) == 0, "fill %d after release", ring_fill(r));
    /* slots are sized for the format and distinct */
    CHECK(a->stride[0] == 33 && a->stride[1] == 17 && a->data[2] - a->data[1] == 17 * 9,
          "plane layout");
    ring_destroy(&r);
    CHECK(r == NULL, "destroy clears the pointer");
    ring_destroy(&r); /* NULL is fine */
}

typedef struct {
    FrameRing *r;
    int rc;
} Blocked;

static void *blocked_writer(void *arg)
{
    Blocked *b = arg;
    FrameBuf *f;
    b->rc = ring_write_begin(b->r, &f);
    return NULL;
}

static void *blocked_reader(void *arg)
{
    Blocked *b = arg;
    FrameBuf *f;
    b->rc = ring_read_begin(b->r, &f);
    return NULL;
}

static void check_abort(void)
{
    FrameRing *full = make(1), *empty = make(1);
    FrameBuf *f;
    CHECK(ring_write_begin(full, &f) == 0, "fill the only slot");
    Blocked w = {full, 99}, rd = {empty, 99};
    pthread_t tw, tr;
    pthread_create(&tw, NULL, blocked_writer, &w);
    pthread_create(&tr, NULL, blocked_reader, &rd);
    usleep(50 * 1000);
    ring_abort(full);
    ring_abort(empty);
    pthread_join(tw, NULL);
    pthread_join(tr, NULL);
    CHECK(w.rc == RING_ABORTED, "blocked writer got %d", w.rc);
    CHECK(rd.rc == RING_ABORTED, "blocked reader got %d", rd.rc);
    ring_destroy(&full);
    ring_destroy(&empty);
}

#define HAMMER_FRAMES 20000

static void *producer(void *arg)
{
    FrameRing *r = arg;
    for (int i = 0; i < HAMMER_FRAMES; i++) {
        FrameBuf *f;
        if (ring_write_begin(r, &f) != 0)
            return NULL;
        f->index = i;
        f->data[0][0] = (uint8_t)i;
        ring_write_end(r);
    }
    ring_write_eof(r);
    return NULL;
}

static void check_hammer(int slots, int hold)
{
    FrameRing *r = make(slots);
    pthread_t t;
    pthread_create(&t, NULL, producer, r);
    long expect = 0, held = 0;
    FrameBuf *f;
    for (;;) {
        int rc = ring_read_begin(r, &f);
        if (rc == RING_EOF)
            break;
        CHECK(rc == 0, "read rc %d", rc);
        CHECK(f->index == expect && f->data[0][0] == (uint8_t)expect,
              "got frame %ld, expected %ld", (long)f->index, expect);
        CHECK(ring_fill(r) <= slots, "fill %d over %d", ring_fill(r), slots);
        expect++;
        /* hold up to `hold` slots at once, like a stage with frames in flight */
        if (++held >= hold) {
            ring_read_end(r);
            held--;
        }
    }
    while (held-- > 0)
        ring_read_end(r);
    pthread_join(t, NULL);
    CHECK(expect == HAMMER_FRAMES, "received %ld of %d frames", expect, HAMMER_FRAMES);
    ring_destroy(&r);
}

/* Live mode: a full ring drops its oldest unread frame instead of blocking,
 * keeps the order of what is left, and never touches slots the reader holds. */
static void check_drop_oldest(void)
{
    FrameRing *r = make(4);
    ring_set_drop_oldest(r, 1);
    FrameBuf *held, *f;
    CHECK(ring_write_begin(r, &f) == 0, "write 0");
    f->index = 0;
    f->data[0][0] = 100;
    ring_write_end(r);
    CHECK(ring_read_begin(r, &held) == 0 && held->index == 0, "reader holds frame 0");
    for (int i = 1; i <= 9; i++) { /* never blocks: 3 free slots, then drops */
        CHECK(ring_write_begin(r, &f) == 0, "write %d", i);
        f->index = i;
        f->data[0][0] = (uint8_t)i;
        ring_write_end(r);
    }
    CHECK(ring_drops(r) == 6, "dropped %lld, expected 6", ring_drops(r));
    CHECK(held->index == 0 && held->data[0][0] == 100, "the held slot was touched");
    ring_read_end(r);
    ring_write_eof(r);
    int expect = 7;
    while (ring_read_begin(r, &f) == 0) {
        CHECK(f->index == expect && f->data[0][0] == expect, "read %lld, expected %d",
              (long long)f->index, expect);
        expect++;
        ring_read_end(r);
    }
    CHECK(expect == 10, "read up to %d", expect);
    ring_destroy(&r);
}

/* A geometry change: frames written before it are read first at the old size,
 * the writer waits until the reader has re-laid the slots, and frames after it
 * come at the new size, in every slot, with their bytes where the format says. */
typedef struct {
    FrameRing *r;
    int after; /* frames the writer got a slot for after the change */
} Reshaper;

static void *reshape_writer(void *arg)
{
    Reshaper *w = arg;
    FrameBuf *f;
    for (int i = 0; i < 3; i++) {
        if (ring_write_begin(w->r, &f) != 0)
            return NULL;
        f->index = i;
        memset(f->data[0], i, (size_t)f->fmt.width * f->fmt.height);
        ring_write_end(w->r);
    }
    ring_write_reformat(w->r, PIX_BGR24, 70, 9);
    for (int i = 3; i < 10; i++) {
        if (ring_write_begin(w->r, &f) != 0)
            return NULL;
        __atomic_add_fetch(&w->after, 1, __ATOMIC_SEQ_CST);
        f->index = i;
        memset(f->data[0], i, (size_t)f->fmt.width * 3 * f->fmt.height); /* the whole BGR frame */
        ring_write_end(w->r);
    }
    ring_write_eof(w->r);
    return NULL;
}

static void check_reformat(void)
{
    char err[256];
    FrameFormat banded = {PIX_YUV420P, 33, 17, 3};
    FrameRing *r = ring_create(4, &banded, HOST_MEM_ALIGNED, err, sizeof err);
    CHECK(r != NULL, "ring_create: %s", err);
    Reshaper w = {r, 0};
    pthread_t t;
    pthread_create(&t, NULL, reshape_writer, &w);
    FrameBuf *f;
    for (int i = 0; i < 3; i++) {
        CHECK(ring_read_begin(r, &f) == 0 && f->index == i && f->fmt.width == 33, "old frame %d", i);
        ring_read_end(r);
    }
    CHECK(ring_read_begin(r, &f) == RING_REFORMAT, "no RING_REFORMAT after the old frames");
    usleep(20000);
    CHECK(__atomic_load_n(&w.after, __ATOMIC_SEQ_CST) == 0, "the writer got a slot before the re-lay");
    CHECK(ring_read_begin(r, &f) == RING_REFORMAT, "RING_REFORMAT is said until the re-lay");
    CHECK(ring_reformat(r, err, sizeof err) == 0, "ring_reformat: %s", err);
    FrameFormat now = ring_format(r);
    CHECK(now.layout == PIX_BGR24 && now.width == 70 && now.height == 9 && now.bands == 3,
          "format after: %d %dx%d bands %d", now.layout, now.width, now.height, now.bands);
    for (int i = 3; i < 10; i++) {
        CHECK(ring_read_begin(r, &f) == 0, "new frame %d", i);
        CHECK(f->index == i && f->fmt.width == 70 && f->fmt.height == 9 && f->stride[0] == 210,
              "new frame %d: index %lld %dx%d stride %d", i, (long long)f->index, f->fmt.width,
              f->fmt.height, f->stride[0]);
        CHECK(f->data[0][0] == i && f->data[0][70 * 3 * 9 - 1] == i, "new frame %d: bytes", i);
        ring_read_end(r);
    }
    CHECK(ring_read_begin(r, &f) == RING_EOF, "EOF after the new frames");
    pthread_join(t, NULL);
    ring_destroy(&r);
    /* re-laying while the reader holds a frame is refused */
    FrameBuf *g;
    FrameRing *q = ring_create(2, &fmt, HOST_MEM_ALIGNED, err, sizeof err);
    CHECK(ring_write_begin(q, &g) == 0, "begin");
    ring_write_end(q);
    ring_write_reformat(q, PIX_YUV420P, 8, 8);
    CHECK(ring_read_begin(q, &g) == 0, "the old frame first");
    CHECK(ring_reformat(q, err, sizeof err) < 0, "re-laid with a frame held");
    ring_destroy(&q);
    /* blocks sized for more keep their memory while the frames fit, and grow
     * when they do not (the sanitizers see the frames written whole) */
    FrameFormat big = {PIX_BGR24, 64, 36, 1};
    FrameRing *z = ring_create_sized(1, &big, 200 * 100 * 3, HOST_MEM_ALIGNED, err, sizeof err);
    CHECK(z != NULL, "ring_create_sized: %s", err);
    uint8_t *before = NULL;
    const int sizes[][2] = {{200, 100}, {7, 5}, {1, 1}, {201, 100}, {64, 36}};
    for (int i = 0; i < 5 && z; i++) {
        CHECK(ring_write_begin(z, &g) == 0, "begin");
        if (i == 0)
            before = g->data[0];
        ring_write_end(z);
        ring_write_reformat(z, PIX_BGR24, sizes[i][0], sizes[i][1]);
        CHECK(ring_read_begin(z, &g) == 0, "the frame before");
        ring_read_end(z);
        CHECK(ring_read_begin(z, &g) == RING_REFORMAT, "RING_REFORMAT");
        CHECK(ring_reformat(z, err, sizeof err) == 0, "ring_reformat: %s", err);
        CHECK(ring_write_begin(z, &g) == 0, "begin after");
        CHECK(g->fmt.width == sizes[i][0] && g->stride[0] == 3 * sizes[i][0], "re-laid %dx%d",
              g->fmt.width, g->fmt.height);
        CHECK(i >= 3 || g->data[0] == before, "%dx%d: blocks changed", sizes[i][0], sizes[i][1]);
        memset(g->data[0], 1, frame_bytes(&g->fmt));
        ring_write_end(z);
        ring_read_begin(z, &g);
        ring_read_end(z);
    }
    ring_destroy(&z);
}

int main(void)
{
    check_drop_oldest();
    check_order_and_eof();
    check_abort();
    check_hammer(1, 1);
    check_hammer(4, 1);
    check_hammer(8, 3);
    check_reformat();
    return CHECK_DONE();
}
