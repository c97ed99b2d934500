/* The player (see player.h): opens everything in the order that lets each
 * failure get its own exit code, runs the decode and stage threads, drives
 * the display loop on the main thread, and shuts down in reverse order so no
 * buffer is freed while a copy on it may be in flight. */
#include "app/player.h"
#include "app/player_impl.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/stats.h"
#include "app/trace.h"
#include "display/display.h"
#include "gpu/clock.h"
#include "gpu/stage.h"
#include "io/avlog.h"
#include "io/decoder.h"
#include "io/ring.h"
#include "io/writer.h"
#include "look/chain.h"

/* Ring sizes: the stage holds up to its depth of slots in each ring, the display
 * one output slot; two more keep each side from waiting on the other. */
#define IN_SLOTS_MIN 8
#define MAX_DEPTH 16


void player_say(const Player *p, const char *fmt, ...)
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

void player_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pinstripe: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void player_stop_all(Player *p)
{
    if (p->dec)
        decoder_stop(p->dec);
    if (p->audio) /* the decode thread may wait on a full sound queue */
        audio_abort(p->audio);
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
        if ((s == SIGINT || s == SIGTERM) && atomic_load(&p->interrupted)) {
            /* a second one while the first is being honoured (the output being
             * finished): leave at once, as ffmpeg does after repeated Ctrl-C */
            static const char msg[] = "pinstripe: interrupted again: exiting at once; the output may be "
                                      "incomplete\n";
            if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0) {
                /* nothing more to do: exiting anyway */
            }
            _exit(128 + s);
        }
        if (s == SIGINT || s == SIGTERM) {
            atomic_store(&p->interrupted, s);
            player_stop_all(p);
        }
    }
    return NULL;
}

/* The stream changed size or pixel format: the decoder waits while the input
 * ring is re-laid, the stage is made again at the new geometry, and the display
 * is told through the output ring (it re-lays it when it has shown every frame
 * before). Stage thread, with no frame in flight. 0, or -1 with stage_err set. */
