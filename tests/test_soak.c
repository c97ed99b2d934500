/* Live grading that holds (issue 52): one stage given a new chain before every
 * frame, as app/stage_thread.c hands it one after grade/live.c rebuilds it:
 *
 *   cdl:   a live CDL in front of camera=slog3, a new value of slope, offset,
 *          power and sat in turn at every press (the keys ',' and '.'), one
 *          frame in flight, then as many as the stage allows (3 at most);
 *   looks: 't' through seven looks (tables, cameras, OpenColorIO files, eq);
 *   eq:    eq's contrast and gamma and a camera's mix, new values each time.
 *
 * On CUDA first 3,000 CDL changes while the camera's kernel is compiled on a
 * thread (the built-in kernel runs the frames until it is ready), then the
 * rest with each kernel compiled before its first frame (PINSTRIPE_JIT=wait).
 *
 * Every frame equals, byte for byte, the same frame through a fresh one-frame
 * CPU stage made with its chain. After the first hundred changes nothing
 * grows: the OpenColorIO programs the process holds, the host's RSS (within
 * 1 MiB) and, on CUDA, the device memory in use (cudaMemGetInfo, within 1 MiB).
 * The CPU backend, and the CUDA backend where a device answers.
 * PINSTRIPE_SOAK=full runs the counts (10,000 CDL changes each way,
 * 1,000 looks, 1,000 eq changes), PINSTRIPE_SOAK=N N CDL changes and N/5 of
 * the others; CI runs 1,000 and 200 (250 and 120 under a sanitizer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "look/chain.h"
#include "ocio/ocio_shim.h"
#include "stage/stage.h"
#include "tests/check.h"
#include "tests/luts.h"
#ifdef PINSTRIPE_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "gpu/jit.h"
#endif

#define W 96
#define H 54
#define WARM 100 /* changes before memory is measured */

#define MUST(cond, ...)                                                                        \
    do {                                                                                       \
        int must_ = check_failures;                                                            \
        CHECK(cond, __VA_ARGS__);                                                              \
        if (check_failures != must_)                                                           \
            exit(CHECK_DONE());                                                                \
    } while (0)

typedef void (*SpecFn)(int k, char *spec, size_t n);

static char looks[7][600];

/* press k: one of the CDL's numbers moved to a value not used before */
static void cdl_spec(int k, char *spec, size_t n)
{
    double v[4] = {1.05, 0.01, 0.95, 1.1}, d = 1e-5 * (k / 4 + 1);
    v[k % 4] += k % 8 < 4 ? d : -d;
    snprintf(spec, n, "cdl=slope=%.6f/1/0.97:offset=%.6f:power=%.6f:sat=%.6f,camera=slog3",
             v[0], v[1], v[2], v[3]);
}

static void look_spec(int k, char *spec, size_t n)
{
    snprintf(spec, n, "%s", looks[k % 7]);
}

static void eq_spec(int k, char *spec, size_t n)
{
    snprintf(spec, n, "eq=contrast=%.5f:gamma=%.5f,camera=slog3-cine:mix=%.5f", 1 + 1e-4 * k,
             0.8 + 1e-4 * k, 1 - 1e-4 * (k % 5000));
}

static int has_camera(void)
{
    return ocio_available();
}

static long rss_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    if (f)
        fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static long device_used_kb(StageBackend backend)
{
#ifdef PINSTRIPE_HAVE_CUDA
    size_t free_b = 0, total = 0;
    if (backend == STAGE_CUDA && cudaMemGetInfo(&free_b, &total) == cudaSuccess)
        return (long)((total - free_b) / 1024);
#endif
    (void)backend;
    return 0;
}

