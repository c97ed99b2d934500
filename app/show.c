/* The display loop (see show.h): its state lives in a Show for the length of
 * the run; what it works with comes in the ShowLinks. */
#include "app/show.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/hdrmeta.h"
#include "report/dump.h"
#include "report/msg.h"
#include "report/scope_log.h"
#include "app/view.h"
#include "app/window.h"
#include "display/graph.h"
#include "display/overlay.h"
#include "display/scopes.h"
#include "stage/clock.h"
#include "stage/dither.h"
#include "cpu/simd.h"

typedef struct Show {
    const ShowLinks *l;
    const Options *o;
    const DecoderInfo *di;
    ShowResult *r;
    int overlay_mode;        /* OVERLAY_OFF, _TEXT, _GRAPH (key o cycles) */
    int muted, volume;
    double av_ms;            /* A−V of the last frame shown (NAN: none) */
    int sync_wait;           /* the next frame waits for the sound to start (start, seek) */
    long long shown, sec_mark_frames;
    double sec_mark_ms, fps_last, display_ms;
    int key; /* what show_frame's poll after the frame got */
    FrameTimings timed;      /* the stripe timings of the last frame that had them */
    int paused, step, fullscreen;
    long long drops;         /* frames dropped: live inputs', and late ones (a file in a window) */
    int serial;              /* frames of other serials are from before a seek */
    int64_t last_pts;        /* of the last frame shown */
    int last_shown_valid;
    GraphHistory graph;      /* the frame-time graph: the last frames shown */
    GraphLayout graph_layout;
    long long graph_drops;   /* drops counted when the last column was added */
    double view, view_mark_ms; /* frame pixels per pixel as seen (1: no window); when asked */
    ViewBgr bgr;             /* a deep frame (rgb48, for a deep -o) as the window's BGR */
    ViewPoll vp;             /* the window's view, for the stage (issue 26) */
    LiveKeys live;           /* the look: 't' and the adjustment keys */
    FILE *scope_log;         /* --debug-scope */
} Show;

/* The loop ends on a failure: its line, for the player to say. */
static int failed(Show *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int failed(Show *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->r->message, sizeof(p->r->message), fmt, ap);
    va_end(ap);
    return SHOW_FAILED;
}

/* A column of the graph for the frame just shown. The stage's bar is its time
 * from submission to completion; a CUDA frame with timed events (one in
 * time_every) has it split among upload, kernel and download in the
 * proportion of their event times (summed over the stripes, which overlap). */
static void graph_add(Show *p, const FrameBuf *f, double shown_ms)
{
    const FrameTimings *t = &f->t;
    GraphSample s = {.latency_ms = p->l->live ? (float)(shown_ms - f->capture_ms) : -1};
    s.ms[GRAPH_DECODE] = (float)t->decode_ms;
    double parts = t->upload_ms + t->kernel_ms + t->download_ms;
    if (t->timed && t->kernel_ms > 0 && parts > 0) {
        s.ms[GRAPH_UPLOAD] = (float)(t->stage_ms * t->upload_ms / parts);
        s.ms[GRAPH_KERNEL] = (float)(t->stage_ms * t->kernel_ms / parts);
        s.ms[GRAPH_DOWNLOAD] = (float)(t->stage_ms * t->download_ms / parts);
    } else {
        s.ms[GRAPH_STAGE] = (float)t->stage_ms;
    }
    s.ms[GRAPH_DISPLAY] = (float)p->display_ms;
    s.dropped = p->drops > p->graph_drops;
    p->graph_drops = p->drops;
    graph_push(&p->graph, &s);
}

/* How many frame pixels make one pixel in the window now (asked of the
 * window at most every 200 ms: the user may resize it). */
static void update_view(Show *p, const FrameBuf *f, double now)
{
    if (now - p->view_mark_ms < 200 || !p->l->display->view_size)
        return;
    p->view_mark_ms = now;
    int vw, vh;
    if (p->l->display->view_size(&vw, &vh) == 0 && vw > 0 && vh > 0)
        p->view = fmax((double)f->fmt.width / vw, (double)f->fmt.height / vh);
}

