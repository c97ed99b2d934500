/* The vectorised rows (cpu/simd.h) against the scalar reference, byte for byte,
 * on every level this CPU runs: every (Y, U, V) triple for each matrix and
 * range in yuv420p and nv12 (plain, and two affine maps on one set), with
 * each dither; every chain of tests/luts.h (all LUT interpolations) and the
 * plain transforms on random samples in every layout and depth (8-bit, and
 * 10, 12 and 16-bit planes, p016, rgb48, gbrp), into each output (dithered
 * BGR, 16-bit RGB, floats); widths 1..40 and odd sizes for the tails; tone
 * maps (look/tonemap.h) in every layout, HDR chroma interpolation included. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stage/dither.h"
#include "cpu/simd.h"
#include "stage/frame.h"
#include "look/chain.h"
#include "look/tonemap.h"
#include "ocio/ocio_shim.h"
#include "tests/check.h"
#include "tests/luts.h"

/* Debug and sanitizer builds run 10-50x slower: there every 17th U value of the
 * full sweep (every Y and V still), under ASan every 51st (what it checks, the
 * rows' loads and stores, does not depend on the values: CI's time), the
 * optimised build runs all of them. */
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define U_STEP 1
#elif defined(__SANITIZE_ADDRESS__)
#define U_STEP 51
#else
#define U_STEP 17
#endif

static unsigned rng = 12345;

static uint8_t rnd8(void)
{
    rng = rng * 1103515245u + 12345u;
    return (uint8_t)(rng >> 16);
}

typedef struct Pic {
    int w, h, layout, depth;
    uint8_t *p[3];
    int stride[3];
} Pic;

static void pic_alloc(Pic *pic, int w, int h, int layout, int depth)
{
    FrameFormat f = {(PixLayout)layout, w, h, 1};
    size_t size[3];
    int stride[3], np = frame_plane_sizes(&f, size, stride), sx, sy;
    pix_chroma_shift((PixLayout)layout, &sx, &sy);
    pic->w = w, pic->h = h, pic->layout = layout, pic->depth = depth;
    memset(pic->p, 0, sizeof(pic->p));
    memset(pic->stride, 0, sizeof(pic->stride));
    /* rows padded by a few samples the row must never change the result with */
    const int pad[3] = {6, 2, 14};
    for (int k = 0; k < np; k++) {
        int rows = k == 0 || !sy ? h : (h + 1) / 2;
        pic->stride[k] = stride[k] + pad[k];
        pic->p[k] = malloc((size_t)pic->stride[k] * rows);
    }
}

static int pic_rows(const Pic *pic, int k)
{
    int sx, sy;
    pix_chroma_shift((PixLayout)pic->layout, &sx, &sy);
    return k == 0 || !sy ? pic->h : (pic->h + 1) / 2;
}

/* random samples within the depth (P016: MSB-aligned, any 16-bit value) */
static void pic_random(Pic *pic)
{
    int wide = pix_sample_bytes((PixLayout)pic->layout) == 2;
    unsigned mask = pic->layout == PIX_P016 ? 0xffff : (1u << pic->depth) - 1;
    for (int k = 0; k < 3; k++) {
        size_t n = pic->p[k] ? (size_t)pic->stride[k] * pic_rows(pic, k) : 0;
        if (!wide) {
            for (size_t i = 0; i < n; i++)
                pic->p[k][i] = rnd8();
        } else {
            for (size_t i = 0; i + 1 < n; i += 2) {
                unsigned v = ((unsigned)rnd8() << 8 | rnd8()) & mask;
                pic->p[k][i] = (uint8_t)v, pic->p[k][i + 1] = (uint8_t)(v >> 8);
            }
        }
    }
}

static void pic_free(Pic *pic)
{
    for (int k = 0; k < 3; k++)
        free(pic->p[k]);
}

static const char *out_name(int out)
{
    return out == COLOUR_OUT_BGR24 ? "bgr24" : out == COLOUR_OUT_RGB48 ? "rgb48" : "float";
}

/* A row as the CUDA kernel for chains with an OpenColorIO step makes it: two
 * pixels a thread, the chain run on both together (colour_pair_out), the last
 * pixel of an odd width twice */
