/* The progress of writing -o (see progress.h). */
#include "report/progress.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "report/msg.h"

/* The run's progress while it is written, for progress_last_words. */
static _Atomic(Progress *) running;

int progress_open(Progress *p, const Options *o, char *err, size_t errlen)
{
    memset(p, 0, sizeof(*p));
    p->json = o->progress_format && strcmp(o->progress_format, "json") == 0;
    int asked = p->json || (o->progress_to && strcmp(o->progress_to, "-") != 0);
    if (!o->output || (o->quiet && !asked))
        return 0;
    if (o->progress_to && strcmp(o->progress_to, "-") != 0) {
        if (!(p->out = fopen(o->progress_to, "w"))) {
            snprintf(err, errlen, "--progress: cannot write '%s': %s", o->progress_to, strerror(errno));
            return -1;
        }
        p->own = 1;
    } else {
        p->out = stderr;
    }
    p->fd = fileno(p->out);
    p->tty = !p->json && isatty(p->fd);
    p->every_ms = o->progress_ms > 0 ? (double)o->progress_ms : p->json || p->tty ? 500 : 5000;
    return 0;
}

void progress_start(Progress *p, double duration_s, long long max_frames, double rate,
                    long long nb_frames, double now_ms)
{
    p->duration_s = duration_s, p->max_frames = max_frames, p->rate = rate;
    p->total = nb_frames > 0 && max_frames > 0 && max_frames < nb_frames ? max_frames : nb_frames;
    p->start_ms = p->last_ms = now_ms;
    if (p->out && p->json)
        atomic_store(&running, p);
}

static void clock_text(char *buf, size_t len, double s)
{
    if (!(s >= 0) || s > 360000)
        s = 0;
    long cs = lround(s * 100);
    snprintf(buf, len, "%02ld:%02ld:%02ld.%02ld", cs / 360000, cs / 6000 % 60, cs / 100 % 60,
             cs % 100);
}

/* done: the json "done" line with the exit code */
static void print_line(Progress *p, double now_ms, int last, int done, int status)
{
    double wall_s = (now_ms - p->start_ms) / 1000.0;
    double fps = wall_s > 0 ? p->frames / wall_s : 0;
    double speed = wall_s > 0 ? p->pos_s / wall_s : 0;
    /* where the run ends: the input's length, or --frames at the nominal rate */
    double end_s = p->duration_s;
    if (p->max_frames > 0 && p->rate > 0 && (end_s <= 0 || p->max_frames / p->rate < end_s))
        end_s = p->max_frames / p->rate;
    double left = end_s > 0 && speed > 0 && !last ? (end_s - p->pos_s) / speed : last ? 0 : -1;
    if (p->json) {
        char total[32] = "null", eta[32] = "null";
        if (p->total > 0)
            snprintf(total, sizeof(total), "%lld", p->total);
        if (left >= 0)
            snprintf(eta, sizeof(eta), "%.3f", left > 0 ? left : 0);
        fprintf(p->out, "{\"frame\":%lld,\"total_frames\":%s,\"out_time\":%.6f,\"fps\":%.3f,"
                        "\"speed\":%.4f,\"bytes\":%lld,\"eta\":%s%s",
                p->frames, total, p->pos_s, fps, speed, p->bytes, eta, done ? ",\"done\":true" : "");
        if (done)
            fprintf(p->out, ",\"status\":%d", status);
        fputs("}\n", p->out);
    } else {
        char pos[32], dur[32] = "", eta[48] = "";
        clock_text(pos, sizeof(pos), p->pos_s);
        if (end_s > 0) {
            char d[32];
            clock_text(d, sizeof(d), end_s);
            snprintf(dur, sizeof(dur), " / %s", d);
            if (!last && left >= 0) {
                char e[32];
                clock_text(e, sizeof(e), left > 0 ? left : 0);
                snprintf(eta, sizeof(eta), " eta=%.8s", e);
            }
        }
        fprintf(p->out, "%sframe=%6lld fps=%6.1f time=%s%s speed=%.3gx%s%s", p->tty ? "\r" : "",
                p->frames, fps, pos, dur, speed, eta, p->tty ? "   " : "\n");
    }
    fflush(p->out);
    p->printed = 1;
    p->last_ms = now_ms;
    atomic_store(&p->said[0], p->frames), atomic_store(&p->said[1], p->bytes);
    atomic_store(&p->said[2], llround(p->pos_s * 1e6));
}

void progress_frame(Progress *p, const Writer *w, double pos_s, double now_ms)
{
    if (!p->out)
        return;
    if (pos_s > p->pos_s)
        p->pos_s = pos_s;
    if (now_ms - p->last_ms >= p->every_ms) {
        p->frames = writer_frames(w), p->bytes = writer_bytes(w);
        print_line(p, now_ms, 0, 0, 0);
    }
}

void progress_finish(Progress *p, double now_ms)
{
    if (!p->out || p->json) /* (json's last line is the done line) */
        return;
    print_line(p, now_ms, 1, 0, 0);
    if (p->tty)
        fputc('\n', p->out);
    fflush(p->out);
}

void progress_done(Progress *p, int status, double now_ms)
{
    if (!p->out)
        return;
    if (p->json)
        print_line(p, p->start_ms > 0 ? now_ms : 0, 1, 1, status);
    atomic_store(&p->closed, 1);
    atomic_store(&running, NULL);
    int bad = ferror(p->out) || fflush(p->out) != 0;
    if (p->own && fclose(p->out) != 0)
        bad = 1;
    if (bad && p->own)
        msg_say(0, "--progress: the progress could not all be written (%s)", strerror(errno));
    p->out = NULL;
}

void progress_last_words(int status)
{
    Progress *p = atomic_load(&running);
    if (!p || atomic_load(&p->closed))
        return;
    char line[320], total[32] = "null";
    if (p->total > 0)
        snprintf(total, sizeof(total), "%lld", p->total);
    int n = snprintf(line, sizeof(line),
                     "{\"frame\":%lld,\"total_frames\":%s,\"out_time\":%.6f,\"fps\":null,"
                     "\"speed\":null,\"bytes\":%lld,\"eta\":null,\"done\":true,\"status\":%d}\n",
                     atomic_load(&p->said[0]), total, atomic_load(&p->said[2]) / 1e6,
                     atomic_load(&p->said[1]), status);
    if (n > 0 && write(p->fd, line, (size_t)n) < 0) {
        /* nothing more to do: exiting anyway */
    }
}
