/* The per-pixel maths against a double-precision reference: YUV→RGB for
 * BT.601, BT.709 and BT.2020, limited and full range, at 8 bits (every (Y, U,
 * V) triple) and 10, 12 and 16 bits (a grid), on the integer path (max error
 * ≤ 1 at 8 bits out) and the float path (within 2⁻¹⁶ of the range); RGB→YUV at
 * 8 and 10 bits (one rounding: ≤ 0.5 code and a hair); the transforms against
 * their real-valued matrices; the dither patterns (every level once). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "colour/colour.h"
#include "stage/dither.h"
#include "look/chain.h"
#include "tests/check.h"

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* R', G', B' in [0,1] of (y, u, v) at `depth` bits */
static void reference(ColourMatrix m, int full, int depth, int y, int u, int v, double rgb[3])
{
    double kr, kb;
    colour_matrix_weights(m, &kr, &kb);
    double kg = 1 - kr - kb, sc = (double)(1 << (depth - 8)), top = (double)((1 << depth) - 1);
    double half = (double)(1 << (depth - 1));
    /* normalise to Y' in [0,1], Pb/Pr in [-0.5,0.5] (BT.601/709/2020 equations) */
    double yn = full ? y / top : (y - 16 * sc) / (219 * sc);
    double pb = full ? (u - half) / top : (u - half) / (224 * sc);
    double pr = full ? (v - half) / top : (v - half) / (224 * sc);
    double r = yn + 2 * (1 - kr) * pr;
    double b = yn + 2 * (1 - kb) * pb;
    double g = (yn - kr * r - kb * b) / kg;
    rgb[0] = clamp01(r), rgb[1] = clamp01(g), rgb[2] = clamp01(b);
}

static void check_depth(ColourMatrix m, int full, int depth, int step)
{
    YuvCoeffs c = colour_yuv_coeffs(m, full, 480, depth);
    double worst8 = 0, worstf = 0;
    int top = (1 << depth) - 1;
    for (int y = 0; y <= top; y += step)
        for (int u = 0; u <= top; u += step)
            for (int v = 0; v <= top; v += step) {
                int s[3] = {y, u, v}, got[3];
                float f[3];
                double want[3];
                colour_yuv_rgb8(&c, s, DITHER_HALF, got);
                colour_to_float(&c, 0, s, f);
                reference(m, full, depth, y, u, v, want);
                for (int k = 0; k < 3; k++) {
                    worst8 = fmax(worst8, fabs(got[k] - want[k] * 255));
                    worstf = fmax(worstf, fabs(f[k] - want[k]));
                }
            }
    /* the rounding's 0.5, and a little from coefficients of 21 fraction bits on
     * samples moved up to 16 bits */
    CHECK(worst8 <= 0.55, "matrix %d full=%d depth %d: integer path error %.3f", m, full, depth,
          worst8);
    if (depth > 8 && full == 0 && m == MATRIX_BT2020)
        printf("depth %d: integer path within %.3f, float path within %.2e\n", depth, worst8,
               worstf);
    CHECK(worstf <= 1.0 / 65536, "matrix %d full=%d depth %d: float path error %.2e", m, full,
          depth, worstf);
}