/* view: frame pixels per pixel as seen (1 for a file) */
static void overlay_lines(Show *p, const FrameBuf *f, double view)
{
    const ShowLinks *k = p->l;
    const DecoderInfo *di = p->di;
    double now = clock_now_ms();
    double avg = p->shown > 0 ? p->shown * 1000.0 / (now - p->r->start_ms) : 0;
    double pos = (double)f->pts * di->tb_num / di->tb_den;
    char l[5][200], thr[48] = "", hdr[96] = "";
    ToneSettings ts = *k->tone;
    ts.curve = (ToneCurve)atomic_load(k->tone_curve);
    HdrSource src = {f->transfer, f->primaries, f->hdr_peak};
    tone_describe(&ts, &src, hdr + 2, sizeof(hdr) - 2);
    if (hdr[2])
        hdr[0] = ',', hdr[1] = ' ';
    if (k->stage_threads > 0)
        snprintf(thr, sizeof(thr), " %d thread%s %s", k->stage_threads,
                 k->stage_threads == 1 ? "" : "s", simd_name(simd_level()));
    snprintf(l[0], sizeof(l[0]), "%s%s%s  %lld stripes  %s  -t %s", k->backend_name,
             thr, decoder_hwdec_active(k->dec) ? " hwdec" : "", p->o->stripes,
             host_mem_name(ring_memory(k->in)), p->live.name);
    snprintf(l[1], sizeof(l[1]), "%dx%d %s (%s) %d-bit, dither %s%s  %.1f fps, avg %.1f",
             f->fmt.width, f->fmt.height, decoder_source_format(k->dec),
             pix_layout_name(ring_format(k->in).layout), di->depth, p->o->dither, hdr,
             p->fps_last, avg);
    if (f->t.timed)
        p->timed = f->t;
    const FrameTimings *st = &p->timed; /* this frame's, or the last timed frame's */
    char every[24] = "";
    if (k->time_every > 1)
        snprintf(every, sizeof(every), " (1 in %d)", k->time_every);
    if (st->kernel_ms > 0)
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  up %.2f  kernel %.2f  down %.2f%s  show %.2f",
                 f->t.decode_ms, st->upload_ms, st->kernel_ms, st->download_ms, every,
                 p->display_ms);
    else
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  slowest band %.2f  stage %.2f  show %.2f",
                 f->t.decode_ms, st->work_ms, f->t.stage_ms, p->display_ms);
    long long errs = decoder_errors(k->dec);
    char errtxt[40] = "";
    if (errs > 0)
        snprintf(errtxt, sizeof(errtxt), "  decode errors %lld", errs);
    snprintf(l[3], sizeof(l[3]), "rings: in %d/%d  out %d/%d  dropped %lld%s",
             ring_fill(k->in), ring_size(k->in), ring_fill(k->out), ring_size(k->out), p->drops,
             errtxt);
    if (k->live)
        snprintf(l[4], sizeof(l[4]), "frame %lld  latency %.1f ms (median %.1f, p99 %.1f)",
                 (long long)f->index, clock_now_ms() - f->capture_ms,
                 stats_quantile(k->stats, STAT_LATENCY, 0.5), stats_quantile(k->stats, STAT_LATENCY, 0.99));
    else {
        char snd[80] = "";
        if (k->aout) { /* the sound: A−V of the last frame shown, the volume */
            int n = isnan(p->av_ms) ? 0 : snprintf(snd, sizeof(snd), "  A-V %+.1f ms", p->av_ms);
            if (p->muted)
                snprintf(snd + n, sizeof(snd) - n, "  muted");
            else
                snprintf(snd + n, sizeof(snd) - n, "  vol %d", p->volume);
        }
        snprintf(l[4], sizeof(l[4]), "frame %lld  %.2f s%s%s", (long long)f->index, pos, snd,
                 p->paused ? "  paused" : "");
    }
    const char *lines[6] = {l[0], l[1], l[2], l[3], l[4], live_keys_note(&p->live, now)};
    OverlayGraph g = {.hist = &p->graph,
                      .budget_ms = pace_budget_ms(di, f),
                      .steps = 1u << GRAPH_DECODE | 1u << GRAPH_STAGE | 1u << GRAPH_DISPLAY,
                      .latency = k->live,
                      .layout = &p->graph_layout};
    if (k->stage_threads == 0) /* CUDA */
        g.steps |= 1u << GRAPH_UPLOAD | 1u << GRAPH_KERNEL | 1u << GRAPH_DOWNLOAD;
    overlay_draw((FrameBuf *)f, lines, lines[5][0] ? 6 : 5, view,
                 p->overlay_mode == OVERLAY_GRAPH ? &g : NULL);
}

