/* test_resample: colour/resample.h's weights. Every row sums to RESAMPLE_ONE and
 * reads inside the input; equal sizes are one tap; mirrored outputs read
 * mirrored weights; and rows of 8-bit samples (random, 1-pixel columns, steps)
 * resampled with them, shrinking and enlarging, are at least 50 dB from
 * libswscale's own scaler with the same kernel (computed here, at test time:
 * accurate_rnd, bicubic with param0/param1 = B/C, lanczos with 3 lobes) and,
 * for the cubics and lanczos, at least 6 dB closer to it than to swscale's
 * bilinear (issue 26's bars). Not bit-exact: swscale steps through the input
 * in 16.16 fixed point, which drifts by up to 0.05 of a sample over 3,840
 * outputs (enlargements are compared where it has drifted least), and rounds
 * its filters to 14 bits its own way. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libswscale/swscale.h>

#include "colour/resample.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void invariants(int in, int out, ScaleFilter f)
{
    ResampleAxis a;
    char err[128];
    CHECK(resample_axis(&a, in, out, f, err, sizeof(err)) == 0, "%d->%d %s: %s", in, out,
          scale_filter_name(f), err);
    if (!a.weight)
        return;
    CHECK(a.taps >= 1 && a.taps <= in, "%d->%d %s: %d taps", in, out, scale_filter_name(f), a.taps);
    for (int x = 0; x < out; x++) {
        int sum = 0;
        for (int k = 0; k < a.taps; k++)
            sum += a.weight[(size_t)x * a.taps + k];
        CHECK(sum == RESAMPLE_ONE, "%d->%d %s: output %d sums to %d", in, out,
              scale_filter_name(f), x, sum);
        CHECK(a.first[x] >= 0 && a.first[x] + a.taps <= in, "%d->%d %s: output %d reads %d..%d",
              in, out, scale_filter_name(f), x, a.first[x], a.first[x] + a.taps - 1);
        /* the mirror image: output out-1-x gives input in-1-j the weight output x
         * gives input j */
        int m = out - 1 - x, same = 1;
        for (int k = 0; k < a.taps && same; k++) {
            int j = a.first[x] + k, mj = in - 1 - j - a.first[m];
            int wm = mj >= 0 && mj < a.taps ? a.weight[(size_t)m * a.taps + mj] : 0;
            same = abs(a.weight[(size_t)x * a.taps + k] - wm) <= 1;
        }
        CHECK(same, "%d->%d %s: outputs %d and %d are not mirrored", in, out,
              scale_filter_name(f), x, m);
    }
    if (in == out)
        for (int x = 0; x < out; x++)
            CHECK(a.taps == 1 && a.first[x] == x && a.weight[x] == RESAMPLE_ONE,
                  "%d->%d: not the identity at %d", in, out, x);
    resample_axis_free(&a);
}

/* PSNR (dB) of a row set resampled with our weights against libswscale's scaler
 * with filter g, over `rows` rows of length in resampled to out */
static double against_swscale(int in, int out, ScaleFilter f, ScaleFilter g, const uint8_t *src,
                              int rows)
{
    ResampleAxis a;
    char err[128];
    if (resample_axis(&a, in, out, f, err, sizeof(err)) < 0)
        return 0;
    int flags = SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP |
                (g == SCALE_BILINEAR ? SWS_BILINEAR : g == SCALE_LANCZOS ? SWS_LANCZOS : SWS_BICUBIC);
    double param[2] = {g == SCALE_MITCHELL ? 1.0 / 3 : g == SCALE_CATROM ? 0 : 3,
                       g == SCALE_MITCHELL ? 1.0 / 3 : 0.5};
    struct SwsContext *s = sws_getContext(in, rows, AV_PIX_FMT_GRAY8, out, rows, AV_PIX_FMT_GRAY8,
                                          flags, NULL, NULL, g == SCALE_BILINEAR ? NULL : param);
    uint8_t *dst = malloc((size_t)out * rows + 64);
    /* enlarging: only the first quarter of each row, where swscale's 16.16 steps
     * have drifted by less than 0.012 of a sample (over the whole row its error
     * grows from 57 to 46 dB, quarter by quarter, at 1152 -> 3840 catrom) */
    int upto = out > in ? out / 4 : out;
    double se = -1;
    if (s && dst) {
        const uint8_t *sp[4] = {src};
        uint8_t *dp[4] = {dst};
        int ss[4] = {in}, ds[4] = {out};
        sws_scale(s, sp, ss, 0, rows, dp, ds);
        se = 0;
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < upto; x++) {
                double acc = 0;
                for (int k = 0; k < a.taps; k++)
                    acc += a.weight[(size_t)x * a.taps + k] *
                           (double)src[(size_t)y * in + a.first[x] + k];
                long v = lrint(acc / RESAMPLE_ONE);
                v = v < 0 ? 0 : v > 255 ? 255 : v;
                double d = (double)v - dst[(size_t)y * out + x];
                se += d * d;
            }
    }
    sws_freeContext(s);
    free(dst);
    resample_axis_free(&a);
    if (se < 0)
        return 0;
    double mse = se / ((double)upto * rows);
    return mse > 0 ? 10 * log10(255.0 * 255.0 / mse) : 99;
}

int main(void)
{
    static const int sizes[] = {1, 2, 3, 5, 7, 8, 31, 64, 100, 333, 1152, 3840};
    int ns = (int)(sizeof(sizes) / sizeof(sizes[0]));
    for (int f = 0; f < SCALE_NFILTERS; f++)
        for (int i = 0; i < ns; i++)
            for (int j = 0; j < ns; j++)
                invariants(sizes[i], sizes[j], (ScaleFilter)f);
    CHECK(scale_filter_parse("lanczos") == SCALE_LANCZOS && scale_filter_parse("bicubic") < 0,
          "names");

    /* rows of random samples, and of 1-pixel columns (the aliasing case), then steps */
    enum { W = 3840, ROWS = 8 };
    uint8_t *src = malloc((size_t)W * ROWS);
    srand(25);
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < W; x++)
            src[(size_t)y * W + x] = y < 3 ? (uint8_t)(rand() & 255) : y < 5 ? (x & 1) * 255
                                                                              : (x / 40 & 1) * 200 + 20;
    static const int pairs[][2] = {{3840, 1152}, {3840, 1280}, {1920, 640}, {1000, 333},
                                   {640, 1920}, {333, 1000}, {1152, 3840}, {100, 7}};
    for (int f = 0; f < SCALE_NFILTERS; f++)
        for (size_t p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
            int in = pairs[p][0], out = pairs[p][1];
            ScaleFilter sf = (ScaleFilter)f;
            double same = against_swscale(in, out, sf, sf, src, ROWS);
            double bil = against_swscale(in, out, sf, SCALE_BILINEAR, src, ROWS);
            printf("%-8s %4d -> %4d: %5.1f dB from swscale's %s, %5.1f dB from its bilinear\n",
                   scale_filter_name(sf), in, out, same, scale_filter_name(sf), bil);
            CHECK(same >= 50, "%s %d -> %d: %.1f dB from swscale", scale_filter_name(sf), in, out,
                  same);
            CHECK(sf == SCALE_BILINEAR || same >= bil + 6,
                  "%s %d -> %d: %.1f dB from swscale's, %.1f from its bilinear",
                  scale_filter_name(sf), in, out, same, bil);
        }
    free(src);
    if (failures) {
        fprintf(stderr, "test_resample: %d failures\n", failures);
        return 1;
    }
    printf("test_resample: weights sum to one, stay inside, mirror; >= 50 dB from swscale\n");
    return 0;
}