static void check_yuv(void)
{
    const ColourMatrix ms[] = {MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    for (int mi = 0; mi < 3; mi++)
        for (int full = 0; full <= 1; full++) {
            check_depth(ms[mi], full, 8, 1);
            check_depth(ms[mi], full, 10, 7);
            check_depth(ms[mi], full, 12, 29);
            check_depth(ms[mi], full, 16, 463);
        }
    /* untagged: BT.709 from 720 rows, BT.601 below */
    YuvCoeffs a = colour_yuv_coeffs(MATRIX_UNSPECIFIED, 0, 720, 8);
    YuvCoeffs b = colour_yuv_coeffs(MATRIX_BT709, 0, 720, 8);
    YuvCoeffs c = colour_yuv_coeffs(MATRIX_UNSPECIFIED, 0, 719, 8);
    YuvCoeffs d = colour_yuv_coeffs(MATRIX_BT601, 0, 719, 8);
    CHECK(a.crv == b.crv && a.cgu == b.cgu, "untagged 720 rows is not BT.709");
    CHECK(c.crv == d.crv && c.cgu == d.cgu, "untagged 719 rows is not BT.601");
    CHECK(b.crv != d.crv, "BT.709 and BT.601 coefficients equal");
    /* limited-range black and white land on 0 and 255 (and 0.0, 1.0) exactly, at every depth */
    for (int depth = 8; depth <= 16; depth += 2) {
        YuvCoeffs k = colour_yuv_coeffs(MATRIX_BT709, 0, 720, depth);
        int sc = 1 << (depth - 8), rgb[3];
        float f[3];
        int black[3] = {16 * sc, 128 * sc, 128 * sc}, white[3] = {235 * sc, 128 * sc, 128 * sc};
        colour_yuv_rgb8(&k, black, DITHER_HALF, rgb);
        CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0, "%d-bit black is %d,%d,%d", depth, rgb[0],
              rgb[1], rgb[2]);
        colour_yuv_rgb8(&k, white, DITHER_HALF, rgb);
        CHECK(rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255, "%d-bit white is %d,%d,%d", depth,
              rgb[0], rgb[1], rgb[2]);
        colour_to_float(&k, 0, white, f);
        CHECK(f[0] >= 0.9999999f && f[1] >= 0.9999999f && f[2] >= 0.9999999f,
              "%d-bit white is %.8f", depth, f[1]);
        CHECK(colour_out16(f[0]) == 65535 && colour_out8(f[0], DITHER_HALF) == 255,
              "%d-bit white out", depth);
    }
    /* RGB samples read back exactly at 8 and 16 bits */
    YuvCoeffs r8 = colour_yuv_coeffs(MATRIX_BT709, 0, 720, 8), r16 = colour_yuv_coeffs(MATRIX_BT709, 0, 720, 16);
    for (int v = 0; v < 65536; v++) {
        int s[3] = {v, v, v}, s8[3] = {v & 255, v & 255, v & 255};
        float f[3], f8[3];
        colour_to_float(&r16, 1, s, f);
        colour_to_float(&r8, 1, s8, f8);
        if (colour_out16(f[0]) != v || colour_out8(f8[0], DITHER_HALF) != (v & 255)) {
            CHECK(0, "RGB sample %d does not read back", v);
            break;
        }
    }
}

/* RGB→YUV (the encoder's output) from R,G,B in [0,1]: random 2×2 blocks
 * against the BT.601/BT.709/BT.2020 equations in double precision, limited
 * range, rounded to nearest: each Y within 0.5 (and float's hair), U and V of
 * the block's mean likewise. */
