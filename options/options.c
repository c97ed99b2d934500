/* The option table and its parser (see options.h). Long options take
 * "--name value" or "--name=value"; short ones "-t value". */
#include "options/options.h"

#include "options/option_values.h"
#include "look/chain.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* OPT_OPTIONAL: a string whose value may be left out (the default is used);
 * a following argument that does not start with '-' is taken as the value. */
/* OPT_LIST: a string that may be given several times (up to OPT_LIST_MAX). */
typedef enum { OPT_FLAG, OPT_STRING, OPT_INT, OPT_OPTIONAL, OPT_LIST } OptType;

typedef struct OptionSpec {
    char short_name; /* 0: none */
    const char *long_name;
    OptType type;
    size_t offset;
    const char *metavar;
    const char *def; /* default, as text (parsed like a value) */
    long long min, max;
    const char *help;
} OptionSpec;

#define F(field) offsetof(Options, field)
/* OPT_LIST keeps its count right after its array */
_Static_assert(offsetof(Options, n_enc_opts) ==
                   offsetof(Options, enc_opts) + sizeof(((Options *)0)->enc_opts),
               "Options: n_enc_opts must follow enc_opts");

static const OptionSpec specs[] = {
    {'i', "input", OPT_STRING, F(input), "INPUT", NULL, 0, 0,
     "input file or URL (or give it as the last argument)"},
    {'t', "transform", OPT_STRING, F(transform), "CHAIN", "none", 0, 0,
     "colour transform or chain (below)"},
    {'o', "output", OPT_STRING, F(output), "FILE", NULL, 0, 0,
     "write the processed video (container from the name)"},
    {0, "output-format", OPT_STRING, F(output_format), "NAME", NULL, 0, 0,
     "-o: the container by name (nut, mpegts, matroska, ...) instead of from the file name;\n"
     "                           -o - writes to standard output, NUT unless this names another"},
    {'c', "codec", OPT_STRING, F(codec), "NAME", NULL, 0, 0,
     "encoder for -o (default libx264, else mpeg4; rawvideo keeps exact BGR pixels)"},
    {0, "no-display", OPT_FLAG, F(no_display), NULL, NULL, 0, 0,
     "no window (needs -o or --frames)"},
    {0, "backend", OPT_STRING, F(backend), "B", "auto", 0, 0, "auto | cuda | cpu"},
    {0, "stripes", OPT_INT, F(stripes), "N", "3", 1, 1 << 20,
     "stripes (and CUDA streams) per frame, 1..frame height"},
    {0, "realtime", OPT_FLAG, F(realtime), NULL, NULL, 0, 0,
     "read the input at its own frame rate (FFmpeg's -re) without --live's dropping:\n"
     "                           paces a run with no window (soaks, streaming with -o -)"},
    {0, "loop", OPT_INT, F(loop), "N", "1", 0, 1LL << 30,
     "play the file N times in all (0: without end), timestamps running on; not with -o"},
    {0, "threads", OPT_INT, F(threads), "N", "0", 0, 256,
     "CPU backend: worker threads, 1..256 (0: every core this process may use)"},
    {0, "pageable", OPT_FLAG, F(pageable), NULL, NULL, 0, 0,
     "pageable host buffers (malloc) instead of pinned: shows why copies stop overlapping"},
    {0, "gpu", OPT_INT, F(gpu), "N", "0", 0, 1023,
     "the CUDA device for the stage and NVDEC (0: the first; one out of range: exit 3)"},
    {0, "hwdec", OPT_STRING, F(hwdec), "H", "none", 0, 0,
     "none | cuda: decode with NVDEC; frames stay on the GPU (CUDA backend;\n"
     "                           software decode, with one line, where NVDEC cannot) |\n"
     "                           auto: cuda unless --backend cpu"},
    {0, "trace", OPT_STRING, F(trace), "FILE", NULL, 0, 0,
     "timeline of every stripe's copies and kernels (Chrome trace JSON, for Perfetto)"},
    {0, "frames", OPT_INT, F(frames), "N", "0", 0, (1LL << 62),
     "stop after N frames (0: all)"},
    {0, "start", OPT_STRING, F(start), "T", NULL, 0, 0,
     "begin at T on the input's timeline from its start (seconds, or [[hh:]mm:]ss[.ms],\n"
     "                           as ffmpeg's -ss): -o gets exactly the frames from T; a window opens there"},
    {0, "end", OPT_STRING, F(end), "T", NULL, 0, 0,
     "stop before T (the frames in [--start, --end)); past the input's end: to its end;\n"
     "                           --loop plays the range again"},
    {0, "copyts", OPT_FLAG, F(copyts), NULL, NULL, 0, 0,
     "-o with --start: keep the input's timestamps (by default the output starts at 0)"},
    {'f', "format", OPT_STRING, F(format), "NAME", NULL, 0, 0,
     "input format for libavformat/libavdevice (v4l2, lavfi, ...)"},
    {0, "webcam", OPT_OPTIONAL, F(webcam), "[DEV]", "/dev/video0", 0, 0,
     "live from a V4L2 camera (default /dev/video0)"},
    {0, "video-size", OPT_STRING, F(video_size), "WxH", NULL, 0, 0,
     "size to ask the camera for (e.g. 1280x720)"},
    {0, "framerate", OPT_STRING, F(framerate), "N", NULL, 0, 0, "frame rate to ask the camera for"},
    {0, "input-format", OPT_STRING, F(input_format), "NAME", NULL, 0, 0,
     "camera pixel format to ask for (yuyv422, mjpeg, nv12, ...); with -f rawvideo, the\n"
     "                           file's pixel format (p010le, yuv420p10le, ...; and --video-size)"},
    {0, "live", OPT_FLAG, F(live), NULL, NULL, 0, 0,
     "treat INPUT as live: newest frame first, drop old ones, no buffering (files and\n"
     "                           test sources are read at their own frame rate)"},
    {0, "debug-display-delay", OPT_INT, F(display_delay), "MS", "0", 0, 10000,
     "for tests: the display takes MS longer for every frame"},
    {0, "debug-frame-hash", OPT_FLAG, F(frame_hash), NULL, NULL, 0, 0,
     "for tests: --stats gives each frame's hash (FNV-1a 64 of its BGR pixels)"},
    {0, "debug-dump", OPT_STRING, F(dump), "FILE", NULL, 0, 0,
     "for tests: write the frames handed to the display to FILE (binary PPMs, one after\n"
     "                           the other)"},
    {0, "no-audio", OPT_FLAG, F(no_audio), NULL, NULL, 0, 0,
     "no sound: none played, and -o leaves the input's audio streams out"},
    {0, "audio-stream", OPT_INT, F(audio_stream), "N", "-1", -1, 1 << 20,
     "play the input's stream #N (as ffprobe numbers them; -1: the best audio stream)"},
    {0, "volume", OPT_INT, F(volume), "V", "100", 0, 100, "sound volume, 0..100 (keys 9 and 0)"},
    {0, "no-subs", OPT_FLAG, F(no_subs), NULL, NULL, 0, 0,
     "-o: leave the input's subtitle streams out"},
    {0, "crf", OPT_STRING, F(crf), "N", NULL, 0, 0,
     "-o: constant quality for encoders that have it (libx264: 0..51, default 23)"},
    {0, "preset", OPT_STRING, F(preset), "NAME", NULL, 0, 0,
     "-o: encoder speed preset (libx264: ultrafast .. veryslow, default medium)"},
    {0, "bitrate", OPT_STRING, F(bitrate), "RATE", NULL, 0, 0,
     "-o: video bit rate, e.g. 4M"},
    {0, "gop", OPT_INT, F(gop), "N", "0", 0, 1 << 30,
     "-o: at most N frames between keyframes (0: the encoder's default)"},
    {0, "enc-opt", OPT_LIST, F(enc_opts), "KEY=VALUE", NULL, 0, 0,
     "-o: any other encoder option, e.g. tune=film or x264-params=aq-mode=3 (repeatable)"},
    {0, "enc-path", OPT_STRING, F(enc_path), "P", "yuv", 0, 0,
     "-o without a window: yuv (the stage makes the encoder's 4:2:0) | bgr (swscale does)"},
    {0, "out-depth", OPT_INT, F(out_depth), "N", "0", 0, 16,
     "-o: bits a sample, 8 | 10 | 12 | 16 (default: the source's, where the encoder takes it)"},
    {0, "dither", OPT_STRING, F(dither), "D", "ordered", 0, 0,
     "8-bit output (the window, an 8-bit file): ordered (default) | blue | no"},
    {0, "tone-mapping", OPT_STRING, F(tone_mapping), "CURVE", "bt2390", 0, 0,
     "HDR (PQ, HLG) to SDR: bt2390 | hable | reinhard | mobius | clip | none (none:\n"
     "                           HDR kept, shown as its signal, written as HDR with its metadata)"},
    {0, "tone-mapping-param", OPT_STRING, F(tone_param), "P", NULL, 0, 0,
     "the curve's parameter as FFmpeg's tonemap has it: reinhard's contrast (0.5),\n"
     "                           mobius's linear part (0.3), clip's gain (1)"},
    {0, "target-peak", OPT_STRING, F(target_peak), "NITS", "203", 0, 0,
     "the SDR display's white in cd/m² that tone mapping aims at (BT.2408's reference white)"},
    {0, "hdr-peak", OPT_STRING, F(hdr_peak), "NITS", NULL, 0, 0,
     "the source's peak in cd/m² (default: its MaxCLL, else its mastering display's, else 1000)"},
    {0, "gamut-mapping", OPT_STRING, F(gamut_mapping), "G", "compress", 0, 0,
     "HDR's wide gamut into BT.709: compress (out-of-gamut colours rolled off) | clip"},
    {0, "lut-space", OPT_STRING, F(lut_space), "S", "display", 0, 0,
     "HDR: -t runs on the tone-mapped picture (display) or on the source's signal,\n"
     "                           before tone mapping (source: camera and HDR LUTs)"},
    {0, "progress-every", OPT_INT, F(progress_ms), "MS", "0", 0, 1 << 30,
     "-o: progress every MS ms (0: 500 on a terminal or as json, else 5000)"},
    {0, "progress-format", OPT_STRING, F(progress_format), "F", "human", 0, 0,
     "-o: human (ffmpeg's line) | json (an object a line, the last with \"done\"; kept by -q)"},
    {0, "progress", OPT_STRING, F(progress_to), "FILE", "-", 0, 0,
     "-o: write the progress to FILE (-: standard error, the default; kept by -q)"},
    {0, "no-overlay", OPT_FLAG, F(no_overlay), NULL, NULL, 0, 0, "start with the overlay off"},
    {0, "overlay", OPT_FLAG, F(overlay), NULL, NULL, 0, 0,
     "burn the overlay into the -o file too (off by default)"},
    {0, "overlay-graph", OPT_FLAG, F(overlay_graph), NULL, NULL, 0, 0,
     "start with the frame-time graph under the overlay's text (the default)"},
    {0, "no-overlay-graph", OPT_FLAG, F(no_overlay_graph), NULL, NULL, 0, 0,
     "start with the overlay's text alone (key o: off, text, text + graph)"},
    {0, "window-size", OPT_STRING, F(window_size), "WxH", NULL, 0, 0,
     "open the window at W x H pixels (default: the video's size, scaled down to\n"
     "                           fit 90% of the screen when it is larger)"},
    {0, "window-scale", OPT_STRING, F(window_scale), "F", NULL, 0, 0,
     "open the window at F times the video's size (1: pixel for pixel), 0.05..8"},
    {0, "scale", OPT_STRING, F(scale), "F", "bicubic", 0, 0,
     "how the stage renders the window's size when it is not the video's: bilinear,\n"
     "                           bicubic or mitchell (Mitchell-Netravali B = C = 1/3), catrom (Catmull-Rom),\n"
     "                           lanczos (3 lobes), or none (the window scales the video's size\n"
     "                           itself, by nearest neighbour)"},
    {0, "scale-linear", OPT_STRING, F(scale_linear), "L", "yes", 0, 0,
     "yes: shrink in linear light (the display's, gamma 2.4), as mpv's\n"
     "                           --linear-downscaling: fine detail keeps its brightness | no: the signal"},
    {0, "compare", OPT_STRING, F(compare), "split[=F]", NULL, 0, 0,
     "before/after: the source left of column F x width (0..1, default 0.5), the look right\n"
     "                           of a white line (keys c, [ and ], or drag it); also in -o"},
    {0, "screenshot-dir", OPT_STRING, F(screenshot_dir), "DIR", ".", 0, 0,
     "where key g writes a still: the next frame the stage makes, at the video's size,\n"
     "                           without the overlay, as INPUT-FRAME.png; and key b the chain baked,\n"
     "                           INPUT-FRAME.cube, and its CDL decision, INPUT-FRAME.cc"},
    {0, "scope", OPT_STRING, F(scope), "LIST", NULL, 0, 0,
     "scopes over the window's top-right corner, counted by the stage from the picture it\n"
     "                           makes: waveform, parade, vectorscope, histogram, comma-separated (key w)"},
    {0, "debug-scope", OPT_STRING, F(scope_log), "FILE", NULL, 0, 0,
     "write each frame's scope counts to FILE, one JSON object a line (for tests)"},
    {0, "no-pacing", OPT_FLAG, F(no_pacing), NULL, NULL, 0, 0,
     "show frames as fast as they come, not at the file's own rate"},
    {0, "framedrop", OPT_STRING, F(framedrop), "yes|no", "yes", 0, 0,
     "a file in a window: frames that would show late are dropped before the stage,\n"
     "                           so the picture keeps time (counted as dropped) | no: every frame"},
    {0, "stats", OPT_STRING, F(stats), "FILE", NULL, 0, 0,
     "per-frame timings and the end-of-run summary as JSON"},
    {'v', "verbose", OPT_FLAG, F(verbose), NULL, NULL, 0, 0, "say more"},
    {'q', "quiet", OPT_FLAG, F(quiet), NULL, NULL, 0, 0, "errors only"},
    {'h', "help", OPT_FLAG, F(help), NULL, NULL, 0, 0, "this help"},
    {0, "version", OPT_FLAG, F(version), NULL, NULL, 0, 0, "print the version"},
    {0, "list-looks", OPT_FLAG, F(list_looks), NULL, NULL, 0, 0,
     "list the looks -t look=NAME finds (and key t cycles), folder by folder; with --ocio\n"
     "                           (or $OCIO), the config's looks too (-t ocio=...:looks=NAME)"},
    {0, "ocio", OPT_STRING, F(ocio), "FILE", NULL, 0, 0,
     "the OpenColorIO config -t ocio= uses (default: $OCIO)"},
    {0, "list-ocio", OPT_FLAG, F(list_ocio), NULL, NULL, 0, 0,
     "list the OpenColorIO config's colour spaces, displays and views, and looks, and the\n"
     "                           cameras and outputs camera= has (without a config: those); exit"},
    {0, "bake-lut", OPT_STRING, F(bake_lut), "FILE", NULL, 0, 0,
     "write the -t chain, as applied to INPUT's kind of picture (tone mapping and\n"
     "                           OpenColorIO steps included), as a .cube 3D table or a .clf (a shaper\n"
     "                           designed for the chain, then the cube: for log and HDR inputs); say its\n"
     "                           error against the chain (mean, p99, max in 10-bit codes); exit without\n"
     "                           playing"},
    {0, "bake-size", OPT_INT, F(bake_size), "N", "65", 2, 129, "--bake-lut: points a side of the table"},
};
#define NSPECS (sizeof(specs) / sizeof(specs[0]))

