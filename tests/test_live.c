/* A stage whose transform changes at frame boundaries (live adjustment): 200
 * frames in a row, each with another eq gamma (and another contrast), with as
 * many frames in flight as the stage allows, each equal, byte for byte, to the
 * same frame through a fresh one-frame CPU stage made with that frame's
 * transform; the stage keeps at most depth + 1 gamma tables a step, whatever
 * the number of values (memory flat). The CPU backend, and the CUDA backend
 * where a device answers; every scope counted on the way, equal to a count of
 * the frame's rows. Then the text of adjusted chains (grade/adjust.h):
 * what mpv's keys make of a chain, and that it parses to the values shown. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stage/stage.h"
#include "scope/scope.h"
#include "scope/scope_prep.h"
#include "cpu/simd.h"
#include "stage/stage_common.h"
#include "grade/adjust.h"
#include "grade/cdl_grade.h"
#include "look/chain.h"
#include "tests/check.h"

#define W 96
#define H 54
#define FRAMES 200
#define MAXD 16

/* a check whose failure leaves nothing to test */
#define MUST(cond, ...)                                                                        \
    do {                                                                                       \
        int must_ = check_failures;                                                            \
        CHECK(cond, __VA_ARGS__);                                                              \
        if (check_failures != must_)                                                           \
            exit(CHECK_DONE());                                                                \
    } while (0)

static void spec_of(int k, char *spec, size_t n)
{
    /* gamma walks up by 0.05 (every value new) then back and forth; contrast moves too */
    double g = k < 150 ? 0.5 + 0.05 * k : 1.0 + 0.05 * (k % 2);
    snprintf(spec, n, "eq=contrast=%.2f:gamma=%.2f,hue=degrees=%d,eq=gamma=%.2f", 1 + 0.01 * (k % 7),
             g, k % 5, 2.0 - 0.005 * k);
}

static void parse(const char *spec, Transform *t)
{
    char err[256];
    MUST(transform_parse(spec, t, err, sizeof err) == 0, "-t %s: %s", spec, err);
}

/* frame k's reference: a fresh single-frame, single-thread CPU stage */
static void count_slowly(ScopeCounts *c, const uint8_t *rows, size_t stride, int h);

static void reference(const FrameBuf *in, int k, uint8_t *want, size_t outb)
{
    char spec[256], err[256], note[256];
    int code;
    StageConfig cfg = {.in = in->fmt, .stripes = in->fmt.bands, .backend = STAGE_CPU, .threads = 1,
                       .dither = 1};
    spec_of(k, spec, sizeof spec);
    parse(spec, &cfg.transform);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    MUST(s, "reference stage: %s", err);
    FrameFormat of = stage_out_format(&cfg);
    FrameBuf o = {0};
    frame_wrap(&o, &of, want);
    memset(want, 0, outb);
    MUST(stage_submit(s, in, &o) == 0 && stage_wait(s, NULL) == 0, "reference: %s",
          stage_error(s));
    stage_destroy(&s);
}

static int tables_held(const Stage *s)
{
    int n = 0;
    for (int i = 0; i < CHAIN_MAX_OPS; i++)
        for (int k = 0; k < STAGE_GAMMA_BUFS; k++)
            n += s->gamma[i].tab[k] != NULL;
    return n;
}

