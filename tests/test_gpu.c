/* The CUDA backend against the CPU backend: for every layout (8-bit and deep),
 * transform, colour matrix and range, output (dithered BGR, 16-bit RGB, 8 and
 * 10-bit YUV) and dither, odd and tiny geometries and 1..8 stripes, with
 * DEPTH frames in flight, the CUDA output equals the CPU output byte for byte;
 * pageable buffers give the same bytes as pinned ones. Inputs come banded (as
 * the ring's own slots), as plain planes, and as plain planes with longer rows
 * than the picture (as libavcodec's buffers are, decoded into directly); the
 * bytes outside the picture differ between the backends' copies, so reading
 * them would show. Exits 77 (skipped)
 * when no CUDA device answers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "colour/resample.h"
#include "stage/stage.h"
#include "look/chain.h"
#include "look/cube.h"
#include "look/tonemap.h"
#ifdef PINSTRIPE_HAVE_CUDA
#include "gpu/jit.h"
#endif
#include "ocio/ocio_shim.h"
#include "tests/check.h"
#include "tests/luts.h"

#define FRAMES 4 /* more than the CUDA stage keeps in flight */

static unsigned seed = 12345;

/* random bytes; with 16-bit samples of `depth` < 16 bits, each sample's high
 * byte (odd offsets: planes start on even offsets) kept within the depth */
static void fill(uint8_t *p, size_t n, int wide, int depth)
{
    unsigned hi = wide && depth < 16 ? (1u << (depth - 8)) - 1 : 0xff;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
        if (i & 1)
            p[i] &= (uint8_t)hi;
    }
}

/* the rows of plane p */
static int plane_rows(const FrameFormat *f, int p)
{
    int sx, sy;
    pix_chroma_shift(f->layout, &sx, &sy);
    return p == 0 || !sy ? f->height : (f->height + 1) / 2;
}

typedef struct Bufs {
    uint8_t *in[FRAMES], *out[FRAMES];
    uint32_t *counts[FRAMES]; /* --scope: the outputs' scope blocks (scope_on) */
    FrameBuf fi[FRAMES], fo[FRAMES];
    size_t in_bytes;
    HostMemKind mem;
} Bufs;

static int scope_on; /* --scope: SCOPE_* bits counted (0: none) */

/* Two Academy CLF files in dir for lut=file= steps: a.clf with every kind of
 * operation a LUT file brings (a matrix, a 1D table, a CDL, an affine log, an
 * exponent, a range, a 3D table), b.clf an invertible one (a 1D table, an
 * affine log, a CDL) for inverse=1 */
static void write_clfs(const char *dir)
{
    char path[512];
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof(path), "%s/%c.clf", dir, 'a' + k);
        FILE *f = fopen(path, "w");
        if (!f)
            return;
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<ProcessList compCLFversion=\"3\" id=\"g%d\">\n", k);
        if (!k)
            fprintf(f, "<Matrix inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"3 3\">"
                       "0.9 0.12 -0.02 0.05 0.9 0.05 -0.01 0.11 0.9</Array></Matrix>\n");
        fprintf(f, "<LUT1D inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"37 3\">\n");
        for (int i = 0; i < 37; i++)
            fprintf(f, "%.7f %.7f %.7f\n", pow(i / 36.0, 0.8), pow(i / 36.0, 0.9) * 0.98 + 0.01,
                    pow(i / 36.0, 1.15));
        fprintf(f, "</Array></LUT1D>\n"
                   "<ASC_CDL inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"Fwd\"><SOPNode>"
                   "<Slope>1.1 0.95 0.9</Slope><Offset>0.01 0 -0.02</Offset><Power>1.2 1 0.85</Power>"
                   "</SOPNode><SatNode><Saturation>0.85</Saturation></SatNode></ASC_CDL>\n"
                   "<Log inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"linToLog\"><LogParams "
                   "base=\"10\" linSideSlope=\"4\" linSideOffset=\"0.02\" logSideSlope=\"0.3\" "
                   "logSideOffset=\"0.6\"/></Log>\n");
        if (!k) {
            fprintf(f, "<Exponent inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"basicFwd\">"
                       "<ExponentParams exponent=\"1.3\"/></Exponent>\n"
                       "<Range inBitDepth=\"32f\" outBitDepth=\"32f\"><minInValue>0.05</minInValue>"
                       "<maxInValue>0.95</maxInValue><minOutValue>0</minOutValue><maxOutValue>1</maxOutValue>"
                       "</Range>\n<LUT3D inBitDepth=\"32f\" outBitDepth=\"32f\" interpolation=\"tetrahedral\">"
                       "<Array dim=\"7 7 7 3\">\n");
            for (int r = 0; r < 7; r++)
                for (int g = 0; g < 7; g++)
                    for (int b = 0; b < 7; b++)
                        fprintf(f, "%.6f %.6f %.6f\n", pow(r / 6.0, 1.1) * 0.9 + 0.06 * b / 6.0,
                                g / 6.0 * (1 - 0.15 * r / 6.0), sqrt(b / 6.0) * 0.95 + 0.03 * g / 6.0);
            fprintf(f, "</Array></LUT3D>\n");
        }
        fprintf(f, "</ProcessList>\n");
        fclose(f);
    }
}