/* FFmpeg's single-dash spellings of some options. */
static const struct {
    const char *dash, *long_name;
} aliases[] = {{"-an", "no-audio"}, {"-ast", "audio-stream"}, {"-sn", "no-subs"}, {"-crf", "crf"},
               {"-preset", "preset"}, {"-b:v", "bitrate"}, {"-g", "gop"}};
#define NALIASES (sizeof(aliases) / sizeof(aliases[0]))

static const char *alias_of(const char *long_name)
{
    for (size_t i = 0; i < NALIASES; i++)
        if (strcmp(aliases[i].long_name, long_name) == 0)
            return aliases[i].dash;
    return NULL;
}

static int set_value(const OptionSpec *s, Options *o, const char *val, char *err, size_t errlen)
{
    void *field = (char *)o + s->offset;
    switch (s->type) {
    case OPT_FLAG:
        *(int *)field = 1;
        return 0;
    case OPT_STRING:
    case OPT_OPTIONAL:
        *(const char **)field = val;
        return 0;
    case OPT_LIST: {
        int *n = (int *)((char *)field + sizeof(const char *[OPT_LIST_MAX]));
        if (*n >= OPT_LIST_MAX) {
            snprintf(err, errlen, "--%s: at most %d of them", s->long_name, OPT_LIST_MAX);
            return -1;
        }
        ((const char **)field)[(*n)++] = val;
        return 0;
    }
    case OPT_INT: {
        char *end;
        errno = 0;
        long long v = strtoll(val, &end, 10);
        if (errno || end == val || *end || v < s->min || v > s->max) {
            snprintf(err, errlen, "--%s: '%s' is not a whole number in %lld..%lld", s->long_name,
                     val, s->min, s->max);
            return -1;
        }
        *(long long *)field = v;
        return 0;
    }
    }
    return -1;
}

