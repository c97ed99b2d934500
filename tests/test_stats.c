/* Histogram percentiles against an exact sort (nearest rank), within the
 * histogram's 0.1% resolution; the summary and the --stats JSON agree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/stats.h"
#include "tests/check.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    enum { N = 10001 };
    static double v[N];
    Histogram *h = hist_create();
    CHECK(hist_quantile(h, 0.5) == 0, "empty histogram");
    unsigned seed = 7;
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        double u = (seed >> 8) / 16777216.0;
        v[i] = i % 97 == 0 ? 0.0 : 0.01 * exp(8 * u); /* 0.01 ms .. 30 ms, and zeros */
        hist_add(h, v[i]);
    }
    qsort(v, N, sizeof(double), cmp);
    const double qs[] = {0.01, 0.25, 0.5, 0.9, 0.99, 1.0};
    for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
        long long rank = (long long)ceil(qs[i] * N);
        double want = v[rank - 1], got = hist_quantile(h, qs[i]);
        CHECK(fabs(got - want) <= 0.0011 * want, "q=%.2f: %.6f, exact %.6f", qs[i], got, want);
    }
    CHECK(hist_count(h) == N, "count %lld", hist_count(h));
    hist_destroy(&h);

    /* the summary and the JSON come from the same numbers */
    char err[256], path[] = "/tmp/pinstripe-test-stats-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    Stats *s = stats_create(path, err, sizeof err);
    CHECK(s != NULL, "%s", err);
    FrameBuf f;
    memset(&f, 0, sizeof f);
    for (int i = 0; i < 100; i++) {
        f.index = i, f.pts = 512 * i;
        f.t.decode_ms = 1 + i % 10, f.t.stage_ms = 2;
        stats_frame(s, &f, 0.5, 1000 + 40.0 * i, 1, 0, 0);
    }
    stats_set_drops(s, 3);
    char text[2048] = {0};
    FILE *mem = fmemopen(text, sizeof text - 1, "w");
    CHECK(stats_finish(s, mem, 4000, "cpu", 3, err, sizeof err) == 0, "%s", err);
    fclose(mem);
    stats_destroy(&s);
    CHECK(strstr(text, "100 frames in 4.00 s (25.0 fps), 3 dropped") != NULL, "summary: %s", text);
    FILE *j = fopen(path, "r");
    char json[65536] = {0};
    size_t n = fread(json, 1, sizeof json - 1, j);
    fclose(j);
    remove(path);
    CHECK(n > 0 && strstr(json, "\"summary\":{\"frames\":100,\"dropped\":3,\"wall_s\":4.0000,\"fps\":25.000") != NULL,
          "json summary");
    CHECK(strstr(json, "\"index\":99,\"pts\":50688") != NULL, "json frame 99");
    return CHECK_DONE();
}