#define ROW_PAD 70 /* padded input rows: this many bytes past the picture's */

/* Plain planes with rows ROW_PAD bytes longer than the picture's, one after the
 * other in `block` (NULL: just the bytes needed). */
static size_t wrap_padded(FrameBuf *b, const FrameFormat *f, uint8_t *block)
{
    size_t size[3], total = 0;
    int stride[3];
    int np = frame_plane_sizes(f, size, stride);
    int rows[3] = {plane_rows(f, 0), plane_rows(f, 1), plane_rows(f, 2)};
    if (b)
        b->fmt = *f;
    for (int p = 0; p < 3; p++) {
        if (b)
            b->data[p] = p < np ? block + total : NULL, b->stride[p] = p < np ? stride[p] + ROW_PAD : 0;
        if (p < np)
            total += (size_t)(stride[p] + ROW_PAD) * rows[p];
    }
    return total;
}

/* padded: the input as wrap_padded lays it out; scope_need: the 32-bit counts of
 * each output's scope block (0: none) */
static int bufs_alloc(Bufs *b, const FrameFormat *in, const FrameFormat *outf, HostMemKind mem,
                      int padded, size_t scope_need)
{
    char err[256];
    FrameFormat out = *outf;
    memset(b, 0, sizeof(*b));
    b->mem = mem;
    b->in_bytes = padded ? wrap_padded(NULL, in, NULL) : frame_bytes(in);
    for (int i = 0; i < FRAMES; i++) {
        b->in[i] = host_alloc(b->in_bytes, mem, err, sizeof err);
        b->out[i] = host_alloc(frame_bytes(&out), mem, err, sizeof err);
        if (!b->in[i] || !b->out[i]) {
            CHECK(0, "host_alloc: %s", err);
            return -1;
        }
        if (padded)
            wrap_padded(&b->fi[i], in, b->in[i]);
        else
            frame_wrap(&b->fi[i], in, b->in[i]);
        frame_wrap(&b->fo[i], &out, b->out[i]);
        if (scope_need) { /* poisoned: every count must be written */
            CHECK((b->counts[i] = malloc(sizeof(uint32_t) * scope_need)) != NULL, "malloc");
            memset(b->counts[i], 0xA5, sizeof(uint32_t) * scope_need);
            b->fo[i].scope_block = b->counts[i], b->fo[i].scope_cap = scope_need;
        }
    }
    return 0;
}

/* The picture's rows of src into dst (the same layout), nothing else. */
static void copy_picture(FrameBuf *dst, const FrameBuf *src)
{
    size_t size[3];
    int stride[3];
    int np = frame_plane_sizes(&src->fmt, size, stride);
    int rows[3] = {plane_rows(&src->fmt, 0), plane_rows(&src->fmt, 1), plane_rows(&src->fmt, 2)};
    for (int p = 0; p < np; p++)
        for (int r = 0; r < rows[p]; r++)
            memcpy(frame_row(dst, p, r), frame_row(src, p, r), (size_t)stride[p]);
}

static void bufs_free(Bufs *b)
{
    for (int i = 0; i < FRAMES; i++) {
        host_free(b->in[i], b->mem);
        host_free(b->out[i], b->mem);
        free(b->counts[i]);
    }
}

/* Wait for frame j and check its timings: CUDA times frames 0, N, 2N... for
 * time_every N, each with one span per stripe in order; the CPU times every frame,
 * with one span per worker that took a band (1 to its thread count). 0, -1 (the
 * stage failed) or -2 (wrong timings, err says how). */