static void run(StageBackend backend)
{
    char err[256], note[256], spec[256];
    int code;
    FrameFormat in = {PIX_YUV420P, W, H, 3};
    StageConfig cfg = {.in = in, .stripes = 3, .backend = backend, .threads = 2, .dither = 1};
    parse("none", &cfg.transform);
    Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
    if (!s && backend == STAGE_CUDA && code == STAGE_ERR_NODEV) {
        printf("cuda: no device (%s): skipped\n", err);
        return;
    }
    MUST(s, "stage: %s", err);
    int depth = stage_depth(s) > MAXD ? MAXD : stage_depth(s);
    HostMemKind mem = stage_host_memory(s);
    FrameFormat of = stage_out_format(&cfg);
    size_t inb = frame_bytes(&in), outb = frame_bytes(&of);
    uint8_t *inblk = host_alloc(inb, mem, err, sizeof err), *want = malloc(outb), *outs[MAXD];
    MUST(inblk && want, "out of memory");
    for (size_t i = 0; i < inb; i++)
        inblk[i] = (uint8_t)(i * 2654435761u >> 13);
    FrameBuf fi = {0}, fo[MAXD];
    frame_wrap(&fi, &in, inblk);
    fi.matrix = MATRIX_BT709;
    size_t need = stage_scope_need(&cfg, SCOPE_ALL); /* every scope counted, as --scope does */
    uint32_t *recount = malloc(4 * need);
    MUST(recount, "out of memory");
    for (int d = 0; d < depth; d++) {
        MUST((outs[d] = host_alloc(outb, mem, err, sizeof err)), "out of memory");
        memset(&fo[d], 0, sizeof fo[d]);
        frame_wrap(&fo[d], &of, outs[d]);
        MUST((fo[d].scope_block = malloc(4 * need)), "out of memory");
        fo[d].scope_cap = need;
    }
    stage_set_scopes(s, SCOPE_ALL);
    int done = 0, bad = 0, most = 0;
    for (int k = 0; done < FRAMES;) {
        if (k - done == depth || k == FRAMES) { /* the oldest, against its reference */
            MUST(stage_wait(s, NULL) == 0, "wait: %s", stage_error(s));
            reference(&fi, done, want, outb);
            bad += memcmp(outs[done % depth], want, outb) != 0;
            ScopeCounts c, *got = &fo[done % depth].scope; /* the counts: the frame's, recounted */
            scope_layout(&c, got->which, got->width, got->levels, recount);
            memset(recount, 0, 4 * need);
            count_slowly(&c, outs[done % depth], fo[done % depth].stride[0], H);
            bad += got->which != SCOPE_ALL || memcmp(recount, got->wave, 4 * need) != 0;
            done++;
            continue;
        }
        Transform t;
        spec_of(k, spec, sizeof spec);
        parse(spec, &t);
        stage_set_transform(s, &t);
        MUST(stage_submit(s, &fi, &fo[k % depth]) == 0, "submit %d: %s", k, stage_error(s));
        most = tables_held(s) > most ? tables_held(s) : most;
        k++;
    }
    CHECK(bad == 0, "%s: %d of %d frames differ from their transform's, or their scope counts "
          "from a count of their rows", stage_backend_name(s), bad, FRAMES);
    /* two gamma steps, each with at most depth + 1 tables */
    CHECK(most <= 2 * (stage_depth(s) + 1), "%s: %d gamma tables held (depth %d)",
          stage_backend_name(s), most, stage_depth(s));
    printf("%s: %d frames, depth %d, %d gamma tables at most\n", stage_backend_name(s), FRAMES,
           stage_depth(s), most);
    stage_destroy(&s);
    host_free(inblk, mem);
    for (int d = 0; d < depth; d++)
        host_free(outs[d], mem), free(fo[d].scope_block);
    free(recount);
    free(want);
}

/* spec, then keys pressed: the text wanted, and the last key's result */
static void adjusted(const char *spec, const char *keys, const char *want, int last)
{
    Adjust a;
    char out[ADJUST_TEXT_MAX], what[128] = "", err[256];
    int rc = 0;
    CHECK(adjust_begin(&a, spec) == 0, "%s: not begun", spec);
    for (const char *k = keys; *k; k++)
        rc = adjust_key(&a, *k, what, sizeof what);
    CHECK(adjust_text(&a, out, sizeof out) == 0 && strcmp(out, want) == 0,
          "%s + keys %s: '%s', not '%s'", spec, keys, out, want);
    CHECK(rc == last, "%s + keys %s: the last key gave %d (%s), not %d", spec, keys, rc, what,
          last);
    Transform t;
    if (!strstr(want, "lut"))
        CHECK(transform_parse(out, &t, err, sizeof err) == 0, "'%s' does not parse: %s", out, err);
}

