/* The player (see player.h): opens everything in the order that lets each
 * failure get its own exit code, runs the decode and stage threads, drives
 * the display loop on the main thread, and shuts down in reverse order so no
 * buffer is freed while a copy on it may be in flight. */
#include "app/player.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "app/pacing.h"
#include "app/stats.h"
#include "app/trace.h"
#include "display/display.h"
#include "display/overlay.h"
#include "gpu/clock.h"
#include "gpu/stage.h"
#include "gpu/transform.h"
#include "io/avlog.h"
#include "io/decoder.h"
#include "io/ring.h"
#include "io/writer.h"

/* Ring sizes: the stage holds up to its depth of slots in each ring, the display
 * one output slot; two more keep each side from waiting on the other. */
#define IN_SLOTS_MIN 8
#define MAX_DEPTH 16

typedef struct Player {
    const Options *o;
    Transform transform;     /* -t */
    Transform presets[16];   /* 't' cycles: -t first, then the named transforms */
    int npresets;
    Decoder *dec;
    Stage *stage;
    Writer *writer;
    Trace *trace;
    FrameRing *in, *out;
    const DisplayDriver *display;
    int display_open;
    int overlay_on;
    const char *backend_name;
    int live;        /* --webcam or --live */
    const char *url; /* what is played */

    pthread_t stage_thread, sig_thread;
    int stage_started, sig_started;
    int stage_rc;
    char stage_err[512];
    atomic_int sig_done, interrupted;

    /* the display loop's state (main thread) */
    Stats *stats;
    long long shown;
    double start_ms, sec_mark_ms, fps_last, display_ms;
    long long sec_mark_frames;
    int paused, step, fullscreen;
    long long drops;         /* frames dropped (live inputs; files never drop) */
    long long display_drops; /* of which the display skipped for a newer one */
    int serial;           /* frames of other serials are from before a seek */
    int64_t last_pts;     /* of the last frame shown */
    int last_shown_valid;
    atomic_int preset;    /* transform preset the stage should use ('t' cycles) */
} Player;