/* The audio clock (stream seconds) for frames of the current serial; NAN when
 * there is no sound, none yet after a seek, or it has run dry. */
static double audio_clock(Show *p, double now_ms)
{
    if (!p->l->aout)
        return NAN;
    int serial;
    double t = audio_out_clock(p->l->aout, now_ms, &serial);
    return serial == p->serial ? t : NAN;
}

/* Seek by delta seconds from the last frame shown: the decoder flushes and
 * tags what follows with a new serial; frames of older serials are dropped. */
static void seek_by(Show *p, double delta)
{
    if (!p->last_shown_valid)
        return;
    double now_s = (double)p->last_pts * p->di->tb_num / p->di->tb_den - /* from the start */
                   (p->di->start_us != INT64_MIN ? p->di->start_us / 1e6 : 0);
    double target = now_s + delta;
    if (target < 0)
        target = 0;
    if (p->l->seek(p->l->opaque, target, p->serial + 1) == 0) {
        p->serial++;
        p->sync_wait = 1; /* the picture waits for the sound to start again */
    } else if (p->o->verbose) {
        msg_say(p->o->quiet, "'%s' is not seekable", p->l->url);
    }
}

/* Act on a key. 1: quit asked for. */
static int handle_key(Show *p, int key)
{
    AudioOut *aout = p->l->aout;
    live_keys_poll(&p->live, clock_now_ms()); /* key b's bake: done? */
    if (key == DISPLAY_KEY_NONE)
        return 0;
    if (key == DISPLAY_KEY_CLOSED || key == 'q' || key == 'Q' || key == DISPLAY_KEY_ESC)
        return 1;
    if (p->l->view && view_key(p->l->view, key, view_arrow(key))) /* zoom, and its arrows */
        return 0;
    if (live_keys_key(&p->live, key & 0xffff, clock_now_ms())) { /* the look (overlay off: said) */
        const char *n = live_keys_fresh_note(&p->live);
        if (p->overlay_mode == OVERLAY_OFF && n)
            msg_say(p->o->quiet, "%s", n);
        return 0;
    }
    switch (view_arrow(key)) {
    case 'L': seek_by(p, -10); return 0;
    case 'R': seek_by(p, 10); return 0;
    case 'U': seek_by(p, 60); return 0;
    case 'D': seek_by(p, -60); return 0;
    }
    switch (key & 0xffff) {
    case 'o': case 'O': p->overlay_mode = (p->overlay_mode + 1) % 3; break; /* off, text, graph */
    case ' ': /* (the sound stops and resumes with the picture; nothing is late meanwhile) */
        if ((p->paused = !p->paused) && p->l->clock)
            play_clock_stop(p->l->clock);
        if (aout)
            audio_out_pause(aout, p->paused);
        break;
    case 'm': case 'M':
        p->muted = !p->muted;
        if (aout)
            audio_out_mute(aout, p->muted);
        break;
    case '9': case '0': /* volume down, up (ffplay's keys) */
        p->volume += (key & 0xffff) == '0' ? 10 : -10;
        p->volume = p->volume < 0 ? 0 : p->volume > 100 ? 100 : p->volume;
        if (aout)
            audio_out_set_volume(aout, p->volume);
        break;
    case 's': case 'S': p->step = 1; break;
    case 'z': case 'Z': /* no view link */
        msg_say(p->o->quiet, "z: zoom needs the stage to render the window (not with -o or --scale none)");
        break;
    case 'f': case 'F':
        p->fullscreen = !p->fullscreen;
        if (p->l->display->fullscreen)
            p->l->display->fullscreen(p->fullscreen);
        break;
    case 'h': case 'H': { /* the next curve; none only without a file (its tags are SDR's) */
        int next = (atomic_load(p->l->tone_curve) + 1) % TONE_NCURVES;
        if (next == TONE_NONE && p->l->writer && p->l->tone->curve != TONE_NONE)
            next = 0;
        else if (p->l->writer && p->l->tone->curve == TONE_NONE)
            next = TONE_NONE; /* a file written as HDR stays HDR */
        atomic_store(p->l->tone_curve, next);
        break;
    }
    }
    return 0;
}