static int wait_one(Stage *s, const StageConfig *cfg, int j, char *err, size_t errlen)
{
    FrameTimings t;
    memset(&t, 0, sizeof t);
    if (stage_wait(s, &t) < 0)
        return -1;
    int every = cfg->backend == STAGE_CPU || cfg->time_every <= 1 ? 1 : cfg->time_every;
    int want = j % every == 0;
    int nspans = cfg->stripes < FRAME_MAX_SPANS ? cfg->stripes : FRAME_MAX_SPANS;
    if (cfg->backend == STAGE_CPU) {
        int threads = stage_threads(s) < FRAME_MAX_SPANS ? stage_threads(s) : FRAME_MAX_SPANS;
        if (!t.timed || t.nspans < 1 || t.nspans > threads) {
            snprintf(err, errlen, "frame %d: cpu timed %d with %d spans for %d threads", j,
                     t.timed, t.nspans, threads);
            return -2;
        }
    } else if (t.timed != want || t.nspans != (want ? nspans : 0)) {
        snprintf(err, errlen, "frame %d (1 in %d timed): timed %d with %d spans", j, every,
                 t.timed, t.nspans);
        return -2;
    }
    for (int k = 0; k < t.nspans; k++) {
        const StripeSpan *p = &t.spans[k];
        if (!(p->up0 <= p->up1 && p->up1 <= p->k1 && p->k1 <= p->down1)) {
            snprintf(err, errlen, "frame %d stripe %d: spans out of order", j, k);
            return -2;
        }
    }
    return 0;
}

/* Run FRAMES frames through a stage, all submitted before any is waited for
 * (as far as its depth allows). 0 or -1. */
static int run(const StageConfig *cfg, Bufs *b, char *err, size_t errlen)
{
    char note[256];
    int code;
    Stage *s = stage_create(cfg, note, sizeof note, err, errlen, &code);
    if (!s)
        return code == STAGE_ERR_NODEV ? -77 : -1;
    int next_wait = 0, rc = 0;
    for (int i = 0; i < FRAMES && rc == 0; i++) {
        memset(b->out[i], 0xCD, frame_bytes(&b->fo[i].fmt)); /* poison */
        if (i - next_wait == stage_depth(s))
            rc = wait_one(s, cfg, next_wait++, err, errlen);
        if (cfg->crop) { /* zoom: the crop moves frame by frame, past the edges too */
            int x = (i * 37) % (cfg->in.width + 9) - 4, y = (i * 53) % (cfg->in.height + 9) - 4;
            stage_set_crop(s, &x, &y);
        }
        if (rc == 0)
            rc = stage_submit(s, &b->fi[i], &b->fo[i]);
    }
    while (rc == 0 && next_wait < FRAMES)
        rc = wait_one(s, cfg, next_wait++, err, errlen);
    if (rc == -1)
        snprintf(err, errlen, "%s", stage_error(s));
    else if (rc < 0)
        rc = -1; /* wait_one said why */
    stage_destroy(&s);
    return rc;
}

/* banded: 0 plain planes, 1 banded for the stripes (the ring's slots), 2 plain planes
 * with padded rows (the decoder's buffers). yuv: the encoder's yuv420p output
 * (stage.h out_yuv) instead of BGR; out_depth: 8, or 16 (RGB48; with yuv: 10, 12).
 * depth: the input samples' bits. */
/* the tone map one_out adds to its transform (tone_on 0: none) */
static int tone_on;
static ToneSettings tone_ts;
static HdrSource tone_src;
/* the output size one_out asks for (0: the input's), its filter, linear light; a
 * crop of that size instead (zoom) */
static int scale_w, scale_h, scale_f, scale_lin, scale_crop;
static int compare_on; /* --compare split at compare_at */
static double compare_at;