static void say(const Player *p, const char *fmt, ...)
{
    if (p->o->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("pinstripe: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pinstripe: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Stop every thread: the decoder at its next frame, waits on both rings now. */
static void stop_all(Player *p)
{
    if (p->dec)
        decoder_stop(p->dec);
    if (p->in)
        ring_abort(p->in);
    if (p->out)
        ring_abort(p->out);
}

static void *signal_main(void *arg)
{
    Player *p = arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    const struct timespec tick = {0, 50 * 1000000L};
    while (!atomic_load(&p->sig_done)) {
        int s = sigtimedwait(&set, NULL, &tick);
        if (s == SIGINT || s == SIGTERM) {
            atomic_store(&p->interrupted, s);
            stop_all(p);
        }
    }
    return NULL;
}

/* The stage thread: input ring → stage (up to its depth in flight) → output ring. */
static void *stage_main(void *arg)
{
    Player *p = arg;
    FrameBuf *ins[MAX_DEPTH], *outs[MAX_DEPTH];
    int depth = stage_depth(p->stage), head = 0, n = 0, eof = 0;
    int applied = atomic_load(&p->preset);
    if (depth > MAX_DEPTH)
        depth = MAX_DEPTH;
    for (;;) {
        /* Complete the oldest frame when the stage is full, at the end, or when no input
         * is waiting: a finished frame is never held back for the next decoded one. */
        if (n > 0 && (n == depth || eof || ring_readable(p->in) == 0)) {
            FrameBuf *i = ins[head], *o = outs[head];
            o->t = i->t;
            if (stage_wait(p->stage, &o->t) < 0) {
                snprintf(p->stage_err, sizeof(p->stage_err), "%s", stage_error(p->stage));
                break;
            }
            o->pts = i->pts, o->index = i->index, o->serial = i->serial;
            o->capture_ms = i->capture_ms;
            ring_read_end(p->in);
            ring_write_end(p->out);
            head = (head + 1) % depth;
            n--;
            continue;
        }
        if (eof) {
            ring_write_eof(p->out);
            return NULL;
        }
        FrameBuf *i, *o;
        int rc = ring_read_begin(p->in, &i);
        if (rc == RING_EOF) {
            eof = 1;
            continue;
        }
        if (rc != 0 || ring_write_begin(p->out, &o) != 0)
            return NULL; /* aborted; stage_destroy waits for frames in flight */
        int preset = atomic_load(&p->preset);
        if (preset != applied) { /* 't' was pressed: the next frame uses the new transform */
            stage_set_transform(p->stage, &p->presets[preset]);
            applied = preset;
        }
        if (stage_submit(p->stage, i, o) < 0) {
            snprintf(p->stage_err, sizeof(p->stage_err), "%s", stage_error(p->stage));
            break;
        }
        int slot = (head + n) % depth;
        ins[slot] = i, outs[slot] = o;
        n++;
    }
    p->stage_rc = -1;
    stop_all(p);
    return NULL;
}

static void overlay_lines(Player *p, const FrameBuf *f)
{
    const DecoderInfo *di = decoder_info(p->dec);
    double now = clock_now_ms();
    double avg = p->shown > 0 ? p->shown * 1000.0 / (now - p->start_ms) : 0;
    const Transform *t = &p->presets[atomic_load(&p->preset)];
    double pos = (double)f->pts * di->tb_num / di->tb_den;
    char l[5][160];
    snprintf(l[0], sizeof(l[0]), "%s  %lld stripes  %s  -t %s", stage_backend_name(p->stage),
             p->o->stripes, host_mem_name(stage_host_memory(p->stage)), t->name);
    snprintf(l[1], sizeof(l[1]), "%dx%d %s (%s)  %.1f fps, avg %.1f", f->fmt.width,
             f->fmt.height, di->src_pix_fmt, pix_layout_name(di->fmt.layout), p->fps_last, avg);
    if (f->t.kernel_ms > 0)
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  up %.2f  kernel %.2f  down %.2f  show %.2f",
                 f->t.decode_ms, f->t.upload_ms, f->t.kernel_ms, f->t.download_ms,
                 p->display_ms);
    else
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  stripes %.2f  stage %.2f  show %.2f",
                 f->t.decode_ms, f->t.work_ms, f->t.stage_ms, p->display_ms);
    snprintf(l[3], sizeof(l[3]), "rings: in %d/%d  out %d/%d  dropped %lld",
             ring_fill(p->in), ring_size(p->in), ring_fill(p->out), ring_size(p->out), p->drops);
    if (p->live)
        snprintf(l[4], sizeof(l[4]), "frame %lld  latency %.1f ms (median %.1f, p99 %.1f)",
                 (long long)f->index, clock_now_ms() - f->capture_ms,
                 stats_quantile(p->stats, STAT_LATENCY, 0.5), stats_quantile(p->stats, STAT_LATENCY, 0.99));
    else
        snprintf(l[4], sizeof(l[4]), "frame %lld  %.2f s%s", (long long)f->index, pos,
                 p->paused ? "  paused" : "");
    const char *lines[5] = {l[0], l[1], l[2], l[3], l[4]};
    overlay_draw((FrameBuf *)f, lines, 5);
}

/* Key codes of the arrow keys as highgui reports them (Qt, then GTK). */
static int arrow(int key)
{
    switch (key) {
    case 0x1000012: case 0xff51: return 'L';
    case 0x1000014: case 0xff53: return 'R';
    case 0x1000013: case 0xff52: return 'U';
    case 0x1000015: case 0xff54: return 'D';
    }
    return 0;
}

/* Seek by delta seconds from the last frame shown: the decoder flushes and
 * tags what follows with a new serial; frames of older serials are dropped. */
static void seek_by(Player *p, double delta)
{
    if (!p->last_shown_valid)
        return;
    const DecoderInfo *di = decoder_info(p->dec);
    double now_s = (double)p->last_pts * di->tb_num / di->tb_den;
    double target = now_s + delta;
    if (target < 0)
        target = 0;
    if (decoder_seek(p->dec, target, p->serial + 1) == 0)
        p->serial++;
    else if (p->o->verbose)
        say(p, "'%s' is not seekable", p->url);
}

/* Act on a key. 1: quit asked for. */
static int handle_key(Player *p, int key)
{
    if (key == DISPLAY_KEY_NONE)
        return 0;
    if (key == DISPLAY_KEY_CLOSED || key == 'q' || key == 'Q' || key == DISPLAY_KEY_ESC)
        return 1;
    switch (arrow(key)) {
    case 'L': seek_by(p, -10); return 0;
    case 'R': seek_by(p, 10); return 0;
    case 'U': seek_by(p, 60); return 0;
    case 'D': seek_by(p, -60); return 0;
    }
    switch (key & 0xffff) {
    case 'o': case 'O': p->overlay_on = !p->overlay_on; break;
    case ' ': p->paused = !p->paused; break;
    case 's': case 'S': p->step = 1; break;
    case 'f': case 'F':
        p->fullscreen = !p->fullscreen;
        if (p->display->fullscreen)
            p->display->fullscreen(p->fullscreen);
        break;
    case 't': case 'T': {
        int next = (atomic_load(&p->preset) + 1) % p->npresets;
        atomic_store(&p->preset, next);
        break;
    }
    }
    return 0;
}

/* While paused: poll keys until resumed, a step, or quit. 1: quit. */
static int wait_paused(Player *p, PaceClock *pace)
{
    double t0 = clock_now_ms();
    while (p->paused && !p->step) {
        if (handle_key(p, p->display->poll_key(20)))
            return 1;
        if (ring_aborted(p->out))
            return 1;
    }
    pace_shift(pace, clock_now_ms() - t0); /* resume where we left off */
    return 0;
}

/* The display loop on the main thread. 0, 1 (quit by the user) or -1 (failure). */
static int display_loop(Player *p)
{
    const DecoderInfo *di = decoder_info(p->dec);
    int windowed = p->display != &display_null;
    int paced = windowed && !p->o->no_pacing && !p->live; /* live: as soon as it is ready */
    PaceClock pace;
    pace_init(&pace, di->tb_num, di->tb_den);
    char err[512];
    p->start_ms = p->sec_mark_ms = clock_now_ms();
    for (;;) {
        if (windowed && wait_paused(p, &pace))
            return 1;
        FrameBuf *f;
        if (ring_read_begin(p->out, &f) != 0)
            return 0; /* end of stream, or stopped */
        if (f->serial != p->serial) { /* from before a seek: never shown */
            ring_read_end(p->out);
            continue;
        }
        if (p->live && ring_readable(p->out) > 0) { /* a newer frame is ready: drop this one */
            ring_read_end(p->out);
            p->display_drops++;
            continue;
        }
        p->step = 0;
        if (paced) {
            double due = pace_due(&pace, f->pts, f->serial, clock_now_ms());
            for (double left; (left = due - clock_now_ms()) > 0.5;) {
                if (handle_key(p, p->display->poll_key((int)fmin(left, 20.0)))) {
                    ring_read_end(p->out);
                    return 1;
                }
            }
        }
        double show_t0 = clock_now_ms(); /* the wait for the frame's time is not display work */
        int burn = p->o->overlay && p->overlay_on; /* --overlay: into the file too */
        if (burn)
            overlay_lines(p, f);
        if (p->writer && writer_write(p->writer, f) < 0) {
            fail("%s", writer_error(p->writer));
            ring_read_end(p->out);
            return -1;
        }
        if (!burn && windowed && p->overlay_on)
            overlay_lines(p, f);
        if (windowed && p->display->show(f, err, sizeof(err)) < 0) {
            fail("display: %s", err);
            ring_read_end(p->out);
            return -1;
        }
        if (p->o->display_delay > 0) { /* --debug-display-delay: a slow display, for tests */
            long long ms = p->o->display_delay;
            nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
        }
        double show_t1 = clock_now_ms();
        p->display_ms = show_t1 - show_t0;
        trace_frame(p->trace, f, show_t0, show_t1);
        p->drops = ring_drops(p->in) + p->display_drops;
        stats_frame(p->stats, f, p->display_ms, show_t1, ring_fill(p->in), ring_fill(p->out),
                    p->drops);
        p->last_pts = f->pts, p->last_shown_valid = 1;
        ring_read_end(p->out);
        p->shown++;
        if (show_t1 - p->sec_mark_ms >= 1000.0) {
            p->fps_last = (p->shown - p->sec_mark_frames) * 1000.0 / (show_t1 - p->sec_mark_ms);
            p->sec_mark_ms = show_t1, p->sec_mark_frames = p->shown;
        }
        if (windowed && handle_key(p, p->display->poll_key(1)))
            return 1;
    }
}

static int parse_backend(const char *s, StageBackend *b)
{
    if (strcmp(s, "auto") == 0)
        *b = STAGE_AUTO;
    else if (strcmp(s, "cpu") == 0)
        *b = STAGE_CPU;
    else if (strcmp(s, "cuda") == 0)
        *b = STAGE_CUDA;
    else
        return -1;
    return 0;
}

static int have_display(void)
{
    const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
    return (x && *x) || (w && *w);
}

int player_run(const Options *o)
{
    Player pl = {.o = o, .overlay_on = !o->no_overlay};
    Player *p = &pl;
    char err[1024], note[512];
    int code = EXIT_OK, rc;
    StageBackend backend;

    avlog_set_verbosity(o->quiet ? -1 : o->verbose);
    if (transform_parse(o->transform, &p->transform, err, sizeof(err)) < 0) {
        fail("%s", err);
        return EXIT_USAGE;
    }
    /* 't' cycles: -t first, then the plain transforms, then the sample looks */
    p->presets[p->npresets++] = p->transform;
    for (int i = 0; i < transform_named_count() + 4 && p->npresets < 16; i++) {
        static const char *looks[] = {"teal-orange", "bleach-bypass", "warm-film", "s-curve"};
        char spec[1200];
        Transform t;
        const char *dir = getenv("PINSTRIPE_ASSETS") ? getenv("PINSTRIPE_ASSETS") : PINSTRIPE_ASSETS;
        if (i < transform_named_count())
            snprintf(spec, sizeof(spec), "%s", transform_named(i));
        else
            snprintf(spec, sizeof(spec), "%s=file=%s/luts/%s.cube", i == transform_named_count() + 3 ? "lut1d" : "lut3d",
                     dir, looks[i - transform_named_count()]);
        if (strcmp(spec, p->transform.name) != 0 && transform_parse(spec, &t, err, sizeof(err)) == 0) {
            const char *slash = strrchr(spec, '/');
            if (slash) /* show the look's file name, not its whole path */
                snprintf(t.name, sizeof(t.name), "%.5s %s", spec, slash + 1);
            p->presets[p->npresets++] = t;
        }
    }
    if (parse_backend(o->backend, &backend) < 0) {
        fail("--backend: '%s' is not auto, cuda or cpu", o->backend);
        return EXIT_USAGE;
    }
    if (o->no_display && !o->output && o->frames <= 0) {
        fail("--no-display needs -o FILE or --frames N: otherwise nothing would come of the run");
        return EXIT_USAGE;
    }
    p->display = o->no_display ? &display_null : &display_highgui;
    if (!o->no_display && !have_display()) {
        if (!o->output) {
            fail("no display (DISPLAY is not set) and no -o FILE: nothing to show or write to");
            return EXIT_USAGE;
        }
        say(p, "no display (DISPLAY is not set): writing '%s' without a window", o->output);
        p->display = &display_null;
    }

    /* Signals go to one watcher thread; every thread started from here on inherits the mask. */
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    if (pthread_create(&p->sig_thread, NULL, signal_main, p) == 0)
        p->sig_started = 1;

    int dcode;
    p->live = o->live || o->webcam;
    p->url = o->webcam ? o->webcam : o->input;
    DecoderOptions dopt = {
        .format = o->format ? o->format : o->webcam ? "v4l2" : NULL,
        .live = p->live,
        .realtime = o->live && !o->webcam, /* a camera paces itself; anything else is read at its rate */
        .video_size = o->video_size,
        .framerate = o->framerate,
        .input_format = o->input_format,
    };
    if (!(p->dec = decoder_open(p->url, &dopt, err, sizeof(err), &dcode))) {
        fail("%s", err);
        code = dcode == DECODER_ERR_USAGE ? EXIT_USAGE : EXIT_INPUT;
        goto end;
    }
    const DecoderInfo *di = decoder_info(p->dec);
    if (o->stripes > di->fmt.height) {
        fail("--stripes %lld: more stripes than the video's %d rows", o->stripes,
             di->fmt.height);
        code = EXIT_USAGE;
        goto end;
    }
    if (o->verbose)
        say(p, "'%s': %s %dx%d %s → %s, time base %d/%d, %d/%d fps", p->url, di->codec,
            di->fmt.width, di->fmt.height, di->src_pix_fmt, pix_layout_name(di->fmt.layout),
            di->tb_num, di->tb_den, di->rate_num, di->rate_den);

    /* Input slots are laid out in bands, one per stripe, so that each stripe uploads
     * as one copy (frame.h). */
    FrameFormat in_fmt = di->fmt;
    in_fmt.bands = (int)o->stripes;
    StageConfig sc = {.in = in_fmt, .stripes = (int)o->stripes, .transform = p->transform,
                      .backend = backend, .pageable = o->pageable};
    int scode;
    if (!(p->stage = stage_create(&sc, note, sizeof(note), err, sizeof(err), &scode))) {
        fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    p->backend_name = stage_backend_name(p->stage);

    if (o->output) {
        WriterConfig wc = {.path = o->output, .codec = o->codec, .width = di->fmt.width,
                           .height = di->fmt.height, .tb_num = di->tb_num, .tb_den = di->tb_den,
                           .rate_num = di->rate_num, .rate_den = di->rate_den};
        int wcode;
        if (!(p->writer = writer_open(&wc, err, sizeof(err), &wcode))) {
            fail("%s", err);
            code = wcode == WRITER_ERR_USAGE ? EXIT_USAGE : EXIT_RUNTIME;
            goto end;
        }
    }

    if (!(p->stats = stats_create(o->stats, err, sizeof(err)))) {
        fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    if (o->trace && !(p->trace = trace_open(o->trace, p->backend_name, clock_now_ms(), err,
                                            sizeof(err)))) {
        fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }

    HostMemKind mem = stage_host_memory(p->stage);
    FrameFormat bgr = {PIX_BGR24, di->fmt.width, di->fmt.height, 1};
    int depth = stage_depth(p->stage);
    /* live: short rings, so what waits in them is little and recent */
    int in_slots = p->live ? depth + 2 : depth + 4 > IN_SLOTS_MIN ? depth + 4 : IN_SLOTS_MIN;
    if (!(p->in = ring_create(in_slots, &in_fmt, mem, err, sizeof(err))) ||
        !(p->out = ring_create(depth + 2, &bgr, mem, err, sizeof(err)))) {
        fail("frame rings: %s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    ring_set_drop_oldest(p->in, p->live); /* live capture never waits for the pipeline */

    if (p->display->open("pinstripe", di->fmt.width, di->fmt.height, err, sizeof(err)) < 0) {
        fail("display: %s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    p->display_open = 1;
    if (note[0]) /* said only once everything has opened, so a failure's line comes first */
        say(p, "%s", note);

    if (decoder_start(p->dec, p->in, o->frames) < 0) {
        fail("%s", decoder_error(p->dec));
        code = EXIT_RUNTIME;
        goto end;
    }
    if (pthread_create(&p->stage_thread, NULL, stage_main, p) != 0) {
        fail("cannot start the stage thread");
        code = EXIT_RUNTIME;
        goto end;
    }
    p->stage_started = 1;

    rc = display_loop(p);
    if (rc != 0)
        stop_all(p); /* quit by the user, or a display/output failure */
    if (rc < 0)
        code = EXIT_RUNTIME;

end:
    if (code != EXIT_OK)
        stop_all(p);
    if (p->stage_started) {
        pthread_join(p->stage_thread, NULL);
        if (p->stage_rc < 0) {
            fail("%s", p->stage_err);
            code = EXIT_RUNTIME;
        }
    }
    if (p->dec && decoder_join(p->dec) < 0) {
        fail("%s", decoder_error(p->dec));
        code = EXIT_RUNTIME;
    }
    stage_destroy(&p->stage); /* waits for frames in flight before any buffer goes */
    if (p->writer) {
        long long written = writer_frames(p->writer);
        if (writer_close(&p->writer, err, sizeof(err)) < 0) {
            fail("%s", err);
            code = EXIT_RUNTIME;
        } else if (o->verbose) {
            say(p, "wrote %lld frames to '%s'", written, o->output);
        }
    }
    if (trace_close(&p->trace, err, sizeof(err)) < 0) {
        fail("%s", err);
        code = EXIT_RUNTIME;
    }
    if (p->display_open)
        p->display->close();
    if (p->sig_started) {
        atomic_store(&p->sig_done, 1);
        pthread_join(p->sig_thread, NULL);
    }
    if (p->in && p->stats)
        stats_set_drops(p->stats, ring_drops(p->in) + p->display_drops);
    if (p->stats && p->start_ms > 0 &&
        stats_finish(p->stats, o->quiet ? NULL : stderr, clock_now_ms() - p->start_ms,
                     p->backend_name, err, sizeof(err)) < 0) {
        fail("%s", err);
        code = EXIT_RUNTIME;
    }
    stats_destroy(&p->stats);
    int sig = atomic_load(&p->interrupted);
    if (sig && code == EXIT_OK)
        code = 128 + sig;
    ring_destroy(&p->in);
    ring_destroy(&p->out);
    decoder_close(&p->dec);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return code;
}
