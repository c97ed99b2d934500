/* The player (see player.h): opens everything in the order that lets each failure get its own
 * exit code, starts the read, decode and stage threads, runs the display loop on the main thread
 * (app/show.h), and shuts down in reverse order: no buffer freed while a copy may be on it. */
#include "app/player.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/msg.h"
#include "app/outfile.h"
#include "grade/presets.h"
#include "report/progress.h"
#include "report/dump.h"
#include "app/show.h"
#include "app/signals.h"
#include "app/sound.h"
#include "app/stage_thread.h"
#include "report/stats.h"
#include "report/trace.h"
#include "app/view.h"
#include "app/window.h"
#include "display/display.h"
#include "stage/dither.h"
#include "stage/clock.h"
#include "stage/stage.h"
#include "colour/transform.h"
#include "io/audio.h"
#include "io/avlog.h"
#include "decode/decoder.h"
#include "decode/ring.h"
#include "io/source.h"
#include "writer/writer.h"
#include "look/chain.h"
#include "look/tonemap.h"

/* Ring sizes: the stage holds up to its depth of slots in each ring, the display
 * one output slot; two more keep each side from waiting on the other. */
#define IN_SLOTS_MIN 8
/* CUDA: per-stripe timings on one frame in this many, unless --trace (all) */
#define TIME_EVERY 8

typedef struct Player {
    const Options *o;
    Transform transform;     /* -t */
    Looks looks;             /* 't' cycles: -t, the named transforms, the sample looks; live */
    ToneSettings tone;       /* HDR sources: --tone-mapping and the rest */
    atomic_int tone_curve;   /* the curve now ('h') */
    HdrSource hdr;           /* the source as the decoder saw it at open */
    Source *src;
    Decoder *dec;
    Stage *stage;
    StageThread *stage_thread;
    Writer *writer;
    Trace *trace;
    AudioDecoder *audio;     /* the sound, when played (a window, a file, a device) */
    AudioOut *aout;
    FrameRing *in, *out;
    const DisplayDriver *display;
    int display_open, has_clock;
    const char *backend_name; /* the stage's */
    int stage_threads;        /* the CPU backend's (0: CUDA) */
    Stats *stats;
    Progress progress;       /* -o's progress (--progress-format, --progress) */
    double start_ms, end_ms; /* the display loop's start (0: none); its end, or -o's close */
    long long display_drops; /* frames the display loop skipped */
    int write_failed;        /* -o failed in the loop, its line said */
    int live;                /* --webcam or --live */
    const char *url;         /* what is played */
    SignalWatch sig;          /* SIGINT, SIGTERM */
    ViewLink view;            /* the window's view, for the stage thread (issue 26) */
    Dump *dump;               /* --debug-dump */
    PlayClock clock;          /* has_clock: a file in a window, late frames dropped early */
} Player;

/* Stop every thread: the reader and the decoders at their next packet or
 * frame, waits on both rings now. Any thread. */
static void stop_all(Player *p)
{
    if (p->src)
        source_stop(p->src);
    if (p->dec)
        decoder_stop(p->dec);
    if (p->audio) /* the sound's decoder may wait on a full FIFO */
        audio_abort(p->audio);
    if (p->in)
        ring_abort(p->in);
    if (p->out)
        ring_abort(p->out);
}

static void stop_all_cb(void *arg)
{
    stop_all(arg);
}

/* The display loop's seek: the sound decoded and queued from before goes first (none read
 * after the seek taken for old), then the reader seeks and flushes its queues. */
static int seek(void *arg, double target_s, int serial)
{
    Player *p = arg;
    if (!source_can_seek(p->src))
        return -1;
    if (p->audio)
        audio_flush(p->audio, serial);
    return source_seek(p->src, target_s, serial);
}

/* --backend's value (checked by options_check_run). */
static StageBackend parse_backend(const char *s)
{
    return strcmp(s, "cpu") == 0 ? STAGE_CPU : strcmp(s, "cuda") == 0 ? STAGE_CUDA : STAGE_AUTO;
}

static int have_display(void)
{
    const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
    return (x && *x) || (w && *w);
}