static int reshape(Player *p, int preset)
{
    char note[256];
    int code;
    if (ring_reformat(p->in, p->stage_err, sizeof(p->stage_err)) < 0)
        return -1;
    StageConfig sc = p->sc;
    sc.in = ring_format(p->in);
    sc.stripes = sc.stripes > sc.in.height ? sc.in.height : sc.stripes;
    sc.transform = p->presets[preset];
    stage_destroy(&p->stage);
    if (!(p->stage = stage_create(&sc, note, sizeof(note), p->stage_err, sizeof(p->stage_err),
                                  &code)))
        return -1;
    FrameFormat out = stage_out_format(&sc);
    ring_write_reformat(p->out, out.layout, out.width, out.height);
    return 0;
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
            o->pts = i->pts, o->duration = i->duration;
            o->index = i->index, o->serial = i->serial;
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
        if (rc == RING_REFORMAT) { /* every frame before it is done (n == 0 here) */
            if (reshape(p, applied) < 0)
                break;
            depth = stage_depth(p->stage) > MAX_DEPTH ? MAX_DEPTH : stage_depth(p->stage);
            head = 0;
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
    player_stop_all(p);
    return NULL;
}

static int pull_sound(void *opaque, uint8_t *buf, int len, double *pts, int *serial)
{
    return audio_pull(opaque, buf, len, pts, serial);
}

/* The sound, in a window (not live, not -an): the input's audio stream decoded
 * and played on the default device. No stream: nothing said. A stream that
 * cannot be played, or no device: one line, and the video plays on silently.
 * EXIT_OK, or EXIT_USAGE (-ast names no audio stream) or EXIT_RUNTIME. */
static int open_sound(Player *p)
{
    char err[512], desc[128];
    int code, rate, channels, index, got_rate, got_ch;
    p->volume = (int)p->o->volume;
    if (!(p->audio = audio_open(p->dec, (int)p->o->audio_stream, err, sizeof(err), &code))) {
        if (p->o->audio_stream >= 0) {
            player_fail("%s", err);
            return EXIT_USAGE;
        }
        if (code == AUDIO_ERR_OTHER)
            player_say(p, "%s: playing without sound", err);
        return EXIT_OK;
    }
    audio_source(p->audio, &rate, &channels, &index, desc, sizeof(desc));
    /* the sound libraries' own complaints while SDL tries its drivers (ALSA with
     * no card prints a dozen lines) are not shown; -v shows them */
    avlog_stderr_off();
    p->aout = audio_out_open(rate, channels, pull_sound, p->audio, p->volume, &got_rate, &got_ch,
                             err, sizeof(err));
    avlog_stderr_on();
    if (!p->aout) {
        player_say(p, "%s: playing without sound", err);
        audio_close(&p->audio);
        return EXIT_OK;
    }
    if (audio_start(p->audio, got_rate, got_ch, err, sizeof(err)) < 0) {
        player_fail("%s", err);
        return EXIT_RUNTIME;
    }
    decoder_play_audio(p->dec, p->audio);
    if (p->o->verbose)
        player_say(p, "sound: %s, played at %d Hz, %d channel%s (%s)", desc, got_rate, got_ch,
                   got_ch == 1 ? "" : "s", audio_out_driver(p->aout));
    return EXIT_OK;
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

/* What 't' cycles through: -t first, then the named transforms, then the sample
 * looks (those that parse; -t itself is not repeated). */
static void add_presets(Player *p)
{
    static const struct {
        const char *kind, *file;
    } looks[] = {{"lut3d", "teal-orange"}, {"lut3d", "bleach-bypass"}, {"lut3d", "warm-film"},
                 {"lut1d", "s-curve"}};
    const int max = (int)(sizeof(p->presets) / sizeof(p->presets[0]));
    const int nnamed = transform_named_count(), nlooks = (int)(sizeof(looks) / sizeof(looks[0]));
    const char *dir = getenv("PINSTRIPE_ASSETS") ? getenv("PINSTRIPE_ASSETS") : PINSTRIPE_ASSETS;
    char spec[1200], err[512];
    p->presets[p->npresets++] = p->transform;
    for (int i = 0; i < nnamed + nlooks && p->npresets < max; i++) {
        Transform t;
        if (i < nnamed)
            snprintf(spec, sizeof(spec), "%s", transform_named(i));
        else
            snprintf(spec, sizeof(spec), "%s=file=%s/luts/%s.cube", looks[i - nnamed].kind, dir,
                     looks[i - nnamed].file);
        if (strcmp(spec, p->transform.name) == 0 || transform_parse(spec, &t, err, sizeof(err)) < 0)
            continue;
        if (i >= nnamed) /* show the look's file name, not its whole path */
            snprintf(t.name, sizeof(t.name), "%s %s.cube", looks[i - nnamed].kind, looks[i - nnamed].file);
        p->presets[p->npresets++] = t;
    }
}

int player_run(const Options *o)
{
    Player pl = {.o = o,
                 .overlay_mode = o->no_overlay         ? OVERLAY_OFF
                                 : o->no_overlay_graph ? OVERLAY_TEXT
                                                       : OVERLAY_GRAPH,
                 .view = 1};
    Player *p = &pl;
    char err[1024], note[512];
    int code = EXIT_OK, rc;
    StageBackend backend;

    avlog_set_verbosity(o->quiet ? -1 : o->verbose);
    if (transform_parse(o->transform, &p->transform, err, sizeof(err)) < 0) {
        player_fail("%s", err);
        return EXIT_USAGE;
    }
    if (strcmp(o->enc_path, "yuv") != 0 && strcmp(o->enc_path, "bgr") != 0) {
        player_fail("--enc-path: '%s' is not yuv or bgr", o->enc_path);
        return EXIT_USAGE;
    }
    if (parse_backend(o->backend, &backend) < 0) {
        player_fail("--backend: '%s' is not auto, cuda or cpu", o->backend);
        return EXIT_USAGE;
    }
    int hwdec = strcmp(o->hwdec, "cuda") == 0;
    if (!hwdec && strcmp(o->hwdec, "none") != 0) {
        player_fail("--hwdec: '%s' is not none or cuda", o->hwdec);
        return EXIT_USAGE;
    }
    if (hwdec && backend == STAGE_CPU) {
        player_fail("--hwdec cuda: NVDEC frames stay on the GPU, so they need --backend cuda (or auto)");
        return EXIT_USAGE;
    }
    if (o->loop != 1 && (o->output || o->webcam)) {
        player_fail("--loop: %s", o->webcam ? "a camera does not end" :
                    "not with -o (the copied sound would start over out of order)");
        return EXIT_USAGE;
    }
    if (o->no_display && !o->output && o->frames <= 0) {
        player_fail("--no-display needs -o FILE or --frames N: otherwise nothing would come of the run");
        return EXIT_USAGE;
    }
    p->display = o->no_display ? &display_null : &display_highgui;
    if (!o->no_display && !have_display()) {
        if (!o->output) {
            player_fail("no display (DISPLAY is not set) and no -o FILE: nothing to show or write to");
            return EXIT_USAGE;
        }
        player_say(p, "no display (DISPLAY is not set): writing '%s' without a window", o->output);
        p->display = &display_null;
    }
    /* 't' needs a window; without one the looks (three 33³ tables) are not read */
    if (p->display == &display_null)
        p->presets[p->npresets++] = p->transform;
    else
        add_presets(p);

    /* Signals go to one watcher thread (started once everything it may stop
     * exists); until then a SIGINT stays pending. Every thread started from here
     * on inherits the mask. */
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    /* a reader that goes away (-o - | ffplay -, closed) makes writes fail with
     * EPIPE, reported as an output failure, instead of killing the process */
    signal(SIGPIPE, SIG_IGN);

    int dcode;
    /* for measuring what decoding into the ring's own memory buys */
    const char *decode_copy = getenv("PINSTRIPE_DECODE_COPY");
    p->live = o->live || o->webcam;
    p->url = o->webcam ? o->webcam : o->input;
    DecoderOptions dopt = {
        .format = o->format ? o->format : o->webcam ? "v4l2" : NULL,
        .live = p->live,
        /* a camera paces itself; anything else live is read at its rate, and so is
         * anything with --realtime */
        .realtime = (o->live || o->realtime) && !o->webcam,
        .video_size = o->video_size,
        .framerate = o->framerate,
        .input_format = o->input_format,
        .hwdec = hwdec,
        .copy_frames = decode_copy && atoi(decode_copy),
        .loop = o->loop == 0 ? -1 : (int)o->loop,
        /* an encoder keeps its first size: with -o, frames are scaled to it */
        .reshape = !o->output,
    };
    if (!(p->dec = decoder_open(p->url, &dopt, err, sizeof(err), &dcode))) {
        player_fail("%s", err);
        code = dcode == DECODER_ERR_USAGE ? EXIT_USAGE : EXIT_INPUT;
        goto end;
    }
    const DecoderInfo *di = decoder_info(p->dec);
    if (di->hwdec_note[0])
        player_say(p, "%s", di->hwdec_note);
    if (o->stripes > di->fmt.height) {
        player_fail("--stripes %lld: more stripes than the video's %d rows", o->stripes,
             di->fmt.height);
        code = EXIT_USAGE;
        goto end;
    }
    if (o->verbose)
        player_say(p, "'%s': %s %dx%d %s → %s, time base %d/%d, %d/%d fps", p->url, di->codec,
            di->fmt.width, di->fmt.height, di->src_pix_fmt, pix_layout_name(di->fmt.layout),
            di->tb_num, di->tb_den, di->rate_num, di->rate_den);

    /* Input slots are laid out in bands, one per stripe, so that each stripe uploads
     * as one copy (frame.h). */
    FrameFormat in_fmt = di->fmt;
    in_fmt.bands = (int)o->stripes;
    /* Per-stripe timings on one frame in TIME_EVERY (their events slow the copies,
     * stage_cuda.cu); a trace wants every frame's. */
    p->time_every = o->trace ? 1 : TIME_EVERY;
    WriterConfig wc = {.path = o->output, .format = o->output_format, .codec = o->codec, .width = di->fmt.width,
                       .height = di->fmt.height, .tb_num = di->tb_num, .tb_den = di->tb_den,
                       .rate_num = di->rate_num, .rate_den = di->rate_den,
                       .avg_num = di->avg_num, .avg_den = di->avg_den,
                       .source = p->dec,
                       /* live: the recording starts with its first frame */
                       .start_us = p->live ? INT64_MIN : di->start_us,
                       .no_audio = o->no_audio, .no_subs = o->no_subs, .crf = o->crf,
                       .preset = o->preset, .bitrate = o->bitrate, .gop = o->gop,
                       .enc_opts = o->enc_opts, .n_enc_opts = o->n_enc_opts};
    /* File to file (no window, no overlay burned in): the stage makes the encoder's
     * yuv420p itself, half the bytes of BGR and no swscale. --enc-path bgr keeps
     * the BGR path (for comparison). */
    wc.in_yuv = o->output && p->display == &display_null && !o->overlay &&
                strcmp(o->enc_path, "bgr") != 0 && writer_takes_yuv420p(&wc);
    StageConfig sc = {.in = in_fmt, .stripes = (int)o->stripes, .transform = p->transform,
                      .backend = backend, .pageable = o->pageable, .time_every = p->time_every,
                      .threads = (int)o->threads, .out_yuv = wc.in_yuv};
    int scode;
    if (!(p->stage = stage_create(&sc, note, sizeof(note), err, sizeof(err), &scode))) {
        player_fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    p->backend_name = stage_backend_name(p->stage);
    p->stage_threads = stage_threads(p->stage);
    /* a geometry change mid-stream makes the stage again: with the backend it has */
    p->sc = sc;
    p->sc.backend = p->stage_threads > 0 ? STAGE_CPU : STAGE_CUDA;

    if (o->output) {
        int wcode;
        if (!(p->writer = writer_open(&wc, err, sizeof(err), &wcode))) {
            player_fail("%s", err);
            code = wcode == WRITER_ERR_USAGE ? EXIT_USAGE : EXIT_RUNTIME;
            goto end;
        }
        decoder_copy_to(p->dec, p->writer);
    }

    if (!(p->stats = stats_create(o->stats, err, sizeof(err)))) {
        player_fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    stats_hash_frames(p->stats, o->frame_hash);
    if (o->trace && !(p->trace = trace_open(o->trace, p->backend_name, clock_now_ms(), err,
                                            sizeof(err)))) {
        player_fail("%s", err);
        code = EXIT_RUNTIME;
        goto end;
    }

    HostMemKind mem = stage_host_memory(p->stage);
    FrameFormat bgr = stage_out_format(&sc);
    int depth = stage_depth(p->stage);
    /* live: short rings, so what waits in them is little and recent */
    int in_slots = p->live ? depth + 2 : depth + 4 > IN_SLOTS_MIN ? depth + 4 : IN_SLOTS_MIN;
    if (!(p->in = ring_create(in_slots, &in_fmt, mem, err, sizeof(err))) ||
        !(p->out = ring_create(depth + 2, &bgr, mem, err, sizeof(err)))) {
        player_fail("frame rings: %s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    ring_set_drop_oldest(p->in, p->live); /* live capture never waits for the pipeline */

    int ww, wh;
    player_window_size(p, di->fmt.width, di->fmt.height, &ww, &wh);
    if (p->display->open("pinstripe", ww, wh, err, sizeof(err)) < 0) {
        player_fail("display: %s", err);
        code = EXIT_RUNTIME;
        goto end;
    }
    p->display_open = 1;
    if (note[0]) /* said only once everything has opened, so a failure's line comes first */
        player_say(p, "%s", note);
    if (p->writer) /* streams left out of -o, a line each */
        for (const char *n = writer_notes(p->writer); *n;) {
            const char *nl = strchr(n, '\n');
            int len = nl ? (int)(nl - n) : (int)strlen(n);
            player_say(p, "%.*s", len, n);
            n += len + (nl != NULL);
        }

    p->av_ms = NAN;
    p->sync_wait = 1;
    if (p->display != &display_null && !p->live && !o->no_audio && (code = open_sound(p)) != EXIT_OK)
        goto end;

    progress_init(&p->progress, p->writer && !o->quiet ? stderr : NULL, (double)o->progress_ms,
                  di->duration_s, o->frames,
                  di->rate_num > 0 ? (double)di->rate_num / di->rate_den : 0, clock_now_ms());
    if (pthread_create(&p->sig_thread, NULL, signal_main, p) == 0)
        p->sig_started = 1;
    if (decoder_start(p->dec, p->in, o->frames) < 0) {
        player_fail("%s", decoder_error(p->dec));
        code = EXIT_RUNTIME;
        goto end;
    }
    if (pthread_create(&p->stage_thread, NULL, stage_main, p) != 0) {
        player_fail("cannot start the stage thread");
        code = EXIT_RUNTIME;
        goto end;
    }
    p->stage_started = 1;

    rc = player_display_loop(p);
    if (rc != 0)
        player_stop_all(p); /* quit by the user, or a display/output failure */
    if (rc < 0)
        code = EXIT_RUNTIME;
    if (p->writer && (rc == 1 || o->frames > 0)) /* cut short: the sound ends with the picture */
        writer_end_with_video(p->writer);

end:
    if (code != EXIT_OK)
        player_stop_all(p);
    if (p->stage_started) {
        pthread_join(p->stage_thread, NULL);
        if (p->stage_rc < 0) {
            player_fail("%s", p->stage_err);
            code = EXIT_RUNTIME;
        }
    }
    if (p->dec && decoder_join(p->dec) < 0) {
        player_fail("%s", decoder_error(p->dec));
        code = EXIT_RUNTIME;
    }
    if (p->dec && o->verbose && p->in) {
        char line[512];
        decoder_describe(p->dec, line, sizeof(line));
        player_say(p, "%s", line);
    }
    stage_destroy(&p->stage); /* waits for frames in flight before any buffer goes */
    audio_out_close(&p->aout); /* no callback pulls sound after this */
    audio_close(&p->audio);
    if (p->writer) {
        if (atomic_load(&p->interrupted))
            writer_end_with_video(p->writer);
        long long written = writer_frames(p->writer);
        progress_finish(&p->progress, clock_now_ms());
        if (writer_close(&p->writer, err, sizeof(err)) < 0) {
            if (!p->write_failed)
                player_fail("%s", err);
            code = EXIT_RUNTIME;
        } else if (o->verbose) {
            player_say(p, "wrote %lld frames to '%s'", written, o->output);
        }
    }
    if (trace_close(&p->trace, err, sizeof(err)) < 0) {
        player_fail("%s", err);
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
    if (p->dec && p->stats)
        stats_set_decode_errors(p->stats, decoder_errors(p->dec));
    if (p->stats && p->start_ms > 0 &&
        stats_finish(p->stats, o->quiet ? NULL : stderr, clock_now_ms() - p->start_ms,
                     p->backend_name, p->stage_threads, err, sizeof(err)) < 0) {
        player_fail("%s", err);
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