static const OptionSpec *find_long(const char *name, size_t len)
{
    for (size_t i = 0; i < NSPECS; i++)
        if (strlen(specs[i].long_name) == len && strncmp(specs[i].long_name, name, len) == 0)
            return &specs[i];
    return NULL;
}

static const OptionSpec *find_short(char c)
{
    for (size_t i = 0; i < NSPECS; i++)
        if (specs[i].short_name == c)
            return &specs[i];
    return NULL;
}

int options_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof(*o));
    for (size_t i = 0; i < NSPECS; i++)
        if (specs[i].def && specs[i].type != OPT_OPTIONAL &&
            set_value(&specs[i], o, specs[i].def, err, errlen) < 0)
            return -1;
    int only_positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const OptionSpec *s = NULL;
        const char *val = NULL;
        if (!only_positional && strcmp(a, "--") == 0) {
            only_positional = 1;
            continue;
        }
        if (!only_positional && a[0] == '-' && a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
            if (!(s = find_long(a + 2, len))) {
                snprintf(err, errlen, "unknown option '%.*s' (see --help)", (int)(len + 2), a);
                return -1;
            }
            if (eq && s->type == OPT_FLAG) {
                snprintf(err, errlen, "--%s takes no value", s->long_name);
                return -1;
            }
            val = eq ? eq + 1 : NULL;
        } else if (!only_positional && a[0] == '-' && a[1]) {
            for (size_t k = 0; k < NALIASES && !s; k++)
                if (strcmp(a, aliases[k].dash) == 0)
                    s = find_long(aliases[k].long_name, strlen(aliases[k].long_name));
            if (!s && (a[2] || !(s = find_short(a[1])))) {
                snprintf(err, errlen, "unknown option '%s' (see --help)", a);
                return -1;
            }
        } else {
            if (o->input) {
                snprintf(err, errlen, "more than one input: '%s' and '%s'", o->input, a);
                return -1;
            }
            o->input = a;
            continue;
        }
        if (s->type == OPT_OPTIONAL && !val)
            val = i + 1 < argc && argv[i + 1][0] != '-' ? argv[++i] : s->def;
        if (s->type != OPT_FLAG && !val) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "--%s needs a value (%s)", s->long_name, s->metavar);
                return -1;
            }
            val = argv[++i];
        }
        if (s->offset == F(input) && o->input) {
            snprintf(err, errlen, "more than one input: '%s' and '%s'", o->input, val);
            return -1;
        }
        if (set_value(s, o, val, err, errlen) < 0)
            return -1;
    }
    return options_check_values(o, err, errlen);
}

