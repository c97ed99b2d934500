// pinstripe-bench: how close the CUDA stage comes to the PCIe link, in one run.
//
// Measures, on the first CUDA device, and prints as one table:
//   * pinned host→device, device→host and both-at-once copy bandwidth (64 MiB copies);
//   * the forum loop as its user wrote it: a 1080p BGR frame in 3 stripes on 3
//     streams, copy up / kernel / copy down per stripe, cudaDeviceSynchronize every
//     frame, with pageable and with pinned host memory;
//   * pinstripe's stage (stage/stage.h, CUDA backend) on synthetic 1080p and 2160p
//     yuv420p frames for each transform: ms a frame, fps, GB/s moved, and the ratio to
//     the copy bound (the largest of upload bytes / upload bandwidth, download bytes /
//     download bandwidth, all bytes / both-at-once bandwidth, all from this run);
//   * with NPP at build time, NPP's nppiYUV420ToBGR_8u_P3C3R run the best way (whole
//     frames round-robin over three streams, four in flight), for comparison.
// Every figure is the median of --reps repetitions after a warm-up, timed with CUDA
// events, except the stage: its frames complete one by one, and its figure is the time
// from the completion of frame 20 to that of the last, on the host clock (the stage's
// own timing events are on one frame in --timing N, 8 as in the player, since they slow
// the copies). Usage: pinstripe-bench [--reps N] [--frames N] [--stripes N] [--plain]
// [--copies] [--timing N] [-v] [--spans PREFIX]. --plain feeds frames whose planes are
// not laid out in bands (three uploads per stripe instead of one), to measure what the
// bands buy. --copies adds the stage's copies alone (no kernel) for 1, 2, 3 and 6
// stripes: what striping costs the copy engines themselves; then, for --stripes, the same
// with a plain kernel between upload and download and/or the stage's four timing events
// a stripe. --grade runs issue 27's rows alone (2160p lut3d 33³ without and with
// --compare split and each scope). --picture gradients feeds the stage the picture of
// pinstripe-cpu-bench (ramps and a little noise) instead of random bytes: random bytes
// put a count in nearly every cell of the scopes, a picture does not. --only SPEC runs
// the 2160p stage with -t SPEC alone; with --scale WxH resampled to WxH (bilinear, as
// for a window), with --one one frame in flight at a time (a frame's latency). A chain's
// compiled kernel is built before its first frame (PINSTRIPE_JIT=wait unless set).
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/picture.h"
#include "stage/clock.h"
#include "scope/scope.h"
#include "stage/stage.h"
#include "colour/resample.h"
#include "look/chain.h"
#include "ocio/ocio_shim.h"
#include "look/tonemap.h"
#ifdef PINSTRIPE_HAVE_NPP
#include <nppi_color_conversion.h>
#endif

#define CHECK(call)                                                                            \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "pinstripe-bench: %s failed (%s:%d): %s\n", #call, __FILE__,       \
                    __LINE__, cudaGetErrorString(e_));                                         \
            exit(3);                                                                           \
        }                                                                                      \
    } while (0)

static int reps = 7, frames = 300, verbose = 0, stripes = 3;
static int time_every = 8; // --timing N: the stage's timed events on 1 frame in N, as the player
static int copies = 0; // --copies: also the stage's copy pattern alone, 1/2/3/6 stripes
static int plain = 0; // --plain: input frames not laid out in bands (one upload per plane)
static const char *spans_path; // --spans PREFIX: PREFIX-<rows>.csv, the last -t invert repetition's spans

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void fill_random(uint8_t *p, size_t n)
{
    unsigned s = 2463534242u;
    for (size_t i = 0; i < n; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        p[i] = (uint8_t)s;
    }
}

// ---- bandwidth ---------------------------------------------------------------

typedef struct Bandwidth {
    double up, down, both; // GB/s (1e9 bytes)
} Bandwidth;

