/* The monotonic clock every timing in pinstripe is read from, in milliseconds. */
#ifndef PINSTRIPE_STAGE_CLOCK_H
#define PINSTRIPE_STAGE_CLOCK_H

#include <time.h>

static inline double clock_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

#endif