int options_check_run(const Options *o, char *err, size_t errlen)
{
    const char *fix = NULL;
    struct stat st;
    if (strcmp(o->enc_path, "yuv") != 0 && strcmp(o->enc_path, "bgr") != 0)
        snprintf(err, errlen, "--enc-path: '%s' is not yuv or bgr", o->enc_path);
    else if (strcmp(o->framedrop, "yes") && strcmp(o->framedrop, "no"))
        snprintf(err, errlen, "--framedrop: '%s' is not yes or no", o->framedrop);
    else if (strcmp(o->dither, "no") && strcmp(o->dither, "ordered") && strcmp(o->dither, "blue"))
        snprintf(err, errlen, "--dither: '%s' is not no, ordered or blue", o->dither);
    else if (o->out_depth && o->out_depth != 8 && o->out_depth != 10 && o->out_depth != 12 &&
             o->out_depth != 16)
        snprintf(err, errlen, "--out-depth: %lld is not 8, 10, 12 or 16", o->out_depth);
    else if (o->out_depth && !o->output)
        fix = "--out-depth: the depth of -o's file; there is no -o";
    else if (strcmp(o->backend, "auto") && strcmp(o->backend, "cpu") && strcmp(o->backend, "cuda"))
        snprintf(err, errlen, "--backend: '%s' is not auto, cuda or cpu", o->backend);
    else if (strcmp(o->screenshot_dir, ".") && (stat(o->screenshot_dir, &st) || access(o->screenshot_dir, W_OK)))
        snprintf(err, errlen, "--screenshot-dir '%s': %s", o->screenshot_dir, strerror(errno));
    else if (strcmp(o->screenshot_dir, ".") && !S_ISDIR(st.st_mode)) /* key g writes there */
        snprintf(err, errlen, "--screenshot-dir '%s': not a directory", o->screenshot_dir);
    else if (strcmp(o->hwdec, "cuda") != 0 && strcmp(o->hwdec, "none") != 0 && strcmp(o->hwdec, "auto") != 0)
        snprintf(err, errlen, "--hwdec: '%s' is not none, auto or cuda", o->hwdec);
    else if (strcmp(o->hwdec, "cuda") == 0 && strcmp(o->backend, "cpu") == 0)
        fix = "--hwdec cuda: NVDEC frames stay on the GPU, so they need --backend cuda (or auto)";
    else if (o->loop != 1 && o->webcam)
        fix = "--loop: a camera does not end";
    else if (o->loop != 1 && o->output)
        fix = "--loop: not with -o (the copied sound would start over out of order)";
    else if (o->no_display && !o->output && o->frames <= 0)
        fix = "--no-display needs -o FILE or --frames N: otherwise nothing would come of the run";
    else
        return 0;
    if (fix)
        snprintf(err, errlen, "%s", fix);
    return -1;
}

