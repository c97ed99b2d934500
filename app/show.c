/* The display loop (main thread): takes processed frames from the output ring,
 * paces them by their timestamps (or, live, shows the newest at once), draws
 * the overlay, writes -o, shows them, and acts on the keys. */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "app/pacing.h"
#include "app/player_impl.h"
#include "app/window.h"
#include "display/overlay.h"
#include "gpu/clock.h"
#include "gpu/simd.h"

void player_window_size(const Player *p, int vw, int vh, int *ww, int *wh)
{
    int sw = 0, sh = 0;
    if (p->display->screen_size && p->display->screen_size(&sw, &sh) < 0)
        sw = sh = 0;
    window_fit(p->o, vw, vh, sw, sh, ww, wh);
}

/* The frame interval the video needs, in ms (0: unknown): from the stream's
 * average rate, else from the frame's own duration (a container's nominal rate
 * may be its time base, e.g. NUT's 64000/1), else from that nominal rate. */
static double budget_ms(const DecoderInfo *di, const FrameBuf *f)
{
    if (di->avg_num > 0 && di->avg_den > 0)
        return 1000.0 * di->avg_den / di->avg_num;
    if (f->duration > 0)
        return 1000.0 * f->duration * di->tb_num / di->tb_den;
    if (di->rate_num > 0 && di->rate_den > 0)
        return 1000.0 * di->rate_den / di->rate_num;
    return 0;
}

/* A column of the graph for the frame just shown. The stage's bar is its time
 * from submission to completion; a CUDA frame with timed events (one in
 * time_every) has it split among upload, kernel and download in the
 * proportion of their event times (summed over the stripes, which overlap). */
static void graph_add(Player *p, const FrameBuf *f, double shown_ms)
{
    const FrameTimings *t = &f->t;
    GraphSample s = {.latency_ms = p->live ? (float)(shown_ms - f->capture_ms) : -1};
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
static void update_view(Player *p, const FrameBuf *f, double now)
{
    if (now - p->view_mark_ms < 200 || !p->display->view_size)
        return;
    p->view_mark_ms = now;
    int vw, vh;
    if (p->display->view_size(&vw, &vh) == 0 && vw > 0 && vh > 0)
        p->view = fmax((double)f->fmt.width / vw, (double)f->fmt.height / vh);
}

/* view: frame pixels per pixel as seen (1 for a file) */
static void overlay_lines(Player *p, const FrameBuf *f, double view)
{
    const DecoderInfo *di = decoder_info(p->dec);
    double now = clock_now_ms();
    double avg = p->shown > 0 ? p->shown * 1000.0 / (now - p->start_ms) : 0;
    const Transform *t = &p->presets[atomic_load(&p->preset)];
    double pos = (double)f->pts * di->tb_num / di->tb_den;
    char l[5][160], thr[48] = "";
    if (p->stage_threads > 0)
        snprintf(thr, sizeof(thr), " %d thread%s %s", p->stage_threads,
                 p->stage_threads == 1 ? "" : "s", simd_name(simd_level()));
    snprintf(l[0], sizeof(l[0]), "%s%s%s  %lld stripes  %s  -t %s", p->backend_name,
             thr, decoder_hwdec_active(p->dec) ? " hwdec" : "", p->o->stripes,
             host_mem_name(ring_memory(p->in)), t->name);
    snprintf(l[1], sizeof(l[1]), "%dx%d %s (%s)  %.1f fps, avg %.1f", f->fmt.width,
             f->fmt.height, decoder_source_format(p->dec), pix_layout_name(ring_format(p->in).layout),
             p->fps_last, avg);
    if (f->t.timed)
        p->timed = f->t;
    const FrameTimings *st = &p->timed; /* this frame's, or the last timed frame's */
    char every[24] = "";
    if (p->time_every > 1)
        snprintf(every, sizeof(every), " (1 in %d)", p->time_every);
    if (st->kernel_ms > 0)
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  up %.2f  kernel %.2f  down %.2f%s  show %.2f",
                 f->t.decode_ms, st->upload_ms, st->kernel_ms, st->download_ms, every,
                 p->display_ms);
    else
        snprintf(l[2], sizeof(l[2]), "ms: decode %.2f  slowest band %.2f  stage %.2f  show %.2f",
                 f->t.decode_ms, st->work_ms, f->t.stage_ms, p->display_ms);
    long long errs = decoder_errors(p->dec);
    char errtxt[40] = "";
    if (errs > 0)
        snprintf(errtxt, sizeof(errtxt), "  decode errors %lld", errs);
    snprintf(l[3], sizeof(l[3]), "rings: in %d/%d  out %d/%d  dropped %lld%s",
             ring_fill(p->in), ring_size(p->in), ring_fill(p->out), ring_size(p->out), p->drops,
             errtxt);
    if (p->live)
        snprintf(l[4], sizeof(l[4]), "frame %lld  latency %.1f ms (median %.1f, p99 %.1f)",
                 (long long)f->index, clock_now_ms() - f->capture_ms,
                 stats_quantile(p->stats, STAT_LATENCY, 0.5), stats_quantile(p->stats, STAT_LATENCY, 0.99));
    else {
        char snd[80] = "";
        if (p->aout) { /* the sound: A−V of the last frame shown, the volume */
            int n = isnan(p->av_ms) ? 0 : snprintf(snd, sizeof(snd), "  A-V %+.1f ms", p->av_ms);
            if (p->muted)
                snprintf(snd + n, sizeof(snd) - n, "  muted");
            else
                snprintf(snd + n, sizeof(snd) - n, "  vol %d", p->volume);
        }
        snprintf(l[4], sizeof(l[4]), "frame %lld  %.2f s%s%s", (long long)f->index, pos, snd,
                 p->paused ? "  paused" : "");
    }
    const char *lines[5] = {l[0], l[1], l[2], l[3], l[4]};
    OverlayGraph g = {.hist = &p->graph,
                      .budget_ms = budget_ms(di, f),
                      .steps = 1u << GRAPH_DECODE | 1u << GRAPH_STAGE | 1u << GRAPH_DISPLAY,
                      .latency = p->live,
                      .layout = &p->graph_layout};
    if (p->stage_threads == 0) /* CUDA */
        g.steps |= 1u << GRAPH_UPLOAD | 1u << GRAPH_KERNEL | 1u << GRAPH_DOWNLOAD;
    overlay_draw((FrameBuf *)f, lines, 5, view, p->overlay_mode == OVERLAY_GRAPH ? &g : NULL);
}