static int sanitized(void)
{
    return getenv("ASAN_OPTIONS") || getenv("TSAN_OPTIONS");
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void parse(const char *spec, Transform *t)
{
    char err[512];
    MUST(transform_parse(spec, t, err, sizeof err) == 0, "-t %s: %s", spec, err);
}

/* the frame through a fresh single-frame, single-thread CPU stage */
static void reference(const FrameBuf *in, const char *spec, uint8_t *want, size_t outb)
{
    char err[256], note[256];
    int code;
    StageConfig cfg = {.in = in->fmt, .stripes = in->fmt.bands, .backend = STAGE_CPU, .threads = 1,
                       .dither = 1};
    parse(spec, &cfg.transform);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    MUST(s, "reference stage: %s", err);
    FrameFormat of = stage_out_format(&cfg);
    FrameBuf o = {0};
    frame_wrap(&o, &of, want);
    memset(want, 0, outb);
    MUST(stage_submit(s, in, &o) == 0 && stage_wait(s, NULL) == 0, "reference: %s", stage_error(s));
    stage_destroy(&s);
}

#define MAXD 3

/* count changes of spec_of, one a frame, `ahead` frames in flight at most */
/* 1 when it ran, 0 when the backend has no device here */
static int soak(StageBackend backend, const char *what, SpecFn spec_of, int count, int ahead,
                int judge_memory)
{
    char err[256], note[256], spec[MAXD][600];
    int code;
    FrameFormat in = {PIX_YUV420P, W, H, 3};
    StageConfig cfg = {.in = in, .stripes = 3, .backend = backend, .threads = 2, .dither = 1};
    parse("none", &cfg.transform);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    if (!s && backend == STAGE_CUDA && code == STAGE_ERR_NODEV) {
        printf("cuda: no device (%s): skipped\n", err);
        return 0;
    }
    MUST(s, "stage: %s", err);
    int depth = stage_depth(s) < ahead ? stage_depth(s) : ahead;
    HostMemKind mem = stage_host_memory(s);
    FrameFormat of = stage_out_format(&cfg);
    size_t inb = frame_bytes(&in), outb = frame_bytes(&of);
    uint8_t *inblk = host_alloc(inb, mem, err, sizeof err), *want = malloc(outb), *outs[MAXD];
    MUST(inblk && want, "out of memory");
    for (size_t i = 0; i < inb; i++) /* every code, colours far from grey too */
        inblk[i] = (uint8_t)(i * 2654435761u >> 13);
    FrameBuf fi = {0}, fo[MAXD];
    frame_wrap(&fi, &in, inblk);
    fi.matrix = MATRIX_BT709;
    for (int d = 0; d < depth; d++) {
        MUST((outs[d] = host_alloc(outb, mem, err, sizeof err)), "out of memory");
        memset(&fo[d], 0, sizeof fo[d]);
        frame_wrap(&fo[d], &of, outs[d]);
    }
    int done = 0, bad = 0, progs0 = 0;
    long rss0 = 0, rss_most = 0, dev0 = 0, dev_most = 0;
    double parse_ms[2] = {0, 0};
    for (int k = 0; done < count;) {
        if (k - done == depth || k == count) { /* the oldest, against its reference */
            MUST(stage_wait(s, NULL) == 0, "%s: wait: %s", what, stage_error(s));
            reference(&fi, spec[done % depth], want, outb);
            if (memcmp(outs[done % depth], want, outb) != 0 && bad++ < 3)
                printf("%s: frame %d (%s) differs from its chain's CPU reference\n", what, done,
                       spec[done % depth]);
            done++;
            if (done == WARM) {
                rss0 = rss_kb(), dev0 = device_used_kb(backend), progs0 = chain_ocio_programs();
            } else if (done > WARM) {
                long r = rss_kb(), g = device_used_kb(backend);
                rss_most = r > rss_most ? r : rss_most;
                dev_most = g > dev_most ? g : dev_most;
            }
            continue;
        }
        Transform t;
        spec_of(k, spec[k % depth], sizeof spec[0]);
        double t0 = now_ms();
        parse(spec[k % depth], &t);
        if (k < WARM || k >= count - WARM)
            parse_ms[k >= count - WARM] += now_ms() - t0;
        stage_set_transform(s, &t);
        MUST(stage_submit(s, &fi, &fo[k % depth]) == 0, "%s: submit %d (%s): %s", what, k,
             spec[k % depth], stage_error(s));
        k++;
    }
    const char *be = stage_backend_name(s);
    CHECK(bad == 0, "%s %s: %d of %d frames differ from their chain's", be, what, bad, count);
    CHECK(chain_ocio_programs() == progs0, "%s %s: OpenColorIO programs held %d after %d changes, "
          "%d after %d", be, what, progs0, WARM, chain_ocio_programs(), count);
    if (judge_memory && !sanitized()) /* (a sanitizer's quarantine grows memory by design) */
        CHECK(rss_most - rss0 <= 1024, "%s %s: RSS %ld kB after %d changes, up to %ld kB after",
              be, what, rss0, WARM, rss_most);
    if (judge_memory)
        CHECK(dev_most - dev0 <= 1024, "%s %s: device memory in use %ld kB after %d changes, up "
              "to %ld kB after", be, what, dev0, WARM, dev_most);
    printf("%s %-22s %6d changes, %d in flight: %d differ; programs %d; RSS %ld -> max %ld kB; "
           "device %ld -> max %ld kB; a parse %.3f ms (first %d) -> %.3f ms (last %d)\n",
           be, what, count, depth, bad, chain_ocio_programs(), rss0, rss_most, dev0, dev_most,
           parse_ms[0] / WARM, WARM, parse_ms[1] / WARM, WARM);
    fflush(stdout);
    stage_destroy(&s);
    host_free(inblk, mem);
    for (int d = 0; d < depth; d++)
        host_free(outs[d], mem);
    free(want);
    return 1;
}

int main(void)
{
    if (!has_camera()) {
        printf("no OpenColorIO: camera= cannot be parsed; skipped\n");
        return 77;
    }
    const char *knob = getenv("PINSTRIPE_SOAK"); /* full, or N: N CDL changes, N/5 of the rest */
    int full = knob && !strcmp(knob, "full"), n = knob && !full ? atoi(knob) : 0;
    int ncdl = full ? 10000 : n > WARM ? n : 1000;
    int nrest = full ? 1000 : n <= WARM ? 200 : n / 5 > WARM ? n / 5 : WARM + 1;
    if (!knob && sanitized()) /* (memory is not judged there: the frames' bytes, shorter) */
        ncdl = 2 * WARM + 50, nrest = WARM + 20;
    test_luts_make();
    char cc[64], p3[64];
    snprintf(cc, sizeof cc, "/tmp/pinstripe-test-%d.cc", (int)getpid());
    snprintf(p3, sizeof p3, "/tmp/pinstripe-test-%d-3d.cube", (int)getpid());
    FILE *f = fopen(cc, "w");
    MUST(f, "cannot write %s", cc);
    fprintf(f, "<ColorCorrection id=\"a\"><SOPNode><Slope>1.1 0.9 1.3</Slope><Offset>0.02 -0.01 0"
               "</Offset><Power>0.8 1.2 1</Power></SOPNode><SatNode><Saturation>1.5</Saturation>"
               "</SatNode></ColorCorrection>\n");
    fclose(f);
    snprintf(looks[0], sizeof looks[0], "none");
    snprintf(looks[1], sizeof looks[1], "%s", test_chain[1]);
    snprintf(looks[2], sizeof looks[2], "camera=slog3-cine");
    snprintf(looks[3], sizeof looks[3], "lut=file=%s,camera=vlog:range=legal", p3);
    snprintf(looks[4], sizeof looks[4], "%s", test_chain[4]);
    snprintf(looks[5], sizeof looks[5], "cdl=file=%s,camera=clog3:output=hdr-pq-1000", cc);
    snprintf(looks[6], sizeof looks[6], "eq=gamma=1.3,sepia");
    StageBackend backends[2] = {STAGE_CPU, STAGE_CUDA};
    for (int b = 0; b < 2; b++) {
        if (backends[b] == STAGE_CUDA) {
            /* the chain's kernel compiled on a thread while the built-in one runs the
             * first frames, then taking over: every frame still the CPU's (memory not
             * judged: the compiled kernel is loaded mid-run) */
            int ran = soak(STAGE_CUDA, "cdl while compiling", cdl_spec, 3000, 3, 0);
#ifdef PINSTRIPE_HAVE_CUDA
            if (ran)
                printf("kernels compiled for the chain meanwhile: %d\n", colour_jit_kernels());
#endif
            (void)ran;
            setenv("PINSTRIPE_JIT", "wait", 1); /* (then every kernel loaded before it runs) */
        }
        soak(backends[b], "cdl, one in flight", cdl_spec, ncdl, 1, 1);
        soak(backends[b], "cdl, three in flight", cdl_spec, ncdl, 3, 1);
        soak(backends[b], "t through 7 looks", look_spec, nrest, 3, 1);
        soak(backends[b], "eq and mix", eq_spec, nrest, 3, 1);
    }
    remove(cc);
    test_luts_remove();
    return CHECK_DONE();
}
