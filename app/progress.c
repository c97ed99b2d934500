/* The progress line (see progress.h). */
#include "app/progress.h"

#include <math.h>
#include <unistd.h>

void progress_init(Progress *p, FILE *out, double every_ms, double duration_s,
                   long long max_frames, double rate, double now_ms)
{
    *p = (Progress){.out = out, .duration_s = duration_s, .max_frames = max_frames,
                    .rate = rate, .start_ms = now_ms, .last_ms = now_ms};
    if (!out)
        return;
    p->tty = isatty(fileno(out));
    p->every_ms = every_ms > 0 ? every_ms : p->tty ? 500 : 5000;
}

static void clock_text(char *buf, size_t len, double s)
{
    if (!(s >= 0) || s > 360000)
        s = 0;
    long cs = lround(s * 100);
    snprintf(buf, len, "%02ld:%02ld:%02ld.%02ld", cs / 360000, cs / 6000 % 60, cs / 100 % 60,
             cs % 100);
}

static void print_line(Progress *p, double now_ms, int last)
{
    double wall_s = (now_ms - p->start_ms) / 1000.0;
    double fps = wall_s > 0 ? p->frames / wall_s : 0;
    double speed = wall_s > 0 ? p->pos_s / wall_s : 0;
    /* where the run ends: the input's length, or --frames at the nominal rate */
    double end_s = p->duration_s;
    if (p->max_frames > 0 && p->rate > 0 && (end_s <= 0 || p->max_frames / p->rate < end_s))
        end_s = p->max_frames / p->rate;
    char pos[32], dur[32] = "", eta[48] = "";
    clock_text(pos, sizeof(pos), p->pos_s);
    if (end_s > 0) {
        char d[32];
        clock_text(d, sizeof(d), end_s);
        snprintf(dur, sizeof(dur), " / %s", d);
        if (!last && speed > 0) {
            double left = (end_s - p->pos_s) / speed;
            char e[32];
            clock_text(e, sizeof(e), left > 0 ? left : 0);
            snprintf(eta, sizeof(eta), " eta=%.8s", e);
        }
    }
    fprintf(p->out, "%sframe=%6lld fps=%6.1f time=%s%s speed=%.3gx%s%s", p->tty ? "\r" : "",
            p->frames, fps, pos, dur, speed, eta, p->tty ? "   " : "\n");
    fflush(p->out);
    p->printed = 1;
    p->last_ms = now_ms;
}

void progress_frame(Progress *p, long long frames, double pos_s, double now_ms)
{
    if (!p->out)
        return;
    p->frames = frames;
    if (pos_s > p->pos_s)
        p->pos_s = pos_s;
    if (now_ms - p->last_ms >= p->every_ms)
        print_line(p, now_ms, 0);
}

void progress_finish(Progress *p, double now_ms)
{
    if (!p->out)
        return;
    print_line(p, now_ms, 1);
    if (p->tty)
        fputc('\n', p->out);
    fflush(p->out);
}
