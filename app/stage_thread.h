/* The stage thread: input ring → stage (up to its depth of frames in flight)
 * → output ring. It applies the transform the display loop asks for ('t'),
 * with the tone map an HDR frame needs (its transfer, primaries and peak, the
 * curve 'h' picked) added,
 * and makes the stage again when the stream changes geometry. On a failure it
 * calls `failed` (the player stops every thread) and keeps the line for the
 * player to say.
 *
 *   StageThread *t = stage_thread_start(&cfg, err, sizeof err);
 *   ...
 *   if (stage_thread_join(t, err, sizeof err) < 0) ...say err...
 *   stage_thread_free(&t);            // then stage_destroy(&stage) */
#ifndef PINSTRIPE_APP_STAGE_THREAD_H
#define PINSTRIPE_APP_STAGE_THREAD_H

#include "app/pacing.h"
#include <stdatomic.h>
#include <stddef.h>

#include "grade/live.h"
#include "stage/stage.h"
#include "decode/ring.h"
#include "look/tonemap.h"

typedef struct StageThread StageThread;

typedef struct StageThreadConfig {
    Stage **stage;       /* the player's; replaced at a geometry change, used by the
                          * thread alone until it is joined */
    StageConfig sc;      /* how it was made (with the backend it has) */
    FrameRing *in, *out;
    Looks *looks;             /* the live look to apply, from the frame after a change; a still */
    const ToneSettings *tone; /* HDR sources: the tone map added to the transform */
    atomic_int *tone_curve;   /* its curve now ('h'), over tone->curve */
    HdrSource hdr;            /* the source the stage's transform was made for */
    int writing, quiet;       /* -o, -q: a transfer that changes under --tone-mapping none
                               * is said once (the file keeps its first tags) */
    struct ViewLink *view;    /* the window's view (app/view.h): frames are the video's size
                               * fitted into it (NULL: the video's size) */
    PlayClock *clock; /* a file in a window (NULL: every frame is made): a frame that
                       * would be shown late is dropped before it is made, when a newer
                       * one waits */
    void (*failed)(void *arg); /* from the thread, after a failure */
    void *arg;
} StageThreadConfig;

/* NULL with one line in err when the thread cannot start. */
StageThread *stage_thread_start(const StageThreadConfig *cfg, char *err, size_t errlen);
/* Wait for it: 0, or -1 with its failure's line in err. */
int stage_thread_join(StageThread *t, char *err, size_t errlen);
/* Joins if need be. Accepts NULL; sets *t to NULL. */
void stage_thread_free(StageThread **t);

#endif
