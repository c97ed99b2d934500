/* pinstripe-cpu-bench: the CPU backend's speed without decoding, in two parts
 * (BENCHMARKS.md, "The CPU backend"):
 *
 *   kernels  each transform's rows on one thread, per SIMD level (cpu/simd.h),
 *            ms per frame and the speed-up over the scalar code;
 *   threads  the whole CPU stage (stage_create, its worker pool) at 1, 2, 4, …
 *            threads: frames per second and the speed-up over one thread;
 *   scopes   the whole CPU stage with lut3d, without and with each scope (--scope),
 *            on every core, or on each number of threads --threads lists;
 *   ocio     the whole CPU stage with -t camera=slog3-cine (OpenColorIO's
 *            operations, exact) against OpenColorIO's own CPU processor applied to
 *            the same frame's R,G,B (as floats) on as many threads, each thread a
 *            band of rows; ms a frame and the ratio (issue 43). Only with ocio named.
 *
 *   pinstripe-cpu-bench [--size WxH] [--reps N] [--frames N] [--lut F.cube]
 *                       [--threads 1,2,4,...] [kernels|threads|scopes|ocio]...
 *
 * The picture is a synthetic yuv420p frame (gradients and a little noise, so
 * LUT lookups touch the table as a real picture does). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/picture.h"
#include "stage/clock.h"
#include "cpu/convert.h"
#include "stage/dither.h"
#include "cpu/simd.h"
#include "stage/stage.h"
#include "look/chain.h"
#include "ocio/ocio_shim.h"

#include <pthread.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int parse_transform(const char *spec, Transform *t)
{
    char err[256];
    if (transform_parse(spec, t, err, sizeof(err)) != 0) {
        fprintf(stderr, "pinstripe-cpu-bench: -t %s: %s\n", spec, err);
        return -1;
    }
    transform_tables(t); /* the chain runs here without a stage */
    return 0;
}

static int kernels(const FrameBuf *in, FrameBuf *out, const char *lut, int reps, int frames)
{
    char specs[8][600];
    int n = 0;
    snprintf(specs[n++], 600, "none");
    snprintf(specs[n++], 600, "invert");
    snprintf(specs[n++], 600, "sepia");
    snprintf(specs[n++], 600, "eq=contrast=1.2:saturation=1.3");
    snprintf(specs[n++], 600, "eq=gamma=1.4");
    snprintf(specs[n++], 600, "lut3d=file=%s:interp=tetrahedral", lut);
    snprintf(specs[n++], 600, "lut3d=file=%s:interp=trilinear", lut);
    snprintf(specs[n++], 600, "lut3d=file=%s:interp=nearest", lut);
    printf("kernels: one thread, %dx%d yuv420p → bgr24, ms per frame (median of %d runs of %d "
           "frames)\n",
           in->fmt.width, in->fmt.height, reps, frames);
    printf("%-40s", "transform");
    for (int l = 0; l < SIMD_NLEVELS; l++)
        if (simd_available((SimdLevel)l))
            printf(" %9s", simd_name((SimdLevel)l));
    printf("   speed-up over scalar\n");
    for (int i = 0; i < n; i++) {
        Transform t;
        if (parse_transform(specs[i], &t) < 0)
            return -1;
        /* the stage's job for the frame: BT.709, limited range, the default dither */
        ColourJob job = {.src = {.plane = {in->data[0], in->data[1], in->data[2]},
                                 .stride = {in->stride[0], in->stride[1], in->stride[2]},
                                 .layout = in->fmt.layout},
                         .c = colour_yuv_coeffs(MATRIX_BT709, 0, in->fmt.height, frame_depth(in)),
                         .dither = dither_table(DITHER_ORDERED)};
        if (!t.identity)
            job.ch = t.chain;
        job.plain = colour_job_plain(in->fmt.layout, &job.ch);
        double ms[SIMD_NLEVELS] = {0};
        for (int l = 0; l < SIMD_NLEVELS; l++) {
            SimdRowFn row = simd_row((SimdLevel)l);
            if (!row)
                continue;
            double runs[64];
            for (int r = 0; r < reps; r++) {
                double t0 = clock_now_ms();
                for (int f = 0; f < frames; f++)
                    for (int y = 0; y < in->fmt.height; y++)
                        row(&job, y, in->fmt.width, COLOUR_OUT_BGR24, frame_row(out, 0, y));
                runs[r] = (clock_now_ms() - t0) / frames;
            }
            ms[l] = median(runs, reps);
        }
        const char *name = strncmp(specs[i], "lut3d=file=", 11) == 0 ? strchr(specs[i], ':') : NULL;
        char label[64];
        snprintf(label, sizeof(label), "%s", name ? "lut3d " : specs[i]);
        if (name)
            snprintf(label, sizeof(label), "lut3d %s", name + 8);
        printf("%-40s", label);
        for (int l = 0; l < SIMD_NLEVELS; l++)
            if (ms[l] > 0)
                printf(" %9.2f", ms[l]);
        printf("  ");
        for (int l = 1; l < SIMD_NLEVELS; l++)
            if (ms[l] > 0)
                printf(" %s %.2fx", simd_name((SimdLevel)l), ms[0] / ms[l]);
        printf("\n");
    }
    return 0;
}

