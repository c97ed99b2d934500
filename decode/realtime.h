/* --realtime (and --live files): decoded frames held until their time comes,
 * as a camera would deliver them. io/ only (FFmpeg's timestamps). */
#ifndef PINSTRIPE_DECODE_REALTIME_H
#define PINSTRIPE_DECODE_REALTIME_H

#include <stdatomic.h>
#include <stdint.h>

typedef struct RealtimeClock {
    int started;
    int64_t pts0; /* the first frame's pts (or the first after a jump back) */
    double wall0; /* when it was released */
} RealtimeClock;

/* Waits until pts (in units of tb_ms milliseconds) is due; AV_NOPTS_VALUE goes
 * at once. 0, or -1 when *stop was set while waiting. */
int realtime_wait(RealtimeClock *c, int64_t pts, double tb_ms, atomic_int *stop);

#endif
