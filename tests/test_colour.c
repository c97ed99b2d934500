/* The per-pixel maths against a double-precision reference: YUV→RGB for
 * BT.601, BT.709 and BT.2020, limited and full range, over every (Y, U, V)
 * triple, max error ≤ 1; the transforms against their real-valued matrices. */
#include <math.h>
#include <stdlib.h>

#include "gpu/colour.h"
#include "look/chain.h"
#include "tests/check.h"

static double clamp255(double v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

static void reference(ColourMatrix m, int full, int y, int u, int v, double rgb[3])
{
    double kr, kb;
    colour_matrix_weights(m, &kr, &kb);
    double kg = 1 - kr - kb;
    /* normalise to Y' in [0,1], Pb/Pr in [-0.5,0.5] (BT.601/709/2020 equations) */
    double yn = full ? y / 255.0 : (y - 16) / 219.0;
    double pb = full ? (u - 128) / 255.0 : (u - 128) / 224.0;
    double pr = full ? (v - 128) / 255.0 : (v - 128) / 224.0;
    double r = yn + 2 * (1 - kr) * pr;
    double b = yn + 2 * (1 - kb) * pb;
    double g = (yn - kr * r - kb * b) / kg;
    rgb[0] = clamp255(r * 255), rgb[1] = clamp255(g * 255), rgb[2] = clamp255(b * 255);
}

static void check_yuv(void)
{
    const ColourMatrix ms[] = {MATRIX_BT601, MATRIX_BT709, MATRIX_BT2020};
    for (int mi = 0; mi < 3; mi++) {
        for (int full = 0; full <= 1; full++) {
            YuvCoeffs c = colour_yuv_coeffs(ms[mi], full, 480);
            double worst = 0;
            for (int y = 0; y < 256; y++)
                for (int u = 0; u < 256; u++)
                    for (int v = 0; v < 256; v++) {
                        int got[3];
                        double want[3];
                        colour_yuv_to_rgb(&c, y, u, v, got);
                        reference(ms[mi], full, y, u, v, want);
                        for (int k = 0; k < 3; k++)
                            worst = fmax(worst, fabs(got[k] - want[k]));
                    }
            CHECK(worst <= 1.0, "matrix %d full=%d: worst error %.3f", mi, full, worst);
        }
    }
    /* untagged: BT.709 from 720 rows, BT.601 below */
    YuvCoeffs a = colour_yuv_coeffs(MATRIX_UNSPECIFIED, 0, 720);
    YuvCoeffs b = colour_yuv_coeffs(MATRIX_BT709, 0, 720);
    YuvCoeffs c = colour_yuv_coeffs(MATRIX_UNSPECIFIED, 0, 719);
    YuvCoeffs d = colour_yuv_coeffs(MATRIX_BT601, 0, 719);
    CHECK(a.crv == b.crv && a.cgu == b.cgu, "untagged 720 rows is not BT.709");
    CHECK(c.crv == d.crv && c.cgu == d.cgu, "untagged 719 rows is not BT.601");
    CHECK(b.crv != d.crv, "BT.709 and BT.601 coefficients equal");
    /* limited-range black and white land on 0 and 255 exactly */
    int rgb[3];
    colour_yuv_to_rgb(&b, 16, 128, 128, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0, "black is %d,%d,%d", rgb[0], rgb[1], rgb[2]);
    colour_yuv_to_rgb(&b, 235, 128, 128, rgb);
    CHECK(rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255, "white is %d,%d,%d", rgb[0], rgb[1],
          rgb[2]);
}

/* RGB→yuv420p (the encoder's output): random 2×2 blocks of BGR through
 * colour_convert_block420 against the BT.601/BT.709 equations in double
 * precision, limited range: each Y within 0.5 + rounding, U and V of the block's
 * mean likewise (max error ≤ 1 code). */
static void check_to_yuv(void)
{
    unsigned seed = 777;
    const int heights[] = {480, 1080};
    for (int hi = 0; hi < 2; hi++) {
        RgbToYuv o = colour_rgb_yuv_coeffs(MATRIX_UNSPECIFIED, heights[hi]);
        double kr, kb;
        colour_matrix_weights(hi ? MATRIX_BT709 : MATRIX_BT601, &kr, &kb);
        double kg = 1 - kr - kb, worst = 0;
        for (int n = 0; n < 200000; n++) {
            uint8_t bgr[2][6];
            for (int i = 0; i < 12; i++) {
                seed = seed * 1103515245u + 12345u;
                bgr[i / 6][i % 6] = (uint8_t)(seed >> 16);
            }
            const PixelSource src = {.plane = {bgr[0]}, .stride = {6}, .layout = PIX_BGR24};
            YuvCoeffs c = colour_yuv_coeffs(MATRIX_BT709, 0, 1080); /* unused for BGR */
            uint8_t y0[2], y1[2], u, v;
            colour_convert_block420(&src, 0, 0, &c, NULL, NULL, &o, y0, y1, &u, &v);
            double su = 0, sv = 0;
            for (int i = 0; i < 4; i++) {
                const uint8_t *p = bgr[i >> 1] + 3 * (i & 1);
                double r = p[2] / 255.0, g = p[1] / 255.0, b = p[0] / 255.0;
                double yy = kr * r + kg * g + kb * b;
                double want = 16 + 219 * yy, got = (i >> 1 ? y1 : y0)[i & 1];
                if (fabs(got - want) > worst)
                    worst = fabs(got - want);
                su += (b - yy) / (2 * (1 - kb)), sv += (r - yy) / (2 * (1 - kr));
            }
            double wu = 128 + 224 * su / 4, wv = 128 + 224 * sv / 4;
            if (fabs(u - wu) > worst)
                worst = fabs(u - wu);
            if (fabs(v - wv) > worst)
                worst = fabs(v - wv);
        }
        printf("RGB to yuv420p, %d rows: max error %.3f\n", heights[hi], worst);
        CHECK(worst <= 0.51, "RGB to yuv420p at %d rows: error %.3f", heights[hi], worst);
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
    const double offs[4] = {0, 0, 255, 0};
    char err[128];
    Transform t;
    CHECK(transform_parse("bogus", &t, err, sizeof err) < 0, "'bogus' accepted");
    for (int i = 0; i < 4; i++) {
        CHECK(transform_parse(names[i], &t, err, sizeof err) == 0, "%s: %s", names[i], err);
        CHECK(t.identity == (i == 0), "%s identity=%d", names[i], t.identity);
        int exact = i == 0 || i == 2;
        for (int r = 0; r < 256; r += 5)
            for (int g = 0; g < 256; g += 3)
                for (int b = 0; b < 256; b += 7) {
                    int px[3] = {r, g, b};
                    colour_apply_affine(&t.affine, px);
                    for (int c = 0; c < 3; c++) {
                        double want = clamp255(mats[i][c][0] * r + mats[i][c][1] * g +
                                               mats[i][c][2] * b + offs[i]);
                        if (exact)
                            CHECK(px[c] == (int)want, "%s(%d,%d,%d)[%d] = %d, want %g", names[i],
                                  r, g, b, c, px[c], want);
                        else
                            CHECK(fabs(px[c] - want) <= 0.51, /* rounded to nearest */
                                  "%s(%d,%d,%d)[%d] = %d, want %.3f", names[i], r, g, b, c, px[c],
                                  want);
                    }
                }
    }
}

int main(void)
{
    check_yuv();
    check_transforms();
    check_to_yuv();
    return CHECK_DONE();
}