static int threads(FrameBuf in[2], FrameBuf *out, const char *lut, const int *list, int nlist,
                   int reps, int frames)
{
    char specs[3][600];
    snprintf(specs[0], 600, "none");
    snprintf(specs[1], 600, "invert");
    snprintf(specs[2], 600, "lut3d=file=%s:interp=tetrahedral", lut);
    printf("threads: the CPU stage (%s rows), %dx%d, frames per second (median of %d runs of %d "
           "frames), speed-up over 1 thread\n",
           simd_name(simd_level()), in[0].fmt.width, in[0].fmt.height, reps, frames);
    printf("%-8s", "threads");
    for (int i = 0; i < 3; i++)
        printf(" %22s", i == 2 ? "lut3d tetrahedral" : specs[i]);
    printf("\n");
    double base[3] = {0};
    for (int k = 0; k < nlist; k++) {
        printf("%-8d", list[k]);
        for (int i = 0; i < 3; i++) {
            StageConfig cfg = {.in = in[0].fmt, .stripes = 3, .backend = STAGE_CPU,
                               .threads = list[k]};
            if (parse_transform(specs[i], &cfg.transform) < 0)
                return -1;
            char note[256], err[512];
            int code;
            Stage *s = stage_create(&cfg, note, sizeof(note), err, sizeof(err), &code);
            if (!s) {
                fprintf(stderr, "pinstripe-cpu-bench: %s\n", err);
                return -1;
            }
            double runs[64];
            for (int r = 0; r < reps; r++) {
                double t0 = clock_now_ms();
                for (int f = 0; f < frames; f++) {
                    FrameTimings t;
                    if (stage_submit(s, &in[f & 1], out) < 0 || stage_wait(s, &t) < 0) {
                        fprintf(stderr, "pinstripe-cpu-bench: %s\n", stage_error(s));
                        stage_destroy(&s);
                        return -1;
                    }
                }
                runs[r] = frames * 1000.0 / (clock_now_ms() - t0);
            }
            stage_destroy(&s);
            double fps = median(runs, reps);
            if (k == 0)
                base[i] = fps;
            char cell[40];
            snprintf(cell, sizeof(cell), "%.1f fps (%.2fx)", fps, fps / base[i]);
            printf(" %22s", cell);
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}

/* The CPU stage (every core) with lut3d, without and with each scope and all four
 * (issue 27: the counts taken in the workers' pass over the rows they write),
 * run in turn so that the machine's drift touches each alike. */
static int scopes(FrameBuf in[2], FrameBuf *out, const char *lut, int nthreads, int reps, int frames)
{
    static const int which[6] = {0, SCOPE_WAVEFORM, SCOPE_PARADE, SCOPE_VECTOR, SCOPE_HIST,
                                 SCOPE_ALL};
    static const char *const names[6] = {"no scope", "waveform", "parade", "vectorscope",
                                         "histogram", "all four"};
    char spec[600], note[256], err[512];
    snprintf(spec, sizeof(spec), "lut3d=file=%s:interp=tetrahedral", lut);
    StageConfig cfg = {.in = in[0].fmt, .stripes = 3, .backend = STAGE_CPU, .threads = nthreads};
    if (parse_transform(spec, &cfg.transform) < 0)
        return -1;
    int code;
    Stage *s = stage_create(&cfg, note, sizeof(note), err, sizeof(err), &code);
    size_t need = stage_scope_need(&cfg, SCOPE_ALL);
    if (!s || !(out->scope_block = malloc(sizeof(uint32_t) * need))) {
        fprintf(stderr, "pinstripe-cpu-bench: %s\n", s ? "out of memory" : err);
        stage_destroy(&s);
        return -1;
    }
    out->scope_cap = need;
    double runs[6][64];
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < 6; k++) {
            stage_set_scopes(s, which[k]);
            double t0 = clock_now_ms();
            for (int f = 0; f < frames; f++)
                if (stage_submit(s, &in[f & 1], out) < 0 || stage_wait(s, NULL) < 0) {
                    fprintf(stderr, "pinstripe-cpu-bench: %s\n", stage_error(s));
                    stage_destroy(&s);
                    return -1;
                }
            runs[k][r] = (clock_now_ms() - t0) / frames;
        }
    printf("scopes: the CPU stage (%d threads, %s rows), %dx%d, lut3d tetrahedral, ms a frame "
           "(median of %d runs of %d frames)\n", stage_threads(s), simd_name(simd_level()),
           in[0].fmt.width, in[0].fmt.height, reps, frames);
    double base = median(runs[0], reps);
    for (int k = 0; k < 6; k++)
        printf("  %-12s %8.2f ms  %.3fx\n", names[k], median(runs[k], reps),
               median(runs[k], reps) / base);
    stage_destroy(&s);
    free(out->scope_block);
    out->scope_block = NULL, out->scope_cap = 0;
    return 0;
}

typedef struct OcioBand {
    const OcioCpu *cpu;
    float *rgb;
    size_t n;
} OcioBand;

static void *ocio_band(void *arg)
{
    OcioBand *b = arg;
    ocio_cpu_apply(b->cpu, b->rgb, b->n);
    return NULL;
}

/* The CPU stage with camera=slog3-cine on nthreads, and OCIO's CPU processor on
 * as many threads over the same frame's R, G, B (the stage's 16-bit RGB of it) */
static int ocio_vs(FrameBuf in[2], int nthreads, int reps, int frames)
{
    int w = in[0].fmt.width, h = in[0].fmt.height;
    size_t n = (size_t)w * h;
    FrameFormat f48 = {PIX_RGB48, w, h, 1}, f24 = {PIX_BGR24, w, h, 1};
    uint8_t *b48 = malloc(frame_bytes(&f48)), *b24 = malloc(frame_bytes(&f24));
    float *rgb = malloc(12 * n), *work = malloc(12 * n);
    char note[256], err[512];
    int code, rc = -1;
    Stage *s = NULL;
    OcioCfg *raw = ocio_cfg_raw(err, sizeof(err));
    OcioStep step = {.kind = OCIO_STEP_BUILTINS, .nbuiltin = 3,
                     .builtin = {"SONY_SLOG3-SGAMUT3.CINE_to_ACES2065-1",
                                 "ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - SDR-VIDEO_1.0",
                                 "DISPLAY - CIE-XYZ-D65_to_REC.1886-REC.709"}};
    OcioCpu *cpu = raw ? ocio_cpu_create(raw, &step, err, sizeof(err)) : NULL;
    FrameBuf o48, o24;
    memset(&o48, 0, sizeof(o48)), memset(&o24, 0, sizeof(o24));
    if (!b48 || !b24 || !rgb || !work || !cpu)
        goto end;
    frame_wrap(&o48, &f48, b48), frame_wrap(&o24, &f24, b24);
    /* the frame's R, G, B: the stage without a transform, at 16 bits */
    StageConfig c0 = {.in = in[0].fmt, .stripes = 3, .backend = STAGE_CPU, .threads = nthreads,
                      .out_depth = 16};
    if (parse_transform("none", &c0.transform) < 0 ||
        !(s = stage_create(&c0, note, sizeof(note), err, sizeof(err), &code)) ||
        stage_submit(s, &in[0], &o48) < 0 || stage_wait(s, NULL) < 0)
        goto end;
    stage_destroy(&s);
    for (size_t i = 0; i < 3 * n; i++)
        rgb[i] = ((const uint16_t *)b48)[i] / 65535.0f;
    StageConfig cfg = {.in = in[0].fmt, .stripes = 3, .backend = STAGE_CPU, .threads = nthreads};
    if (parse_transform("camera=slog3-cine", &cfg.transform) < 0 ||
        !(s = stage_create(&cfg, note, sizeof(note), err, sizeof(err), &code)))
        goto end;
    int nt = stage_threads(s);
    double runs[2][64];
    pthread_t th[256];
    OcioBand band[256];
    for (int r = 0; r < reps; r++) {
        double t0 = clock_now_ms();
        for (int f = 0; f < frames; f++)
            if (stage_submit(s, &in[f & 1], &o24) < 0 || stage_wait(s, NULL) < 0) {
                snprintf(err, sizeof(err), "%s", stage_error(s));
                goto end;
            }
        runs[0][r] = (clock_now_ms() - t0) / frames;
        double spent = 0;
        for (int f = 0; f < frames; f++) {
            memcpy(work, rgb, 12 * n);
            double t1 = clock_now_ms();
            for (int k = 0; k < nt; k++) {
                size_t y0 = (size_t)h * k / nt, y1 = (size_t)h * (k + 1) / nt;
                band[k] = (OcioBand){cpu, work + 3 * y0 * w, (y1 - y0) * w};
                pthread_create(&th[k], NULL, ocio_band, &band[k]);
            }
            for (int k = 0; k < nt; k++)
                pthread_join(th[k], NULL);
            spent += clock_now_ms() - t1;
        }
        runs[1][r] = spent / frames;
    }
    double a = median(runs[0], reps), b = median(runs[1], reps);
    printf("ocio: %dx%d, camera=slog3-cine, %d threads, ms a frame (median of %d runs of %d frames)\n"
           "  pinstripe's CPU stage (YUV in, BGR out)  %9.2f ms\n"
           "  OpenColorIO %s's CPU processor (RGB)  %9.2f ms\n"
           "  pinstripe %.2fx as fast\n", w, h, nt, reps, frames, a, ocio_version(), b, b / a);
    rc = 0;
end:
    if (rc < 0)
        fprintf(stderr, "pinstripe-cpu-bench: ocio: %s\n", err);
    stage_destroy(&s);
    ocio_cpu_destroy(&cpu);
    ocio_cfg_close(&raw);
    free(b48), free(b24), free(rgb), free(work);
    return rc;
}

int main(int argc, char **argv)
{
    int w = 1920, h = 1080, reps = 5, frames = 20, do_kernels = 0, do_threads = 0, do_scopes = 0, do_ocio = 0;
    const char *lut = "assets/luts/teal-orange.cube";
    int list[64], nlist = 0, listed = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--size") && v && sscanf(v, "%dx%d", &w, &h) == 2 && w > 0 && h > 0)
            i++;
        else if (!strcmp(a, "--reps") && v && (reps = atoi(v)) > 0 && reps <= 64)
            i++;
        else if (!strcmp(a, "--frames") && v && (frames = atoi(v)) > 0)
            i++;
        else if (!strcmp(a, "--lut") && v)
            lut = v, i++;
        else if (!strcmp(a, "--threads") && v) {
            for (char *p = argv[++i]; *p && nlist < 64; p += strspn(p, ",")) {
                char *end;
                long t = strtol(p, &end, 10);
                if (end == p || t < 1 || t > STAGE_MAX_THREADS) {
                    fprintf(stderr, "pinstripe-cpu-bench: --threads: bad list '%s'\n", argv[i]);
                    return 1;
                }
                list[nlist++] = (int)t;
                p = end;
            }
            listed = nlist;
        } else if (!strcmp(a, "kernels"))
            do_kernels = 1;
        else if (!strcmp(a, "threads"))
            do_threads = 1;
        else if (!strcmp(a, "scopes"))
            do_scopes = 1;
        else if (!strcmp(a, "ocio"))
            do_ocio = 1;
        else {
            fprintf(stderr, "usage: pinstripe-cpu-bench [--size WxH] [--reps N] [--frames N] "
                            "[--lut F.cube] [--threads 1,2,4,...] [kernels|threads|scopes|ocio]...\n");
            return 1;
        }
    }
    if (!do_kernels && !do_threads && !do_scopes && !do_ocio)
        do_kernels = do_threads = do_scopes = 1;
    if (nlist == 0) {
        int cores = stage_cpu_default_threads();
        for (int t = 1; t < cores && nlist < 63; t *= 2)
            list[nlist++] = t;
        list[nlist++] = cores;
    }
    FrameFormat fin = {PIX_YUV420P, w, h, 0}, fout = {PIX_BGR24, w, h, 1};
    uint8_t *bin[2] = {malloc(frame_bytes(&fin)), malloc(frame_bytes(&fin))};
    uint8_t *bout = malloc(frame_bytes(&fout));
    if (!bin[0] || !bin[1] || !bout) {
        fprintf(stderr, "pinstripe-cpu-bench: out of memory\n");
        return 2;
    }
    FrameBuf in[2], out;
    memset(in, 0, sizeof(in));
    memset(&out, 0, sizeof(out));
    for (int i = 0; i < 2; i++) {
        frame_wrap(&in[i], &fin, bin[i]);
        in[i].matrix = MATRIX_BT709;
        bench_picture(&in[i], i);
    }
    frame_wrap(&out, &fout, bout);
    int rc = 0;
    if (do_kernels && kernels(&in[0], &out, lut, reps, frames) < 0)
        rc = 2;
    if (rc == 0 && do_threads && threads(in, &out, lut, list, nlist, reps, frames) < 0)
        rc = 2;
    for (int k = 0; rc == 0 && do_scopes && k < (listed ? listed : 1); k++) /* (every core */
        if (scopes(in, &out, lut, listed ? list[k] : 0, reps, frames) < 0)   /* unless listed) */
            rc = 2;
    for (int k = 0; rc == 0 && do_ocio && k < (listed ? listed : 1); k++)
        if (ocio_vs(in, listed ? list[k] : 0, reps, frames) < 0)
            rc = 2;
    free(bin[0]);
    free(bin[1]);
    free(bout);
    return rc;
}
