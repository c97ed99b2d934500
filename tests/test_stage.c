/* The CPU stage: for each layout, odd and tiny geometries, 1..8 stripes and
 * 1..17 worker threads, the striped, threaded output equals a single-threaded
 * conversion of the whole frame, byte for byte, for every transform; deep
 * layouts into every output (dithered BGR, 16-bit RGB, 8 and 10-bit YUV);
 * frames in a row reuse the same buffers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/convert.h"
#include "stage/dither.h"
#include "colour/resample.h"
#include "stage/stage.h"
#include "stage/stripes.h"
#include "look/chain.h"
#include "look/cube.h"
#include "tests/check.h"
#include "tests/luts.h"

/* random samples; 16-bit ones within `depth` bits (P016's MSB-aligned: any) */
static void fill(FrameBuf *f, size_t bytes, unsigned seed, int depth)
{
    uint8_t *p = f->data[0];
    int wide = pix_sample_bytes(f->fmt.layout) == 2;
    unsigned mask = f->fmt.layout == PIX_P016 ? 0xffff : (1u << depth) - 1;
    for (size_t i = 0; i < bytes; i += wide ? 2 : 1) {
        seed = seed * 1103515245u + 12345u;
        unsigned v = (seed >> 8) & (wide ? mask : 0xff);
        p[i] = (uint8_t)v;
        if (wide)
            p[i + 1] = (uint8_t)(v >> 8);
    }
}

enum { OUT_BGR, OUT_RGB48, OUT_YUV8, OUT_YUV10 };

static void one_out(PixLayout layout, int depth, int w, int h, int stripes, const char *tname,
                    int banded, int threads, int outk, int dither);

static void one(PixLayout layout, int w, int h, int stripes, const char *tname, int banded,
                int threads)
{
    one_out(layout, 8, w, h, stripes, tname, banded, threads, OUT_BGR, (w + h) % 3);
}

static void one_out(PixLayout layout, int depth, int w, int h, int stripes, const char *tname,
                    int banded, int threads, int outk, int dither)
{
    char err[256], note[256];
    int yuv = outk == OUT_YUV8 || outk == OUT_YUV10;
    StageConfig cfg = {.stripes = stripes, .backend = STAGE_CPU, .threads = threads,
                       .out_yuv = yuv, .dither = dither,
                       .out_depth = outk == OUT_RGB48 ? 16 : outk == OUT_YUV10 ? 10 : 8};
    FrameFormat in = {layout, w, h, banded ? stripes : 1};
    cfg.in = in;
    FrameFormat out = stage_out_format(&cfg);
    FrameFormat plain = {layout, w, h, 1}, plain_out = out;
    plain_out.bands = 1;
    size_t inb = frame_bytes(&in), outb = frame_bytes(&out);
    uint8_t *inblk = malloc(inb), *plainblk = malloc(inb), *got = calloc(1, outb),
            *want = calloc(1, outb);
    FrameBuf fi = {0}, fp = {0}, fo = {0}, fw = {0};
    frame_wrap(&fi, &in, inblk);
    frame_wrap(&fp, &plain, plainblk);
    frame_wrap(&fo, &out, got);
    frame_wrap(&fw, &plain_out, want);
    fill(&fp, inb, (unsigned)(w * 131 + h * 7 + stripes), depth);
    const uint8_t *planes[3] = {fp.data[0], fp.data[1], fp.data[2]};
    frame_copy_planes(&fi, planes, fp.stride);
    fi.matrix = fp.matrix = MATRIX_BT709;
    fi.depth = fp.depth = depth;
    CHECK(transform_parse(tname, &cfg.transform, err, sizeof err) == 0, "%s", err);
    transform_tables(&cfg.transform); /* the reference below runs the chain itself */
    int code;
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    CHECK(s != NULL, "stage_create: %s", err);
    if (!s)
        goto end;
    CHECK(stage_threads(s) == threads, "%d threads asked, %d made", threads, stage_threads(s));
    /* the reference: the plain frame, converted in one go on this thread */
    ColourJob job = {.c = colour_yuv_coeffs(fp.matrix, fp.full_range, h, depth),
                     .dither = dither_table((DitherMode)dither),
                     .o = colour_rgb_yuv_coeffs(MATRIX_UNSPECIFIED, h, cfg.out_depth)};
    if (!cfg.transform.identity)
        job.ch = cfg.transform.chain;
    job.plain = colour_job_plain(layout, &job.ch);
    uint8_t *scratch = malloc(CONVERT_YUV_SCRATCH(w));
    if (yuv)
        convert_rows_yuv420(&fp, &fw, 0, h, &job, scratch);
    else
        convert_rows(&fp, &fw, 0, h, &job);
    free(scratch);
    for (int rep = 0; rep < 2; rep++) {
        memset(got, 0xAB, outb);
        FrameTimings t;
        CHECK(stage_submit(s, &fi, &fo) == 0, "submit: %s", stage_error(s));
        CHECK(stage_wait(s, &t) == 0, "wait: %s", stage_error(s));
        /* banded YUV out: compare row by row */
        int same = 1, np = yuv ? 3 : 1;
        size_t size[3];
        int stride[3];
        frame_plane_sizes(&plain_out, size, stride);
        for (int p = 0; p < np; p++)
            for (int r = 0; r < (p ? h / 2 : h); r++)
                same &= memcmp(frame_row(&fo, p, r), frame_row(&fw, p, r), (size_t)stride[p]) == 0;
        CHECK(same, "%s %d-bit %dx%d %d stripes %d threads out %d dither %d -t %.60s%s differs",
              pix_layout_name(layout), depth, w, h, stripes, threads, outk, dither, tname,
              banded ? " banded" : "");
        CHECK(t.nspans >= 1 && t.nspans <= threads && t.work_ms >= 0 && t.timed,
              "timings: %d spans for %d threads, slowest band %.3f ms", t.nspans, threads,
              t.work_ms);
    }
    stage_destroy(&s);
    CHECK(s == NULL, "destroy clears");
end:
    free(inblk), free(plainblk), free(got), free(want);
}