/* The audio clock (stream seconds) for frames of the current serial; NAN when
 * there is no sound, none yet after a seek, or it has run dry. */
static double audio_clock(Player *p, double now_ms)
{
    if (!p->aout)
        return NAN;
    int serial;
    double t = audio_out_clock(p->aout, now_ms, &serial);
    return serial == p->serial ? t : NAN;
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
    if (decoder_seek(p->dec, target, p->serial + 1) == 0) {
        p->serial++;
        p->sync_wait = 1; /* the picture waits for the sound to start again */
    } else if (p->o->verbose) {
        player_say(p, "'%s' is not seekable", p->url);
    }
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
    case 'o': case 'O': p->overlay_mode = (p->overlay_mode + 1) % 3; break; /* off, text, graph */
    case ' ':
        p->paused = !p->paused;
        if (p->aout) /* the sound stops and resumes with the picture */
            audio_out_pause(p->aout, p->paused);
        break;
    case 'm': case 'M':
        p->muted = !p->muted;
        if (p->aout)
            audio_out_mute(p->aout, p->muted);
        break;
    case '9': case '0': /* volume down, up (ffplay's keys) */
        p->volume += (key & 0xffff) == '0' ? 10 : -10;
        p->volume = p->volume < 0 ? 0 : p->volume > 100 ? 100 : p->volume;
        if (p->aout)
            audio_out_set_volume(p->aout, p->volume);
        break;
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
int player_display_loop(Player *p)
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
        int rc = ring_read_begin(p->out, &f);
        if (rc == RING_REFORMAT) { /* the frames from here on have another size */
            if (ring_reformat(p->out, err, sizeof(err)) < 0) {
                player_fail("%s", err);
                return -1;
            }
            FrameFormat nf = ring_format(p->out);
            if (windowed && p->display->resize && !p->fullscreen) {
                int ww, wh;
                player_window_size(p, nf.width, nf.height, &ww, &wh);
                p->display->resize(ww, wh);
                p->view_mark_ms = 0; /* ask the window again */
            }
            continue;
        }
        if (rc != 0)
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
        double tb_s = (double)di->tb_num / di->tb_den;
        if (paced && p->aout && p->sync_wait) {
            /* the first frame, and the first after a seek: wait (a little) for the
             * sound to start, so that the picture starts in step with it */
            for (double t0 = clock_now_ms();
                 isnan(audio_clock(p, clock_now_ms())) && clock_now_ms() - t0 < 500;) {
                if (handle_key(p, p->display->poll_key(5))) {
                    ring_read_end(p->out);
                    return 1;
                }
            }
            p->sync_wait = 0;
        }
        if (paced) {
            double now = clock_now_ms(), clk = audio_clock(p, now), due;
            if (!isnan(clk) && fabs((double)f->pts * tb_s - clk) < 10.0) {
                /* the sound is the master clock (ffplay's default): the frame is due
                 * when the audio clock reaches its time; one late by more than its
                 * duration is dropped when a newer one is waiting. Ten seconds or more
                 * apart (streams that do not overlap), the picture keeps its own pace */
                due = now + ((double)f->pts * tb_s - clk) * 1000.0;
                double dur = f->duration > 0 ? f->duration * tb_s * 1000.0 : 40.0;
                if (now - due > dur && !p->paused && ring_readable(p->out) > 0) {
                    ring_read_end(p->out);
                    p->display_drops++;
                    continue;
                }
                pace_anchor(&pace, f->pts, f->serial, due);
            } else {
                due = pace_due(&pace, f->pts, f->serial, now);
            }
            for (double left; (left = due - clock_now_ms()) > 0.5;) {
                if (handle_key(p, p->display->poll_key((int)fmin(left, 20.0)))) {
                    ring_read_end(p->out);
                    return 1;
                }
            }
        }
        if (f->serial != p->serial) { /* a seek while it waited: from before it, not shown */
            ring_read_end(p->out);
            continue;
        }
        double show_t0 = clock_now_ms(); /* the wait for the frame's time is not display work */
        /* --overlay: into the file too, sized for the video as the file shows it */
        int burn = p->o->overlay && p->overlay_mode != OVERLAY_OFF;
        if (burn)
            overlay_lines(p, f, 1);
        if (p->writer && writer_write(p->writer, f) < 0) {
            player_fail("%s", writer_error(p->writer));
            p->write_failed = 1; /* said once; closing will not say it again */
            ring_read_end(p->out);
            return -1;
        }
        if (p->writer) {
            double start_s = di->start_us != INT64_MIN ? di->start_us / 1e6 : 0;
            progress_frame(&p->progress, writer_frames(p->writer),
                           (double)f->pts * di->tb_num / di->tb_den - start_s, clock_now_ms());
        }
        if (!burn && windowed && p->overlay_mode != OVERLAY_OFF) {
            update_view(p, f, show_t0);
            overlay_lines(p, f, p->view);
        }
        if (windowed && p->display->show(f, err, sizeof(err)) < 0) {
            player_fail("display: %s", err);
            ring_read_end(p->out);
            return -1;
        }
        if (p->aout) { /* A−V: the frame's time less the audio clock's as it is shown */
            double clk = audio_clock(p, clock_now_ms());
            p->av_ms = isnan(clk) ? NAN : ((double)f->pts * tb_s - clk) * 1000.0;
            stats_set_av(p->stats, p->av_ms);
        }
        if (p->o->display_delay > 0) { /* --debug-display-delay: a slow display, for tests */
            long long ms = p->o->display_delay;
            nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
        }
        double show_t1 = clock_now_ms();
        p->display_ms = show_t1 - show_t0;
        trace_frame(p->trace, f, show_t0, show_t1);
        p->drops = ring_drops(p->in) + p->display_drops;
        graph_add(p, f, show_t1);
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