static void texts(void)
{
    adjusted("gray", "222", "gray,eq=contrast=1.15", 1);
    adjusted("gray", "2222222222222222222222222222222222222222", "gray,eq=contrast=3", 1);
    adjusted("none", "21", "none", 1);
    adjusted("none", "2", "eq=contrast=1.05", 1);
    adjusted("eq=contrast=1.2:gamma=1.4", "6", "eq=contrast=1.2:gamma=1.45", 1);
    adjusted("eq=gamma=1.4,hue=degrees=30", "8", "eq=gamma=1.4,hue=degrees=30,eq=saturation=1.05", 1);
    adjusted("eq=gamma=1.4,eq=brightness=0.1", "33", "eq=gamma=1.4,eq=brightness=0.08", 1);
    adjusted("eq=brightness=-0.995", "33", "eq=brightness=-1", -1);
    adjusted("eq=gamma=9.99", "666", "eq=gamma=10", -1);
    adjusted("eq=contrast=1.2", "1", "eq=contrast=1.15", 1);
    adjusted("eq=contrast=1.05", "1", "eq", 1);
    adjusted("invert", "-", "invert", -1);
    adjusted("invert", "x", "invert", 0);
    adjusted("lut3d=file=a.cube:mix=0.5:interp=nearest,gray", "=",
             "lut3d=file=a.cube:interp=nearest:mix=0.55,gray", 1);
    adjusted("lut1d=file=b.cube,lut3d=file=a.cube", "--", "lut1d=file=b.cube,lut3d=file=a.cube:mix=0.9",
             1);
    adjusted("lut3d=file=a.cube:mix=0.97", "==", "lut3d=file=a.cube", -1);
    adjusted("lut3d=file=a.cube:mix=0.5,eq=contrast=2", "=7", "lut3d=file=a.cube:mix=0.55,eq=contrast=2:saturation=0.95", 1);
    /* the OpenColorIO steps' mix (issue 43): camera=NAME keeps its name first */
    adjusted("camera=slog3-cine", "-", "camera=slog3-cine:mix=0.95", 1);
    adjusted("camera=logc3:mix=0.5:range=legal,gray", "=", "camera=logc3:range=legal:mix=0.55,gray", 1);
    adjusted("lut3d=file=a.cube,lut=file=a.cube", "-", "lut3d=file=a.cube,lut=file=a.cube:mix=0.95", 1);
    /* and a CDL's (issue 44): its numbers kept as written */
    adjusted("cdl=slope=1.1/1/0.9:mix=0.5:sat=1.2,gray", "-", "cdl=slope=1.1/1/0.9:sat=1.2:mix=0.45,gray", 1);
    /* the printed number reads back as the value */
    char num[32];
    const double vs[] = {0.1, 1.15, 1.0 / 3, 1e-300, 123456.789};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) {
        adjust_number(vs[i], num, sizeof num);
        CHECK(strtod(num, NULL) == vs[i], "%.17g printed as %s", vs[i], num);
    }
    Adjust a;
    char big[ADJUST_TEXT_MAX + 10];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    CHECK(adjust_begin(&a, big) < 0, "a text too long begun");
}

/* spec, then CDL keys ('k'/'j' the control, ','/'.' step): the text wanted,
 * the last key's result; the text parses, and its decision reads back */