static void check_to_yuv(void)
{
    unsigned seed = 777;
    const ColourMatrix ms[] = {MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    for (int mi = 0; mi < 3; mi++)
        for (int depth = 8; depth <= 10; depth += 2) {
            RgbToYuv o = colour_rgb_yuv_coeffs(ms[mi], 1080, depth);
            double kr, kb, sc = (double)(1 << (depth - 8));
            colour_matrix_weights(ms[mi], &kr, &kb);
            double kg = 1 - kr - kb, worst = 0;
            for (int n = 0; n < 200000; n++) {
                float px[4][3];
                for (int i = 0; i < 12; i++) {
                    seed = seed * 1103515245u + 12345u;
                    px[i / 3][i % 3] = (float)((seed >> 8) & 0xffff) / 65535.0f;
                }
                double su = 0, sv = 0;
                for (int i = 0; i < 4; i++) {
                    double r = px[i][0], g = px[i][1], b = px[i][2];
                    double yy = kr * r + kg * g + kb * b;
                    double want = 16 * sc + 219 * sc * yy, got = colour_out_y(&o, px[i], 0.5f);
                    worst = fmax(worst, fabs(got - want));
                    su += (b - yy) / (2 * (1 - kb)), sv += (r - yy) / (2 * (1 - kr));
                }
                int u, v;
                colour_out_uv(&o, px[0], px[1], px[2], px[3], 0.5f, &u, &v);
                worst = fmax(worst, fabs(u - (128 * sc + 224 * sc * su / 4)));
                worst = fmax(worst, fabs(v - (128 * sc + 224 * sc * sv / 4)));
            }
            printf("RGB to YUV, matrix %d, %d bits: max error %.4f\n", ms[mi], depth, worst);
            CHECK(worst <= 0.501, "RGB to YUV matrix %d %d bits: error %.4f", ms[mi], depth, worst);
        }
}

static void check_transforms(void)
{
    const char *names[] = {"none", "gray", "invert", "sepia"};
    const double mats[4][3][3] = {
        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
        {{0.299, 0.587, 0.114}, {0.299, 0.587, 0.114}, {0.299, 0.587, 0.114}},
        {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}},
        {{0.393, 0.769, 0.189}, {0.349, 0.686, 0.168}, {0.272, 0.534, 0.131}},
    };
    const double offs[4] = {0, 0, 1, 0};
    char err[128];
    Transform t;
    CHECK(transform_parse("bogus", &t, err, sizeof err) < 0, "'bogus' accepted");
    for (int i = 0; i < 4; i++) {
        CHECK(transform_parse(names[i], &t, err, sizeof err) == 0, "%s: %s", names[i], err);
        CHECK(t.identity == (i == 0) && t.chain.nops == (i != 0), "%s identity=%d nops %d",
              names[i], t.identity, t.chain.nops);
        int exact = i == 0 || i == 2;
        for (int r = 0; r < 256; r += 5)
            for (int g = 0; g < 256; g += 3)
                for (int b = 0; b < 256; b += 7) {
                    float px[3] = {r / 255.0f, g / 255.0f, b / 255.0f};
                    colour_apply_chain(&t.chain, px);
                    for (int c = 0; c < 3; c++) {
                        double want = 255 * clamp01(mats[i][c][0] * r / 255 + mats[i][c][1] * g / 255 +
                                                    mats[i][c][2] * b / 255 + offs[i]);
                        int got = colour_out8(px[c], DITHER_HALF);
                        if (exact)
                            CHECK(got == (int)lround(want), "%s(%d,%d,%d)[%d] = %d, want %g", names[i], r,
                                  g, b, c, got, want);
                        else
                            CHECK(fabs(got - want) <= 0.501, /* rounded to nearest, once */
                                  "%s(%d,%d,%d)[%d] = %d, want %.3f", names[i], r, g, b, c, got,
                                  want);
                    }
                }
    }
}

/* Each pattern holds every one of its 4,096 levels once, so a flat area of
 * value v comes out at v's mean over a 64×64 tile, and no threshold is 0 or
 * 65536 (an exact value never moves). */
