/* The vectorised rows (gpu/simd.h) against the scalar reference, byte for byte,
 * on every level this CPU runs: every (Y, U, V) triple for each matrix and
 * range in yuv420p and nv12 (plain, and two affine maps on one set); every
 * chain of tests/luts.h (all LUT interpolations) and the plain transforms on
 * random colours in every layout; widths 1..40 and odd sizes for the tails. */
#include <stdlib.h>
#include <string.h>

#include "gpu/simd.h"
#include "look/chain.h"
#include "tests/check.h"
#include "tests/luts.h"

/* Debug and sanitizer builds run 10-50x slower: there every 17th U value of the
 * full sweep (every Y and V still), the optimised build runs all of them. */
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define U_STEP 1
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
    int w, h, layout;
    uint8_t *p[3];
    int stride[3];
} Pic;

static void pic_alloc(Pic *pic, int w, int h, int layout)
{
    int cw = (w + 1) / 2, ch = (h + 1) / 2;
    pic->w = w, pic->h = h, pic->layout = layout;
    memset(pic->p, 0, sizeof(pic->p));
    /* rows padded by a few bytes the row must never change the result with */
    if (layout == PIX_BGR24) {
        pic->stride[0] = 3 * w + 5;
        pic->p[0] = malloc((size_t)pic->stride[0] * h);
    } else {
        pic->stride[0] = w + 3;
        pic->p[0] = malloc((size_t)pic->stride[0] * h);
        pic->stride[1] = layout == PIX_NV12 ? 2 * cw + 1 : cw + 1;
        pic->p[1] = malloc((size_t)pic->stride[1] * ch);
        if (layout == PIX_YUV420P) {
            pic->stride[2] = cw + 7;
            pic->p[2] = malloc((size_t)pic->stride[2] * ch);
        }
    }
}

static void pic_random(Pic *pic)
{
    int ch = (pic->h + 1) / 2;
    for (int k = 0; k < 3; k++) {
        int rows = k == 0 ? pic->h : ch;
        for (size_t i = 0; pic->p[k] && i < (size_t)pic->stride[k] * rows; i++)
            pic->p[k][i] = rnd8();
    }
}

static void pic_free(Pic *pic)
{
    for (int k = 0; k < 3; k++)
        free(pic->p[k]);
}

/* Every row of pic through level l and through the scalar code; the number of
 * rows that differ. */
static int compare(const Pic *pic, SimdLevel l, const YuvCoeffs *c, const Transform *t,
                   uint8_t *a, uint8_t *b)
{
    const ColourAffine *af = t->identity || t->use_chain ? NULL : &t->affine;
    const Chain *chn = t->use_chain ? &t->chain : NULL;
    PixelSource src = {.plane = {pic->p[0], pic->p[1], pic->p[2]},
                       .stride = {pic->stride[0], pic->stride[1], pic->stride[2]},
                       .layout = pic->layout};
    int bad = 0;
    for (int y = 0; y < pic->h; y++) {
        memset(a, 0xAA, (size_t)3 * pic->w + 8);
        memset(b, 0x55, (size_t)3 * pic->w + 8);
        simd_row(SIMD_SCALAR)(&src, y, pic->w, c, af, chn, a);
        simd_row(l)(&src, y, pic->w, c, af, chn, b);
        if (memcmp(a, b, (size_t)3 * pic->w) != 0) {
            if (bad++ == 0) {
                int x = 0;
                while (a[x] == b[x])
                    x++;
                CHECK(0, "%s, %s, -t %s, %dx%d: row %d differs at pixel %d: %u,%u,%u vs %u,%u,%u",
                      simd_name(l), pix_layout_name(pic->layout), t->name, pic->w, pic->h, y,
                      x / 3, a[x / 3 * 3], a[x / 3 * 3 + 1], a[x / 3 * 3 + 2], b[x / 3 * 3],
                      b[x / 3 * 3 + 1], b[x / 3 * 3 + 2]);
            }
        }
        CHECK(b[3 * pic->w] == 0x55, "%s wrote past the row's end (width %d)", simd_name(l),
              pic->w);
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
    return t;
}

/* 256 (U, V) pairs of one U per picture, 128×512: each 2×2 block of a row pair
 * holds four of the 256 Y values, and all 64 blocks one (U, V). */
static void every_yuv(SimdLevel l, int layout, const YuvCoeffs *c, const Transform *t,
                      uint8_t *a, uint8_t *b)
{
    Pic pic;
    pic_alloc(&pic, 128, 512, layout);
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
        bad += compare(&pic, l, c, t, a, b);
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
    uint8_t *a = malloc(3 * 4096 + 64), *b = malloc(3 * 4096 + 64);
    int levels = 0;
    for (int li = SIMD_BASE; li < SIMD_NLEVELS; li++) {
        SimdLevel l = (SimdLevel)li;
        if (!simd_available(l)) {
            printf("%s: not on this CPU, skipped\n", simd_name(l));
            continue;
        }
        levels++;
        /* every (Y, U, V), every matrix and range, both YUV layouts */
        Transform none = parse("none");
        for (int mi = 0; mi < 3; mi++)
            for (int full = 0; full <= 1; full++) {
                YuvCoeffs c = colour_yuv_coeffs(ms[mi], full, 1080);
                every_yuv(l, PIX_YUV420P, &c, &none, a, b);
                every_yuv(l, PIX_NV12, &c, &none, a, b);
            }
        YuvCoeffs c709 = colour_yuv_coeffs(MATRIX_BT709, 0, 1080);
        for (int i = 1; i < 3; i++) {
            Transform t = parse(plain[i]);
            every_yuv(l, PIX_YUV420P, &c709, &t, a, b);
        }
        /* random colours: every layout, plain transforms and every chain, tails */
        for (int layout = PIX_YUV420P; layout <= PIX_BGR24; layout++) {
            for (int ti = 0; ti < nplain + TEST_CHAINS; ti++) {
                Transform t = parse(ti < nplain ? plain[ti] : test_chain[ti - nplain]);
                int full = ti & 1;
                YuvCoeffs c = colour_yuv_coeffs(ms[ti % 3], full, 720);
                Pic pic;
                pic_alloc(&pic, 1920, 40, layout);
                pic_random(&pic);
                compare(&pic, l, &c, &t, a, b);
                pic_free(&pic);
                for (int w = 1; w <= 40; w++) {
                    pic_alloc(&pic, w, 1 + w % 5, layout);
                    pic_random(&pic);
                    compare(&pic, l, &c, &t, a, b);
                    pic_free(&pic);
                }
            }
        }
        printf("%s: equal to the scalar code%s\n", simd_name(l),
               U_STEP > 1 ? " (every 17th U: a debug or sanitizer build)" : "");
    }
    CHECK(levels > 0, "no vector level available");
    free(a);
    free(b);
    test_luts_remove();
    return CHECK_DONE();
}
