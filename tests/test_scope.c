/* The scopes' counting at its limits (scope/scope.h):
 *  - a CPU worker's waveform and parade tables are 16-bit exactly while no cell
 *    can pass 65535 (a bin's columns times the rows), and count up to 65535 in
 *    them; past that they are 32-bit and count on;
 *  - the CPU stage chooses them by its frame's height: a tall flat frame whose
 *    cells pass 65535 counts them whole;
 *  - 16-bit samples (--out-depth 16) counted as scope_index says, histogram
 *    taken from the parade by the merge; at 1024 levels in the tables a CPU
 *    worker has for them (32-bit: a 16-bit table is for 256 levels only).
 * A flat picture's counts are one row's times the rows; that one row is
 * counted by the 32-bit path (unit_live holds it to scope_index). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scope/scope.h"
#include "stage/stage.h"
#include "look/chain.h"
#include "tests/check.h"

#define MOST (3 * SCOPE_COLS_MAX * 1024 + 2 * SCOPE_COLS_MAX * 1024 + SCOPE_UV * SCOPE_UV)

static uint32_t ta[MOST], tb[MOST], got[MOST], want[MOST];

/* One 8-bit B,G,R row's counts for `which` (32-bit tables, merged: the histogram too) */
static void one_row(int which, int width, const uint8_t *row, uint32_t *out)
{
    ScopeCounts w, d, *src[1] = {&w};
    memset(ta, 0, sizeof ta);
    scope_layout(&w, which, width, 256, ta);
    scope_layout(&d, which, width, 256, out);
    scope_count_rows(&w, row, 0, 1, 0);
    scope_merge(&d, src, 1, 0, 1);
}

/* A flat row, h times, by two workers' tables of scope_layout_work, merged in two parts */
static void flat(int width, int h, int want16)
{
    static uint8_t row[3 * 2000];
    for (int x = 0; x < width; x++)
        row[3 * x] = 30, row[3 * x + 1] = 140, row[3 * x + 2] = 220;
    int cols = width < SCOPE_COLS_MAX ? width : SCOPE_COLS_MAX;
    size_t n = scope_count_n(SCOPE_ALL, cols, 256), nwp = scope_count_n(SCOPE_WAVEFORM | SCOPE_PARADE, cols, 256);
    one_row(SCOPE_ALL, width, row, want);
    uint32_t most = 0; /* (the largest waveform or parade cell) */
    for (size_t i = 0; i < n; i++)
        want[i] *= (uint32_t)h, most = i < nwp && want[i] > most ? want[i] : most;
    CHECK(want16 ? most == 65535 || most == 65534 : most > 65535, "%dx%d: the largest cell is %u, "
          "not at the 16-bit tables' limit", width, h, most);
    memset(ta, 0, sizeof ta), memset(tb, 0, sizeof tb);
    ScopeCounts w[2], d, *src[2] = {&w[0], &w[1]};
    scope_layout_work(&w[0], SCOPE_ALL, width, h, 256, ta);
    scope_layout_work(&w[1], SCOPE_ALL, width, h, 256, tb);
    scope_layout(&d, SCOPE_ALL, width, 256, got);
    CHECK((w[0].wave16 != NULL) == want16 && (w[0].parade16 != NULL) == want16,
          "%dx%d: the workers' tables are %s-bit", width, h, w[0].wave16 ? "16" : "32");
    for (int y = 0, i = 0; y < h; y += SCOPE_ROWS_MAX, i ^= 1)
        scope_count_rows(&w[i], row, 0, h - y < SCOPE_ROWS_MAX ? h - y : SCOPE_ROWS_MAX, 0);
    scope_merge(&d, src, 2, 1, 2);
    scope_merge(&d, src, 2, 0, 2);
    CHECK(memcmp(got, want, 4 * n) == 0, "%dx%d flat: the counts are not one row's times %d", width,
          h, h);
    printf("scope: %dx%d flat, %s-bit worker tables: the largest cell %u\n", width, h,
           w[0].wave16 ? "16" : "32", most);
}