static void pair_row(const ColourJob *j, int y, int w, int out, uint8_t *dst)
{
    int bpp = colour_out_bytes(out);
    for (int x = 0; x < w; x += 2)
        colour_pair_out(j, x, y, x + 1 < w, out, dst + (size_t)bpp * x);
}

/* A row as the CUDA kernels that take floats (the encoder's 4:2:0, the
 * resampler's) make it for such a chain: two pixels a thread
 * (colour_pair_float), an odd width's last alone; written as floats (out:
 * COLOUR_OUT_FLOAT) */
static void pair_float_row(const ColourJob *j, int y, int w, int out, uint8_t *dst)
{
    for (int x = 0; x < w; x += 2) {
        float a[3], b[3];
        int two = x + 1 < w;
        colour_pair_float(j, x, y, two, a, b);
        colour_store(j, x, y, out, a, dst + 12 * (size_t)x);
        if (two)
            colour_store(j, x + 1, y, out, b, dst + 12 * (size_t)(x + 1));
    }
}

/* Every row of pic through row and through the scalar code, job j; the number
 * of rows that differ, the first reported (what: the row's maker, how: the job) */
static int rows_vs_scalar(const ColourJob *j, const Pic *pic, SimdRowFn row, const char *what,
                          const char *how, int out, uint8_t *a, uint8_t *b)
{
    size_t bpp = (size_t)colour_out_bytes(out), n = bpp * pic->w;
    int bad = 0;
    for (int y = 0; y < pic->h; y++) {
        memset(a, 0xAA, n + 8);
        memset(b, 0x55, n + 8);
        simd_row(SIMD_SCALAR)(j, y, pic->w, out, a);
        row(j, y, pic->w, out, b);
        if (memcmp(a, b, n) != 0) {
            if (bad++ == 0) {
                size_t x = 0;
                while (a[x] == b[x])
                    x++;
                CHECK(0, "%s, %s %d-bit to %s, %s, %dx%d: row %d differs at pixel %zu", what,
                      pix_layout_name((PixLayout)pic->layout), pic->depth, out_name(out), how, pic->w,
                      pic->h, y, x / bpp);
            }
        }
        CHECK(b[n] == 0x55, "%s wrote past the row's end (width %d)", what, pic->w);
    }
    return bad;
}

/* colour_apply_chain_n (look/bake.c's measurements) against colour_apply_chain
 * on each pixel, bit for bit: n of 1, 7 and 16, random values in [-0.1, 1.1] */
static void check_chain_n(const Transform *t, const char *spec)
{
    for (int n = 1; n <= OCIO_N_MAX; n += n == 1 ? 6 : 9)
        for (int rep = 0; rep < 64; rep++) {
            float v[3 * OCIO_N_MAX], one[OCIO_N_MAX][3];
            for (int k = 0; k < 3 * n; k++)
                v[k] = (float)rnd8() / 212.5f - 0.1f;
            for (int k = 0; k < n; k++) {
                for (int c = 0; c < 3; c++)
                    one[k][c] = v[c * n + k];
                colour_apply_chain(&t->chain, one[k]);
            }
            colour_apply_chain_n(&t->chain, v, n);
            for (int k = 0; k < n; k++)
                for (int c = 0; c < 3; c++)
                    CHECK(memcmp(&v[c * n + k], &one[k][c], sizeof(float)) == 0,
                          "%s: colour_apply_chain_n, n %d, pixel %d: %.9g, one at a time %.9g",
                          spec, n, k, v[c * n + k], one[k][c]);
        }
}

/* Every row of pic through level l and through the scalar code; the number of
 * rows that differ. At the first level, for a chain with an OpenColorIO step,
 * also the CUDA kernel's pairs, whole and with a split compare. */