static void check_dither(void)
{
    CHECK(dither_table(DITHER_NONE) == NULL, "no dither has a table");
    CHECK(dither_parse("blue") == DITHER_BLUE && dither_parse("ordered") == DITHER_ORDERED &&
              dither_parse("no") == DITHER_NONE && dither_parse("yes") == -1,
          "dither names");
    for (int m = DITHER_ORDERED; m <= DITHER_BLUE; m++) {
        const uint16_t *t = dither_table((DitherMode)m);
        static unsigned char seen[DITHER_SIZE * DITHER_SIZE];
        memset(seen, 0, sizeof(seen));
        int bad = 0;
        for (int i = 0; i < DITHER_SIZE * DITHER_SIZE; i++) {
            int level = (t[i] / 8 - 1) / 2;
            if (t[i] % 16 != 8 || level < 0 || level >= 4096 || seen[level]++)
                bad++;
        }
        CHECK(bad == 0, "%s: %d thresholds not one per level", dither_name((DitherMode)m), bad);
        CHECK(dither_table((DitherMode)m) == t, "%s: a new table", dither_name((DitherMode)m));
        /* 2×2 neighbours differ by much, in both patterns (no flat clumps) */
        long long diff = 0;
        for (int y = 0; y < DITHER_SIZE; y++)
            for (int x = 0; x < DITHER_SIZE; x++)
                diff += abs(t[y * DITHER_SIZE + x] - t[y * DITHER_SIZE + (x + 1) % DITHER_SIZE]);
        double mean = (double)diff / (DITHER_SIZE * DITHER_SIZE) / 65536;
        printf("%s: mean difference of horizontal neighbours %.3f of the range\n",
               dither_name((DitherMode)m), mean);
        CHECK(mean > 0.25, "%s: neighbours too alike (%.3f)", dither_name((DitherMode)m), mean);
    }
}

/* A 10-bit frame and its p010 form (the samples moved up 6 bits, read as
 * 16-bit) give the same bytes on both paths: software decoding and NVDEC agree. */
static void check_p010(void)
{
    /* a 10- or 12-bit sample and its MSB-aligned 16-bit form (p010, an NVDEC p016
     * surface of a 12-bit stream) read alike, limited and full range, clamped or
     * not (an OpenColorIO step reads code values at data levels: full range) */
    const ColourMatrix ms[] = {MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    long bad = 0, n = 0;
    for (int bits = 10; bits <= 12; bits += 2)
        for (int full = 0; full <= 1; full++)
            for (int mi = 0; mi < 3; mi++) {
                YuvCoeffs c10 = colour_yuv_coeffs(ms[mi], full, 1080, bits),
                          c16 = colour_yuv_coeffs_bits(ms[mi], full, 1080, 16, bits);
                int top = (1 << bits) - 1, up = 16 - bits;
                for (int y = 0; y <= top; y += 3 << (bits - 10))
                    for (int u = 0; u <= top; u += 5 << (bits - 10))
                        for (int v = 0; v <= top; v += 7 << (bits - 10)) {
                            int s10[3] = {y, u, v}, s16[3] = {y << up, u << up, v << up}, a[3], b[3];
                            float fa[3], fb[3], ua[3], ub[3];
                            colour_yuv_rgb8(&c10, s10, 12345, a);
                            colour_yuv_rgb8(&c16, s16, 12345, b);
                            colour_to_float(&c10, 0, s10, fa);
                            colour_to_float(&c16, 0, s16, fb);
                            c10.unclamped = c16.unclamped = 1;
                            colour_to_float(&c10, 0, s10, ua);
                            colour_to_float(&c16, 0, s16, ub);
                            c10.unclamped = c16.unclamped = 0;
                            bad += memcmp(a, b, sizeof(a)) != 0 || memcmp(fa, fb, sizeof(fa)) != 0 ||
                                   memcmp(ua, ub, sizeof(ua)) != 0;
                            n++;
                        }
            }
    CHECK(bad == 0, "%ld of %ld 10- and 12-bit triples convert differently MSB-aligned", bad, n);
    /* full range's white, MSB-aligned: 1.0, not 65472/65535 */
    YuvCoeffs w = colour_yuv_coeffs_bits(MATRIX_BT709, 1, 1080, 16, 10);
    int white[3] = {1023 << 6, 512 << 6, 512 << 6};
    float f[3];
    colour_to_float(&w, 0, white, f);
    CHECK(f[0] == 1.0f && f[1] == 1.0f && f[2] == 1.0f, "p010's full-range white reads %.8f", f[0]);
}

int main(void)
{
    check_p010();
    check_yuv();
    check_transforms();
    check_to_yuv();
    check_dither();
    return CHECK_DONE();
}