static int one_out(PixLayout layout, int depth, int w, int h, int stripes, const char *tname,
                   int banded, int yuv, int out_depth, int dither)
{
    char err[512];
    static const char *const how[] = {"", " banded", " padded"};
    /* the same picture in each backend's buffers; banded when asked (as the player does) */
    FrameFormat in = {layout, w, h, banded == 1 ? stripes : 1};
    StageConfig cfg = {.in = in, .stripes = stripes, .time_every = 1 + (w + stripes) % 4,
                       .out_yuv = yuv, .out_depth = out_depth, .dither = dither,
                       .out_width = scale_w, .out_height = scale_h, .scale = scale_f,
                       .scale_linear = scale_lin, .crop = scale_crop, .compare = compare_on,
                       .compare_at = compare_at, .scopes = scope_on};
    CHECK(transform_parse(tname, &cfg.transform, err, sizeof err) == 0, "%s", err);
    if (tone_on) {
        Transform base = cfg.transform;
        CHECK(tone_apply(&base, &tone_ts, &tone_src, &cfg.transform, err, sizeof err) == 0, "%s",
              err);
        snprintf(cfg.transform.name, sizeof(cfg.transform.name), "%s + %s %s", base.name,
                 tone_src.transfer == TRANSFER_PQ ? "PQ" : "HLG", tone_curve_name(tone_ts.curve));
        tname = cfg.transform.name;
    }
    FrameFormat outf = stage_out_format(&cfg);
    Bufs cpu, cuda, pageable;
    int padded = banded == 2;
    size_t need = stage_scope_need(&cfg, scope_on);
    if (bufs_alloc(&cpu, &in, &outf, HOST_MEM_ALIGNED, padded, need) < 0 ||
        bufs_alloc(&cuda, &in, &outf, HOST_MEM_PINNED, padded, need) < 0 ||
        bufs_alloc(&pageable, &in, &outf, HOST_MEM_ALIGNED, padded, need) < 0)
        return -1;
    const ColourMatrix ms[] = {MATRIX_UNSPECIFIED, MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    for (int i = 0; i < FRAMES; i++) {
        /* different bytes everywhere, then the same picture */
        int wide = pix_sample_bytes(layout) == 2;
        fill(cpu.in[i], cpu.in_bytes, wide, depth);
        fill(cuda.in[i], cuda.in_bytes, wide, depth);
        fill(pageable.in[i], pageable.in_bytes, wide, depth);
        copy_picture(&cuda.fi[i], &cpu.fi[i]);
        copy_picture(&pageable.fi[i], &cpu.fi[i]);
        cpu.fi[i].matrix = ms[(i + w) % 4];
        cpu.fi[i].full_range = (i + h) % 2;
        cuda.fi[i].matrix = pageable.fi[i].matrix = cpu.fi[i].matrix;
        cuda.fi[i].full_range = pageable.fi[i].full_range = cpu.fi[i].full_range;
        cpu.fi[i].depth = cuda.fi[i].depth = pageable.fi[i].depth = depth;
    }
    cfg.backend = STAGE_CPU;
    int rc = run(&cfg, &cpu, err, sizeof err);
    CHECK(rc == 0, "cpu stage: %s", err);
    cfg.backend = STAGE_CUDA;
    rc = run(&cfg, &cuda, err, sizeof err);
    if (rc == -77)
        goto end;
    CHECK(rc == 0, "cuda stage: %s", err);
    cfg.pageable = 1;
    int rc2 = run(&cfg, &pageable, err, sizeof err);
    CHECK(rc2 == 0, "cuda stage, pageable: %s", err);
    size_t ob = frame_bytes(&outf);
    char to[80];
    snprintf(to, sizeof to, " to %s %dx%d (%s%s), dither %d", pix_layout_name(outf.layout),
             outf.width, outf.height, scale_filter_name((ScaleFilter)scale_f),
             stage_scales_linear(&cfg) ? ", linear light" : "", dither);
    for (int i = 0; i < FRAMES; i++) {
        CHECK(memcmp(cpu.out[i], cuda.out[i], ob) == 0,
              "%s %d-bit %dx%d %d stripes -t %.60s frame %d%s%s: CUDA differs from CPU",
              pix_layout_name(layout), depth, w, h, stripes, tname, i, how[banded], to);
        CHECK(memcmp(cuda.out[i], pageable.out[i], ob) == 0,
              "%s %d-bit %dx%d %d stripes -t %.60s frame %d%s%s: pageable differs from pinned",
              pix_layout_name(layout), depth, w, h, stripes, tname, i, how[banded], to);
        if (!need)
            continue;
        /* --scope: every scope asked for counted, the same counts on both backends */
        const ScopeCounts *a = &cpu.fo[i].scope, *c = &cuda.fo[i].scope;
        size_t n = scope_count_n(a->which, a->cols, a->levels);
        CHECK(a->which == scope_on && c->which == scope_on && pageable.fo[i].scope.which == scope_on,
              "--scope %d: frame %d counted %d (cpu), %d (cuda)", scope_on, i, a->which, c->which);
        size_t diff = 0;
        while (diff < n && cpu.counts[i][diff] == cuda.counts[i][diff])
            diff++;
        CHECK(diff == n && memcmp(cuda.counts[i], pageable.counts[i], sizeof(uint32_t) * n) == 0,
              "%s %d-bit %dx%d %d stripes -t %.60s frame %d%s%s, --scope %d: CUDA's counts differ "
              "from CPU's (word %zu of %zu: %u, %u)", pix_layout_name(layout), depth, w, h, stripes,
              tname, i, how[banded], to, scope_on, diff, n, diff < n ? cpu.counts[i][diff] : 0,
              diff < n ? cuda.counts[i][diff] : 0);
    }
end:
    bufs_free(&cpu);
    bufs_free(&cuda);
    bufs_free(&pageable);
    return rc;
}

static int one(PixLayout layout, int w, int h, int stripes, const char *tname, int banded, int yuv)
{
    return one_out(layout, 8, w, h, stripes, tname, banded, yuv, 8, (w + stripes) % 3);
}

int main(void)
{
    const PixLayout layouts[] = {PIX_YUV420P, PIX_NV12, PIX_BGR24, 1};
    const char *tnames[] = {"none", "gray", "invert", "sepia"};
    const int sizes[][2] = {{641, 481}, {64, 2}, {1, 1}, {3, 5}, {17, 9}, {1920, 1080}, {130, 66}};
    int combos = 0;
    char err[512], note[256];
    int code;
    StageConfig probe = {.in = {PIX_BGR24, 2, 2, 1}, .stripes = 1, .backend = STAGE_CUDA};
    transform_parse("none", &probe.transform, err, sizeof err);
    Stage *s0 = stage_create(&probe, note, sizeof note, err, sizeof err, &code);
    if (!s0) {
        printf("no CUDA device (%s): skipped\n", err);
        return code == STAGE_ERR_NODEV ? 77 : 1;
    }
    stage_destroy(&s0);
    const int nsizes = (int)(sizeof(sizes) / sizeof(sizes[0]));
    for (int l = 0; l < 3; l++)
        for (int s = 0; s < nsizes; s++)
            for (int n = 1; n <= 8; n++)
                for (int t = 0; t < 4; t++) {
                    if (n > sizes[s][1])
                        continue;
                    for (int banded = 0; banded <= 2; banded++) {
                        if (one(layouts[l], sizes[s][0], sizes[s][1], n, tnames[t], banded, 0) ==
                            -77) {
                            printf("no CUDA device: skipped\n");
                            return 77;
                        }
                        combos++;
                    }
                    /* the encoder's yuv420p: even sizes */
                    if (sizes[s][0] % 2 == 0 && sizes[s][1] % 2 == 0) {
                        one(layouts[l], sizes[s][0], sizes[s][1], n, tnames[t], n % 3, 1);
                        combos++;
                    }
                }
    /* the float chains: every interpolation and step, fewer geometries (the CPU
     * reference is slow), one 1080p */
    test_luts_make();
    for (int l = 0; l < 3; l++)
        for (int s = 0; s < nsizes; s++)
            for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) /* 1, 3, 8 */
                for (int t = 0; t < TEST_CHAINS; t++) {
                    if (n > sizes[s][1] || (sizes[s][1] == 1080 && (n != 3 || l != 0)))
                        continue;
                    one(layouts[l], sizes[s][0], sizes[s][1], n, test_chain[t], 1 + t % 2, 0);
                    combos++;
                    if (sizes[s][0] % 2 == 0 && sizes[s][1] % 2 == 0) {
                        one(layouts[l], sizes[s][0], sizes[s][1], n, test_chain[t], 1, 1);
                        combos++;
                    }
                }
    /* deep layouts (and the 8-bit ones) into every output: dithered BGR, 16-bit RGB,
     * 8 and 10-bit YUV; every dither; 1, 3 and 8 stripes; chains and none */
    const struct { PixLayout l; int depth; } deep[] = {
        {PIX_YUV420P16, 10}, {PIX_YUV420P16, 12}, {PIX_YUV422P16, 10}, {PIX_YUV444P16, 12},
        {PIX_YUV444P16, 16}, {PIX_P016, 16},      {PIX_RGB48, 16},     {PIX_GBRP16, 10},
        {PIX_GBRP16, 16},    {PIX_YUV420P, 8},    {PIX_NV12, 8},       {PIX_BGR24, 8},
    };
    const int ndeep = (int)(sizeof(deep) / sizeof(deep[0]));
    for (int d = 0; d < ndeep; d++)
        for (int outk = 0; outk < 4; outk++)
            for (int s = 0; s < nsizes; s++)
                for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) {
                    int w = sizes[s][0], h = sizes[s][1], yuv = outk >= 2;
                    if (n > h || (h == 1080 && n != 3) || (yuv && (w % 2 || h % 2)))
                        continue;
                    int t = (d + s + n + outk) % (TEST_CHAINS + 1);
                    one_out(deep[d].l, deep[d].depth, w, h, n, t ? test_chain[t - 1] : "none",
                            (d + s + n) % 3, yuv, outk == 1 ? 16 : outk == 3 ? 10 : 8,
                            (d + outk + s + n) % 3);
                    combos++;
                }
    /* OpenColorIO steps (issue 43): every kind of operation the camera chains have,
     * data and legal levels unclamped, a mix, a step second in a chain; every deep
     * layout, 1, 3 and 8 stripes, every output */
    if (ocio_available()) {
        char ochain[7][600], dir[] = "/tmp/pinstripe-test-gpu-XXXXXX";
        CHECK(mkdtemp(dir) != NULL, "mkdtemp");
        write_clfs(dir);
        snprintf(ochain[0], sizeof(ochain[0]), "camera=slog3-cine");
        snprintf(ochain[1], sizeof(ochain[1]), "camera=logc3:range=legal:mix=0.7");
        snprintf(ochain[2], sizeof(ochain[2]), "%s,camera=clog2", test_chain[1]);
        snprintf(ochain[3], sizeof(ochain[3]), "lut=file=%s/a.clf", dir);
        snprintf(ochain[4], sizeof(ochain[4]), "lut=file=%s/b.clf:inverse=1,camera=vlog:range=legal", dir);
        /* (a cdl='s numbers go by value in the job: CHAIN_CDL, not compiled in) */
        snprintf(ochain[5], sizeof(ochain[5]),
                 "cdl=slope=0.5/2/1.5:offset=0.05:power=2/0.5/1:sat=0.7:mix=0.8,camera=logc3");
        /* five cameras: more values than a compiled kernel takes by value (the rest read from the
         * device's program) */
        snprintf(ochain[6], sizeof(ochain[6]), "camera=slog3-cine,camera=vlog:mix=0.5,camera=logc3,"
                                               "camera=clog3,camera=log3g10");
        /* twice: the built-in pair kernel (PINSTRIPE_JIT=0, as where NVRTC is
         * missing), then the kernels gpu/jit.c compiles for the programs */
        const char *jit_env = getenv("PINSTRIPE_JIT");
        for (int jit = 0; jit < 2; jit++) {
            if (jit && jit_env)
                setenv("PINSTRIPE_JIT", jit_env, 1);
            else if (jit) /* (each frame through the compiled kernel: compiled before it runs) */
                setenv("PINSTRIPE_JIT", "wait", 1);
            else
                setenv("PINSTRIPE_JIT", "0", 1);
            for (int d = 0; d < ndeep; d++)
                for (int s = 0; s < nsizes; s++)
                    for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) {
                        int w = sizes[s][0], h = sizes[s][1], outk = (d + s + n) % 4, yuv = outk >= 2;
                        if (n > h || (h == 1080 && (n != 3 || d % 4)) || (yuv && (w % 2 || h % 2)))
                            continue;
                        one_out(deep[d].l, deep[d].depth, w, h, n, ochain[(d + s + n + jit) % 7],
                                (d + s) % 3, yuv, outk == 1 ? 16 : outk == 3 ? 10 : 8, (d + n) % 3);
                        combos++;
                    }
            /* the resampler's kernel (the window smaller or larger than the video, a
             * zoom's crop, linear light, a split) with each chain: compiled for it too */
            const int rs[][5] = {{1920, 1080, 1152, 648, 0}, {641, 481, 320, 240, 0},
                                 {130, 66, 641, 333, 0},     {97, 61, 33, 20, 1},
                                 {642, 362, 214, 120, 0},    {1920, 1080, 960, 540, 1}};
            for (int i = 0; i < 6; i++)
                for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) {
                    int v = i + n + jit, d = v % ndeep;
                    scale_w = rs[i][2], scale_h = rs[i][3], scale_crop = rs[i][4];
                    scale_f = v % SCALE_NFILTERS, scale_lin = v % 2;
                    compare_on = i == 4, compare_at = 0.4;
                    const char *oc = ochain[(i + n + jit) % 7];
                    one_out(deep[d].l, deep[d].depth, rs[i][0], rs[i][1], n, oc, v % 3, 0,
                            v % 2 ? 16 : 8, v % 3);
                    combos++;
                }
            scale_w = scale_h = scale_f = scale_lin = scale_crop = compare_on = 0;
            /* the encoder's 4:2:0 with a split */
            compare_on = 1, compare_at = 0.5;
            one_out(PIX_YUV420P16, 10, 642, 362, 3, ochain[(2 + jit) % 7], 1, 1, 10, 1);
            compare_on = 0;
            combos++;
        }