static Bandwidth measure_bandwidth(void)
{
    const size_t n = 64u << 20;
    uint8_t *ha, *hb, *da, *db;
    CHECK(cudaHostAlloc((void **)&ha, n, cudaHostAllocDefault));
    CHECK(cudaHostAlloc((void **)&hb, n, cudaHostAllocDefault));
    CHECK(cudaMalloc((void **)&da, n));
    CHECK(cudaMalloc((void **)&db, n));
    fill_random(ha, n);
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    cudaEvent_t e0, e1, e2;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    CHECK(cudaEventCreate(&e2));
    double up[64], down[64], both[64];
    for (int r = -2; r < reps; r++) { // two warm-ups
        float ms1, ms2;
        CHECK(cudaEventRecord(e0, s1));
        CHECK(cudaMemcpyAsync(da, ha, n, cudaMemcpyHostToDevice, s1));
        CHECK(cudaEventRecord(e1, s1));
        CHECK(cudaEventSynchronize(e1));
        CHECK(cudaEventElapsedTime(&ms1, e0, e1));
        CHECK(cudaEventRecord(e0, s1));
        CHECK(cudaMemcpyAsync(hb, db, n, cudaMemcpyDeviceToHost, s1));
        CHECK(cudaEventRecord(e1, s1));
        CHECK(cudaEventSynchronize(e1));
        CHECK(cudaEventElapsedTime(&ms2, e0, e1));
        // both at once: an upload and a download on two streams from one start
        float b1, b2;
        CHECK(cudaEventRecord(e0, s1));
        CHECK(cudaStreamWaitEvent(s2, e0, 0));
        CHECK(cudaMemcpyAsync(da, ha, n, cudaMemcpyHostToDevice, s1));
        CHECK(cudaMemcpyAsync(hb, db, n, cudaMemcpyDeviceToHost, s2));
        CHECK(cudaEventRecord(e1, s1));
        CHECK(cudaEventRecord(e2, s2));
        CHECK(cudaEventSynchronize(e1));
        CHECK(cudaEventSynchronize(e2));
        CHECK(cudaEventElapsedTime(&b1, e0, e1));
        CHECK(cudaEventElapsedTime(&b2, e0, e2));
        if (r >= 0) {
            up[r] = n / (ms1 * 1e6);
            down[r] = n / (ms2 * 1e6);
            both[r] = 2.0 * n / ((b1 > b2 ? b1 : b2) * 1e6);
        }
    }
    Bandwidth bw = {median(up, reps), median(down, reps), median(both, reps)};
    cudaEventDestroy(e0), cudaEventDestroy(e1), cudaEventDestroy(e2);
    cudaStreamDestroy(s1), cudaStreamDestroy(s2);
    cudaFree(da), cudaFree(db), cudaFreeHost(ha), cudaFreeHost(hb);
    return bw;
}

static double copy_bound_ms(const Bandwidth *bw, double up_bytes, double down_bytes)
{
    double a = up_bytes / (bw->up * 1e6), b = down_bytes / (bw->down * 1e6);
    double c = (up_bytes + down_bytes) / (bw->both * 1e6);
    double m = a > b ? a : b;
    return m > c ? m : c;
}

// ---- the forum loop ------------------------------------------------------------

__global__ void forum_invert(const uint8_t *in, uint8_t *out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 255 - in[i];
}

// ms a frame, median over reps of `frames` frames
static double forum_loop(int pinned)
{
    const int w = 1920, h = 1080, nstripes = 3;
    const size_t bytes = (size_t)w * h * 3;
    uint8_t *hin, *hout, *din, *dout;
    if (pinned) {
        CHECK(cudaHostAlloc((void **)&hin, bytes, cudaHostAllocDefault));
        CHECK(cudaHostAlloc((void **)&hout, bytes, cudaHostAllocDefault));
    } else {
        hin = (uint8_t *)malloc(bytes), hout = (uint8_t *)malloc(bytes);
    }
    fill_random(hin, bytes);
    CHECK(cudaMalloc((void **)&din, bytes));
    CHECK(cudaMalloc((void **)&dout, bytes));
    cudaStream_t st[3];
    for (int k = 0; k < nstripes; k++)
        CHECK(cudaStreamCreate(&st[k])); // as the forum user did: blocking streams
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    double per[64];
    for (int r = -1; r < reps; r++) {
        int n = r < 0 ? 20 : frames;
        CHECK(cudaEventRecord(e0, 0));
        for (int f = 0; f < n; f++) {
            for (int k = 0; k < nstripes; k++) {
                size_t off = (size_t)k * h / nstripes * w * 3;
                size_t end = (size_t)(k + 1) * h / nstripes * w * 3, len = end - off;
                CHECK(cudaMemcpyAsync(din + off, hin + off, len, cudaMemcpyHostToDevice, st[k]));
                forum_invert<<<(unsigned)((len + 255) / 256), 256, 0, st[k]>>>(din + off,
                                                                                dout + off, len);
                CHECK(cudaGetLastError());
                CHECK(cudaMemcpyAsync(hout + off, dout + off, len, cudaMemcpyDeviceToHost, st[k]));
            }
            CHECK(cudaDeviceSynchronize());
        }
        CHECK(cudaEventRecord(e1, 0));
        CHECK(cudaEventSynchronize(e1));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 0)
            per[r] = ms / n;
    }
    for (int k = 0; k < nstripes; k++)
        cudaStreamDestroy(st[k]);
    cudaEventDestroy(e0), cudaEventDestroy(e1);
    cudaFree(din), cudaFree(dout);
    if (pinned)
        cudaFreeHost(hin), cudaFreeHost(hout);
    else
        free(hin), free(hout);
    return median(per, reps);
}

// ---- pinstripe's stage ------------------------------------------------------------

#define SETS 4 // input/output buffer sets the frames cycle through

// ms a frame, median over reps; event-timed: first upload's start to last download's end
// hdr: 10-bit 4:2:0 samples (random, within 10 bits) tagged PQ BT.2020 1000 cd/m²,
// tone-mapped with bt2390 (the default) after the transform; 0: 8-bit 4:2:0 as decoded
static int grade_only;    // --grade: issue 27's rows alone
static const char *only_spec; // --only SPEC: the 2160p stage with -t SPEC alone (a profiler's run)
static int ocio_only;     // --ocio: issue 43's rows alone
static int bench_gradients; // --picture gradients: pinstripe-cpu-bench's picture, not random bytes
static int bench_compare; // the stage with --compare split (at 0.5)
static int bench_scopes;  // the stage counting these scopes (SCOPE_* bits; 0: none)
static int scale_w, scale_h; // --scale WxH: the stage resamples to WxH (bilinear), as for a window
static int one_at_a_time;  // --one: one frame in flight (submit, wait): a frame's latency
static double stage_run_hdr(int w, int h, const char *tname, int stripes, int hdr);