static void graded(const char *spec, const char *keys, const char *want, int last)
{
    char text[ADJUST_TEXT_MAX], out[ADJUST_TEXT_MAX], what[200] = "", err[256];
    int c = 0, rc = 0;
    snprintf(text, sizeof text, "%s", spec);
    for (const char *k = keys; *k; k++) {
        if (*k == 'k' || *k == 'j') {
            c = (c + (*k == 'k' ? 1 : CDL_CONTROLS - 1)) % CDL_CONTROLS;
            continue;
        }
        rc = cdl_grade_step(text, c, *k == '.' ? 1 : -1, out, sizeof out, what, sizeof what);
        if (rc > 0)
            snprintf(text, sizeof text, "%s", out);
    }
    CHECK(strcmp(text, want) == 0, "%s + keys %s: '%s', not '%s'", spec, keys, text, want);
    CHECK(rc == last, "%s + keys %s: the last key gave %d (%s), not %d", spec, keys, rc, what, last);
    Transform t;
    if (!strstr(text, "file="))
        CHECK(transform_parse(text, &t, err, sizeof err) == 0, "'%s' does not parse: %s", text, err);
}

static void cdl_texts(void)
{
    graded("none", ".", "cdl=slope=1.02", 1);
    graded("gray", "k.", "gray,cdl=slope=1.02/1/1", 1);
    graded("eq=contrast=1.1", "kkkk,j.", "cdl=slope=1/1/1.02:offset=-0.005,eq=contrast=1.1", 1);
    graded("sepia,eq=gamma=1.2", "jj.", "sepia,cdl=power=1/1/1.02,eq=gamma=1.2", 1);
    graded("cdl=slope=1.1/1/0.9:mix=0.5:sat=1.2,gray", "jj...", "cdl=slope=1.1/1/0.9:power=1/1/1.06:sat=1.2:mix=0.5,gray", 1);
    graded("cdl=slope=0.02", ",,", "cdl=slope=0", -1);            /* the end of its range */
    graded("cdl=file=x.cc", "kkkkkkkkkkkk..", "cdl=file=x.cc,cdl=sat=1.1", 1); /* a file's: one added */
    graded("cdl=power=0.04", "kkkkkkkk,,,", "cdl=power=0.02", -1);
    graded("cdl=slope=1.1:offset=0.1", "kkkk,,,,,,,,,,,,,,,,,,,,", "cdl=slope=1.1", 1); /* back to 0: left out */
    graded("cdl=sat=1", "kkkkkkkkkkkk.,", "cdl", 1);
    graded("cdl=range=legal", ".", "cdl=slope=1.02:range=legal", 1);
    /* beyond the keys' ranges (cdl= takes more): a press away stays, one back steps */
    graded("cdl=sat=5", "j.", "cdl=sat=5", -1);
    graded("cdl=sat=5", "j,", "cdl=sat=4.95", 1);
    graded("cdl=power=0.01", "kkkkkkkk,", "cdl=power=0.01", -1);
    graded("cdl=power=0.01", "kkkkkkkk.", "cdl=power=0.03", 1);
    /* the master moves the three by the whole step or not at all; a channel to its end */
    graded("cdl=slope=0/1/1", ",", "cdl=slope=0/1/1", -1);
    graded("cdl=slope=0.01", "k,", "cdl=slope=0/0.01/0.01", 1);
    graded("cdl=offset=0.995/0.5/0", "kkkk..", "cdl=offset=1/0.505/0.005", -1);
    CdlValues v;
    char rest[64];
    CHECK(cdl_grade_find("gray,cdl=slope=1.2/1/0.8:power=0.9:mix=0.3,eq", &v, rest, sizeof rest) == 1 &&
              v.slope[0] == 1.2 && v.slope[2] == 0.8 && v.power[1] == 0.9 && v.offset[0] == 0 && v.sat == 1 &&
              strcmp(rest, ":mix=0.3") == 0,
          "the decision read back: %g %g %g, rest '%s'", v.slope[0], v.slope[2], v.power[1], rest);
    CHECK(cdl_grade_find("cdl=file=a.cc,gray", &v, NULL, 0) == 0 && v.slope[1] == 1, "a file's decision found");
}

/* --compare split through a CPU stage: before the split each pixel is a -t none
 * stage's, after it the chain's, the split column white; for BGR, RGB48 and
 * 8/10-bit YUV (where a 2×2 block's chroma holds both sides next to the line) */
