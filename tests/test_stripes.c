/* Stripe geometry: for every H in 1..64 and N in 1..8, every row is covered
 * by exactly one stripe, stripes are in order, and 4:2:0 stripes start on
 * even rows. */
#include "gpu/stripes.h"
#include "tests/check.h"

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
    /* a 1080p frame in three stripes: 360 rows each */
    int y0, y1;
    stripe_rows(1080, 3, 1, 1, &y0, &y1);
    CHECK(y0 == 360 && y1 == 720, "1080/3 stripe 1 is [%d,%d)", y0, y1);
    return CHECK_DONE();
}
