/* The look the stage applies, changed live: the display thread (keys 't',
 * 1..8, '-', '=', the CDL keys) hands a new Transform to the stage thread, which takes it at
 * a frame boundary. The handoff is a generation number (atomic) and the
 * Transform with its -t text under a mutex that each side holds only to copy:
 * neither waits for the other's work. Every frame says the generation it was
 * made with (FrameBuf.look_gen, --stats' "gen").
 *
 * LiveKeys is the display thread's side: what the keys do to the chain
 * (grade/adjust.h; k, K, ',' and '.' its CDL decision: grade/cdl_grade.h), the
 * overlay's name and note, key b (keep.h), and the chain said at quit. */
#ifndef PINSTRIPE_GRADE_LIVE_H
#define PINSTRIPE_GRADE_LIVE_H

#include <pthread.h>
#include <stdatomic.h>

#include "stage/stage.h"
#include "colour/transform.h"
#include "grade/adjust.h"
#include "look/tonemap.h"
#include "grade/keep.h"

typedef struct LiveLook {
    pthread_mutex_t mu;
    atomic_int gen;              /* + 1 at each change */
    Transform t;                 /* under mu */
    char text[ADJUST_TEXT_MAX];  /* under mu: t's -t text */
    _Atomic double compare;      /* --compare split's F (0..1); < 0: off ('c') */
    atomic_int scopes;           /* --scope: the SCOPE_* bits the stage counts ('w') */
} LiveLook;

void live_look_init(LiveLook *l, const Transform *t, const char *text, double compare,
                    int scopes);
void live_look_destroy(LiveLook *l);
/* Display thread: frames from the next one on use t. */
void live_look_set(LiveLook *l, const Transform *t, const char *text);
/* Stage thread: when the generation is not *gen, copy the look into *t and its
 * generation into *gen and return 1; else 0. */
int live_look_take(LiveLook *l, int *gen, Transform *t);

/* A still (key g): the stage thread renders the next frame it completes once
 * more at the video's size, without the window's resampling or zoom, through
 * a CPU stage (the CUDA stage's bytes: the backends are identical), and marks
 * that frame (FrameBuf.still); the display thread writes it when it shows the
 * frame. The buffer is allocated on the first still (again only for a larger
 * frame) and freed at the end. */
enum { STILL_IDLE, STILL_ASKED, STILL_READY };

typedef struct LiveStill {
    atomic_int state; /* IDLE → ASKED (display) → READY (stage thread) → IDLE (display) */
    uint8_t *buf;     /* the stage thread's in ASKED, the display's in READY */
    size_t cap;
    FrameBuf frame;   /* buf as a bgr24 frame, READY: with the index, pts and serial of the
                       * frame it is (which live mode may drop, or a seek, before it is shown) */
} LiveStill;

/* The stage thread's part: when a still is asked for, render `in` (a frame the
 * stage completes now) with cfg at the video's size into s, mark it READY and
 * return 1; 0 when none is asked for; -1 (said, not fatal) when it cannot. */
int live_still_render(LiveStill *s, const StageConfig *cfg, const FrameBuf *in, int quiet);
void live_still_free(LiveStill *s);

/* One of the looks 't' cycles through: -t, a look's file, a plain transform. */
typedef struct LookItem {
    char name[160];             /* the overlay's */
    char spec[ADJUST_TEXT_MAX]; /* its -t text ("" : too long to adjust); for a file not
                                 * shown yet, its path (is_file: read when first shown) */
    int is_file;
} LookItem;

/* The looks 't' cycles through (grade/presets.h fills them), the live one, a still. */
typedef struct Looks {
    LookItem *items; /* n of them, allocated once (presets_fill, presets_free) */
    int n;
    Transform first; /* items[0] (-t) parsed */
    LiveLook live;
    LiveStill still;
} Looks;

typedef struct LiveKeys {
    Looks *looks;
    int preset;                  /* the one the look comes from */
    Adjust adj;                  /* its adjustment (adj_ok: its text could be adjusted) */
    int adj_ok;
    char text[ADJUST_TEXT_MAX];  /* the chain now */
    char name[160];              /* the overlay's: the preset's name, or the chain adjusted */
    char note[600];              /* the last key's result, shown for a while */
    double note_until_ms;
    int fresh;                   /* the note is the last key's, not said yet */
    double compare_at;           /* where 'c' puts the split: where it was last */
    int cdl_control;             /* what ',' and '.' step (k, j choose): cdl_grade.h's controls */
    Keep keep;                   /* key b */
    const char *dir, *url;       /* live_keys_files's */
    const ToneSettings *tone;
    atomic_int *tone_curve;
    int quiet;
    int writing;                 /* -o writes */
    int shown;                   /* a frame has been shown: */
    long long shown_index;       /* its index */
    HdrSource shown_src;         /* and the source's kind of picture (b bakes for it) */
} LiveKeys;

void live_keys_init(LiveKeys *k, Looks *looks);
/* What key b needs: the folder (--screenshot-dir), the input (its name names
 * the files), the tone settings and the curve 'h' picked, -q; and whether -o
 * writes (then, when -t's own output is HDR, the file is: 't' passes the looks
 * that make another transfer). */
void live_keys_files(LiveKeys *k, const char *dir, const char *url, const ToneSettings *tone,
                     atomic_int *tone_curve, int writing, int quiet);
/* A key: 1 when it was one of the look's ('t', 1..8, '-', '=', 'k', 'j', ',',
 * '.', 'c', '[', ']', 'w'), 'g' (a still) or 'b' (keep), else 0. */
int live_keys_key(LiveKeys *k, int key, double now_ms);
/* Whether --compare split is on. */
int live_keys_comparing(const LiveKeys *k);
/* The split follows the mouse dragged dx frame pixels across a frame `width` wide. */
void live_keys_drag(LiveKeys *k, int dx, int width);
/* The note to show now ("" : none). */
const char *live_keys_note(const LiveKeys *k, double now_ms);
/* The note the last key made, once (NULL: none, or said already): to say it
 * on stderr when there is no overlay to show it. */
const char *live_keys_fresh_note(LiveKeys *k);
/* The frame being shown: when a still is ready and this is its frame (or one
 * after it: its own was dropped), write it as a PNG into dir, named after the
 * input (url), and say where with the still frame's index and media time
 * (pts × tb − start_s, seconds). */
void live_keys_still(LiveKeys *k, const FrameBuf *f, const char *dir, const char *url, double tb,
                     double start_s, int quiet);
/* The frame shown now (b names its files after it) and the source's kind of
 * picture (its transfer, primaries, peak: b bakes for it; a frame out of the
 * stage says what the chain made). */
void live_keys_shown(LiveKeys *k, const FrameBuf *f, const HdrSource *src);
/* Each time the keys are polled: when b's bake has finished, say its line (and
 * make it the note). */
void live_keys_poll(LiveKeys *k, double now_ms);
/* At quit (b's bake waited for, said): the chain, quoted for a shell, with `--tone-mapping curve` when
 * curve is not NULL ('h' changed it), when keys changed either; and a still
 * asked for that no frame came to take. */
void live_keys_finish(LiveKeys *k, const char *curve, int quiet);

#endif