void options_help(const char *prog)
{
    printf("usage: %s [options] INPUT\n"
           "       %s [options] --webcam [DEV]\n\n"
           "Plays a video file or URL, changes its colours frame by frame in horizontal\n"
           "stripes (CUDA streams, or CPU threads without a GPU), and shows it with a\n"
           "frame-time overlay or writes it to a file.\n\noptions:\n",
           prog, prog);
    for (size_t i = 0; i < NSPECS; i++) {
        const OptionSpec *s = &specs[i];
        char left[64];
        const char *dash = alias_of(s->long_name);
        int n = s->short_name ? snprintf(left, sizeof(left), "-%c, ", s->short_name)
                : dash        ? snprintf(left, sizeof(left), "%s, ", dash)
                              : snprintf(left, sizeof(left), "    ");
        snprintf(left + n, sizeof(left) - n, "--%s%s%s", s->long_name, s->metavar ? " " : "",
                 s->metavar ? s->metavar : "");
        printf("  %-24s %s", left, s->help);
        if (s->def && s->type != OPT_FLAG)
            printf(" [%s]", s->def);
        printf("\n");
    }
    printf("\ntransforms (-t):\n%s", transform_help());
    printf("\nkeys (in the window):\n"
           "  q, Esc  quit (closing the window does the same)\n"
           "  space   pause / resume\n"
           "  m       sound off / on            9 / 0  volume - / + 10\n"
           "  s       step one frame (while paused)\n"
           "  f       full screen on/off\n"
           "  o       overlay: off, text, text + frame-time graph (the default), off, ...\n"
           "  t       next look: -t first, then your looks and the installed ones\n"
           "          (--list-looks), then none, gray, invert, sepia\n"
           "  h       HDR sources: next tone-mapping curve (bt2390, hable, reinhard, mobius,\n"
           "          clip, none; without none while -o writes)\n"
           "  → / ←   seek 10 s forward / back\n"
           "  ↑ / ↓   seek 60 s forward / back\n"
           "  z       zoom: 1:1 pixels, cropped to the window (centred); the arrows and\n"
           "          dragging with the mouse move the picture; z again: the whole video\n"
           "  1 / 2   contrast - / + 0.05    3 / 4  brightness - / + 0.01 (mpv's keys)\n"
           "  5 / 6   gamma - / + 0.05       7 / 8  saturation - / + 0.05\n"
           "          (on the chain's last eq, else on an eq added; the chain is said at quit)\n"
           "  - / =   the last LUT's mix - / + 0.05\n"
           "  k / j   CDL: the next / previous control: slope, slope R, G, B, offset, offset R,\n"
           "          G, B, power, power R, G, B, sat (the master moves the three together)\n"
           "  , / .   CDL: the control - / + (slope, power 0.02; offset 0.005; sat 0.05), on\n"
           "          the chain's last cdl= step of numbers, else on one added (before a last eq)\n"
           "  b       keep the look: the chain baked for this source as INPUT-FRAME.cube\n"
           "          (65^3) and its CDL decision as INPUT-FRAME.cc (--screenshot-dir)\n"
           "  c       before/after split on/off; [ / ] or a mouse drag move it\n"
           "  w       scopes: off, waveform, parade, vectorscope, histogram, off, ...\n"
           "  g       a still of the next frame, as PNG (--screenshot-dir)\n"
           "\nlive mode (--webcam, --live): the newest frame is shown as soon as it is ready;\n"
           "frames that fall behind are dropped and counted, so the delay from capture to\n"
           "display stays bounded (the overlay and --stats show it and the drops).\n"
           "\nexit codes: 0 done (decode errors in a damaged input are warnings); 1 bad usage;\n"
           "2 input cannot be opened or has no decodable video; 3 runtime failure (GPU,\n"
           "output, display); 130 interrupted (SIGINT), 143 (SIGTERM): the output is\n"
           "finished first, unless a second signal comes while it is.\n");
}

ToneSettings options_tone(const Options *o)
{
    return (ToneSettings){.curve = (ToneCurve)o->tone_curve, .param = o->tone_param_f,
                          .target_peak = o->target_peak_f, .hdr_peak = o->hdr_peak_f,
                          .gamut_clip = o->gamut_clip, .lut_first = o->lut_first};
}