#ifdef PINSTRIPE_HAVE_CUDA
        /* one kernel for every camera of one shape: V-Log and S-Log3 after
         * S-Log3.cine compile nothing (their values go by value), and give the CPU's bytes */
        one_out(deep[0].l, deep[0].depth, 642, 362, 3, "camera=slog3-cine", 0, 0, 8, 0);
        int kernels = colour_jit_kernels();
        one_out(deep[0].l, deep[0].depth, 642, 362, 3, "camera=vlog", 0, 0, 8, 0);
        one_out(deep[0].l, deep[0].depth, 642, 362, 3, "camera=slog3:range=legal", 0, 0, 8, 0);
        combos += 3;
        const char *now = getenv("PINSTRIPE_JIT"); /* (compiles counted as they end) */
        CHECK(!now || strcmp(now, "wait") != 0 || colour_jit_kernels() == kernels,
              "V-Log and S-Log3 after S-Log3.cine: %d kernels compiled, not none",
              colour_jit_kernels() - kernels);
#endif
#ifdef PINSTRIPE_HAVE_CUDA
        printf("OpenColorIO chains: %d kernels compiled for their programs\n", colour_jit_kernels());
        CHECK(colour_jit_kernels() >= 6 || (jit_env && strcmp(jit_env, "0") == 0),
              "the OpenColorIO chains ran through %d compiled kernels (gpu/jit.c), not 6",
              colour_jit_kernels());
