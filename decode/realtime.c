/* Real-time release of decoded frames (see realtime.h). */
#include "decode/realtime.h"

#include <time.h>

#include <libavutil/avutil.h>

#include "stage/clock.h"

int realtime_wait(RealtimeClock *c, int64_t pts, double tb_ms, atomic_int *stop)
{
    if (pts == AV_NOPTS_VALUE)
        return 0;
    double now = clock_now_ms();
    if (!c->started || pts < c->pts0) {
        c->started = 1, c->pts0 = pts, c->wall0 = now;
        return 0;
    }
    double due = c->wall0 + (double)(pts - c->pts0) * tb_ms;
    while ((now = clock_now_ms()) < due) {
        if (atomic_load(stop))
            return -1;
        double left = due - now > 10 ? 10 : due - now;
        struct timespec ts = {0, (long)(left * 1e6)};
        nanosleep(&ts, NULL);
    }
    return 0;
}