/* The input and its video decoder. EXIT_OK, or the exit code with its line said. */
static int open_input(Player *p, int hwdec)
{
    const Options *o = p->o;
    char err[1024];
    int code;
    p->live = o->live || o->webcam;
    p->url = o->webcam ? o->webcam : o->input;
    SourceOptions sopt = {
        .format = o->format ? o->format : o->webcam ? "v4l2" : NULL,
        .live = p->live,
        .video_size = o->video_size,
        .framerate = o->framerate,
        .input_format = o->input_format,
        .loop = o->loop == 0 ? -1 : (int)o->loop,
        .start_s = o->start_s, .end_s = o->end_s,
    };
    if (!(p->src = source_open(p->url, &sopt, err, sizeof(err), &code))) {
        msg_fail("%s", err);
        return code == SOURCE_ERR_USAGE ? EXIT_USAGE : EXIT_INPUT;
    }
    const char *decode_copy = getenv("PINSTRIPE_DECODE_COPY"); /* what direct decoding buys */
    DecoderOptions dopt = {
        .live = p->live,
        /* a camera paces itself; anything else live is read at its rate, and so is
         * anything with --realtime */
        .realtime = (o->live || o->realtime) && !o->webcam,
        .hwdec = hwdec, .gpu = (int)o->gpu,
        .copy_frames = decode_copy && atoi(decode_copy),
        /* an encoder keeps its first size: with -o, frames are scaled to it */
        .reshape = !o->output,
    };
    if (!(p->dec = decoder_open(p->src, &dopt, err, sizeof(err), &code))) {
        msg_fail("%s", err);
        return EXIT_INPUT;
    }
    const DecoderInfo *di = decoder_info(p->dec);
    if (di->hwdec_note[0])
        msg_say(o->quiet, "%s", di->hwdec_note);
    if (o->stripes > di->fmt.height) {
        msg_fail("--stripes %lld: more stripes than the video's %d rows", o->stripes,
                 di->fmt.height);
        return EXIT_USAGE;
    }
    if (o->verbose)
        msg_say(o->quiet, "'%s': %s %dx%d %s → %s, time base %d/%d, %d/%d fps", p->url, di->codec,
                di->fmt.width, di->fmt.height, di->src_pix_fmt, pix_layout_name(di->fmt.layout),
                di->tb_num, di->tb_den, di->rate_num, di->rate_den);
    /* as the frames will say it (FrameBuf.hdr_peak is a float) */
    p->hdr = (HdrSource){di->transfer, di->colour_primaries, (float)hdrmeta_peak(&di->hdr)};
    HdrSource made = tone_source(&p->transform, &p->hdr);
    if (o->verbose && tone_is_hdr(&made)) {
        char what[128];
        tone_describe(&p->tone, &made, what, sizeof(what));
        msg_say(o->quiet, "'%s': %s", p->url, what);
    }
    return EXIT_OK;
}