/* The CPU stage on a tall flat frame: one worker's cells pass 65535 (32-bit tables) */
static void tall_stage(void)
{
    enum { TW = 722, TH = 32768 };
    char note[256], err[256];
    int code;
    FrameFormat in = {PIX_YUV420P, TW, TH, 3};
    StageConfig cfg = {.in = in, .stripes = 3, .backend = STAGE_CPU, .threads = 1, /* (one worker */
                       .dither = DITHER_NONE};                                 /* counts it all) */
    CHECK(transform_parse("none", &cfg.transform, err, sizeof err) == 0, "none: %s", err);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    FrameFormat of = stage_out_format(&cfg);
    uint8_t *ib = malloc(frame_bytes(&in)), *ob = malloc(frame_bytes(&of));
    size_t need = stage_scope_need(&cfg, SCOPE_ALL);
    FrameBuf fi = {0}, fo = {0};
    if (!s || !ib || !ob || need > MOST) {
        CHECK(0, "tall stage: %s", s ? "out of memory" : err);
        exit(CHECK_DONE());
    }
    frame_wrap(&fi, &in, ib), frame_wrap(&fo, &of, ob);
    for (int p = 0; p < 3; p++) /* (the planes laid out in bands: row by row) */
        for (int y = 0; y < (p ? TH / 2 : TH); y++)
            memset(frame_row(&fi, p, y), p ? 90 : 150, p ? TW / 2 : TW);
    fi.matrix = MATRIX_BT709;
    fo.scope_block = got, fo.scope_cap = need;
    stage_set_scopes(s, SCOPE_ALL);
    CHECK(stage_submit(s, &fi, &fo) == 0 && stage_wait(s, NULL) == 0, "tall stage: %s", stage_error(s));
    int same = 1;
    for (int y = 1; y < TH && same; y++)
        same = memcmp(frame_row(&fo, 0, y), frame_row(&fo, 0, 0), 3 * TW) == 0;
    CHECK(same, "tall stage: a flat frame's rows differ");
    one_row(SCOPE_ALL, TW, frame_row(&fo, 0, 0), want);
    for (size_t i = 0; i < need; i++)
        want[i] *= TH;
    CHECK(fo.scope.which == SCOPE_ALL && memcmp(got, want, 4 * need) == 0,
          "tall stage: %dx%d flat, the counts are not one row's times %d", TW, TH, TH);
    stage_destroy(&s);
    free(ib), free(ob);
}

/* 16-bit R,G,B rows (the stage's 16-bit output) against scope_index, levels 256 and 1024 */
static void wide(void)
{
    enum { WW = 1283, WH = 5 };
    static uint16_t rows[WH][3 * WW];
    for (int y = 0; y < WH; y++)
        for (int x = 0; x < 3 * WW; x++)
            rows[y][x] = (uint16_t)(((unsigned)(x + 7919 * y) * 2654435761u) >> 16);
    for (int levels = 256; levels <= 1024; levels *= 4)
        for (int which = 1; which <= SCOPE_ALL; which++) {
            ScopeCounts w, d, ref, *src[1] = {&w};
            memset(ta, 0, sizeof ta), memset(want, 0, sizeof want);
            if (levels == 1024) /* (as the CPU stage lays a worker's tables out for 16-bit output) */
                scope_layout_work(&w, which, WW, WH, levels, ta);
            else
                scope_layout(&w, which, WW, levels, ta);
            scope_layout(&d, which, WW, levels, got);
            scope_layout(&ref, which, WW, levels, want);
            for (int y = 0; y < WH; y += 2)
                scope_count_rows(&w, (const uint8_t *)rows[y], sizeof rows[0], WH - y < 2 ? 1 : 2, 1);
            scope_merge(&d, src, 1, 0, 1);
            for (int y = 0; y < WH; y++)
                for (int x = 0; x < WW; x++) {
                    size_t idx[8];
                    const uint16_t *p = rows[y] + 3 * x;
                    scope_index(&ref, x, p[0] >> 6, p[1] >> 6, p[2] >> 6, levels == 256 ? 2 : 0, idx);
                    for (int k = 0; k < 8; k++) {
                        uint32_t *t = k == 0 ? ref.wave : k < 4 ? ref.parade : k == 4 ? ref.vector : ref.hist;
                        if (t)
                            t[idx[k]]++;
                    }
                }
            CHECK(memcmp(got, want, 4 * scope_count_n(which, SCOPE_COLS_MAX, levels)) == 0,
                  "16-bit samples, scopes %d, %d levels: the counts differ from scope_index", which,
                  levels);
        }
}

int main(void)
{
    flat(722, 32767, 1); /* bins of up to two columns: 65534 in a cell */
    flat(722, 32768, 0);
    flat(1441, 21845, 1); /* bins of up to three: 65535 in a cell */
    flat(1441, 21846, 0);
    tall_stage();
    wide();
    return CHECK_DONE();
}