static int compare(const Pic *pic, SimdLevel l, const YuvCoeffs *c, const Transform *t,
                   int dither, int out, uint8_t *a, uint8_t *b)
{
    ColourJob j = {.src = {.plane = {pic->p[0], pic->p[1], pic->p[2]},
                           .stride = {pic->stride[0], pic->stride[1], pic->stride[2]},
                           .layout = pic->layout,
                           .cw = colour_halved_x(pic->layout) ? (pic->w + 1) / 2 : pic->w},
                   .c = *c,
                   .dither = dither_table((DitherMode)dither)};
    if (!t->identity)
        j.ch = t->chain;
    j.plain = colour_job_plain(pic->layout, &j.ch);
    char how[400];
    snprintf(how, sizeof(how), "dither %s, -t %s", dither_name((DitherMode)dither), t->name);
    int bad = rows_vs_scalar(&j, pic, simd_row(l), simd_name(l), how, out, a, b);
    if (l == SIMD_BASE && colour_chain_has_ocio(&j.ch)) {
        const char *pairs = "pairs (CUDA's colour_pair_out)";
        bad += rows_vs_scalar(&j, pic, pair_row, pairs, how, out, a, b);
        for (int k = 0; k < 2 && pic->w > 2; k++) {
            ColourJob js = j;
            /* the divider's white column (line − 1): at split, as the stage puts it,
             * or two further on (a crop's offset), each at either pixel of a pair */
            js.split = pic->w / 2 + k, js.line = js.split + 1 + 2 * k;
            js.plain_left = colour_job_plain(pic->layout, NULL);
            char at[480];
            snprintf(at, sizeof(at), "%s, split %d", how, js.split);
            bad += rows_vs_scalar(&js, pic, pair_row, pairs, at, out, a, b);
        }
        /* and as floats (colour_pair_float): whole, and split at either pixel of a pair */
        for (int k = -1; k < 2 && out == COLOUR_OUT_FLOAT; k++) {
            ColourJob js = j;
            js.split = k < 0 ? 0 : pic->w / 2 + k;
            char at[480];
            snprintf(at, sizeof(at), "%s, split %d", how, js.split);
            bad += rows_vs_scalar(&js, pic, pair_float_row, "pairs (CUDA's colour_pair_float)", at,
                                  out, a, b);
        }
    }
    return bad;
}

static Transform parse(const char *spec)
{
    Transform t;
    char err[256];
    if (transform_parse(spec, &t, err, sizeof err) != 0) {
        fprintf(stderr, "-t %s: %s\n", spec, err);
        exit(1);
    }
    transform_tables(&t);
    return t;
}

/* 256 (U, V) pairs of one U per picture, 128×512: each 2×2 block of a row pair
 * holds four of the 256 Y values, and all 64 blocks one (U, V). */
static void every_yuv(SimdLevel l, int layout, const YuvCoeffs *c, const Transform *t,
                      int dither, uint8_t *a, uint8_t *b)
{
    Pic pic;
    pic_alloc(&pic, 128, 512, layout, 8);
    int bad = 0;
    for (int u = 0; u < 256; u += U_STEP) {
        for (int v = 0; v < 256; v++) {
            for (int k = 0; k < 64; k++)
                for (int i = 0; i < 4; i++)
                    pic.p[0][(size_t)(2 * v + (i >> 1)) * pic.stride[0] + 2 * k + (i & 1)] =
                        (uint8_t)(4 * k + i);
            for (int k = 0; k < 64; k++) {
                if (layout == PIX_NV12) {
                    pic.p[1][(size_t)v * pic.stride[1] + 2 * k] = (uint8_t)u;
                    pic.p[1][(size_t)v * pic.stride[1] + 2 * k + 1] = (uint8_t)v;
                } else {
                    pic.p[1][(size_t)v * pic.stride[1] + k] = (uint8_t)u;
                    pic.p[2][(size_t)v * pic.stride[2] + k] = (uint8_t)v;
                }
            }
        }
        bad += compare(&pic, l, c, t, dither, COLOUR_OUT_BGR24, a, b);
    }
    CHECK(bad == 0, "%s %s -t %s: %d rows differ", simd_name(l), pix_layout_name(layout),
          t->name, bad);
    pic_free(&pic);
}

