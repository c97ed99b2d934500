/* SIGINT and SIGTERM, on a thread of their own (the others block them): the
 * first asks the player to stop and finish its output (`stop`), a second while
 * that runs leaves at once, as ffmpeg does after repeated Ctrl-C. */
#ifndef PINSTRIPE_APP_SIGNALS_H
#define PINSTRIPE_APP_SIGNALS_H

#include <pthread.h>
#include <stdatomic.h>

typedef struct SignalWatch {
    void (*stop)(void *arg);
    void *arg;
    atomic_int interrupted; /* the first signal's number (0: none) */
    atomic_int done;
    pthread_t thread;
    int started;
} SignalWatch;

/* Start watching (stop and arg set by the caller). */
void signals_start(SignalWatch *w);
/* Stop watching and join the thread. */
void signals_stop(SignalWatch *w);

#endif