static void compare_case(PixLayout layout, int w, int h, double f, int outk)
{
    const char *chain = "eq=contrast=1.3:gamma=1.4,hue=degrees=30";
    char err[256], note[256];
    int code, yuv = outk >= 2, bad = 0;
    uint8_t *outs[3];
    FrameFormat in = {layout, w, h, 1};
    StageConfig cfg = {.in = in, .stripes = 3, .backend = STAGE_CPU, .threads = 2, .dither = 1,
                       .out_yuv = yuv, .out_depth = outk == 1 ? 16 : outk == 3 ? 10 : 8};
    FrameFormat of = stage_out_format(&cfg);
    size_t inb = frame_bytes(&in), outb = frame_bytes(&of);
    uint8_t *inblk = malloc(inb);
    MUST(inblk, "out of memory");
    for (size_t i = 0; i < inb; i++)
        inblk[i] = (uint8_t)(i * 2654435761u >> 11);
    FrameBuf fi = {0};
    frame_wrap(&fi, &in, inblk);
    fi.matrix = MATRIX_BT709;
    for (int r = 0; r < 3; r++) { /* none, the chain, the chain compared */
        parse(r == 0 ? "none" : chain, &cfg.transform);
        cfg.compare = r == 2, cfg.compare_at = f;
        Stage *s = stage_create(&cfg, note, sizeof note, err, sizeof err, &code);
        MUST(s && (outs[r] = calloc(1, outb)), "stage: %s", err);
        FrameBuf o = {0};
        frame_wrap(&o, &of, outs[r]);
        MUST(stage_submit(s, &fi, &o) == 0 && stage_wait(s, NULL) == 0, "%s", stage_error(s));
        stage_destroy(&s);
    }
    int split = (int)floor(f * w), bps = outk == 1 ? 6 : outk == 3 ? 2 : yuv ? 1 : 3;
    FrameBuf o[3];
    memset(o, 0, sizeof o);
    for (int r = 0; r < 3; r++)
        frame_wrap(&o[r], &of, outs[r]);
    for (int p = 0; p < (yuv ? 3 : 1); p++) {
        int pw = p ? w / 2 : w, ph = p ? h / 2 : h;
        for (int y = 0; y < ph; y++)
            for (int x = 0; x < pw; x++) {
                /* a pixel's reference: the none run left of the line, the chain's right */
                int x0 = p ? 2 * x : x, x1 = p ? 2 * x + 1 : x;
                size_t at = (size_t)x * bps;
                const uint8_t *got = frame_row(&o[2], p, y) + at;
                if (x1 < split)
                    bad += memcmp(got, frame_row(&o[0], p, y) + at, bps) != 0;
                else if (x0 > split)
                    bad += memcmp(got, frame_row(&o[1], p, y) + at, bps) != 0;
                else if (!p && !yuv)
                    bad += got[0] != 0xff || got[bps - 1] != 0xff;
            }
    }
    CHECK(bad == 0, "--compare split=%g, %s %dx%d, output %d: %d samples wrong", f,
          pix_layout_name(layout), w, h, outk, bad);
    for (int r = 0; r < 3; r++)
        free(outs[r]);
    free(inblk);
}

/* c += the counts of h rows of 8-bit B,G,R (stride bytes apart), pixel by
 * pixel through scope_index: the reference the fast rows are held to. */
static void count_slowly(ScopeCounts *c, const uint8_t *rows, size_t stride, int h)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < c->width; x++) {
            size_t idx[8];
            const uint8_t *p = rows + y * stride + 3 * (size_t)x;
            scope_index(c, x, scope_s10(p[2]), scope_s10(p[1]), scope_s10(p[0]), 2, idx);
            if (c->wave)
                c->wave[idx[0]]++;
            for (int k = 1; c->parade && k < 4; k++)
                c->parade[idx[k]]++;
            if (c->vector)
                c->vector[idx[4]]++;
            for (int k = 5; c->hist && k < 8; k++)
                c->hist[idx[k]]++;
        }
}

