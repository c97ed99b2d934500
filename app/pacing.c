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

void play_clock_init(PlayClock *c, int tb_num, int tb_den)
{
    pthread_mutex_init(&c->lock, NULL);
    c->valid = 0, c->serial = 0, c->pts0 = 0, c->wall0 = 0;
    c->tb_ms = 1000.0 * tb_num / (tb_den ? tb_den : 1);
    atomic_init(&c->drops, 0);
}

void play_clock_destroy(PlayClock *c)
{
    pthread_mutex_destroy(&c->lock);
}

void play_clock_set(PlayClock *c, int64_t pts, int serial, double wall_ms)
{
    pthread_mutex_lock(&c->lock);
    c->valid = 1, c->serial = serial, c->pts0 = pts, c->wall0 = wall_ms;
    pthread_mutex_unlock(&c->lock);
}

void play_clock_stop(PlayClock *c)
{
    pthread_mutex_lock(&c->lock);
    c->valid = 0;
    pthread_mutex_unlock(&c->lock);
}

double play_clock_due(PlayClock *c, int64_t pts, int serial)
{
    pthread_mutex_lock(&c->lock);
    int known = c->valid && c->serial == serial;
    double due = known ? c->wall0 + (double)(pts - c->pts0) * c->tb_ms : NAN;
    pthread_mutex_unlock(&c->lock);
    return due;
}

long long play_clock_drops(PlayClock *c)
{
    return c ? atomic_load(&c->drops) : 0;
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
