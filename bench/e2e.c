/* pinstripe-e2e: the whole pipeline against decoding alone, on the same file,
 * in one run.
 *
 *   pinstripe-e2e [--reps N] [--frames N] [--hwdec cuda] FILE [PINSTRIPE OPTIONS...]
 *
 * Each repetition first decodes FILE with the pipeline's own decoder setup
 * (decode/decoder.h: the same demuxer, decoder and threads, NVDEC with --hwdec
 * cuda) and drops every frame: the speed at which frames can be had at all.
 * Then it runs the whole pipeline (pinstripe --no-display -q, plus the options
 * given after FILE, e.g. --backend cuda -t lut3d=...) and takes its own fps
 * figure (--stats: frames over the time from its display loop's start, just
 * after the decode thread's, to its last frame out of the loop, plus -o's
 * close; opening the input, the stage, rings and buffers, and closing them
 * down, excluded, as decoding alone excludes its own). Decoding alone is
 * timed from the decode thread's start to its end, its close excluded. One
 * warm-up of each goes first, not counted.
 * Prints each repetition, the medians, and the ratio of the medians.
 * Exit 0, 2 on bad usage, 3 when a run fails. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options/options.h"
#include "app/player.h"
#include "stage/clock.h"
#include "decode/decoder.h"
#include "io/source.h"

#define MAX_REPS 64
#define MAX_ARGS 64

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(const double *v, int n)
{
    double s[MAX_REPS];
    memcpy(s, v, n * sizeof(*s));
    qsort(s, n, sizeof(*s), cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* fps of decoding `path` alone, or -1. */
static double decode_alone(const char *path, int hwdec, long long frames, long long *count)
{
    char err[512];
    int code;
    DecoderOptions opt = {.hwdec = hwdec};
    Source *src = source_open(path, NULL, err, sizeof(err), &code);
    Decoder *d = src ? decoder_open(src, &opt, err, sizeof(err), &code) : NULL;
    if (!d) {
        fprintf(stderr, "pinstripe-e2e: %s\n", err);
        source_close(&src);
        return -1;
    }
    double t0 = clock_now_ms();
    int rc = decoder_start(d, NULL, frames);
    if (rc == 0 && (rc = source_start(src)) < 0)
        fprintf(stderr, "pinstripe-e2e: %s\n", source_error(src));
    if (rc == 0 && (rc = decoder_join(d)) < 0)
        fprintf(stderr, "pinstripe-e2e: %s\n", decoder_error(d));
    double t1 = clock_now_ms();
    *count = decoder_frames(d);
    source_stop(src); /* --frames: the reader may still be reading */
    source_join(src);
    decoder_close(&d);
    source_close(&src);
    return rc < 0 || *count == 0 ? -1 : *count * 1000.0 / (t1 - t0);
}

/* fps of the whole pipeline as the player reports it, or -1. */
static double pipeline(const char *path, int hwdec, long long frames, int nextra, char **extra,
                       long long *count)
{
    char stats[64], nframes[32];
    snprintf(stats, sizeof(stats), "/tmp/pinstripe-e2e-%d.json", (int)getpid());
    snprintf(nframes, sizeof(nframes), "%lld", frames > 0 ? frames : (1LL << 60));
    char *argv[MAX_ARGS + 16];
    int argc = 0;
    argv[argc++] = "pinstripe";
    argv[argc++] = "--no-display";
    argv[argc++] = "-q";
    argv[argc++] = "--frames";
    argv[argc++] = nframes;
    argv[argc++] = "--stats";
    argv[argc++] = stats;
    if (hwdec) {
        argv[argc++] = "--hwdec";
        argv[argc++] = "cuda";
    }
    for (int i = 0; i < nextra; i++)
        argv[argc++] = extra[i];
    argv[argc++] = (char *)path;
    argv[argc] = NULL;
    Options o;
    char err[512];
    if (options_parse(argc, argv, &o, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinstripe-e2e: %s\n", err);
        return -1;
    }
    if (player_run(&o) != EXIT_OK)
        return -1;
    /* the summary closes the file: read its last few kilobytes */
    FILE *f = fopen(stats, "r");
    char buf[4096] = "";
    size_t n = 0;
    if (f) {
        if (fseek(f, -(long)(sizeof(buf) - 1), SEEK_END) != 0)
            rewind(f);
        n = fread(buf, 1, sizeof(buf) - 1, f);
        fclose(f);
    }
    unlink(stats);
    buf[n] = 0;
    const char *sum = strstr(buf, "\"summary\":");
    const char *fps = sum ? strstr(sum, "\"fps\":") : NULL;
    const char *fr = sum ? strstr(sum, "\"frames\":") : NULL;
    if (!fps || !fr) {
        fprintf(stderr, "pinstripe-e2e: no fps in the player's --stats\n");
        return -1;
    }
    *count = atoll(fr + 9);
    return atof(fps + 6);
}

int main(int argc, char **argv)
{
    int reps = 5, hwdec = 0, i = 1;
    long long frames = 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = atoll(argv[++i]);
        else if (strcmp(argv[i], "--hwdec") == 0 && i + 1 < argc && strcmp(argv[i + 1], "cuda") == 0)
            hwdec = 1, i++;
        else
            break;
    }
    if (i >= argc || reps < 1 || reps > MAX_REPS || argc - i - 1 > MAX_ARGS) {
        fprintf(stderr, "usage: pinstripe-e2e [--reps 1..%d] [--frames N] [--hwdec cuda] FILE "
                        "[PINSTRIPE OPTIONS...]\n", MAX_REPS);
        return 2;
    }
    const char *path = argv[i];
    double dec[MAX_REPS], pipe[MAX_REPS];
    /* a warm-up of each, not counted: file cache, CUDA's first context */
    long long nd = 0, np = 0;
    if (decode_alone(path, hwdec, frames, &nd) < 0 ||
        pipeline(path, hwdec, frames, argc - i - 1, argv + i + 1, &np) < 0)
        return 3;
    printf("pinstripe-e2e: %s%s, %lld frames; pipeline options:", path, hwdec ? " --hwdec cuda" : "", nd);
    for (int k = i + 1; k < argc; k++)
        printf(" %s", argv[k]);
    printf("\n| rep | decode alone fps | pipeline fps | ratio |\n| --- | --- | --- | --- |\n");
    for (int r = 0; r < reps; r++) {
        if ((dec[r] = decode_alone(path, hwdec, frames, &nd)) < 0 ||
            (pipe[r] = pipeline(path, hwdec, frames, argc - i - 1, argv + i + 1, &np)) < 0)
            return 3;
        if (np != nd) {
            fprintf(stderr, "pinstripe-e2e: the pipeline had %lld frames, decoding alone %lld\n", np, nd);
            return 3;
        }
        printf("| %d | %.1f | %.1f | %.3f |\n", r + 1, dec[r], pipe[r], pipe[r] / dec[r]);
        fflush(stdout);
    }
    double md = median(dec, reps), mp = median(pipe, reps);
    printf("| median | %.1f | %.1f | %.3f |\n", md, mp, mp / md);
    return 0;
}
