/* The pacing clock (see pacing.h). */
#include "app/pacing.h"

#include <math.h>

void pace_init(PaceClock *c, int tb_num, int tb_den)
{
    *c = (PaceClock){.tb_ms = 1000.0 * tb_num / (tb_den ? tb_den : 1), .max_jump_ms = 1000.0};
}

double pace_due(PaceClock *c, int64_t pts, int serial, double now_ms)
{
    if (c->anchored && serial == c->serial) {
        double due = c->wall0 + (double)(pts - c->pts0) * c->tb_ms;
        if (fabs(due - now_ms) <= c->max_jump_ms)
            return due;
    }
    c->anchored = 1;
    c->serial = serial;
    c->pts0 = pts;
    c->wall0 = now_ms;
    return now_ms;
}

void pace_anchor(PaceClock *c, int64_t pts, int serial, double wall_ms)
{
    c->anchored = 1;
    c->serial = serial;
    c->pts0 = pts;
    c->wall0 = wall_ms;
}

void pace_shift(PaceClock *c, double ms)
{
    c->wall0 += ms;
}

/* The frame interval the video needs, in ms (0: unknown): from the stream's
 * average rate, else from the frame's own duration (a container's nominal rate
 * may be its time base, e.g. NUT's 64000/1), else from that nominal rate. */
double pace_budget_ms(const DecoderInfo *di, const FrameBuf *f)
{
    if (di->avg_num > 0 && di->avg_den > 0)
        return 1000.0 * di->avg_den / di->avg_num;
    if (f->duration > 0)
        return 1000.0 * f->duration * di->tb_num / di->tb_den;
    if (di->rate_num > 0 && di->rate_den > 0)
        return 1000.0 * di->rate_den / di->rate_num;
    return 0;
}