/* The scopes' fast 8-bit counting (scope_count_rows: the rows' indices
 * prepared, then counted a chunk at a time, into 16-bit worker tables or
 * 32-bit ones; the histogram from the parade, scope_merge)
 * equals scope_index's pixel by pixel, for widths below, at and above the 720
 * columns, uneven and even bins, chunks of 512 pixels, blocks of 1 to 8 rows,
 * rows flat, a ramp and noise; the preparations (scalar, AVX2, AVX-512) agree
 * on every colour; a level of 8-bit sample s is s itself. */
static void scope_cases(void)
{
    for (int v = 0; v < 256; v++)
        CHECK(scope_s10(v) >> 2 == v, "scope_s10(%d) >> 2 = %d", v, scope_s10(v) >> 2);
    enum { PREP_N = 4096, PREP_COLS = 720 };
    uint8_t *bgr = malloc(3 * PREP_N);
    uint32_t *ia = malloc(4 * 4 * (PREP_N + 1)), *ib = malloc(4 * 4 * (PREP_N + 1));
    uint16_t *ca = malloc(2 * (PREP_N + 1)), *cb = malloc(2 * (PREP_N + 1)), *bin = malloc(2 * PREP_N);
    MUST(bgr && ia && ib && ca && cb && bin, "out of memory");
#ifdef __x86_64__
    const struct { const char *name; ScopePrepFn fn; int on; } fast[2] = {
        {"scope_prep_avx2", scope_prep_avx2, simd_available(SIMD_AVX2)},
        {"scope_prep_avx512", scope_prep_avx512, scope_prep_has_avx512()}};
    for (int i = 0; i < 2; i++)
        printf("unit_live: %s %s\n", fast[i].name, fast[i].on ? "checked" : "not on this CPU: not checked");
    for (int f = 0; f < 2; f++) {
        int prep_bad = 0;
        for (int x = 0; x < PREP_N; x++)
            bin[x] = (uint16_t)((unsigned)x * 2654435761u % PREP_COLS);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        const uint32_t step = 61 * (PREP_N - 3); /* (a slice of the colours: what the sanitizers
                                                  * add is the check of the loads and stores) */
#else
        const uint32_t step = PREP_N - 3; /* every colour */
#endif
        ScopePrepFn prep = fast[f].fn;
        for (uint32_t base = 0; fast[f].on && base < 1u << 24; base += step) {
            int n = PREP_N - (int)(base % 37), np = n + 1; /* (lengths not multiples of 16 or 32) */
            for (int x = 0; x < n; x++) {
                uint32_t v = (base + (uint32_t)x) & 0xffffff;
                bgr[3 * x] = (uint8_t)v, bgr[3 * x + 1] = (uint8_t)(v >> 8), bgr[3 * x + 2] = (uint8_t)(v >> 16);
            }
            for (int k = 0; k < 4; k++)
                ia[k * np + n] = ib[k * np + n] = 0x5a5a5a5a;
            ca[n] = cb[n] = 0x5a5a;
            ScopeIdx a = {ia, {ia + np, ia + 2 * np, ia + 3 * np}, ca}, b = {ib, {ib + np, ib + 2 * np, ib + 3 * np}, cb};
            scope_prep_scalar(bgr, n, bin, PREP_COLS, &a);
            prep(bgr, n, bin, PREP_COLS, &b);
            prep_bad += memcmp(ia, ib, 4 * 4 * (size_t)np) != 0 || memcmp(ca, cb, 2 * (size_t)np) != 0;
            ScopeIdx w = {ib, {NULL, NULL, NULL}, NULL}, p = {NULL, {ib + np, ib + 2 * np, ib + 3 * np}, NULL},
                     v = {NULL, {NULL, NULL, NULL}, cb}; /* each alone */
            memset(ib, 0, 4 * 4 * (size_t)np), memset(cb, 0, 2 * (size_t)np);
            for (int k = 0; k < 4; k++)
                ib[k * np + n] = 0x5a5a5a5a;
            cb[n] = 0x5a5a;
            prep(bgr, n, bin, PREP_COLS, &w);
            prep(bgr, n, bin, PREP_COLS, &p);
            prep(bgr, n, bin, PREP_COLS, &v);
            prep_bad += memcmp(ia, ib, 4 * 4 * (size_t)np) != 0 || memcmp(ca, cb, 2 * (size_t)np) != 0;
        }
        CHECK(prep_bad == 0, "%s differs from scope_prep_scalar on %d runs", fast[f].name, prep_bad);
    }
#endif
    free(bgr), free(ia), free(ib), free(ca), free(cb), free(bin);
    /* (the last two: a bin wider than a 512-pixel chunk, all four scopes only) */
    const int widths[] = {1, 7, 513, 719, 720, 721, 1439, 1440, 1920, 2049, 3840, 7680, 368641, 368642};
    size_t most = scope_count_n(SCOPE_ALL, SCOPE_COLS_MAX, 256);
    uint32_t *t[2] = {calloc(most, 4), calloc(most, 4)}, *a = malloc(4 * most), *b = malloc(4 * most);
    uint8_t *rows = malloc(11 * (3 * 368642 + 5));
    MUST(t[0] && t[1] && a && b && rows, "out of memory");
    for (int wi = 0; wi < 14; wi++)
        for (int which = wi < 12 ? 1 : SCOPE_ALL; which <= SCOPE_ALL; which++) {
            int w = widths[wi], h = 11, stride = 3 * w + 5;
            size_t n = scope_count_n(which, w < SCOPE_COLS_MAX ? w : SCOPE_COLS_MAX, 256);
            memset(a, 0xa5, 4 * n); /* (every cell of the merged counts written) */
            memset(b, 0, 4 * n);
            ScopeCounts cw[2], cfast, cslow, *src[2] = {&cw[0], &cw[1]};
            for (int k = 0; k < 2; k++)
                scope_layout_work(&cw[k], which, w, wi % 2 ? h : 1 << 20, 256, t[k]); /* (16-bit tables or not) */
            scope_layout(&cfast, which, w, 256, a);
            scope_layout(&cslow, which, w, 256, b);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < stride; x++) /* flat, a ramp, noise */
                    rows[y * stride + x] = (uint8_t)(y % 3 == 0 ? 77u : y % 3 == 1 ? (unsigned)(x + y) / 5
                                                     : ((unsigned)(x + 977 * y) * 2654435761u) >> 24);
            /* blocks of 1, 2, 3, ... rows, counted by two "workers" in turn, then
             * merged in three parts, last first */
            for (int y = 0, k = 1, i = 0; y < h; y += k, k = k % SCOPE_ROWS_MAX + 1, i ^= 1)
                scope_count_rows(&cw[i], rows + (size_t)y * stride, (size_t)stride,
                                 h - y < k ? h - y : k, 0);
            for (int part = 2; part >= 0; part--)
                scope_merge(&cfast, src, 2, part, 3);
            count_slowly(&cslow, rows, (size_t)stride, h);
            CHECK(memcmp(a, b, 4 * n) == 0, "scope counts, width %d, scopes %d: the fast rows "
                  "differ from scope_index", w, which);
            int left = 0;
            for (size_t i = 0; i < n; i++)
                left += t[0][i] != 0 || t[1][i] != 0;
            CHECK(left == 0, "scope_merge left %d cells of the workers' tables non-zero", left);
            CHECK(!(wi % 2 && which & (SCOPE_WAVEFORM | SCOPE_PARADE)) || cw[0].wave16 || cw[0].parade16,
                  "width %d, %d rows: the worker's tables are not 16-bit", w, h);
            CHECK(wi % 2 || (!cw[0].wave16 && !cw[0].parade16), "width %d, 2^20 rows: 16-bit tables", w);
        }
    free(t[0]), free(t[1]), free(a), free(b), free(rows);
}

