/* Stripe geometry: for every H in 1..64 and N in 1..8, every row is covered
 * by exactly one stripe, stripes are in order, and 4:2:0 stripes start on
 * even rows. Banded frames (frame.h): bands tile the block exactly, and
 * planes copied in read back the same through frame_row. */
#include <stdlib.h>
#include <string.h>

#include "stage/stripes.h"
#include "tests/check.h"

static void check_bands(PixLayout layout, int w, int h, int n)
{
    FrameFormat plain = {layout, w, h, 1}, banded = {layout, w, h, n};
    size_t bytes = frame_bytes(&plain);
    CHECK(frame_bytes(&banded) == bytes, "banded size differs");
    uint8_t *src = malloc(bytes), *blk = malloc(bytes);
    for (size_t i = 0; i < bytes; i++)
        src[i] = (uint8_t)(i * 7 + i / 251);
    memset(blk, 0xEE, bytes);
    FrameBuf fp = {0}, fb = {0};
    frame_wrap(&fp, &plain, src);
    frame_wrap(&fb, &banded, blk);
    const uint8_t *planes[3] = {fp.data[0], fp.data[1], fp.data[2]};
    frame_copy_planes(&fb, planes, fp.stride);
    /* bands are contiguous, in order, and fill the block */
    size_t next = 0;
    for (int k = 0; k < frame_nbands(&banded); k++) {
        FrameBand b;
        frame_band(&fb, k, &b);
        CHECK(b.offset == next, "%dx%d/%d band %d at %zu, expected %zu", w, h, n, k, b.offset, next);
        next = b.offset + b.bytes;
    }
    CHECK(next == bytes, "%dx%d/%d bands end at %zu of %zu", w, h, n, next, bytes);
    /* every row reads back */
    int rows[3] = {h, (h + 1) / 2, (h + 1) / 2};
    size_t size[3];
    int stride[3];
    int np = frame_plane_sizes(&plain, size, stride);
    for (int p = 0; p < np; p++)
        for (int r = 0; r < rows[p]; r++)
            CHECK(memcmp(frame_row(&fb, p, r), frame_row(&fp, p, r), stride[p]) == 0,
                  "%s %dx%d/%d plane %d row %d", pix_layout_name(layout), w, h, n, p, r);
    free(src);
    free(blk);
}

int main(void)
{
    for (int even = 0; even <= 1; even++) {
        for (int h = 1; h <= 64; h++) {
            for (int n = 1; n <= 8; n++) {
                int cover[64] = {0}, prev_end = 0;
                for (int k = 0; k < n; k++) {
                    int y0, y1;
                    stripe_rows(h, n, k, even, &y0, &y1);
                    CHECK(y0 == prev_end, "h=%d n=%d k=%d starts at %d, previous ended at %d", h,
                          n, k, y0, prev_end);
                    CHECK(y0 <= y1 && y1 <= h, "h=%d n=%d k=%d rows [%d,%d)", h, n, k, y0, y1);
                    if (even && y0 < y1)
                        CHECK(y0 % 2 == 0, "h=%d n=%d k=%d starts on odd row %d", h, n, k, y0);
                    for (int y = y0; y < y1 && y < 64; y++)
                        cover[y]++;
                    prev_end = y1;
                }
                CHECK(prev_end == h, "h=%d n=%d ends at %d", h, n, prev_end);
                for (int y = 0; y < h; y++)
                    CHECK(cover[y] == 1, "h=%d n=%d even=%d row %d covered %d times", h, n, even,
                          y, cover[y]);
                /* without rounding, no stripe is empty when n <= h */
                if (!even && n <= h)
                    for (int k = 0; k < n; k++) {
                        int y0, y1;
                        stripe_rows(h, n, k, even, &y0, &y1);
                        CHECK(y1 > y0, "h=%d n=%d stripe %d empty", h, n, k);
                    }
            }
        }
    }
    for (int h = 1; h <= 40; h++)
        for (int n = 1; n <= 8 && n <= h; n++) {
            check_bands(PIX_YUV420P, 7, h, n);
            check_bands(PIX_NV12, 5, h, n);
        }
    check_bands(PIX_YUV420P, 1920, 1080, 3);
    /* a 1080p frame in three stripes: 360 rows each */
    int y0, y1;
    stripe_rows(1080, 3, 1, 1, &y0, &y1);
    CHECK(y0 == 360 && y1 == 720, "1080/3 stripe 1 is [%d,%d)", y0, y1);
    return CHECK_DONE();
}
