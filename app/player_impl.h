/* Private to app/: the Player behind player_run, shared by player.c (opening,
 * threads, shutdown) and show.c (the display loop and keys, main thread). */
#ifndef PINSTRIPE_APP_PLAYER_IMPL_H
#define PINSTRIPE_APP_PLAYER_IMPL_H

enum { OVERLAY_OFF, OVERLAY_TEXT, OVERLAY_GRAPH };

/* CUDA: per-stripe timings on one frame in this many, unless --trace (all) */
#define TIME_EVERY 8

#include <stdatomic.h>
#include <pthread.h>
#include <stdint.h>

#include "app/options.h"
#include "app/progress.h"
#include "app/stats.h"
#include "app/trace.h"
#include "audio/audio_out.h"
#include "display/display.h"
#include "display/graph.h"
#include "gpu/stage.h"
#include "gpu/transform.h"
#include "io/audio.h"
#include "io/decoder.h"
#include "io/ring.h"
#include "io/writer.h"

typedef struct Player {
    const Options *o;
    Transform transform;     /* -t */
    Transform presets[16];   /* 't' cycles: -t, the named transforms, the sample looks */
    int npresets;
    Decoder *dec;
    Stage *stage;
    Writer *writer;
    Trace *trace;
    AudioDecoder *audio; /* the sound, when played (a window, a file, a device) */
    AudioOut *aout;
    int muted, volume;
    double av_ms;        /* A−V of the last frame shown (NAN: none) */
    int sync_wait;       /* the next frame waits for the sound to start (start, seek) */
    FrameRing *in, *out;
    const DisplayDriver *display;
    int display_open;
    int overlay_mode; /* OVERLAY_OFF, _TEXT, _GRAPH (key o cycles) */
    const char *backend_name;
    int stage_threads; /* CPU backend's threads; 0 for CUDA */
    StageConfig sc;    /* how the stage was made (the stage thread makes it again
                        * when the stream changes geometry) */
    int write_failed;  /* a frame could not be written (the line is out) */
    int live;        /* --webcam or --live */
    const char *url; /* what is played */

    pthread_t stage_thread, sig_thread;
    int stage_started, sig_started;
    int stage_rc;
    char stage_err[512];
    atomic_int sig_done, interrupted;

    /* the display loop's state (main thread) */
    Stats *stats;
    Progress progress;       /* the -o progress line */
    long long shown;
    double start_ms, sec_mark_ms, fps_last, display_ms;
    FrameTimings timed;      /* the stripe timings of the last frame that had them */
    int time_every;          /* CUDA times one frame in this many (StageConfig) */
    long long sec_mark_frames;
    int paused, step, fullscreen;
    long long drops;         /* frames dropped (live inputs; files never drop) */
    long long display_drops; /* of which the display skipped for a newer one */
    int serial;           /* frames of other serials are from before a seek */
    int64_t last_pts;     /* of the last frame shown */
    int last_shown_valid;
    atomic_int preset;    /* transform preset the stage should use ('t' cycles) */
    GraphHistory graph;   /* the frame-time graph: the last frames shown */
    GraphLayout graph_layout;
    long long graph_drops; /* drops counted when the last column was added */
    double view;          /* frame pixels per pixel as seen in the window (1: none) */
    double view_mark_ms;  /* when the window was last asked its size */
} Player;

/* One line on stderr, "pinstripe: ...": say() unless -q, fail() always. */
void player_say(const Player *p, const char *fmt, ...);
void player_fail(const char *fmt, ...);
/* Stop every thread: the decoder at its next frame, waits on both rings now. Any thread. */
void player_stop_all(Player *p);
/* The window's size for a vw × vh video (app/window.h), from the screen the
 * display driver reports. */
void player_window_size(const Player *p, int vw, int vh, int *ww, int *wh);
/* The display loop on the main thread. 0 (end of input, or stopped), 1 (quit by
 * the user) or -1 (failure, already said). */
int player_display_loop(Player *p);

#endif