/* The stage, -o's writer and the rings. EXIT_OK, or the exit code with its line said. */
static int open_pipeline(Player *p, StageBackend backend, StageConfig *sc, char *note,
                         size_t notelen)
{
    const Options *o = p->o;
    const DecoderInfo *di = decoder_info(p->dec);
    char err[1024];
    int code;
    /* Input slots are laid out in bands, one per stripe, so that each stripe uploads
     * as one copy (frame.h). */
    FrameFormat in_fmt = di->fmt;
    in_fmt.bands = (int)o->stripes;
    WriterConfig wc;
    outfile_config(o, di, p->src, p->live, &p->transform, &p->tone, &wc);
    WriterPlan plan = {.depth = 8};
    if (o->output && o->overlay && o->out_depth > 8) {
        msg_fail("--out-depth %lld: --overlay draws on 8-bit frames: use --out-depth 8 or leave "
                 "--overlay out", o->out_depth);
        return EXIT_USAGE;
    }
    if (o->output && writer_plan(&wc, &plan, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_USAGE;
    }
    /* File to file (no window, no overlay burned in): the stage makes the encoder's
     * 4:2:0 itself at the file's depth, fewer bytes than RGB and no swscale.
     * --enc-path bgr keeps the RGB path (for comparison). */
    wc.in_yuv = o->output && p->display == &display_null && !o->overlay && !o->dump &&
                strcmp(o->enc_path, "bgr") != 0 && plan.yuv420;
    Transform first;
    if (tone_apply(&p->transform, &p->tone, &p->hdr, &first, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    *sc = (StageConfig){.in = in_fmt, .stripes = (int)o->stripes, .transform = first,
                        .backend = backend, .pageable = o->pageable, .gpu = (int)o->gpu,
                        /* timings' events slow the copies (stage_cuda.cu): --trace wants all */
                        .time_every = o->trace ? 1 : TIME_EVERY, .threads = (int)o->threads,
                        .out_yuv = wc.in_yuv, .dither = dither_parse(o->dither),
                        /* the file's depth (--overlay: 8-bit BGR, converted by the writer) */
                        .out_depth = o->output && !o->overlay ? plan.depth : 8,
                        .out_matrix = plan.matrix,
                        .scale = o->scale_filter >= 0 ? o->scale_filter : 0,
                        .scale_linear = strcmp(o->scale_linear, "yes") == 0,
                        .compare = o->compare_on, .compare_at = o->compare_at};
    if (view_wanted(p->o, p->display)) { /* the window's size from the first frame */
        p->view.o = o;
        if (!p->display->screen_size || p->display->screen_size(&p->view.screen_w, &p->view.screen_h) < 0)
            p->view.screen_w = p->view.screen_h = 0;
        view_fit(in_fmt.width, in_fmt.height, view_window(&p->view, 0, in_fmt.width, in_fmt.height),
                 p->view.screen_w, p->view.screen_h, &sc->out_width, &sc->out_height);
    }
    if (!(p->stage = stage_create(sc, note, notelen, err, sizeof(err), &code))) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    p->backend_name = stage_backend_name(p->stage);
    p->stage_threads = stage_threads(p->stage);
    /* a geometry change mid-stream makes the stage again: with the backend it has */
    sc->backend = p->stage_threads > 0 ? STAGE_CPU : STAGE_CUDA;
    wc.in_rgb48 = stage_out_format(sc).layout == PIX_RGB48;
    if (o->output && !(p->writer = writer_open(&wc, err, sizeof(err), &code))) {
        msg_fail("%s", err);
        return code == WRITER_ERR_USAGE ? EXIT_USAGE : EXIT_RUNTIME;
    }
    if (!(p->stats = stats_create(o->stats, err, sizeof(err)))) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    stats_hash_frames(p->stats, o->frame_hash);
    if (o->trace && !(p->trace = trace_open(o->trace, p->backend_name, clock_now_ms(), err,
                                            sizeof(err)))) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    HostMemKind mem = stage_host_memory(p->stage);
    FrameFormat bgr = stage_out_format(sc);
    int depth = stage_depth(p->stage);
    /* live: short rings, so what waits in them is little and recent */
    int in_slots = p->live ? depth + 2 : depth + 4 > IN_SLOTS_MIN ? depth + 4 : IN_SLOTS_MIN;
    if (!(p->in = ring_create(in_slots, &in_fmt, mem, err, sizeof(err))) ||
        !(p->out = ring_create_sized(depth + 2, &bgr, view_ring_bytes(p->o, p->display), mem, err, sizeof(err)))) {
        msg_fail("frame rings: %s", err);
        return EXIT_RUNTIME;
    }
    ring_set_drop_oldest(p->in, p->live); /* live capture never waits for the pipeline */
    return EXIT_OK;
}

/* The window (or the null display), then the lines held back until everything
 * has opened, so a failure's line comes first. EXIT_OK or EXIT_RUNTIME. */
static int open_display(Player *p, const char *note)
{
    char err[512];
    int ww, wh;
    const DecoderInfo *di = decoder_info(p->dec);
    window_for_screen(p->display, p->o, di->fmt.width, di->fmt.height, &ww, &wh);
    if (p->display->open("pinstripe", ww, wh, err, sizeof(err)) < 0) {
        msg_fail("display: %s", err);
        return EXIT_RUNTIME;
    }
    p->display_open = 1;
    if (note[0])
        msg_say(p->o->quiet, "%s", note);
    if (p->writer) /* streams left out of -o, a line each */
        for (const char *n = writer_notes(p->writer); *n;) {
            const char *nl = strchr(n, '\n');
            int len = nl ? (int)(nl - n) : (int)strlen(n);
            msg_say(p->o->quiet, "%.*s", len, n);
            n += len + (nl != NULL);
        }
    return EXIT_OK;
}

/* Start the threads and run the display loop. The exit code so far. */
static int play(Player *p, const StageConfig *sc)
{
    const Options *o = p->o;
    const DecoderInfo *di = decoder_info(p->dec);
    char err[640];
    ViewLink *links_view = NULL;
    progress_start(&p->progress, di->duration_s, o->frames,
                   di->rate_num > 0 ? (double)di->rate_num / di->rate_den : 0, di->nb_frames, clock_now_ms());
    p->sig.stop = stop_all_cb, p->sig.arg = p;
    signals_start(&p->sig);
    if (decoder_start(p->dec, p->in, o->frames) < 0) {
        msg_fail("%s", decoder_error(p->dec));
        return EXIT_RUNTIME;
    }
    /* a file in a window at its own pace, nothing written: late frames dropped before the stage */
    if ((p->has_clock = p->display != &display_null && !p->live && !o->no_pacing && !p->writer &&
                        strcmp(o->framedrop, "no") != 0))
        play_clock_init(&p->clock, di->tb_num, di->tb_den);
    StageThreadConfig stc = {.stage = &p->stage, .sc = *sc, .in = p->in, .out = p->out,
                             .looks = &p->looks, .clock = p->has_clock ? &p->clock : NULL,
                             .tone = &p->tone, .tone_curve = &p->tone_curve, .hdr = p->hdr,
                             .writing = p->writer != NULL, .quiet = o->quiet,
                             .failed = stop_all_cb, .arg = p};
    if (view_wanted(p->o, p->display)) {
        atomic_init(&p->view.want, view_window(&p->view, 0, sc->in.width, sc->in.height));
        atomic_init(&p->view.video, view_pack(0, sc->in.width, sc->in.height));
        atomic_init(&p->view.zoom, 0);
        atomic_init(&p->view.area, atomic_load(&p->view.want));
        stc.view = links_view = &p->view;
    }
    if (o->dump && !(p->dump = dump_open(o->dump, err, sizeof(err)))) {
        msg_fail("--debug-dump %s", err);
        return EXIT_RUNTIME;
    }
    if (!(p->stage_thread = stage_thread_start(&stc, err, sizeof(err)))) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    if (source_start(p->src) < 0) {
        msg_fail("%s", source_error(p->src));
        return EXIT_RUNTIME;
    }
    ShowLinks links = {.o = o, .display = p->display, .in = p->in, .out = p->out, .dec = p->dec,
                       .aout = p->aout, .writer = p->writer, .progress = &p->progress,
                       .stats = p->stats, .trace = p->trace,
                       .backend_name = p->backend_name, .stage_threads = p->stage_threads,
                       .time_every = sc->time_every, .live = p->live, .url = p->url,
                       .looks = &p->looks,
                       .tone = &p->tone, .tone_curve = &p->tone_curve,
                       .seek = seek, .opaque = p, .view = links_view, .dump = p->dump,
                       .clock = stc.clock};
    ShowResult r;
    show_run(&links, &r);
    int code = EXIT_OK;
    if (r.status != SHOW_DONE)
        stop_all(p); /* quit by the user, or a display/output failure */
    if (r.status == SHOW_FAILED) {
        msg_fail("%s", r.message);
        code = EXIT_RUNTIME;
    }
    if (p->writer && (r.status == SHOW_QUIT || o->frames > 0)) /* cut short: the sound ends with the picture */
        writer_end_with_video(p->writer);
    p->write_failed = r.write_failed; /* said: closing the writer will not say it again */
    p->start_ms = r.start_ms, p->end_ms = clock_now_ms(); /* the rest is teardown */
    p->display_drops = r.display_drops;
    return code;
}

/* Stop and join every thread, close everything in reverse order, and say what
 * failed on the way. Returns the exit code. */
static int finish(Player *p, int code, const sigset_t *old)
{
    const Options *o = p->o;
    char err[1024];
    if (code != EXIT_OK)
        stop_all(p);
    if (p->stage_thread && stage_thread_join(p->stage_thread, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        code = EXIT_RUNTIME;
    }
    stage_thread_free(&p->stage_thread);
    if (p->has_clock) /* (its drops: the summary's) */
        p->display_drops += play_clock_drops(&p->clock), play_clock_destroy(&p->clock);
    presets_free(&p->looks);
    /* the reader: done at the end of the input; still reading after --frames or a quit */
    if (p->src) {
        source_stop(p->src);
        if (source_join(p->src) < 0) {
            msg_fail("%s", source_error(p->src));
            code = EXIT_RUNTIME;
        }
    }
    if (p->dec && decoder_join(p->dec) < 0) {
        msg_fail("%s", decoder_error(p->dec));
        code = EXIT_RUNTIME;
    }
    if (p->dec && o->verbose && p->in) {
        char line[512];
        decoder_describe(p->dec, line, sizeof(line));
        msg_say(o->quiet, "%s", line);
    }
    stage_destroy(&p->stage); /* waits for frames in flight before any buffer goes */
    audio_out_close(&p->aout); /* no callback pulls sound after this */
    audio_close(&p->audio);
    double c0 = clock_now_ms(); /* (a file's fps counts its encoder's end) */
    int closed = outfile_close(&p->writer, o, &p->progress, atomic_load(&p->sig.interrupted),
                               p->write_failed, p->dec ? decoder_frames(p->dec) : -1, p->url);
    p->end_ms += clock_now_ms() - c0;
    if (closed < 0) /* (-2: the range held no frame) */
        code = closed == -2 && code == EXIT_OK ? EXIT_USAGE : EXIT_RUNTIME;
    if (trace_close(&p->trace, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        code = EXIT_RUNTIME;
    }
    if (p->display_open)
        p->display->close();
    signals_stop(&p->sig);
    if (dump_close(&p->dump, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        code = EXIT_RUNTIME;
    }
    if (p->in && p->stats)
        stats_set_drops(p->stats, ring_drops(p->in) + p->display_drops);
    if (p->dec && p->stats)
        stats_set_decode_errors(p->stats, decoder_errors(p->dec));
    if (p->stats && p->start_ms > 0 &&
        stats_finish(p->stats, o->quiet ? NULL : stderr, p->end_ms - p->start_ms,
                     p->backend_name, p->stage_threads, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        code = EXIT_RUNTIME;
    }
    stats_destroy(&p->stats);
    int sig = atomic_load(&p->sig.interrupted);
    if (sig && code == EXIT_OK)
        code = 128 + sig;
    progress_done(&p->progress, code, clock_now_ms());
    ring_destroy(&p->in);
    ring_destroy(&p->out);
    decoder_close(&p->dec);
    source_close(&p->src);
    pthread_sigmask(SIG_SETMASK, old, NULL);
    return code;
}

int player_run(const Options *o)
{
    Player pl = {.o = o};
    Player *p = &pl;
    char err[1024], note[512] = "";
    int code;
    avlog_set_verbosity(o->quiet ? -1 : o->verbose);
    chain_ocio_config(o->ocio);
    if (transform_parse(o->transform, &p->transform, err, sizeof(err)) < 0 ||
        options_check_run(o, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_USAGE;
    }
    p->tone = options_tone(o);
    outfile_tone(o, &p->transform, &p->tone);
    atomic_init(&p->tone_curve, (int)p->tone.curve);
    StageBackend backend = parse_backend(o->backend);
    int hwdec = options_hwdec(o);
    p->display = o->no_display ? &display_null : &display_highgui;
    if (!o->no_display && !have_display()) {
        if (!o->output) {
            msg_fail("no display (DISPLAY is not set) and no -o FILE: nothing to show or write to");
            return EXIT_USAGE;
        }
        msg_say(o->quiet, "no display (DISPLAY is not set): writing '%s' without a window", o->output);
        p->display = &display_null;
    }
    outfile_say_window(o, &p->transform, p->display != &display_null);

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
    if (progress_open(&p->progress, o, err, sizeof(err)) < 0) { /* (signals held: a done line) */
        msg_fail("%s", err);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return EXIT_RUNTIME;
    }

    StageConfig sc; /* ('t' needs a window: without one no folder of looks is read) */
    if ((code = presets_fill(&p->looks, &p->transform, o, p->display != &display_null) == 0 ? EXIT_OK
                                                                                        : EXIT_RUNTIME) == EXIT_OK &&
        (code = open_input(p, hwdec)) == EXIT_OK &&
        (code = open_pipeline(p, backend, &sc, note, sizeof(note))) == EXIT_OK &&
        (code = open_display(p, note)) == EXIT_OK &&
        /* the sound plays in a window, from a file (not live), unless -an */
        (p->display == &display_null || p->live || o->no_audio ||
         (code = sound_open(o, p->src, &p->audio, &p->aout)) == EXIT_OK))
        code = play(p, &sc);
    return finish(p, code, &old);
}
