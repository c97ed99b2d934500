/* The look the stage applies, changed live: the display thread (keys 't',
 * 1..8, '-', '=') hands a new Transform to the stage thread, which takes it at
 * a frame boundary. The handoff is a generation number (atomic) and the
 * Transform with its -t text under a mutex that each side holds only to copy:
 * neither waits for the other's work. Every frame says the generation it was
 * made with (FrameBuf.look_gen, --stats' "gen").
 *
 * LiveKeys is the display thread's side: what the keys do to the chain
 * (look/adjust.h), the overlay's name and note, and the chain said at quit. */
#ifndef PINSTRIPE_APP_LIVE_H
#define PINSTRIPE_APP_LIVE_H

#include <pthread.h>
#include <stdatomic.h>

#include "gpu/transform.h"
#include "look/adjust.h"

typedef struct LiveLook {
    pthread_mutex_t mu;
    atomic_int gen;              /* + 1 at each change */
    Transform t;                 /* under mu */
    char text[ADJUST_TEXT_MAX];  /* under mu: t's -t text */
    _Atomic double compare;      /* --compare split's F (0..1); < 0: off ('c') */
} LiveLook;

void live_look_init(LiveLook *l, const Transform *t, const char *text, double compare);
void live_look_destroy(LiveLook *l);
/* Display thread: frames from the next one on use t. */
void live_look_set(LiveLook *l, const Transform *t, const char *text);
/* Stage thread: when the generation is not *gen, copy the look into *t and its
 * generation into *gen and return 1; else 0. */
int live_look_take(LiveLook *l, int *gen, Transform *t);

#define LIVE_PRESETS_MAX 16

/* The looks 't' cycles through (app/presets.h fills them) and the live one. */
typedef struct Looks {
    Transform presets[LIVE_PRESETS_MAX];
    char spec[LIVE_PRESETS_MAX][ADJUST_TEXT_MAX]; /* their -t text ("" : too long to adjust) */
    int n;
    LiveLook live;
} Looks;

typedef struct LiveKeys {
    Looks *looks;
    int preset;                  /* the one the look comes from */
    Adjust adj;                  /* its adjustment (adj_ok: its text could be adjusted) */
    int adj_ok, adjusted;
    char text[ADJUST_TEXT_MAX];  /* the chain now */
    char name[160];              /* the overlay's: the preset's name, or the chain adjusted */
    char note[160];              /* the last key's result, shown for a while */
    double note_until_ms;
    double compare_at;           /* where 'c' puts the split: where it was last */
} LiveKeys;

void live_keys_init(LiveKeys *k, Looks *looks);
/* A key: 1 when it was one of the look's ('t', 1..8, '-', '=', 'c', '[', ']'), else 0. */
int live_keys_key(LiveKeys *k, int key, double now_ms);
/* Whether --compare split is on. */
int live_keys_comparing(const LiveKeys *k);
/* The split follows the mouse dragged dx frame pixels across a frame `width` wide. */
void live_keys_drag(LiveKeys *k, int dx, int width);
/* The note to show now ("" : none). */
const char *live_keys_note(const LiveKeys *k, double now_ms);
/* At quit: the chain, quoted for a shell, when keys changed it from -t's. */
void live_keys_finish(const LiveKeys *k, int quiet);

#endif
