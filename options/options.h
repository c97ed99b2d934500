/* Command-line options: one table (name, type, field, default, help) from
 * which both the parser and --help are generated. */
#ifndef PINSTRIPE_OPTIONS_OPTIONS_H
#define PINSTRIPE_OPTIONS_OPTIONS_H

#include <stddef.h>

#include "look/tonemap.h"

#define OPT_LIST_MAX 32 /* values of a repeatable option */

typedef struct Options {
    const char *input;
    const char *transform;
    const char *output;
    const char *output_format;
    const char *codec;
    const char *backend;
    const char *format;
    long long stripes;
    long long threads; /* CPU backend; 0: every core */
    long long loop;    /* plays in all; 0: without end */
    long long frames;
    const char *start, *end; /* --start, --end, parsed into: */
    double start_s, end_s;   /* seconds from the input's start (0: not given) */
    int copyts;              /* -o keeps the input's timestamps (else the range starts at 0) */
    const char *trace;
    int pageable;
    const char *hwdec; /* none | cuda */
    int no_display;
    int no_overlay;
    int overlay;
    int overlay_graph, no_overlay_graph; /* the graph under the overlay's text */
    const char *window_size;             /* --window-size WxH, parsed into: */
    int window_w, window_h;              /* 0: not given */
    const char *window_scale;            /* --window-scale F, parsed into: */
    double window_scale_f;               /* 0: not given */
    int no_pacing;
    const char *framedrop; /* yes: a file in a window drops what would show late; no */
    const char *stats;
    const char *webcam; /* the V4L2 device, or NULL */
    const char *video_size, *framerate, *input_format;
    int live;
    int realtime; /* --realtime: read at the input's own rate, file mode otherwise */
    int no_audio, no_subs;         /* -an, -sn */
    long long audio_stream;        /* -ast: the stream played (-1: the best) */
    long long volume;              /* --volume 0..100 */
    const char *crf, *preset, *bitrate;
    long long gop;
    const char *enc_opts[OPT_LIST_MAX]; /* --enc-opt; the count must follow */
    int n_enc_opts;
    long long progress_ms;
    long long gpu;               /* --gpu: the CUDA device */
    const char *progress_format; /* human | json */
    const char *progress_to;     /* --progress FILE, - (standard error) */
    const char *enc_path;
    const char *dither;  /* no | ordered | blue: 8-bit outputs */
    long long out_depth; /* -o: 8, 10, 12 or 16 bits; 0: the source's */
    /* HDR sources (look/tonemap.h): the text of each, parsed by options_parse into
     * the fields after */
    const char *tone_mapping, *tone_param, *target_peak, *hdr_peak, *gamut_mapping, *lut_space;
    int tone_curve;        /* ToneCurve */
    double tone_param_f;   /* NAN: the curve's default */
    double target_peak_f;  /* cd/m² */
    double hdr_peak_f;     /* cd/m², 0: the source's */
    int gamut_clip;        /* 1: clip; 0: compress */
    int lut_first;         /* 1: --lut-space source */
    long long display_delay;
    int frame_hash; /* --debug-frame-hash */
    const char *dump; /* --debug-dump FILE: the frames handed to the display */
    const char *scale; /* --scale: the filter the stage renders the window's size with */
    int scale_filter;  /* ScaleFilter, or -1: none (the window scales the video's size) */
    const char *scale_linear; /* --scale-linear: yes (shrink in linear light) | no */
    const char *compare; /* --compare split[=F] */
    const char *screenshot_dir; /* --screenshot-dir: where key g writes stills */
    const char *scope;   /* --scope waveform,parade,vectorscope,histogram */
    int scopes;          /* its parse: SCOPE_* bits (scope/scope.h) */
    const char *scope_log; /* --debug-scope FILE: each frame's counts, JSON lines */
    int compare_on;      /* its parse: on, at F = compare_at */
    double compare_at;
    int verbose;
    int quiet;
    int help;
    int version;
    int list_looks;
    int list_ocio;      /* --list-ocio */
    const char *bake_lut; /* --bake-lut FILE (app/bake.h) */
    long long bake_size;  /* --bake-size N: 2..129 */
    const char *ocio;   /* --ocio FILE (NULL: $OCIO) */
} Options;

/* Fill *o from argv (defaults first). 0, or -1 with one line in err (exit 1). */
int options_parse(int argc, char **argv, Options *o, char *err, size_t errlen);
/* What the run needs of the options together (values the table cannot check
 * alone, pairs that do not go together). 0, or -1 with one line in err (exit 1). */
int options_check_run(const Options *o, char *err, size_t errlen);
/* The HDR options as tone mapping's settings. */
ToneSettings options_tone(const Options *o);
/* --hwdec as DecoderOptions.hwdec takes it: 0 none, 1 cuda, 2 auto (cuda's way
 * unless --backend cpu; then 0). */
int options_hwdec(const Options *o);
/* Print --help, generated from the table. */
void options_help(const char *prog);

#endif
