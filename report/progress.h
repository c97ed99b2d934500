/* The progress of writing -o. human (the default): a line as ffmpeg prints
 * it, frames, fps, position / duration, speed (× real time) and the time left;
 * on a terminal it rewrites itself in place (\r) twice a second, otherwise it is
 * a plain line every 5 s, so logs stay readable. json (--progress-format json):
 * one object a line, every 500 ms, for a batch runner or a front-end:
 *
 *   {"frame":N,"total_frames":N|null,"out_time":S,"fps":F,"speed":X,"bytes":B,"eta":S|null}
 *
 * and a last line with "done":true and "status" (the exit code), written
 * whatever ends the run. --progress FILE|- sends either to FILE (- : standard
 * error, the default); never to standard output (-o - writes the video there).
 * -q silences the human line, not one asked for by --progress-format json or
 * --progress FILE. Main thread only. */
#ifndef PINSTRIPE_REPORT_PROGRESS_H
#define PINSTRIPE_REPORT_PROGRESS_H

#include <stdatomic.h>
#include <stdio.h>

#include "options/options.h"
#include "writer/writer.h"

typedef struct Progress {
    FILE *out;        /* NULL: off */
    int own;          /* out is a file opened here */
    int json, tty;
    double every_ms;
    double start_ms, last_ms;
    double duration_s; /* 0: unknown */
    long long max_frames; /* --frames, 0: none */
    long long total;   /* frames the run will write, when known (0: not) */
    double rate;       /* nominal fps, 0: unknown */
    long long frames, bytes;
    double pos_s;
    int printed;
    int fd;                 /* out's, for progress_last_words */
    atomic_llong said[3];   /* the last line's frames, bytes and out_time in µs (any thread) */
    atomic_int closed;      /* out is closed (or closing) */
} Progress;

/* Where and how (o's -o, -q, --progress, --progress-format, --progress-every):
 * off without -o. 0, or -1 with err (FILE cannot be written). */
int progress_open(Progress *p, const Options *o, char *err, size_t errlen);
/* The run starts: its length (0: unknown), --frames, the nominal rate and the
 * video stream's frame count (0: unknown). */
void progress_start(Progress *p, double duration_s, long long max_frames, double rate,
                    long long nb_frames, double now_ms);
/* A frame was written through w; pos_s is its time from the input's start. */
void progress_frame(Progress *p, const Writer *w, double pos_s, double now_ms);
/* The last human line (and a newline on a terminal), once the writer is done. */
void progress_finish(Progress *p, double now_ms);
/* The run is over with exit code `status` (json: the "done" line); closes FILE.
 * A FILE that could not be written is said in one line. */
void progress_done(Progress *p, int status, double now_ms);
/* The signal thread, about to _exit(status) (a second SIGINT or SIGTERM): the
 * json "done" line of the run being written, if any, from the last line's
 * numbers, with write(2). Any thread. */
void progress_last_words(int status);

#endif