/* A resampling stage (out w × h → ow × oh): its bands and threads give what one
 * convert_rows_scaled call over every row gives, byte for byte, and that is
 * within one level of the same weights applied in double precision to the
 * frame's transformed floats (dither off: round to nearest); in linear light
 * (`linear`, when shrinking), to those floats to the power 2.4 and back. */
static void one_scaled(PixLayout layout, int depth, int w, int h, int ow, int oh, int filter,
                       int stripes, int threads, int banded, const char *tname, int deep,
                       int dither, int linear)
{
    char err[256], note[256];
    stripes = stripes < h ? stripes : h;
    StageConfig cfg = {.stripes = stripes, .backend = STAGE_CPU, .threads = threads,
                       .dither = dither, .out_depth = deep ? 16 : 8, .out_width = ow,
                       .out_height = oh, .scale = filter, .scale_linear = linear};
    FrameFormat in = {layout, w, h, banded ? stripes : 1}, plain = {layout, w, h, 1};
    cfg.in = in;
    int lin = stage_scales_linear(&cfg);
    CHECK(lin == (linear && (ow < w || oh < h)), "stage_scales_linear");
    CHECK(transform_parse(tname, &cfg.transform, err, sizeof err) == 0, "%s", err);
    transform_tables(&cfg.transform);
    FrameFormat out = stage_out_format(&cfg);
    CHECK(out.width == ow && out.height == oh && stage_scales(&cfg) == (ow != w || oh != h),
          "out format %dx%d", out.width, out.height);
    size_t inb = frame_bytes(&in), outb = frame_bytes(&out);
    uint8_t *inblk = malloc(inb), *plainblk = malloc(inb), *got = calloc(1, outb),
            *want = calloc(1, outb);
    FrameBuf fi = {0}, fp = {0}, fo = {0}, fw = {0};
    frame_wrap(&fi, &in, inblk);
    frame_wrap(&fp, &plain, plainblk);
    frame_wrap(&fo, &out, got);
    frame_wrap(&fw, &out, want);
    fill(&fp, inb, (unsigned)(w * 31 + h * 17 + ow + oh), depth);
    const uint8_t *planes[3] = {fp.data[0], fp.data[1], fp.data[2]};
    frame_copy_planes(&fi, planes, fp.stride);
    fi.matrix = fp.matrix = MATRIX_BT709;
    fi.depth = fp.depth = depth;
    int code;
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    CHECK(s != NULL, "stage_create: %s", err);
    if (!s)
        goto end;
    ColourJob job = {.c = colour_yuv_coeffs(fp.matrix, fp.full_range, h, depth),
                     .dither = dither_table((DitherMode)dither)};
    if (!cfg.transform.identity)
        job.ch = cfg.transform.chain;
    ResampleAxis rh, rv;
    CHECK(resample_axis(&rh, w, ow, (ScaleFilter)filter, err, sizeof err) == 0 &&
              resample_axis(&rv, h, oh, (ScaleFilter)filter, err, sizeof err) == 0 &&
              (!lin || resample_light(&rh, &rv, err, sizeof err) == 0),
          "%s", err);
    ScaleAxis sh = {rh.taps, rh.first, rh.weight, rh.light, 0},
              sv = {rv.taps, rv.first, rv.weight, rv.light, 0};
    float *scratch = malloc(sizeof(float) * CONVERT_SCALED_SCRATCH(w, ow, rv.taps));
    convert_rows_scaled(&fp, &fw, 0, oh, &job, &sh, &sv, scratch);
    free(scratch);
    for (int rep = 0; rep < 2; rep++) {
        memset(got, 0xAB, outb);
        FrameTimings t;
        CHECK(stage_submit(s, &fi, &fo) == 0, "submit: %s", stage_error(s));
        CHECK(stage_wait(s, &t) == 0, "wait: %s", stage_error(s));
        CHECK(memcmp(got, want, outb) == 0,
              "%s %dx%d -> %dx%d %s, %d stripes %d threads%s -t %s: bands differ from one pass",
              pix_layout_name(layout), w, h, ow, oh, scale_filter_name((ScaleFilter)filter),
              stripes, threads, banded ? " banded" : "", tname);
    }
    stage_destroy(&s);
    if (dither == 0) { /* the weights in double precision over the transformed floats */
        float *fl = malloc(sizeof(float) * 3 * (size_t)w * h);
        double *hx = malloc(sizeof(double) * 3 * (size_t)ow * h);
        job.src = (PixelSource){.plane = {fp.data[0], fp.data[1], fp.data[2]},
                                .stride = {fp.stride[0], fp.stride[1], fp.stride[2]},
                                .layout = layout,
                                .cw = colour_halved_x(layout) ? (w + 1) / 2 : w};
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                colour_pixel_float(&job, x, y, fl + 3 * ((size_t)y * w + x));
        for (size_t i = 0; lin && i < 3 * (size_t)w * h; i++)
            fl[i] = (float)pow(fl[i] < 0 ? 0 : fl[i] > 1 ? 1 : fl[i], 2.4);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < ow; x++)
                for (int c = 0; c < 3; c++) {
                    double a = 0;
                    for (int t = 0; t < rh.taps; t++)
                        a += rh.weight[(size_t)x * rh.taps + t] / (double)RESAMPLE_ONE *
                             fl[3 * ((size_t)y * w + rh.first[x] + t) + c];
                    hx[3 * ((size_t)y * ow + x) + c] = a;
                }
        int worst = 0;
        for (int y = 0; y < oh; y++)
            for (int x = 0; x < ow; x++)
                for (int c = 0; c < 3; c++) {
                    double a = 0;
                    for (int t = 0; t < rv.taps; t++)
                        a += rv.weight[(size_t)y * rv.taps + t] / (double)RESAMPLE_ONE *
                             hx[3 * ((size_t)(rv.first[y] + t) * ow + x) + c];
                    a = a < 0 ? 0 : a > 1 ? 1 : a;
                    if (lin)
                        a = pow(a, 1 / 2.4);
                    int ref, g;
                    if (deep) {
                        ref = (int)(a * 65535 + 0.5);
                        g = ((uint16_t *)got)[3 * ((size_t)y * ow + x) + c];
                    } else {
                        ref = (int)(a * 255 + 0.5);
                        g = got[(size_t)y * fo.stride[0] + 3 * (size_t)x + 2 - c];
                    }
                    worst = abs(g - ref) > worst ? abs(g - ref) : worst;
                }
        CHECK(worst <= (deep ? 2 : 1), "%s %dx%d -> %dx%d %s%s -t %s: %d levels from the double "
              "reference", pix_layout_name(layout), w, h, ow, oh,
              scale_filter_name((ScaleFilter)filter), lin ? " (linear light)" : "", tname, worst);
        free(fl), free(hx);
    }
    resample_axis_free(&rh);
    resample_axis_free(&rv);
