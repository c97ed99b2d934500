/* The CPU stage: for each layout, odd and tiny geometries, 1..8 stripes and
 * 1..17 worker threads, the striped, threaded output equals a single-threaded
 * conversion of the whole frame, byte for byte, for every transform; frames
 * in a row reuse the same buffers. */
#include <stdlib.h>
#include <string.h>

#include "gpu/convert.h"
#include "gpu/stage.h"
#include "gpu/stripes.h"
#include "look/chain.h"
#include "look/cube.h"
#include "tests/check.h"
#include "tests/luts.h"

static void fill(FrameBuf *f, size_t bytes, unsigned seed)
{
    uint8_t *p = f->data[0];
    for (size_t i = 0; i < bytes; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

static void one(PixLayout layout, int w, int h, int stripes, const char *tname, int banded,
                int threads)
{
    char err[256], note[256];
    FrameFormat in = {layout, w, h, banded ? stripes : 1}, out = {PIX_BGR24, w, h, 1};
    FrameFormat plain = {layout, w, h, 1};
    size_t inb = frame_bytes(&in), outb = frame_bytes(&out);
    uint8_t *inblk = malloc(inb), *plainblk = malloc(inb), *got = calloc(1, outb),
            *want = calloc(1, outb);
    FrameBuf fi = {0}, fp = {0}, fo = {0}, fw = {0};
    frame_wrap(&fi, &in, inblk);
    frame_wrap(&fp, &plain, plainblk);
    frame_wrap(&fo, &out, got);
    frame_wrap(&fw, &out, want);
    fill(&fp, inb, (unsigned)(w * 131 + h * 7 + stripes));
    const uint8_t *planes[3] = {fp.data[0], fp.data[1], fp.data[2]};
    frame_copy_planes(&fi, planes, fp.stride);
    fi.matrix = fp.matrix = MATRIX_BT709;
    StageConfig cfg = {.in = in, .stripes = stripes, .backend = STAGE_CPU, .threads = threads};
    CHECK(transform_parse(tname, &cfg.transform, err, sizeof err) == 0, "%s", err);
    int code;
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    CHECK(s != NULL, "stage_create: %s", err);
    if (!s)
        goto end;
    CHECK(stage_threads(s) == threads, "%d threads asked, %d made", threads, stage_threads(s));
    /* the reference: the plain frame, converted in one go on this thread */
    YuvCoeffs c = colour_yuv_coeffs(fp.matrix, fp.full_range, h);
    convert_rows(&fp, &fw, 0, h, &c, &cfg.transform);
    for (int rep = 0; rep < 2; rep++) {
        memset(got, 0xAB, outb);
        FrameTimings t;
        CHECK(stage_submit(s, &fi, &fo) == 0, "submit: %s", stage_error(s));
        CHECK(stage_wait(s, &t) == 0, "wait: %s", stage_error(s));
        CHECK(memcmp(got, want, outb) == 0, "%s %dx%d %d stripes %d threads -t %.60s%s differs",
              pix_layout_name(layout), w, h, stripes, threads, tname, banded ? " banded" : "");
        CHECK(t.nspans >= 1 && t.nspans <= threads && t.work_ms >= 0 && t.timed,
              "timings: %d spans for %d threads, slowest band %.3f ms", t.nspans, threads,
              t.work_ms);
    }
    stage_destroy(&s);
    CHECK(s == NULL, "destroy clears");
end:
    free(inblk), free(plainblk), free(got), free(want);
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