static double stage_run(int w, int h, const char *tname, int stripes)
{
    return stage_run_hdr(w, h, tname, stripes, -1);
}

// hdr: -1 8-bit yuv420p; 0 10-bit yuv420p16 (PQ-tagged, no tone map); 1 the same,
// tone-mapped (bt2390, the default, to 203 cd/m²); 2 16-bit RGB in (SDR, BT.709), as
// a first pass tone-mapped to rgb48 gives it to a second. rgb48_out: the output is
// rgb48 (--out-depth 16) instead of bgr24.
static double stage_run_fmt(int w, int h, const char *tname, int stripes, int hdr, int rgb48_out);

static double stage_run_hdr(int w, int h, const char *tname, int stripes, int hdr)
{
    return stage_run_fmt(w, h, tname, stripes, hdr, 0);
}

static double stage_run_fmt(int w, int h, const char *tname, int stripes, int hdr, int rgb48_out)
{
    char err[512], note[256];
    // as the player lays its ring slots out: one band per stripe
    PixLayout il = hdr == 2 ? PIX_RGB48 : hdr >= 0 ? PIX_YUV420P16 : PIX_YUV420P;
    FrameFormat in = {il, w, h, plain ? 1 : stripes};
    StageConfig cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.in = in, cfg.stripes = stripes, cfg.backend = STAGE_CUDA;
    cfg.out_depth = rgb48_out ? 16 : 8;
    cfg.out_width = scale_w, cfg.out_height = scale_h, cfg.scale = SCALE_BILINEAR;
    FrameFormat out = stage_out_format(&cfg);
    cfg.dither = DITHER_ORDERED; // the player's default
    cfg.compare = bench_compare, cfg.compare_at = 0.5, cfg.scopes = bench_scopes;
    cfg.time_every = spans_path && strcmp(tname, "invert") == 0 ? 1 : time_every;
    if (transform_parse(tname, &cfg.transform, err, sizeof err) < 0) {
        fprintf(stderr, "pinstripe-bench: %s\n", err);
        exit(1);
    }
    if (hdr == 1) {
        Transform base = cfg.transform;
        ToneSettings ts = {TONE_BT2390, NAN, TONE_TARGET_DEFAULT, 0, 0, 0};
        HdrSource src = {TRANSFER_PQ, PRIMARIES_BT2020, 1000};
        if (tone_apply(&base, &ts, &src, &cfg.transform, err, sizeof err) < 0) {
            fprintf(stderr, "pinstripe-bench: %s\n", err);
            exit(1);
        }
    }
    int code;
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    if (!s) {
        fprintf(stderr, "pinstripe-bench: %s\n", err);
        exit(3);
    }
    FrameBuf fi[SETS], fo[SETS];
    uint8_t *bi[SETS], *bo[SETS];
    for (int i = 0; i < SETS; i++) {
        bi[i] = (uint8_t *)host_alloc(frame_bytes(&in), HOST_MEM_PINNED, err, sizeof err);
        bo[i] = (uint8_t *)host_alloc(frame_bytes(&out), HOST_MEM_PINNED, err, sizeof err);
        if (!bi[i] || !bo[i]) {
            fprintf(stderr, "pinstripe-bench: %s\n", err);
            exit(3);
        }
        memset(&fi[i], 0, sizeof(FrameBuf)), memset(&fo[i], 0, sizeof(FrameBuf));
        frame_wrap(&fi[i], &in, bi[i]);
        frame_wrap(&fo[i], &out, bo[i]);
        if (bench_scopes) { // the player's slots: a scope block each, in the ring's memory
            fo[i].scope_cap = stage_scope_need(&cfg, bench_scopes);
            fo[i].scope_block = (uint32_t *)host_alloc(4 * fo[i].scope_cap, HOST_MEM_PINNED, err, sizeof err);
            if (!fo[i].scope_block) {
                fprintf(stderr, "pinstripe-bench: %s\n", err);
                exit(3);
            }
        }
        fill_random(bi[i], frame_bytes(&in));
        if (bench_gradients && hdr < 0 && frame_depth(&fi[i]) == 8) // (yuv420p: gradients, a little noise)
            bench_picture(&fi[i], i);
        fi[i].matrix = MATRIX_BT709;
        if (hdr == 2) { // 16-bit RGB, as tone mapping leaves it
            fi[i].depth = 16;
        } else if (hdr >= 0) { // 10-bit samples, BT.2020 PQ
            uint16_t *p16 = (uint16_t *)bi[i];
            for (size_t k = 0; k < frame_bytes(&in) / 2; k++)
                p16[k] &= 1023;
            fi[i].matrix = MATRIX_BT2020, fi[i].depth = 10;
            fi[i].transfer = TRANSFER_PQ, fi[i].primaries = PRIMARIES_BT2020;
        }
    }
    double per[64];
    int depth = one_at_a_time ? 1 : stage_depth(s);
    FILE *spans = NULL;
    char spans_file[1024];
    snprintf(spans_file, sizeof spans_file, "%s-%d.csv", spans_path ? spans_path : "", h);
    if (spans_path && strcmp(tname, "invert") == 0 && (spans = fopen(spans_file, "w")))
        fprintf(spans, "frame,stripe,stream,up0,up1,k1,down1\n");
    for (int r = -1; r < reps; r++) {
        int n = r < 0 ? 50 : frames, waited = 0, ntimed = 0;
        // steady state: from the completion of frame `skip` to that of the last one
        int skip = n > 40 ? 20 : 0;
        double first = 0, last = 0, up = 0, kern = 0, down = 0, submit = 0;
        FrameTimings t;
        for (int f = 0; f < n || waited < n;) {
            if (f < n && f - waited < depth) {
                double t0 = clock_now_ms();
                if (stage_submit(s, &fi[f % SETS], &fo[f % SETS]) < 0)
                    goto fail;
                submit += clock_now_ms() - t0;
                f++;
                continue;
            }
            if (stage_wait(s, &t) < 0)
                goto fail;
            double done = clock_now_ms();
            if (waited == skip)
                first = done;
            last = done;
            waited++;
            if (t.timed)
                ntimed++, up += t.upload_ms, kern += t.kernel_ms, down += t.download_ms;
            if (spans && r == reps - 1)
                for (int k = 0; k < t.nspans; k++)
                    fprintf(spans, "%d,%d,%d,%.4f,%.4f,%.4f,%.4f\n", waited - 1, k,
                            t.spans[k].stream, t.spans[k].up0, t.spans[k].up1, t.spans[k].k1,
                            t.spans[k].down1);
        }
        if (r >= 0)
            per[r] = (last - first) / (n - 1 - skip);
        if (r == reps - 1 && verbose)
            fprintf(stderr, "  %dp -t %.40s: per timed frame (%d of %d), summed over stripes: upload "
                            "%.4f, kernel %.4f, download %.4f ms; host submit %.1f us\n",
                    h, tname, ntimed, n, up / (ntimed ? ntimed : 1), kern / (ntimed ? ntimed : 1),
                    down / (ntimed ? ntimed : 1), 1000 * submit / n);
    }
    if (spans)
        fclose(spans);
    stage_destroy(&s);
    for (int i = 0; i < SETS; i++) {
        host_free(bi[i], HOST_MEM_PINNED), host_free(bo[i], HOST_MEM_PINNED);
        host_free(fo[i].scope_block, HOST_MEM_PINNED);
    }
    return median(per, reps);
fail:
    fprintf(stderr, "pinstripe-bench: %s\n", stage_error(s));
    exit(3);
}