end:
    free(inblk), free(plainblk), free(got), free(want);
}

static int run1(Stage *s, FrameBuf *in, FrameBuf *out)
{
    FrameTimings t;
    return stage_submit(s, in, out) == 0 && stage_wait(s, &t) == 0 ? 0 : -1;
}

/* Zoom: a crop stage (ow × oh of w × h at 1:1 pixels) gives, wherever
 * stage_set_crop moves it (held inside the frame), that part of the whole
 * frame's output within one level (dither off: the crop takes the resampler's
 * float path, the whole frame the direct one), and the same bytes with one
 * stripe and thread or three of each. */
static void one_crop(PixLayout layout, int depth, int w, int h, int ow, int oh, const char *tname)
{
    char err[256], note[256];
    int code;
    FrameFormat in = {layout, w, h, 1};
    StageConfig full = {.in = in, .stripes = 1, .backend = STAGE_CPU, .threads = 1};
    CHECK(transform_parse(tname, &full.transform, err, sizeof err) == 0, "%s", err);
    StageConfig c1 = full;
    c1.crop = 1, c1.out_width = ow, c1.out_height = oh;
    StageConfig c3 = c1;
    c3.stripes = h < 3 ? h : 3, c3.threads = 3;
    FrameFormat fo = stage_out_format(&full), co = stage_out_format(&c1);
    size_t inb = frame_bytes(&in);
    uint8_t *inblk = malloc(inb), *fblk = malloc(frame_bytes(&fo)), *ablk = malloc(frame_bytes(&co)),
            *bblk = malloc(frame_bytes(&co));
    FrameBuf fi = {0}, ff = {0}, fa = {0}, fb = {0};
    frame_wrap(&fi, &in, inblk);
    frame_wrap(&ff, &fo, fblk);
    frame_wrap(&fa, &co, ablk);
    frame_wrap(&fb, &co, bblk);
    fill(&fi, inb, (unsigned)(w * 7 + h), depth);
    fi.matrix = MATRIX_BT709, fi.depth = depth;
    Stage *sf = stage_create(&full, note, sizeof note, err, sizeof err, &code);
    Stage *s1 = stage_create(&c1, note, sizeof note, err, sizeof err, &code);
    Stage *s3 = stage_create(&c3, note, sizeof note, err, sizeof err, &code);
    CHECK(sf && s1 && s3, "stage_create: %s", err);
    if (!sf || !s1 || !s3 || run1(sf, &fi, &ff) < 0)
        goto end;
    const int pos[][2] = {{0, 0}, {w, h}, {-5, 3}, {(w - ow) / 2, (h - oh) / 2}, {1, h - oh - 1}};
    for (int i = 0; i < 5; i++) {
        int x = pos[i][0], y = pos[i][1], x3 = x, y3 = y;
        int wx = x < 0 ? 0 : x > w - ow ? w - ow : x, wy = y < 0 ? 0 : y > h - oh ? h - oh : y;
        stage_set_crop(s1, &x, &y);
        stage_set_crop(s3, &x3, &y3);
        CHECK(x == wx && y == wy && x3 == wx && y3 == wy, "crop at (%d, %d): (%d, %d)", pos[i][0],
              pos[i][1], x, y);
        memset(ablk, 0xAB, frame_bytes(&co));
        memset(bblk, 0xCD, frame_bytes(&co));
        CHECK(run1(s1, &fi, &fa) == 0 && run1(s3, &fi, &fb) == 0, "crop: %s", stage_error(s1));
        CHECK(memcmp(ablk, bblk, frame_bytes(&co)) == 0, "%s %dx%d crop %dx%d at (%d, %d): three "
              "stripes and threads differ from one", pix_layout_name(layout), w, h, ow, oh, x, y);
        int worst = 0;
        for (int r = 0; r < oh; r++)
            for (int c = 0; c < 3 * ow; c++) {
                int d = abs(fa.data[0][(size_t)r * fa.stride[0] + c] -
                            ff.data[0][(size_t)(r + y) * ff.stride[0] + 3 * (size_t)x + c]);
                worst = d > worst ? d : worst;
            }
        CHECK(worst <= 1, "%s %dx%d -t %s crop %dx%d at (%d, %d): %d levels from the whole frame's",
              pix_layout_name(layout), w, h, tname, ow, oh, x, y, worst);
    }
end:
    stage_destroy(&sf), stage_destroy(&s1), stage_destroy(&s3);
    free(inblk), free(fblk), free(ablk), free(bblk);
}

