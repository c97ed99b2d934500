/* The writer's copy thread (see copy_thread.h). */
#include "writer/copy_thread.h"

#include <time.h>

/* A video that has not placed its first frame (of the packets' serial) in this
 * long lets the oldest waiting packets go, as if the wait were not there: an
 * input whose first frame lies more than the read thread's 15 MiB behind its
 * sound, where waiting longer would hold the read thread for good. */
#define COPY_WAIT_S 10

/* One packet into the wait for the video. With the wait full before the
 * video's first frame (of this serial) is placed, where the packets go is not
 * known yet: wait for that frame; the packets behind stay in the read thread's
 * queue, inside its bound. */
static void push(CopyThread *t, int serial)
{
    pthread_mutex_lock(t->lock);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!atomic_load(&t->failed)) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        int force = t->closing || now.tv_sec - t0.tv_sec >= COPY_WAIT_S;
        int rc = copies_push(t->copies, t->oc, t->tl, t->pkt, serial, force, t->error,
                             sizeof(t->error));
        if (rc < 0)
            atomic_store(&t->failed, 1);
        if (rc != COPIES_FULL)
            break;
        struct timespec until = {now.tv_sec + 1, now.tv_nsec};
        pthread_cond_timedwait(&t->placed, t->lock, &until);
    }
    pthread_mutex_unlock(t->lock);
}

/* At the input's end it waits for a seek; stopped (the queue aborted), it
 * still takes what was queued. */
static void *copy_main(void *arg)
{
    CopyThread *t = arg;
    int serial, rc;
    while ((rc = pktq_get(t->queue, t->pkt, 1, &serial, NULL)) != PKTQ_ABORT) {
        if (rc == 0)
            push(t, serial);
        else if (rc == PKTQ_END && pktq_wait_reopen(t->queue) < 0)
            break;
    }
    while (pktq_get(t->queue, t->pkt, 0, &serial, NULL) == 0)
        push(t, serial);
    av_packet_unref(t->pkt);
    return NULL;
}

int copythread_start(CopyThread *t, PacketQueue *q, StreamCopies *c, AVFormatContext *oc,
                     const Timeline *tl, pthread_mutex_t *lock)
{
    *t = (CopyThread){.queue = q, .copies = c, .oc = oc, .tl = tl, .lock = lock};
    if (!(t->pkt = av_packet_alloc()))
        return -1;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&t->placed, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&t->thread, NULL, copy_main, t) != 0) {
        pthread_cond_destroy(&t->placed);
        av_packet_free(&t->pkt);
        return -1;
    }
    t->running = 1;
    return 0;
}

void copythread_placed(CopyThread *t)
{
    if (t->running)
        pthread_cond_broadcast(&t->placed);
}

const char *copythread_error(CopyThread *t)
{
    return atomic_load(&t->failed) ? t->error : NULL;
}

void copythread_stop(CopyThread *t)
{
    if (!t->running)
        return;
    pthread_mutex_lock(t->lock);
    t->closing = 1; /* nothing more to wait for: the video is done */
    pthread_cond_broadcast(&t->placed);
    pthread_mutex_unlock(t->lock);
    pktq_abort(t->queue);
    pthread_join(t->thread, NULL);
    pthread_cond_destroy(&t->placed);
    av_packet_free(&t->pkt);
    t->running = 0;
}