// A plain kernel for copies_run: a stripe's download bytes from its upload bytes.
__global__ void copies_kernel(const uint8_t *in, size_t in_len, uint8_t *out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 255 - in[i % in_len];
}

// what copies_run adds to the bare copies: the stage's four timing events a stripe, a
// kernel, or only two timing events (before the upload, after the download), or only
// one untimed event after the download
enum { COPIES_EVENTS = 1, COPIES_KERNEL = 2, COPIES_EDGES = 4, COPIES_DONE = 8 };

// The stage's copies: per frame and stripe, the stripe's upload and download on the
// stripe's own stream (as the stage orders them), plus what `add` asks for, frames
// cycling through SETS pinned slots, nothing waited on until the end. Shows what the
// copy engines themselves charge for cutting a frame into stripes. (The slots are
// overwritten while earlier frames may still read them: only the timing matters.)
static double copies_run(int w, int h, int nstripes, int add)
{
    FrameFormat in = {PIX_YUV420P, w, h, 1}, out = {PIX_BGR24, w, h, 1};
    size_t up = frame_bytes(&in), down = frame_bytes(&out);
    uint8_t *hi[SETS], *ho[SETS], *di, *dout;
    for (int i = 0; i < SETS; i++) {
        CHECK(cudaHostAlloc((void **)&hi[i], up, cudaHostAllocDefault));
        CHECK(cudaHostAlloc((void **)&ho[i], down, cudaHostAllocDefault));
        fill_random(hi[i], up);
    }
    CHECK(cudaMalloc((void **)&di, up));
    CHECK(cudaMalloc((void **)&dout, down));
    cudaStream_t st[64];
    cudaEvent_t e0, end[64], ev[64][4]; // ev: the stage's four timing events a stripe
    CHECK(cudaEventCreate(&e0));
    for (int k = 0; k < nstripes; k++) {
        CHECK(cudaStreamCreateWithFlags(&st[k], cudaStreamNonBlocking));
        CHECK(cudaEventCreate(&end[k]));
        for (int i = 0; i < 4; i++)
            CHECK(cudaEventCreateWithFlags(&ev[k][i], add & COPIES_DONE ? cudaEventDisableTiming
                                                                     : cudaEventDefault));
    }
    double per[64];
    for (int r = -1; r < reps; r++) {
        int n = r < 0 ? 50 : frames;
        CHECK(cudaEventRecord(e0, st[0]));
        for (int k = 1; k < nstripes; k++)
            CHECK(cudaStreamWaitEvent(st[k], e0, 0));
        for (int f = 0; f < n; f++)
            for (int k = 0; k < nstripes; k++) {
                size_t u0 = up * k / nstripes, u1 = up * (k + 1) / nstripes;
                size_t d0 = down * k / nstripes, d1 = down * (k + 1) / nstripes;
                if (add & (COPIES_EVENTS | COPIES_EDGES))
                    CHECK(cudaEventRecord(ev[k][0], st[k]));
                CHECK(cudaMemcpyAsync(di + u0, hi[f % SETS] + u0, u1 - u0, cudaMemcpyHostToDevice,
                                      st[k]));
                if (add & COPIES_EVENTS)
                    CHECK(cudaEventRecord(ev[k][1], st[k]));
                if (add & COPIES_KERNEL) {
                    copies_kernel<<<(unsigned)((d1 - d0 + 255) / 256), 256, 0, st[k]>>>(
                        di + u0, u1 - u0, dout + d0, d1 - d0);
                    CHECK(cudaGetLastError());
                }
                if (add & COPIES_EVENTS)
                    CHECK(cudaEventRecord(ev[k][2], st[k]));
                CHECK(cudaMemcpyAsync(ho[f % SETS] + d0, dout + d0, d1 - d0,
                                      cudaMemcpyDeviceToHost, st[k]));
                if (add & (COPIES_EVENTS | COPIES_EDGES | COPIES_DONE))
                    CHECK(cudaEventRecord(ev[k][3], st[k]));
            }
        float worst = 0;
        for (int k = 0; k < nstripes; k++) {
            float ms;
            CHECK(cudaEventRecord(end[k], st[k]));
            CHECK(cudaEventSynchronize(end[k]));
            CHECK(cudaEventElapsedTime(&ms, e0, end[k]));
            worst = ms > worst ? ms : worst;
        }
        if (r >= 0)
            per[r] = worst / n;
    }
    for (int k = 0; k < nstripes; k++) {
        cudaStreamDestroy(st[k]), cudaEventDestroy(end[k]);
        for (int i = 0; i < 4; i++)
            cudaEventDestroy(ev[k][i]);
    }
    cudaEventDestroy(e0);
    cudaFree(di), cudaFree(dout);
    for (int i = 0; i < SETS; i++)
        cudaFreeHost(hi[i]), cudaFreeHost(ho[i]);
    return median(per, reps);
}