/* The packed form the CUDA stage brings down (scope.h), made here from counts by
 * its description, unpacks to those counts; malformed blocks are refused. */
static void pack_cases(void)
{
    for (int which = 1; which <= SCOPE_ALL; which++)
        for (int levels = 256; levels <= 1024; levels *= 4) {
            int w = which * 97 + 3, h = 40, cols = w < SCOPE_COLS_MAX ? w : SCOPE_COLS_MAX;
            size_t n = scope_count_n(which, cols, levels), nd = scope_cells8(which, cols, levels);
            size_t nh = which & SCOPE_HIST ? 3 * (size_t)levels : 0, head = scope_pack_head(which, cols, levels);
            size_t max = scope_pairs_max(which, w, h), np = 0;
            uint32_t *want = malloc(4 * n), *got = malloc(4 * n), *pk = calloc(head + 2 * max + 2, 4);
            MUST(want && got && pk, "out of memory");
            for (size_t i = 0; i < n; i++) /* mostly small, some 255 and over */
                want[i] = (uint32_t)((i * 2654435761u) >> 20) % 7 == 0 ? 255 + (uint32_t)(i % 3000) : (uint32_t)(i % 256 == 255 ? 254 : i % 256);
            uint8_t *bytes = (uint8_t *)(pk + 1 + nh);
            for (size_t i = 0; i < nd; i++) {
                bytes[i] = (uint8_t)(want[i] < 255 ? want[i] : 255);
                if (want[i] >= 255 && np < max)
                    pk[head + 2 * np] = (uint32_t)i, pk[head + 2 * np + 1] = want[i], np++;
                else if (want[i] >= 255) /* (beyond what w × h pixels can make: made small) */
                    want[i] = 7, bytes[i] = 7;
            }
            pk[0] = (uint32_t)np;
            memcpy(pk + 1, want + nd, 4 * nh);
            ScopeCounts c;
            scope_layout(&c, which, w, levels, got);
            CHECK(scope_unpack(&c, pk, max) == 0 && memcmp(got, want, 4 * n) == 0,
                  "scopes %d, %d levels: unpacked counts differ", which, levels);
            if (np) {
                pk[0] = (uint32_t)max + 1; /* more pairs than can be */
                CHECK(scope_unpack(&c, pk, max) < 0, "scopes %d: too many pairs taken", which);
                uint32_t at0 = pk[head], count0 = pk[head + 1];
                pk[0] = (uint32_t)np, pk[head] = (uint32_t)nd; /* a cell past the tables */
                CHECK(scope_unpack(&c, pk, max) < 0, "scopes %d: a pair out of range taken", which);
                pk[head] = at0, pk[head + 1] = 254; /* a pair's count under 255 */
                CHECK(scope_unpack(&c, pk, max) < 0, "scopes %d: a pair under 255 taken", which);
                size_t small = 0; /* a pair for a cell whose byte says it is under 255 */
                while (small < nd && bytes[small] == 255)
                    small++;
                pk[head] = (uint32_t)small, pk[head + 1] = count0;
                CHECK(small == nd || scope_unpack(&c, pk, max) < 0, "scopes %d: a pair for a small cell taken", which);
            }
            free(want), free(got), free(pk);
        }
}

int main(void)
{
    texts();
    cdl_texts();
    scope_cases();
    pack_cases();
    const double at[] = {0.5, 0.3331, 0, 1, 0.999};
    for (int i = 0; i < 20; i++)
        compare_case(i % 2 ? PIX_NV12 : PIX_YUV420P, 64 + 2 * i, 36 + 2 * (i % 3), at[i % 5], i % 4);
    run(STAGE_CPU);
    run(STAGE_CUDA);
    return CHECK_DONE();
}
