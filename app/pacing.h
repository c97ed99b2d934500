/* The pacing clock: when to show a frame of a file, from its presentation
 * timestamp. The first frame (and the first after a seek, or after a jump in
 * the timestamps) anchors the clock; later frames are due at anchor +
 * (pts − pts₀)·time base. Variable frame rates need nothing special. */
#ifndef PINSTRIPE_APP_PACING_H
#define PINSTRIPE_APP_PACING_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "decode/decoder.h"

typedef struct PaceClock {
    double tb_ms;        /* one pts tick in milliseconds */
    double max_jump_ms;  /* a frame due further than this from now re-anchors */
    int anchored;
    int serial;
    int64_t pts0;
    double wall0;
} PaceClock;

void pace_init(PaceClock *c, int tb_num, int tb_den);
/* Wall-clock time (ms, clock_now_ms) at which the frame is due. A new serial,
 * or a due time more than max_jump_ms away from now, re-anchors at now. */
double pace_due(PaceClock *c, int64_t pts, int serial, double now_ms);
/* Anchor the clock so that this frame is due at wall_ms (the audio clock said
 * so): frames after it are paced from there if the sound stops. */
void pace_anchor(PaceClock *c, int64_t pts, int serial, double wall_ms);
/* Shift the clock by ms (after a pause of that length). */
void pace_shift(PaceClock *c, double ms);

/* The display's clock as the stage thread reads it (a file played in a
 * window): when the frame last shown was due, so that a frame that would be
 * shown late is dropped before it is made, as ffplay drops before its
 * filters; and the frames dropped so. One lock: a frame's worth of use. */
typedef struct PlayClock {
    pthread_mutex_t lock;
    int valid, serial;
    int64_t pts0;
    double wall0, tb_ms;
    atomic_llong drops;
} PlayClock;

void play_clock_init(PlayClock *c, int tb_num, int tb_den);
void play_clock_destroy(PlayClock *c);
/* Frame (pts, serial) was due at wall_ms (clock_now_ms), and shown then or at once */
void play_clock_set(PlayClock *c, int64_t pts, int serial, double wall_ms);
/* Paused, or seeking: nothing is late until the next frame is shown */
void play_clock_stop(PlayClock *c);
/* When frame (pts, serial) is due (ms, clock_now_ms); NAN when unknown (none
 * shown since a pause or a seek, another serial) */
double play_clock_due(PlayClock *c, int64_t pts, int serial);
/* Frames dropped before the stage (c may be NULL: 0) */
long long play_clock_drops(PlayClock *c);

/* The frame interval the video needs, in ms (0: unknown): from the stream's
 * average rate, else from the frame's own duration (a container's nominal rate
 * may be its time base, e.g. NUT's 64000/1), else from that nominal rate. */
double pace_budget_ms(const DecoderInfo *di, const FrameBuf *f);

#endif