#endif
        for (int k = 0; k < 2; k++) {
            char path[600];
            snprintf(path, sizeof(path), "%s/%c.clf", dir, 'a' + k);
            remove(path);
        }
        remove(dir);
    }
    /* tone maps: every curve, PQ and HLG, compress and clip, the chain before and
     * after, every HDR-able layout, every output */
    for (int d = 0; d < ndeep; d++)
        for (int c = 0; c < TONE_NONE; c++)
            for (int s = 0; s < nsizes; s++) {
                int w = sizes[s][0], h = sizes[s][1], n = 1 + 2 * ((d + c + s) % 4), outk = (d + c + s) % 4;
                int yuv = outk >= 2;
                if (n > h || (h == 1080 && (d % 3 || n != 3)) || (yuv && (w % 2 || h % 2)))
                    continue;
                tone_on = 1;
                tone_ts = (ToneSettings){.curve = (ToneCurve)c, .param = NAN, .target_peak = 203,
                                         .hdr_peak = (d + s) % 2 ? 0 : 4000, .gamut_clip = (d + c) % 2,
                                         .lut_first = (c + s) % 2};
                tone_src = (HdrSource){(d + c) % 2 ? TRANSFER_HLG : TRANSFER_PQ,
                                       (s % 3) == 2 ? PRIMARIES_P3 : PRIMARIES_BT2020, 1000};
                int t = (d + s + c) % (TEST_CHAINS + 1);
                one_out(deep[d].l, deep[d].depth, w, h, n, t ? test_chain[t - 1] : "none",
                        (d + s + n) % 3, yuv, outk == 1 ? 16 : outk == 3 ? 10 : 8, (d + c) % 3);
                tone_on = 0;
                combos++;
            }
    /* resampling (issue 26): shrinking (4K to a 1152x648 window, 1080p to a
     * tiny one, to 1x1), enlarging, one axis, odd sizes; every filter; 1, 3 and 8
     * stripes (halos past the next stripe); plain, banded and padded inputs;
     * dithered BGR and RGB48; chains and tone maps; in linear light or not */
    const int scaled[][4] = {{3840, 2160, 1152, 648}, {1920, 1080, 7, 5}, {641, 481, 1, 1},
                             {130, 66, 641, 333},     {97, 31, 97, 12},    {64, 48, 150, 48},
                             {1920, 1080, 1280, 720}, {17, 9, 3, 80}};
    for (int i = 0; i < 8; i++)
        for (int f = 0; f < SCALE_NFILTERS; f++)
            for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) {
                int v = i + f + n, w = scaled[i][0], h = scaled[i][1];
                if (n > h || (w >= 1920 && (f + n) % 3))
                    continue;
                scale_w = scaled[i][2], scale_h = scaled[i][3], scale_f = f;
                int d = v % ndeep, t = v % (TEST_CHAINS + 1);
                tone_on = v % 5 == 0 && deep[d].depth > 8;
                tone_ts = (ToneSettings){.curve = (ToneCurve)(v % TONE_NONE), .param = NAN,
                                         .target_peak = 203};
                tone_src = (HdrSource){v % 2 ? TRANSFER_HLG : TRANSFER_PQ, PRIMARIES_BT2020, 1000};
                scale_lin = (v / 2) % 2;
                one_out(deep[d].l, deep[d].depth, w, h, n, t ? test_chain[t - 1] : "none", v % 3,
                        0, v % 4 == 1 ? 16 : 8, v % 3);
                scale_lin = !scale_lin;
                one_out(v % 2 ? PIX_YUV420P : PIX_NV12, 8, w, h, n, "none", (v + 1) % 3, 0, 8, 1);
                tone_on = 0;
                combos += 2;
            }
    /* zoom: crops moving frame by frame (run), 1, 3 and 8 stripes */
    const int crops[][4] = {{1920, 1080, 960, 540}, {641, 481, 640, 97}, {97, 61, 1, 61}, {64, 48, 7, 5}};
    for (int i = 0; i < 4; i++)
        for (int n = 1; n <= 8; n += n == 1 ? 2 : 5) {
            int v = i + n, d = v % ndeep;
            scale_w = crops[i][2], scale_h = crops[i][3], scale_crop = 1;
            one_out(deep[d].l, deep[d].depth, crops[i][0], crops[i][1], n,
                    v % 2 ? test_chain[v % TEST_CHAINS] : "none", v % 3, 0, 8, v % 3);
            combos++;
        }
    /* --compare split (issue 27): every output (BGR, RGB48, 8 and 10-bit YUV), resampled
     * and zoomed, tone maps, odd and even columns, F = 0 and 1 */
    const double at[] = {0.5, 0.3331, 0, 1, 0.77};
    for (int i = 0; i < 10; i++) {
        int v = i, d = v % ndeep, w = i < 5 ? 642 : 1920, h = i < 5 ? 362 : 1080;
        compare_on = 1, compare_at = at[i % 5];
        scale_w = i % 3 == 1 ? w / 3 : 0, scale_h = i % 3 == 1 ? h / 3 : 0, scale_f = i % SCALE_NFILTERS;
        scale_crop = i == 5, scale_w = scale_crop ? 960 : scale_w, scale_h = scale_crop ? 541 : scale_h;
        tone_on = i % 4 == 2 && deep[d].depth > 8;
        tone_ts = (ToneSettings){.curve = TONE_BT2390, .param = NAN, .target_peak = 203};
        tone_src = (HdrSource){TRANSFER_PQ, PRIMARIES_BT2020, 1000};
        int yuv = !scale_w && i % 2, outd = yuv ? (i % 4 == 1 ? 10 : 8) : i % 4 == 0 ? 16 : 8;
        one_out(deep[d].l, deep[d].depth, w, h, 1 + i % 4, test_chain[i % TEST_CHAINS], v % 3, yuv,
                outd, v % 3);
        combos++;
    }
    compare_on = tone_on = 0;
    /* --scope (issue 27): the counts of every scope alone and all four, 8 and 16-bit
     * output (256 and 1024 levels), narrower and wider than the 720 columns, resampled,
     * with --compare, a flat picture (counts of 255 and more: the packed pairs), 1..8 stripes */
    const int sw[] = {641, 1920, 97, 3840, 720, 1283};
    const int sh[] = {481, 1080, 61, 2160, 33, 7};
    for (int i = 0; i < 12; i++) {
        int d = i % ndeep, w = sw[i % 6], h = sh[i % 6];
        scope_on = i < 4 ? 1 << i : SCOPE_ALL;
        scale_w = i % 5 == 3 ? w / 3 : 0, scale_h = i % 5 == 3 ? h / 3 : 0, scale_f = i % SCALE_NFILTERS;
        compare_on = i % 4 == 1, compare_at = 0.4;
        one_out(deep[d].l, deep[d].depth, w, h, 1 + i % 8, i == 6 ? "gray,eq=brightness=-1" :
                test_chain[i % TEST_CHAINS], i % 3, 0, i % 3 == 2 ? 16 : 8, i % 3);
        combos++;
    }
    scope_on = compare_on = 0;
    scale_w = scale_h = scale_f = scale_lin = scale_crop = 0;
    test_luts_remove();
    lut_registry_clear();
    tone_registry_clear();
    printf("%d combinations of layout, depth, size, stripes, transform, input layout (plain,\n"
           "banded, padded rows), output and dither compared\n", combos);
    return CHECK_DONE();
}