/* While paused: poll keys until resumed, a step, or quit. 1: quit. */
static int wait_paused(Show *p, PaceClock *pace)
{
    double t0 = clock_now_ms();
    while (p->paused && !p->step) {
        if (handle_key(p, p->l->display->poll_key(20)))
            return 1;
        if (ring_aborted(p->l->out))
            return 1;
    }
    pace_shift(pace, clock_now_ms() - t0); /* resume where we left off */
    return 0;
}

/* -o, the overlay and the window for one frame, and what is measured of it.
 * SHOW_DONE, or SHOW_FAILED. */
static int show_frame(Show *p, FrameBuf *f, int windowed)
{
    const ShowLinks *k = p->l;
    const DecoderInfo *di = p->di;
    char err[512];
    double show_t0 = clock_now_ms(); /* the wait for the frame's time is not display work */
    /* --overlay: into the file too, sized for the video as the file shows it */
    int burn = p->o->overlay && p->overlay_mode != OVERLAY_OFF;
    const ScopeCounts *sc = &f->scope; /* --scope: the stage's counts of this frame */
    if (p->scope_log && scope_log_frame(p->scope_log, f) < 0)
        return failed(p, "--debug-scope %s: cannot write: %s", p->o->scope_log, strerror(errno));
    int sig = atomic_load(k->tone_curve) == TONE_NONE ? f->transfer : TRANSFER_SDR; /* (scopes) */
    if (burn)
        overlay_lines(p, f, 1), scopes_draw(f, sc, sc->which, 1, sig);
    if (k->writer && writer_write(k->writer, f) < 0) {
        p->r->write_failed = 1; /* said once; closing will not say it again */
        return failed(p, "%s", writer_error(k->writer));
    }
    double start_s = ((di->start_us != INT64_MIN ? di->start_us : 0) + di->range_us) / 1e6;
    double t_s = (double)f->pts * di->tb_num / di->tb_den - start_s; /* from the (range's) start */
    if (k->writer)
        progress_frame(k->progress, k->writer, t_s, clock_now_ms());
    live_keys_still(&p->live, f, p->o->screenshot_dir, k->url, (double)di->tb_num / di->tb_den,
                    start_s, p->o->quiet); /* key g */
    live_keys_shown(&p->live, f, &(HdrSource){di->transfer, di->colour_primaries, hdrmeta_peak(&di->hdr)});
    if ((windowed || k->dump) && !(f = view_bgr(&p->bgr, f, dither_parse(p->o->dither))))
        return failed(p, "display: out of memory");
    if (!burn && windowed && (p->overlay_mode != OVERLAY_OFF || sc->which))
        update_view(p, f, show_t0);
    if (!burn && windowed && p->overlay_mode != OVERLAY_OFF)
        overlay_lines(p, f, p->view);
    if (!burn && windowed)
        scopes_draw(f, sc, sc->which, p->view, sig);
    if (windowed && k->display->show(f, err, sizeof(err)) < 0)
        return failed(p, "display: %s", err);
    if (k->dump && dump_frame(k->dump, f, err, sizeof(err)) < 0)
        return failed(p, "--debug-dump: %s", err);
    if (k->aout) { /* A−V: the frame's time less the audio clock's as it is shown */
        double clk = audio_clock(p, clock_now_ms());
        p->av_ms = isnan(clk) ? NAN : ((double)f->pts * di->tb_num / di->tb_den - clk) * 1000.0;
        stats_set_av(k->stats, p->av_ms);
    }
    if (p->o->display_delay > 0) { /* --debug-display-delay: a slow display, for tests */
        long long ms = p->o->display_delay;
        nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
    }
    double show_t1 = clock_now_ms();
    p->display_ms = show_t1 - show_t0;
    if (windowed) { /* Qt paints the image in the key poll: present_ms */
        p->key = k->display->poll_key(1);
        stats_set_present(k->stats, clock_now_ms() - show_t1);
    }
    p->vp.armed = 1; /* a frame of the video's present shape is shown */
    view_poll(&p->vp, k->display, k->view, show_t1);
    int dx, dy; /* the mouse moves the crop (zoomed), else the compare's split */
    if (k->view && (view_zoomed(k->view) || !live_keys_comparing(&p->live)))
        view_drag(k->view, k->display);
    else if (live_keys_comparing(&p->live) && k->display->drag && k->display->drag(&dx, &dy))
        live_keys_drag(&p->live, dx, f->fmt.width);
    trace_frame(k->trace, f, show_t0, show_t1);
    p->drops = ring_drops(k->in) + p->r->display_drops + play_clock_drops(k->clock);
    graph_add(p, f, show_t1);
    stats_frame(k->stats, f, p->display_ms, show_t1, ring_fill(k->in), ring_fill(k->out),
                p->drops);
    p->last_pts = f->pts, p->last_shown_valid = 1;
    p->shown++;
    if (show_t1 - p->sec_mark_ms >= 1000.0) {
        p->fps_last = (p->shown - p->sec_mark_frames) * 1000.0 / (show_t1 - p->sec_mark_ms);
        p->sec_mark_ms = show_t1, p->sec_mark_frames = p->shown;
    }
    return SHOW_DONE;
}