#ifdef PINSTRIPE_HAVE_NPP
// NPP's converter the best way: whole frames round-robin over 3 streams, 4 in flight.
static double npp_run(int w, int h)
{
    const int nstreams = 3, inflight = 4;
    FrameFormat in = {PIX_YUV420P, w, h, 1}, out = {PIX_BGR24, w, h, 1};
    size_t ib = frame_bytes(&in), ob = frame_bytes(&out);
    uint8_t *hi[inflight], *ho[inflight], *di[inflight], *dO[inflight];
    cudaEvent_t done[inflight];
    cudaStream_t st[nstreams];
    NppStreamContext ctx[nstreams];
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    for (int k = 0; k < nstreams; k++) {
        CHECK(cudaStreamCreateWithFlags(&st[k], cudaStreamNonBlocking));
        memset(&ctx[k], 0, sizeof(ctx[k]));
        ctx[k].hStream = st[k];
        ctx[k].nCudaDeviceId = 0;
        ctx[k].nMultiProcessorCount = prop.multiProcessorCount;
        ctx[k].nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
        ctx[k].nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
        ctx[k].nSharedMemPerBlock = prop.sharedMemPerBlock;
        ctx[k].nCudaDevAttrComputeCapabilityMajor = prop.major;
        ctx[k].nCudaDevAttrComputeCapabilityMinor = prop.minor;
        ctx[k].nStreamFlags = cudaStreamNonBlocking;
    }
    for (int i = 0; i < inflight; i++) {
        CHECK(cudaHostAlloc((void **)&hi[i], ib, cudaHostAllocDefault));
        CHECK(cudaHostAlloc((void **)&ho[i], ob, cudaHostAllocDefault));
        CHECK(cudaMalloc((void **)&di[i], ib));
        CHECK(cudaMalloc((void **)&dO[i], ob));
        CHECK(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
        fill_random(hi[i], ib);
    }
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    double per[64];
    for (int r = -1; r < reps; r++) {
        int n = r < 0 ? 50 : frames;
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(e0, st[0]));
        for (int k = 1; k < nstreams; k++)
            CHECK(cudaStreamWaitEvent(st[k], e0, 0));
        for (int f = 0; f < n; f++) {
            int i = f % inflight;
            cudaStream_t s = st[f % nstreams];
            CHECK(cudaStreamWaitEvent(s, done[i], 0)); // slot i's previous frame is done
            CHECK(cudaMemcpyAsync(di[i], hi[i], ib, cudaMemcpyHostToDevice, s));
            FrameBuf b;
            memset(&b, 0, sizeof(b));
            frame_wrap(&b, &in, di[i]);
            const Npp8u *src[3] = {b.data[0], b.data[1], b.data[2]};
            int step[3] = {b.stride[0], b.stride[1], b.stride[2]};
            NppiSize roi = {w, h};
            if (nppiYUV420ToBGR_8u_P3C3R_Ctx(src, step, dO[i], 3 * w, roi, ctx[f % nstreams]) !=
                NPP_SUCCESS) {
                fprintf(stderr, "pinstripe-bench: nppiYUV420ToBGR_8u_P3C3R_Ctx failed\n");
                exit(3);
            }
            CHECK(cudaMemcpyAsync(ho[i], dO[i], ob, cudaMemcpyDeviceToHost, s));
            CHECK(cudaEventRecord(done[i], s));
        }
        for (int k = 1; k < nstreams; k++) {
            CHECK(cudaEventRecord(e1, st[k]));
            CHECK(cudaStreamWaitEvent(st[0], e1, 0));
        }
        CHECK(cudaEventRecord(e1, st[0]));
        CHECK(cudaEventSynchronize(e1));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 0)
            per[r] = ms / n;
    }
    for (int i = 0; i < inflight; i++) {
        cudaFreeHost(hi[i]), cudaFreeHost(ho[i]), cudaFree(di[i]), cudaFree(dO[i]);
        cudaEventDestroy(done[i]);
    }
    for (int k = 0; k < nstreams; k++)
        cudaStreamDestroy(st[k]);
    return median(per, reps);
}
#endif

