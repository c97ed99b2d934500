/* The display loop (main thread): takes processed frames from the output ring,
 * paces them by their timestamps on the audio clock (or, live, shows the
 * newest at once), writes -o, draws the overlay, shows them, and acts on the
 * keys. It works with what the player hands it (ShowLinks: rings, clocks,
 * options, the writer, the stats) and asks the player for what it cannot do
 * itself through callbacks (a seek); it reports how it ended in a ShowResult
 * (a status code and one line), never touching the player. */
#ifndef PINSTRIPE_APP_SHOW_H
#define PINSTRIPE_APP_SHOW_H

#include <stdatomic.h>

#include "grade/live.h"
#include "options/options.h"
#include "report/progress.h"
#include "report/stats.h"
#include "report/trace.h"
#include "audio/audio_out.h"
#include "display/display.h"
#include "colour/transform.h"
#include "decode/decoder.h"
#include "decode/ring.h"
#include "writer/writer.h"
#include "look/tonemap.h"
#include "app/pacing.h"

enum { OVERLAY_OFF, OVERLAY_TEXT, OVERLAY_GRAPH };

typedef struct ShowLinks {
    const Options *o;
    const DisplayDriver *display; /* open already */
    FrameRing *in, *out;          /* the stage's input (its fill, drops) and output */
    Decoder *dec;                 /* its info, pixel format, errors (the overlay) */
    AudioOut *aout;               /* the sound (NULL: none): its clock paces the picture */
    Writer *writer;               /* -o (NULL: none) */
    Progress *progress;           /* -o's progress line */
    Stats *stats;
    Trace *trace;                 /* may be NULL */
    struct ViewLink *view;        /* the window's view for the stage (NULL: the video's size) */
    struct Dump *dump;            /* --debug-dump (NULL: none) */
    const char *backend_name;
    int stage_threads;            /* the CPU backend's (0: CUDA) */
    int time_every;               /* CUDA times one frame in this many */
    int live;
    const char *url;
    Looks *looks;                 /* what 't' cycles through; the live look the stage applies */
    const ToneSettings *tone;     /* HDR: the settings, */
    atomic_int *tone_curve;       /* and the curve 'h' cycles (the stage thread applies it) */
    PlayClock *clock; /* a file in a window: when frames are due, for the stage thread's drops */
    /* Seek to target_s seconds; frames read after it carry `serial`. 0, or -1
     * when the input cannot seek. */
    int (*seek)(void *opaque, double target_s, int serial);
    void *opaque;
} ShowLinks;

#define SHOW_DONE 0    /* the end of the stream, or stopped */
#define SHOW_QUIT 1    /* the user quit (q, Esc, the window closed) */
#define SHOW_FAILED (-1) /* the display or the output failed: message says so */

typedef struct ShowResult {
    int status;           /* SHOW_* */
    char message[640];    /* SHOW_FAILED: the line to say */
    int write_failed;     /* the failure was -o's (the writer need not say it again) */
    double start_ms;      /* when the loop started */
    long long display_drops; /* frames skipped for a newer one (live), or late */
} ShowResult;

/* Runs until the end of the stream, a quit or a failure. */
void show_run(const ShowLinks *l, ShowResult *r);
#endif