/* The frames from here on have another size: the output ring is re-laid and
 * the window follows. SHOW_DONE or SHOW_FAILED. */
static int reshape(Show *p, int windowed)
{
    char err[512];
    if (ring_reformat(p->l->out, err, sizeof(err)) < 0)
        return failed(p, "%s", err);
    FrameFormat nf = ring_format(p->l->out);
    if (p->l->view) { /* the view's size, or the video's new shape */
        long long v = atomic_load(&p->l->view->video);
        if (view_gen(v) == p->vp.gen)
            return SHOW_DONE; /* the stage renders the window's new size */
        p->vp.gen = view_gen(v), p->vp.armed = 0, p->vp.seen = 0;
        nf.width = view_w(v), nf.height = view_h(v);
    }
    if ((windowed || p->l->view) && p->l->display->resize && !p->fullscreen) {
        int ww, wh;
        window_for_screen(p->l->display, p->o, nf.width, nf.height, &ww, &wh);
        p->l->display->resize(ww, wh);
        p->view_mark_ms = 0; /* ask the window again */
    }
    return SHOW_DONE;
}

enum { DUE_QUIT = -1, DUE_DROP, DUE_NOW };

/* When the frame is due, on the audio clock (or the pacing clock), waiting
 * for it with the keys answered. DUE_NOW: show it now; DUE_DROP: late, and a
 * newer one waits; DUE_QUIT: the user quit. */
static int wait_due(Show *p, PaceClock *pace, const FrameBuf *f)
{
    const ShowLinks *k = p->l;
    double tb_s = (double)p->di->tb_num / p->di->tb_den;
    if (k->aout && p->sync_wait) {
        /* the first frame, and the first after a seek: wait (a little) for the
         * sound to start, so that the picture starts in step with it */
        for (double t0 = clock_now_ms();
             isnan(audio_clock(p, clock_now_ms())) && clock_now_ms() - t0 < 500;)
            if (handle_key(p, k->display->poll_key(5)))
                return DUE_QUIT;
        p->sync_wait = 0;
    }
    /* the sound is the master clock (ffplay's default): due when the audio clock reaches
     * its time; one late by more than its duration dropped when a newer one waits. Ten
     * seconds or more apart (streams that do not overlap), the picture keeps its own pace */
    double now = clock_now_ms(), clk = audio_clock(p, now);
    int by_sound = !isnan(clk) && fabs((double)f->pts * tb_s - clk) < 10.0;
    double due = by_sound ? now + ((double)f->pts * tb_s - clk) * 1000.0
                          : pace_due(pace, f->pts, f->serial, now);
    if (k->clock) /* (shown or dropped: the stage thread drops what would come late) */
        play_clock_set(k->clock, f->pts, f->serial, due);
    if (by_sound) {
        double dur = f->duration > 0 ? f->duration * tb_s * 1000.0 : 40.0;
        if (now - due > dur && !p->paused && ring_readable(k->out) > 0)
            return DUE_DROP;
        pace_anchor(pace, f->pts, f->serial, due);
    }
    for (double left; (left = due - clock_now_ms()) > 0.5;)
        if (handle_key(p, k->display->poll_key((int)fmin(left, 20.0))))
            return DUE_QUIT;
    return DUE_NOW;
}