// A smooth test look of size³ (a mild S-curve with a warm shift) as a .cube file.
static void write_cube(const char *path, int size)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "pinstripe-bench: cannot write %s\n", path);
        exit(3);
    }
    fprintf(f, "LUT_3D_SIZE %d\n", size);
    for (int b = 0; b < size; b++)
        for (int g = 0; g < size; g++)
            for (int r = 0; r < size; r++) {
                float v[3] = {(float)r / (size - 1), (float)g / (size - 1), (float)b / (size - 1)};
                for (int c = 0; c < 3; c++) {
                    float x = v[c] * (c == 0 ? 1.05f : c == 2 ? 0.92f : 1.0f);
                    x = x < 0 ? 0 : x > 1 ? 1 : x;
                    v[c] = x * x * (3 - 2 * x);
                }
                fprintf(f, "%.6f %.6f %.6f\n", v[0], v[1], v[2]);
            }
    fclose(f);
}

static void row(const char *name, double ms, double up_bytes, double down_bytes, double bound)
{
    double gbs = (up_bytes + down_bytes) / (ms * 1e6);
    if (bound > 0)
        printf("| %-44s | %8.4f | %8.0f | %6.1f | %6.3f |\n", name, ms, 1000.0 / ms, gbs,
               ms / bound);
    else
        printf("| %-44s | %8.4f | %8.0f | %6.1f |        |\n", name, ms, 1000.0 / ms, gbs);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--stripes") == 0 && i + 1 < argc)
            stripes = atoi(argv[++i]);
        else if (strcmp(argv[i], "--plain") == 0)
            plain = 1;
        else if (strcmp(argv[i], "--ocio") == 0) // issue 43's rows alone (2160p camera= and lut3d)
            grade_only = ocio_only = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only_spec = argv[++i];
        else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc &&
                 sscanf(argv[i + 1], "%dx%d", &scale_w, &scale_h) == 2 && scale_w > 0 &&
                 scale_h > 0)
            i++;
        else if (strcmp(argv[i], "--one") == 0)
            one_at_a_time = 1;
        else if (strcmp(argv[i], "--grade") == 0) // issue 27's rows alone (2160p lut3d 33³)
            grade_only = 1;
        else if (strcmp(argv[i], "--picture") == 0 && i + 1 < argc &&
                 (!strcmp(argv[i + 1], "gradients") || !strcmp(argv[i + 1], "random")))
            bench_gradients = !strcmp(argv[++i], "gradients");
        else if (strcmp(argv[i], "--copies") == 0)
            copies = 1;
        else if (strcmp(argv[i], "--timing") == 0 && i + 1 < argc)
            time_every = atoi(argv[++i]);
        else if (strcmp(argv[i], "--spans") == 0 && i + 1 < argc)
            spans_path = argv[++i];
        else {
            fprintf(stderr, "usage: pinstripe-bench [--reps N] [--frames N] [--stripes N] "
                            "[--plain] [--copies] [--timing N] [-v] [--spans PREFIX] [--grade] [--ocio]\n"
                            "                       [--picture random|gradients]\n"
                            "                       [--only SPEC [--scale WxH] [--one]]\n");
            return 1;
        }
    }
    // the kernels compiled for a chain before its first frame, not while frames are timed
    setenv("PINSTRIPE_JIT", getenv("PINSTRIPE_JIT") ? getenv("PINSTRIPE_JIT") : "wait", 1);
    if (reps < 1 || reps > 64 || frames < 2 || stripes < 1 || stripes > 64 || time_every < 1) {
        fprintf(stderr, "pinstripe-bench: --reps 1..64, --frames ≥ 2, --stripes 1..64, --timing ≥ 1\n");
        return 1;
    }
    int ndev = 0;
    cudaError_t e = cudaGetDeviceCount(&ndev);
    if (e != cudaSuccess || ndev == 0) {
        fprintf(stderr, "pinstripe-bench: no CUDA device (cudaGetDeviceCount: %s)\n",
                e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
        return 3;
    }
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("pinstripe-bench on %s (sm_%d%d), medians of %d repetitions of %d frames; stage timed "
           "on 1 frame in %d\n\n", prop.name, prop.major, prop.minor, reps, frames, time_every);

    Bandwidth bw = measure_bandwidth();
    printf("| %-44s | %8s | %8s | %6s | %6s |\n", "case", "ms/frame", "fps", "GB/s", "×bound");
    printf("|%s|%s|%s|%s|%s|\n", "----------------------------------------------", "----------",
           "----------", "--------", "--------");
    printf("| %-44s | %8s | %8s | %6.1f |        |\n", "pinned host→device, 64 MiB", "", "", bw.up);
    printf("| %-44s | %8s | %8s | %6.1f |        |\n", "pinned device→host, 64 MiB", "", "",
           bw.down);
    printf("| %-44s | %8s | %8s | %6.1f |        |\n", "pinned both at once, 2×64 MiB", "", "",
           bw.both);
    double bgr1080 = 1920.0 * 1080 * 3;
    double fb = copy_bound_ms(&bw, bgr1080, bgr1080);
    if (!grade_only) {
        row("forum loop 1080p BGR, pageable", forum_loop(0), bgr1080, bgr1080, fb);
        row("forum loop 1080p BGR, pinned", forum_loop(1), bgr1080, bgr1080, fb);
    }
    if (only_spec) { // one spec's 2160p stage, nothing else (what a profiler looks at)
        // (--scale: resampled to WxH, as for a window; --one: one frame at a time)
        FrameFormat in = {PIX_YUV420P, 3840, 2160, 1};
        FrameFormat out = {PIX_BGR24, scale_w ? scale_w : 3840, scale_h ? scale_h : 2160, 1};
        double up = (double)frame_bytes(&in), down = (double)frame_bytes(&out);
        char name[96];
        snprintf(name, sizeof name, "2160p%s%s -t %.30s", scale_w ? "→" : "",
                 one_at_a_time ? " one" : "", only_spec);
        row(name, stage_run(3840, 2160, only_spec, stripes), up, down, copy_bound_ms(&bw, up, down));
        return 0;
    }
    const int sizes[2][2] = {{1920, 1080}, {3840, 2160}};
    const char *tnames[] = {"none", "gray", "invert", "sepia"};
    for (int si = 0; si < 2; si++) {
        int w = sizes[si][0], h = sizes[si][1];
        FrameFormat in = {PIX_YUV420P, w, h, 1}, out = {PIX_BGR24, w, h, 1};
        double up = (double)frame_bytes(&in), down = (double)frame_bytes(&out);
        double bound = copy_bound_ms(&bw, up, down);
        char name[96];
        snprintf(name, sizeof name, "copy bound %dp yuv420p→BGR", h);
        printf("| %-44s | %8.4f | %8.0f |        | 1.000  |\n", name, bound, 1000.0 / bound);
        for (int c = 0; copies && c < 4; c++) {
            const int ns[4] = {1, 2, 3, 6};
            snprintf(name, sizeof name, "copies only %dp, %d stripes, no kernel", h, ns[c]);
            row(name, copies_run(w, h, ns[c], 0), up, down, bound);
        }
        const int adds[] = {COPIES_EVENTS, COPIES_KERNEL, COPIES_KERNEL | COPIES_EVENTS,
                            COPIES_KERNEL | COPIES_EDGES, COPIES_KERNEL | COPIES_DONE};
        for (int a = 0; copies && a < 5; a++) {
            int add = adds[a];
            snprintf(name, sizeof name, "copies %dp, %d stripes%s%s%s%s", h, stripes,
                     add & COPIES_KERNEL ? " + kernel" : "", add & COPIES_EVENTS ? " + 4 events" : "",
                     add & COPIES_EDGES ? " + 2 events" : "",
                     add & COPIES_DONE ? " + 1 untimed event" : "");
            row(name, copies_run(w, h, stripes, add), up, down, bound);
        }
        if (grade_only && si == 0)
            continue;
        for (int t = 0; t < 4 && !grade_only; t++) {
            snprintf(name, sizeof name, "pinstripe stage %dp, %d stripes%s, -t %s", h, stripes,
                     plain ? " plain" : "", tnames[t]);
            row(name, stage_run(w, h, tnames[t], stripes), up, down, bound);
        }
        if (si == 0) { // chains at 1080p: must stay within 1.10x of a single transform
            double single = stage_run(w, h, "invert", stripes);
            for (int lsize = 33; lsize <= 65; lsize += 32) {
                char path[64], spec[256];
                snprintf(path, sizeof path, "/tmp/pinstripe-bench-%d.cube", lsize);
                write_cube(path, lsize);
                snprintf(spec, sizeof spec,
                         "eq=contrast=1.2:saturation=1.3,hue=degrees=20,lut3d=file=%s", path);
                double ms = stage_run(w, h, spec, stripes);
                snprintf(name, sizeof name, "chain eq,hue,lut3d %d³ %dp (÷ invert: %.3f)", lsize,
                         h, ms / single);
                row(name, ms, up, down, bound);
                remove(path);
            }
        }
        if (si == 1 && ocio_available()) { // issue 43: camera=slog3-cine against lut3d 33³, in turn
            char path[64], spec[128];
            snprintf(path, sizeof path, "/tmp/pinstripe-bench-ocio.cube");
            write_cube(path, 33);
            snprintf(spec, sizeof spec, "lut3d=file=%s", path);
            double ms[2][3];
            for (int k = 0; k < 3; k++) {
                ms[0][k] = stage_run(w, h, spec, stripes);
                ms[1][k] = stage_run(w, h, "camera=slog3-cine", stripes);
            }
            for (int c = 0; c < 2; c++) {
                double *m = ms[c], lo = fmin(m[0], fmin(m[1], m[2])), hi = fmax(m[0], fmax(m[1], m[2]));
                m[0] = m[0] + m[1] + m[2] - lo - hi;
            }
            snprintf(name, sizeof name, "%dp lut3d 33³ (for camera=)", h);
            row(name, ms[0][0], up, down, bound);
            snprintf(name, sizeof name, "%dp camera=slog3-cine (÷ lut3d: %.3f)", h, ms[1][0] / ms[0][0]);
            row(name, ms[1][0], up, down, bound);
            remove(path);
        }
        if (ocio_only)
            continue;
        if (si == 1) { // issue 27: lut3d 33³ without and with --compare split, each scope and
            // all four, in turn
            char path[64], spec[128];
            snprintf(path, sizeof path, "/tmp/pinstripe-bench-cmp.cube");
            write_cube(path, 33);
            snprintf(spec, sizeof spec, "lut3d=file=%s", path);
            static const int modes[] = {0, 0, SCOPE_WAVEFORM, SCOPE_PARADE, SCOPE_VECTOR, SCOPE_HIST, SCOPE_ALL};
            static const char *const mname[] = {"", "--compare split", "--scope waveform", "--scope parade",
                                                "--scope vectorscope", "--scope histogram", "every scope"};
            double ms[7][3];
            for (int k = 0; k < 3; k++)
                for (int c = 0; c < 7; c++) {
                    bench_compare = c == 1, bench_scopes = modes[c];
                    ms[c][k] = stage_run(w, h, spec, stripes);
                }
            bench_compare = bench_scopes = 0;
            for (int c = 0; c < 7; c++) { // the median of the three
                double *m = ms[c], lo = fmin(m[0], fmin(m[1], m[2])), hi = fmax(m[0], fmax(m[1], m[2]));
                m[0] = m[0] + m[1] + m[2] - lo - hi;
            }
            snprintf(name, sizeof name, "%dp lut3d 33³", h);
            row(name, ms[0][0], up, down, bound);
            for (int c = 1; c < 7; c++) {
                snprintf(name, sizeof name, "%dp lut3d 33³ %s (÷ without: %.3f)", h, mname[c],
                         ms[c][0] / ms[0][0]);
                row(name, ms[c][0], up, down, bound);
            }
            remove(path);
        }
        if (!grade_only) { // HDR: 10-bit PQ with lut3d 33³, tone mapping off and on (bt2390)
            char path[64], spec[128];
            snprintf(path, sizeof path, "/tmp/pinstripe-bench-hdr.cube");
            write_cube(path, 33);
            snprintf(spec, sizeof spec, "lut3d=file=%s", path);
            FrameFormat in10 = {PIX_YUV420P16, w, h, 1};
            double up10 = (double)frame_bytes(&in10), bound10 = copy_bound_ms(&bw, up10, down);
            double off = stage_run_hdr(w, h, spec, stripes, 0);
            snprintf(name, sizeof name, "10-bit PQ %dp, lut3d 33³, no tone map", h);
            row(name, off, up10, down, bound10);
            double on = stage_run_hdr(w, h, spec, stripes, 1);
            snprintf(name, sizeof name, "10-bit PQ %dp, lut3d 33³, bt2390 (÷ off: %.3f)", h, on / off);
            row(name, on, up10, down, bound10);
            // the same in two passes, each a round trip: bt2390 to rgb48, then the LUT
            FrameFormat mid = {PIX_RGB48, w, h, 1};
            double midb = (double)frame_bytes(&mid);
            double p1 = stage_run_fmt(w, h, "none", stripes, 1, 1);
            double p2 = stage_run_fmt(w, h, spec, stripes, 2, 0);
            snprintf(name, sizeof name, "  pass 1: bt2390 to rgb48 %dp", h);
            row(name, p1, up10, midb, copy_bound_ms(&bw, up10, midb));
            snprintf(name, sizeof name, "  pass 2: rgb48, lut3d 33³ %dp", h);
            row(name, p2, midb, down, copy_bound_ms(&bw, midb, down));
            snprintf(name, sizeof name, "two passes %dp (÷ one pass: %.3f)", h, (p1 + p2) / on);
            row(name, p1 + p2, up10 + midb, midb + down,
                copy_bound_ms(&bw, up10, midb) + copy_bound_ms(&bw, midb, down));
            remove(path);
        }
#ifdef PINSTRIPE_HAVE_NPP
        snprintf(name, sizeof name, "NPP YUV420ToBGR %dp, 3 streams, 4 in flight", h);
        row(name, npp_run(w, h), up, down, bound);
#else
        if (si == 0)
            printf("| %-44s | %8s | %8s | %6s |        |\n", "NPP: not found at build time", "",
                   "", "");
#endif
    }
    return 0;
}