/* BGR bytes of the CPU stage for -t tname on in (dither off). 0, or -1. */
static int render(const char *tname, FrameBuf *in, uint8_t *out)
{
    char err[256], note[256];
    int code;
    StageConfig cfg = {.in = in->fmt, .stripes = 2, .backend = STAGE_CPU, .threads = 2};
    if (transform_parse(tname, &cfg.transform, err, sizeof err) < 0)
        return -1;
    FrameFormat of = stage_out_format(&cfg);
    FrameBuf fo = {0};
    frame_wrap(&fo, &of, out);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    int rc = s ? run1(s, in, &fo) : -1;
    stage_destroy(&s);
    return rc;
}

/* A look's strength (issue 27): lut3d and lut1d take mix=0..1, out = (1 − mix)·in
 * + mix·lut(in). mix=1 gives the table's bytes, mix=0 its input's (the step
 * before it), mix=0.5 the floor or the ceiling of their average; outside 0..1,
 * or not a number, is refused with a line saying so. */
static void mix_cases(void)
{
    char err[256], chain[5][700];
    const char *dims[] = {"3d", "1d"};
    FrameFormat f = {PIX_YUV420P, 97, 31, 1};
    size_t inb = frame_bytes(&f), ob = (size_t)3 * 97 * 31;
    uint8_t *blk = malloc(inb), *o[5];
    FrameBuf in = {0};
    frame_wrap(&in, &f, blk);
    fill(&in, inb, 4242, 8);
    in.matrix = MATRIX_BT709, in.depth = 8;
    for (int d = 0; d < 2; d++) {
        char lut[128];
        snprintf(lut, sizeof lut, "lut%s=file=/tmp/pinstripe-test-%d-%s.cube", dims[d],
                 (int)getpid(), dims[d]);
        snprintf(chain[0], sizeof chain[0], "sepia");
        snprintf(chain[1], sizeof chain[1], "sepia,%s", lut);
        snprintf(chain[2], sizeof chain[2], "sepia,%s:mix=1", lut);
        snprintf(chain[3], sizeof chain[3], "sepia,%s:mix=0", lut);
        snprintf(chain[4], sizeof chain[4], "sepia,%s:mix=0.5", lut);
        int ok = 1;
        for (int i = 0; i < 5; i++) {
            o[i] = malloc(ob);
            ok &= render(chain[i], &in, o[i]) == 0;
        }
        CHECK(ok, "mix: a stage failed");
        CHECK(ok && memcmp(o[2], o[1], ob) == 0, "%s: mix=1 is not the table's bytes", lut);
        CHECK(ok && memcmp(o[3], o[0], ob) == 0, "%s: mix=0 is not its input's bytes", lut);
        int off = 0, differ = 0;
        for (size_t i = 0; ok && i < ob; i++) {
            int a = o[0][i], b = o[1][i], m = o[4][i];
            off += m != (a + b) / 2 && m != (a + b + 1) / 2;
            differ += a != b;
        }
        CHECK(ok && off == 0 && differ > (int)ob / 4, "%s: mix=0.5: %d of %zu samples neither the "
              "floor nor the ceiling of the average (%d differ)", lut, off, ob, differ);
        for (int i = 0; i < 5; i++)
            free(o[i]);
        const char *bad[] = {"-1", "nan", "2", "", "0.5x", "inf", "0x1", " 0.5", "0.5 ", "1e400"};
        for (int i = 0; i < 10; i++) {
            Transform t;
            snprintf(chain[0], sizeof chain[0], "%s:mix=%s", lut, bad[i]);
            CHECK(transform_parse(chain[0], &t, err, sizeof err) < 0 && strstr(err, "mix"),
                  "-t %s: accepted, or said '%s'", chain[0], err);
        }
    }
    /* an underflow is a number (0 here); a step without file= says where it starts */
    Transform t;
    snprintf(chain[0], sizeof chain[0], "lut3d=file=/tmp/pinstripe-test-%d-3d.cube:mix=1e-400",
             (int)getpid());
    CHECK(transform_parse(chain[0], &t, err, sizeof err) == 0, "mix=1e-400: %s", err);
    CHECK(transform_parse("gray,lut1d=mix=0.5", &t, err, sizeof err) < 0 &&
              strstr(err, "needs file=PATH.cube (at column 6)"), "said '%s'", err);
    free(blk);
}