static int run(Show *p)
{
    const ShowLinks *k = p->l;
    int windowed = k->display != &display_null;
    int paced = windowed && !p->o->no_pacing && !k->live; /* live: as soon as it is ready */
    PaceClock pace;
    pace_init(&pace, p->di->tb_num, p->di->tb_den);
    p->r->start_ms = p->sec_mark_ms = clock_now_ms();
    for (;;) {
        if (windowed && wait_paused(p, &pace))
            return SHOW_QUIT;
        FrameBuf *f;
        int rc = ring_read_begin(k->out, &f);
        if (rc == RING_REFORMAT) {
            if (reshape(p, windowed) < 0)
                return SHOW_FAILED;
            continue;
        }
        if (rc != 0)
            return SHOW_DONE; /* end of stream, or stopped */
        if (f->serial != p->serial) { /* from before a seek: never shown */
            ring_read_end(k->out);
            continue;
        }
        if (k->live && ring_readable(k->out) > 0) { /* a newer frame is ready: drop this one */
            ring_read_end(k->out);
            p->r->display_drops++;
            continue;
        }
        p->step = 0;
        int due = paced ? wait_due(p, &pace, f) : DUE_NOW;
        if (due != DUE_NOW || f->serial != p->serial) {
            /* quit, late, or a seek while it waited (from before it, not shown) */
            ring_read_end(k->out);
            if (due == DUE_QUIT)
                return SHOW_QUIT;
            p->r->display_drops += due == DUE_DROP;
            continue;
        }
        rc = show_frame(p, f, windowed);
        ring_read_end(k->out);
        if (rc != SHOW_DONE)
            return rc;
        if (windowed && handle_key(p, p->key)) /* show_frame's poll */
            return SHOW_QUIT;
    }
}

void show_run(const ShowLinks *l, ShowResult *r)
{
    *r = (ShowResult){.status = SHOW_DONE};
    Show *p = calloc(1, sizeof(*p));
    if (!p) {
        snprintf(r->message, sizeof(r->message), "display loop: out of memory");
        r->status = SHOW_FAILED;
        return;
    }
    p->l = l, p->o = l->o, p->r = r;
    p->di = decoder_info(l->dec);
    p->overlay_mode = l->o->no_overlay         ? OVERLAY_OFF
                      : l->o->no_overlay_graph ? OVERLAY_TEXT
                                               : OVERLAY_GRAPH;
    p->volume = (int)l->o->volume;
    p->av_ms = NAN;
    p->sync_wait = 1;
    p->view = 1;
    live_keys_init(&p->live, l->looks);
    live_keys_files(&p->live, l->o->screenshot_dir, l->url, l->tone, l->tone_curve, !!l->writer, l->o->quiet);
    if (l->o->scope_log && !(p->scope_log = fopen(l->o->scope_log, "w")))
        r->status = failed(p, "--debug-scope %s: %s", l->o->scope_log, strerror(errno));
    else
        r->status = run(p);
    if (p->scope_log && fclose(p->scope_log) != 0 && r->status != SHOW_FAILED)
        r->status = failed(p, "--debug-scope %s: cannot write: %s", l->o->scope_log, strerror(errno));
    int curve = atomic_load(l->tone_curve); /* 'h' changed it: said with the chain */
    live_keys_finish(&p->live, curve != (int)l->tone->curve ? tone_curve_name((ToneCurve)curve) : NULL,
                     l->o->quiet);
    if (l->stats)
        stats_set_chain(l->stats, p->live.text);
    view_bgr_free(&p->bgr);
    free(p);
}
