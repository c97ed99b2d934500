/* The progress line while writing -o, as ffmpeg prints it: frames, fps,
 * position / duration, speed (× real time) and the time left. On a terminal
 * it rewrites itself in place (\r) twice a second; otherwise it is a plain line
 * every 5 s, so logs stay readable. Main thread only. */
#ifndef PINSTRIPE_APP_PROGRESS_H
#define PINSTRIPE_APP_PROGRESS_H

#include <stdio.h>

typedef struct Progress {
    FILE *out;        /* NULL: off */
    int tty;
    double every_ms;
    double start_ms, last_ms;
    double duration_s; /* 0: unknown */
    long long max_frames; /* --frames, 0: none */
    double rate;       /* nominal fps, 0: unknown */
    long long frames;
    double pos_s;
    int printed;
} Progress;

/* out NULL turns it off; every_ms 0 picks the default for out's kind. */
void progress_init(Progress *p, FILE *out, double every_ms, double duration_s,
                   long long max_frames, double rate, double now_ms);
/* A frame was written; pos_s is its time from the input's start. */
void progress_frame(Progress *p, long long frames, double pos_s, double now_ms);
/* The last line (and a newline on a terminal). */
void progress_finish(Progress *p, double now_ms);

#endif