int main(void)
{
    const PixLayout layouts[] = {PIX_YUV420P, PIX_NV12, PIX_BGR24, 1};
    const char *tnames[] = {"none", "gray", "invert", "sepia"};
    int sizes[][2] = {{641, 481}, {64, 2}, {1, 1}, {3, 5}, {17, 9}};
    /* stripes 1..8 in the optimised build; under sanitizers and in debug builds
     * (10-50x slower, and TSan makes every worker start costly) 1, 2, 3, 5, 8 */
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    const int slow = 0;
#else
    const int slow = 1;
#endif
    if (slow) { /* the large odd frame smaller too: still odd, many bands a thread */
        sizes[0][0] = 161;
        sizes[0][1] = 121;
    }
    for (int l = 0; l < 3; l++)
        for (int s = 0; s < 5; s++)
            for (int n = 1; n <= 8; n += slow && n >= 3 ? (n == 3 ? 2 : 3) : 1)
                for (int t = 0; t < 4; t++)
                    if (n <= sizes[s][1])
                        for (int banded = 0; banded <= 1; banded++)
                            one(layouts[l], sizes[s][0], sizes[s][1], n, tnames[t], banded,
                                1 + (s + n + t + banded) % 5);
    /* thread counts up to 17 (more threads than bands, than rows); every one in the
     * optimised build, a few under sanitizers and in debug builds (10-50x slower) */
    const int th_step = slow ? 4 : 1;
    for (int l = 0; l < 3; l++)
        for (int th = 1; th <= 17; th += th_step) {
            one(layouts[l], sizes[0][0], sizes[0][1], 3, "sepia", th & 1, th);
            one(layouts[l], 5, 3, 1, "invert", 0, th);
        }
    /* the float chains (eq, hue, matrix, swap, 3D and 1D tables) */
    test_luts_make();
    for (int l = 0; l < 3; l++)
        for (int s = 0; s < 5; s++)
            for (int n = 1; n <= 3; n += 2)
                for (int t = 0; t < TEST_CHAINS; t++)
                    if (n <= sizes[s][1])
                        one(layouts[l], sizes[s][0], sizes[s][1], n, test_chain[t], 1, 1 + (t + s) % 4);
    /* deep layouts, every output (dithered BGR, 16-bit RGB, 8 and 10-bit YUV) */
    const struct { PixLayout l; int depth; } deep[] = {
        {PIX_YUV420P16, 10}, {PIX_YUV422P16, 12}, {PIX_YUV444P16, 16}, {PIX_P016, 16},
        {PIX_RGB48, 16},     {PIX_GBRP16, 12},    {PIX_YUV420P, 8},    {PIX_NV12, 8},
        {PIX_BGR24, 8},
    };
    for (int d = 0; d < 9; d++)
        for (int outk = OUT_BGR; outk <= OUT_YUV10; outk++)
            for (int s = 0; s < 5; s++) {
                int w = sizes[s][0], h = sizes[s][1];
                if (outk >= OUT_YUV8) /* even sizes only */
                    w = (w + 1) & ~1, h = (h + 1) & ~1;
                for (int n = 1; n <= 3; n += 2)
                    if (n <= h)
                        one_out(deep[d].l, deep[d].depth, w, h, n,
                                (s + outk) % 2 ? test_chain[(d + s) % TEST_CHAINS] : "none",
                                (d + n) & 1, 1 + (d + s + n) % 4, outk, (d + outk + s) % 3);
            }
    /* resampling: shrinking, enlarging, one axis only, to 1x1, odd sizes, every
     * filter; stripes, threads and bands; 8-bit (dithered or not) and 16-bit out */
    const int scaled[][4] = {{161, 121, 48, 36}, {64, 48, 150, 97}, {97, 31, 97, 12},
                             {40, 30, 1, 1},     {33, 65, 33, 65}, {7, 5, 160, 3},
                             {200, 100, 60, 30}, {3, 2, 2, 3}};
    for (int i = 0; i < 8; i++)
        for (int f = 0; f < SCALE_NFILTERS; f++) {
            int v = i + f;
            one_scaled(v % 3 == 0 ? PIX_YUV420P : v % 3 == 1 ? PIX_NV12 : PIX_YUV420P16,
                       v % 3 == 2 ? 10 : 8, scaled[i][0], scaled[i][1], scaled[i][2],
                       scaled[i][3], f, 1 + v % 3, 1 + v % 4, v & 1,
                       v % 4 ? test_chain[v % TEST_CHAINS] : "none", v % 5 == 4, 0, 0);
            one_scaled(PIX_BGR24, 8, scaled[i][0], scaled[i][1], scaled[i][2], scaled[i][3], f,
                       1 + (v + 1) % 3, 1 + (v + 2) % 4, 0, "sepia", 0, 1 + v % 2, 0);
            /* linear light (as --scale-linear; 1:1 resamples nothing): 8 and 16-bit out */
            if (i != 4)
                one_scaled(v % 2 ? PIX_YUV420P16 : PIX_YUV420P, v % 2 ? 10 : 8, scaled[i][0],
                           scaled[i][1], scaled[i][2], scaled[i][3], f, 1 + v % 3, 1 + v % 4,
                           v & 1, v % 3 ? test_chain[v % TEST_CHAINS] : "none", v % 2, 0, 1);
        }
    mix_cases();
    /* zoom: crops of both axes, of one, of a row, of a pixel */
    one_crop(PIX_YUV420P, 8, 160, 90, 64, 36, "none");
    one_crop(PIX_NV12, 8, 97, 61, 97, 20, test_chain[1]);
    one_crop(PIX_YUV420P16, 10, 64, 48, 10, 48, "sepia");
    one_crop(PIX_BGR24, 8, 33, 17, 33, 1, test_chain[2 % TEST_CHAINS]);
    one_crop(PIX_YUV420P, 8, 21, 13, 1, 1, "invert");
    test_luts_remove();
    lut_registry_clear();
    /* more stripes than rows is refused */
    char err[256];
    int code;
    StageConfig bad = {.in = {PIX_YUV420P, 8, 2, 1}, .stripes = 3, .backend = STAGE_CPU};
    transform_parse("none", &bad.transform, err, sizeof err);
    Stage *s = stage_create(&bad, NULL, 0, err, sizeof err, &code);
    CHECK(s == NULL, "3 stripes of 2 rows accepted");
    return CHECK_DONE();
}
