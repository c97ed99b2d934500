/* The signal thread (see signals.h). */
#include "app/signals.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "report/progress.h"

static void *signal_main(void *arg)
{
    SignalWatch *w = arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    const struct timespec tick = {0, 50 * 1000000L};
    while (!atomic_load(&w->done)) {
        int s = sigtimedwait(&set, NULL, &tick);
        if ((s == SIGINT || s == SIGTERM) && atomic_load(&w->interrupted)) {
            /* a second one while the first is being honoured (the output being
             * finished): leave at once */
            static const char msg[] = "pinstripe: interrupted again: exiting at once; the output may be "
                                      "incomplete\n";
            if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0) {
                /* nothing more to do: exiting anyway */
            }
            progress_last_words(128 + s); /* --progress-format json's done line */
            _exit(128 + s);
        }
        if (s == SIGINT || s == SIGTERM) {
            atomic_store(&w->interrupted, s);
            w->stop(w->arg);
        }
    }
    return NULL;
}

void signals_start(SignalWatch *w)
{
    w->started = pthread_create(&w->thread, NULL, signal_main, w) == 0;
}

void signals_stop(SignalWatch *w)
{
    if (!w->started)
        return;
    atomic_store(&w->done, 1);
    pthread_join(w->thread, NULL);
    w->started = 0;
}
