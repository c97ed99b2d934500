/* The writer's copy thread: it takes the read thread's packets for the copied
 * streams (audio, subtitles) from their queue as they come, well ahead of the
 * video, into the copies' wait for the video (writer/copies.h), under the writer's
 * mutex. So a file whose video ends long before its sound does not hold the
 * rest of the sound in memory. io/ only.
 *
 *   copythread_start(&t, queue, copies, oc, &timeline, &lock);
 *   ... copythread_placed(&t) after each frame placed on the timeline (lock held)
 *   copythread_stop(&t);   // takes what was queued, then joins
 */
#ifndef PINSTRIPE_WRITER_COPY_THREAD_H
#define PINSTRIPE_WRITER_COPY_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include <libavformat/avformat.h>

#include "writer/copies.h"
#include "io/packets.h"
#include "writer/timeline.h"

typedef struct CopyThread {
    PacketQueue *queue;    /* the source's (not owned) */
    StreamCopies *copies;  /* the writer's */
    AVFormatContext *oc;
    const Timeline *tl;
    pthread_mutex_t *lock; /* the writer's: copies, timeline, muxer */
    AVPacket *pkt;         /* the one taken from the queue */
    pthread_t thread;
    pthread_cond_t placed; /* a frame was placed (CLOCK_MONOTONIC) */
    int running, closing;
    atomic_int failed;     /* error is set */
    char error[512];
} CopyThread;

/* Start taking q's packets. 0, or -1 (out of memory, no thread). */
int copythread_start(CopyThread *t, PacketQueue *q, StreamCopies *c, AVFormatContext *oc,
                     const Timeline *tl, pthread_mutex_t *lock);
/* A frame was placed on the timeline: packets waiting for it may go. Lock held. */
void copythread_placed(CopyThread *t);
/* The thread's failure (the muxer's, or memory), or NULL. */
const char *copythread_error(CopyThread *t);
/* Stop: what was queued is still taken (a run cut short ends its sound with its
 * picture from it), then the thread is joined. Accepts a thread never started. */
void copythread_stop(CopyThread *t);

#endif