int main(void)
{
    test_luts_make();
    const char *plain[] = {"none", "invert", "sepia", "gray", "swap=order=brg",
                           "matrix=rr=1.5:gb=-0.7:bo=0.2"};
    const int nplain = (int)(sizeof(plain) / sizeof(plain[0]));
    const ColourMatrix ms[] = {MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    /* the layouts with the depths their samples come in */
    const struct { int layout, depth; } kinds[] = {
        {PIX_YUV420P, 8},    {PIX_NV12, 8},       {PIX_BGR24, 8},     {PIX_YUV420P16, 10},
        {PIX_YUV420P16, 12}, {PIX_YUV422P16, 10}, {PIX_YUV444P16, 12}, {PIX_YUV444P16, 16},
        {PIX_P016, 16},      {PIX_RGB48, 16},     {PIX_GBRP16, 10},   {PIX_GBRP16, 16},
    };
    const int nkinds = (int)(sizeof(kinds) / sizeof(kinds[0]));
    uint8_t *a = malloc(12 * 4096 + 64), *b = malloc(12 * 4096 + 64);
    int levels = 0;
    for (int li = SIMD_BASE; li < SIMD_NLEVELS; li++) {
        SimdLevel l = (SimdLevel)li;
        if (!simd_available(l)) {
            printf("%s: not on this CPU, skipped\n", simd_name(l));
            continue;
        }
        levels++;
        /* every (Y, U, V), every matrix and range, both 8-bit 4:2:0 layouts, each dither */
        Transform none = parse("none");
        for (int mi = 0; mi < 3; mi++)
            for (int full = 0; full <= 1; full++) {
                YuvCoeffs c = colour_yuv_coeffs(ms[mi], full, 1080, 8);
                every_yuv(l, PIX_YUV420P, &c, &none, (mi + full) % 3, a, b);
                every_yuv(l, PIX_NV12, &c, &none, (mi + full + 1) % 3, a, b);
            }
        YuvCoeffs c709 = colour_yuv_coeffs(MATRIX_BT709, 0, 1080, 8);
        for (int i = 1; i < 3; i++) {
            Transform t = parse(plain[i]);
            every_yuv(l, PIX_YUV420P, &c709, &t, i, a, b);
        }
        /* random samples: every layout and depth, plain transforms and every chain,
         * every output and dither, tails */
        for (int ki = 0; ki < nkinds; ki++) {
            for (int ti = 0; ti < nplain + TEST_CHAINS; ti++) {
                Transform t = parse(ti < nplain ? plain[ti] : test_chain[ti - nplain]);
                int full = ti & 1, dither = (ti + ki) % 3;
                YuvCoeffs c = colour_yuv_coeffs(ms[ti % 3], full, 720, kinds[ki].depth);
                for (int out = COLOUR_OUT_BGR24; out <= COLOUR_OUT_FLOAT; out++) {
                    Pic pic;
                    pic_alloc(&pic, 1920, out == COLOUR_OUT_BGR24 ? 40 : 8, kinds[ki].layout,
                              kinds[ki].depth);
                    pic_random(&pic);
                    compare(&pic, l, &c, &t, dither, out, a, b);
                    pic_free(&pic);
                    for (int w = 1; w <= 40; w++) {
                        pic_alloc(&pic, w, 1 + w % 5, kinds[ki].layout, kinds[ki].depth);
                        pic_random(&pic);
                        compare(&pic, l, &c, &t, (dither + w) % 3, out, a, b);
                        pic_free(&pic);
                    }
                }
            }
        }
        /* OpenColorIO steps (issue 43): the rows run the program on their lanes
         * together (ocio_run_n); with a mix, second in a chain, at data levels
         * unclamped, each against the scalar code on every layout and output */
        if (ocio_available()) {
            /* then every other kind of operation the pairs run (a LUT file's table,
             * a CDL, the RED logs' affine logs), two OpenColorIO steps, a mix of 0;
             * tone: 1, the chain's own PQ tone-mapped for the window (after the chain,
             * not before a split's left side); 2, a PQ source's tone map before it (a
             * camera= chain has an output of its own: no source's tone map) */
            char lutf[600];
            snprintf(lutf, sizeof(lutf), "lut=%s", test_chain[1] + strlen("lut3d="));
            const struct { const char *spec; int tone; } oc[] = {
                {"camera=slog3-cine:mix=0.6", 0}, {"camera=vlog", 0}, {"invert,camera=clog3", 0},
                {"camera=logc3:output=hdr-pq-1000", 1}, {lutf, 2},
                {"cdl=slope=1.1/1/0.9:offset=0.01/0/-0.01:power=1.2/1/0.9:sat=1.2", 2},
                {"camera=redlogfilm,camera=log3g10:mix=0.5", 0}, {"camera=slog3-cine:mix=0", 0}};
            const int noc = (int)(sizeof(oc) / sizeof(oc[0]));
            const int ws[] = {1, 2, 7, 8, 13, 19};
            for (int ki = 0; ki < nkinds; ki++)
                for (int ti = 0; ti < noc; ti++) {
                    Transform t = parse(oc[ti].spec);
                    if (oc[ti].tone) {
                        char err[256] = "";
                        Transform look = t;
                        ToneSettings ts = {.curve = TONE_BT2390, .param = NAN, .target_peak = 203};
                        HdrSource src = {oc[ti].tone == 2 ? TRANSFER_PQ : TRANSFER_SDR,
                                         oc[ti].tone == 2 ? PRIMARIES_BT2020 : PRIMARIES_BT709, 1000};
                        CHECK(tone_apply(&look, &ts, &src, &t, err, sizeof(err)) == 0 && t.chain.tone.on &&
                                  t.chain.tone_own == (oc[ti].tone == 1) &&
                                  t.chain.tone_at == (oc[ti].tone == 1 ? t.chain.nops : 0),
                              "%s: tone_apply: %s", oc[ti].spec, err);
                    }
                    if (ki == 0)
                        check_chain_n(&t, oc[ti].spec);
                    YuvCoeffs c = colour_yuv_coeffs(ms[ti % 3], 1, 720, kinds[ki].depth);
                    c.unclamped = ti == 1;
                    for (int out = COLOUR_OUT_BGR24; out <= COLOUR_OUT_FLOAT; out++)
                        for (size_t wi = 0; wi < sizeof(ws) / sizeof(ws[0]); wi++) {
                            int w = ws[wi];
                            Pic pic;
                            pic_alloc(&pic, w, 2, kinds[ki].layout, kinds[ki].depth);
                            pic_random(&pic);
                            compare(&pic, l, &c, &t, (ti + w) % 3, out, a, b);
                            pic_free(&pic);
                        }
                }
        }
        /* tone maps (PQ and HLG, every curve, compress and clip, with a chain before
         * or after): every layout and output, the HDR chroma interpolation's tails */
        for (int ki = 0; ki < nkinds; ki++) {
            for (int ti = 0; ti < 5; ti++) {
                char err[256];
                ToneSettings ts = {.curve = (ToneCurve)ti, .param = NAN, .target_peak = 203,
                                   .hdr_peak = ti == 1 ? 4000 : 0, .gamut_clip = ti & 1,
                                   .lut_first = ti >= 3};
                HdrSource src = {ti & 1 ? TRANSFER_HLG : TRANSFER_PQ,
                                 ti == 4 ? PRIMARIES_P3 : PRIMARIES_BT2020, 1000};
                Transform base = parse(ti < 2 ? "none" : test_chain[ti % TEST_CHAINS]), t;
                if (tone_apply(&base, &ts, &src, &t, err, sizeof(err)) < 0) {
                    CHECK(0, "tone_apply: %s", err);
                    continue;
                }
                snprintf(t.name, sizeof(t.name), "%s + %s (%s)", base.name,
                         tone_curve_name(ts.curve), ts.lut_first ? "after" : "before");
                YuvCoeffs c = colour_yuv_coeffs(MATRIX_BT2020, 0, 720, kinds[ki].depth);
                for (int out = COLOUR_OUT_BGR24; out <= COLOUR_OUT_FLOAT; out++) {
                    Pic pic;
                    pic_alloc(&pic, 1920, 4, kinds[ki].layout, kinds[ki].depth);
                    pic_random(&pic);
                    compare(&pic, l, &c, &t, ti % 3, out, a, b);
                    pic_free(&pic);
                    for (int w = 1; w <= 20; w++) {
                        pic_alloc(&pic, w, 1 + w % 3, kinds[ki].layout, kinds[ki].depth);
                        pic_random(&pic);
                        compare(&pic, l, &c, &t, (ti + w) % 3, out, a, b);
                        pic_free(&pic);
                    }
                }
            }
        }
        printf("%s: equal to the scalar code%s\n", simd_name(l),
               U_STEP == 51 ? " (every 51st U: an ASan build)"
               : U_STEP > 1 ? " (every 17th U: a debug or sanitizer build)" : "");
    }
    CHECK(levels > 0, "no vector level available");
    free(a);
    free(b);
    test_luts_remove();
    return CHECK_DONE();
}
