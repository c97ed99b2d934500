/* The CUDA stage's run-time compiled kernels (gpu/jit.c) on a machine
 * without a GPU: the source it writes for a chain's OpenColorIO programs,
 * with the colour maths' headers embedded at build time, compiled by NVRTC
 * for sm_90 (an H100's; sm_80 for three chains; under a sanitizer three
 * chains alone), each of the three kernels that run a chain (BGR, the
 * encoder's 4:2:0, the resampler's) in turn, not loaded. Every kind of
 * operation: the
 * camera chains (LogCamera, Matrix, the ACES fixed functions, Range, Log, RGB
 * curves, Exponent, dark-to-dim and surround), two programs in one chain, a
 * CLF with a 1D table, CDL, LogAffine, moncurve and basic exponents, and tables
 * too long to be constants (a 17³ cube, a 4,200-entry spi1d: read from the
 * device's program). That they compile is what this checks; that they give
 * the CPU's bytes is test_gpu's (on the GPU machine). Also: a CDL step is not
 * compiled in (live grading changes it on every key press: the kernel must
 * stay the same), and programs that are not well formed give no source (the
 * ASan pass runs this). Skipped (77) without CUDA, OpenColorIO or NVRTC. */
#include <stdio.h>

#ifndef PINSTRIPE_HAVE_CUDA
int main(void)
{
    printf("built without CUDA: skipped\n");
    return 77;
}
#else
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/jit.h"
#include "gpu/jit_source.h"
#include "look/chain.h"
#include "ocio/ocio_shim.h"
#include "tests/check.h"

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void write_files(const char *dir)
{
    char path[600];
    snprintf(path, sizeof(path), "%s/t.cube", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "LUT_3D_SIZE 17\n");
        for (int b = 0; b < 17; b++)
            for (int g = 0; g < 17; g++)
                for (int r = 0; r < 17; r++)
                    fprintf(f, "%.6f %.6f %.6f\n", r / 16.0 * 0.9 + 0.05, g / 16.0, (b / 16.0) * (b / 16.0));
        fclose(f);
    }
    snprintf(path, sizeof(path), "%s/t.spi1d", dir);
    f = fopen(path, "w");
    if (f) {
        fprintf(f, "Version 1\nFrom 0.0 1.0\nLength 4200\nComponents 1\n{\n");
        for (int i = 0; i < 4200; i++)
            fprintf(f, "%.7f\n", (i / 4199.0) * (i / 4199.0));
        fprintf(f, "}\n");
        fclose(f);
    }
    snprintf(path, sizeof(path), "%s/t.clf", dir);
    write_text(path,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<ProcessList compCLFversion=\"3\" id=\"j\">\n"
               "<LUT1D inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"5 3\">\n"
               "0 0 0\n0.2 0.25 0.3\n0.45 0.5 0.55\n0.7 0.75 0.8\n1 1 1\n</Array></LUT1D>\n"
               "<ASC_CDL inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"Fwd\"><SOPNode>"
               "<Slope>1.1 0.95 0.9</Slope><Offset>0.01 0 -0.02</Offset><Power>1.2 1 0.85</Power>"
               "</SOPNode><SatNode><Saturation>0.85</Saturation></SatNode></ASC_CDL>\n"
               "<Log inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"linToLog\"><LogParams "
               "base=\"10\" linSideSlope=\"4\" linSideOffset=\"0.02\" logSideSlope=\"0.3\" "
               "logSideOffset=\"0.6\"/></Log>\n"
               "<Exponent inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"monCurveFwd\">"
               "<ExponentParams exponent=\"2.4\" offset=\"0.055\"/></Exponent>\n"
               "<Exponent inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"basicMirrorFwd\">"
               "<ExponentParams exponent=\"1.1\"/></Exponent>\n"
               "</ProcessList>\n");
}

/* the source of kernel `path` for one chain's text, its values into values
 * (may be NULL) and their count into *nv; NULL on failure (CHECKed) */
static char *source_values(const char *chain, int path, float *values, int *nv)
{
    Transform t;
    char err[512];
    memset(&t, 0, sizeof(t));
    if (transform_parse(chain, &t, err, sizeof(err)) != 0) {
        CHECK(0, "%s: %s", chain, err);
        return NULL;
    }
    JitKey k;
    JitBuf b = {0};
    float own[JIT_VALUES_MAX];
    if (!jit_make_key(&t.chain, PIX_YUV420P, COLOUR_OUT_BGR24, NULL, path, &k) ||
        jit_make_source(&k, &b, values ? values : own, nv) < 0) {
        free(b.p);
        return NULL;
    }
    return b.p;
}

static char *source_of_path(const char *chain, int path)
{
    return source_values(chain, path, NULL, NULL);
}

static char *source_of(const char *chain)
{
    return source_of_path(chain, JIT_PATH_COLOUR);
}

/* a program of one record (kind, len, then its floats) with its head and a
 * curves record damaged in the ways a bad program could be */
static void check_malformed(void)
{
    float prog[64];
    /* each program in a block of its own size, so that the ASan pass sees a read past it */
    const float bad[][5] = {
        {1, OCIO_OP_MATRIX, NAN, 0, 0},   {1, OCIO_OP_MATRIX, 1e10f, 0, 0}, {1, 3e9f, 5, 0, 0},
        {1, OCIO_OP_MATRIX, 1, 0, 0},     {NAN, OCIO_OP_MATRIX, 5, 0, 0},   {9, OCIO_OP_MATRIX, 5, 0, 0},
        {1, OCIO_OP_CURVES, 7, 858993472, 0}, {1, OCIO_OP_CURVES, 7, 1, 0}, {1, OCIO_OP_CURVES, 5, 0, 0},
        /* a flag that is not finite, a record shorter than its kind's, a kind there is not */
        {1, OCIO_OP_RANGE, 7, NAN, 0}, {1, OCIO_OP_RANGE, 5, 1, 0}, {1, 40, 5, 0, 0},
        /* curves of two knots cut short, the last record of its program (its ends past it) */
        {1, OCIO_OP_CURVES, 4, 2, 0}, {1, OCIO_OP_CURVES, 4, 0, 2},
    };
    int refused = 0;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        memset(prog, 0, sizeof(prog));
        memcpy(prog, bad[i], sizeof(bad[i]));
        JitKey k;
        memset(&k, 0, sizeof(k));
        int size = bad[i][2] == 7 ? 8 : 5;
        float *own = (float *)malloc(sizeof(float) * (size_t)size);
        if (!own)
            continue;
        memcpy(own, prog, sizeof(float) * (size_t)size);
        k.n = 1, k.s[0].prog = own, k.s[0].size = size;
        JitBuf b = {0};
        float values[JIT_VALUES_MAX];
        refused += jit_make_source(&k, &b, values, NULL) < 0;
        free(b.p);
        free(own);
    }
    JitKey k0;
    memset(&k0, 0, sizeof(k0));
    k0.n = 1, k0.s[0].prog = prog, k0.s[0].size = 0;
    JitBuf b0 = {0};
    float v0[JIT_VALUES_MAX];
    refused += jit_make_source(&k0, &b0, v0, NULL) < 0;
    free(b0.p);
    int n = (int)(sizeof(bad) / sizeof(bad[0])) + 1;
    CHECK(refused == n, "%d of %d damaged programs refused", refused, n);
    /* a value that is not finite is a value: by value, as any other */
    float nan_matrix[18] = {1, OCIO_OP_MATRIX, 17, NAN, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, INFINITY};
    memset(&k0, 0, sizeof(k0));
    k0.n = 1, k0.s[0].prog = nan_matrix, k0.s[0].size = 18;
    memset(&b0, 0, sizeof(b0));
    int nv = 0;
    CHECK(jit_make_source(&k0, &b0, v0, &nv) == 0 && nv == 15 && isnan(v0[0]) && isinf(v0[12]),
          "a matrix with a NaN and an infinity: not by value (%d values)", nv);
    free(b0.p);
}

int main(void)
{
    if (!ocio_available()) {
        printf("built without OpenColorIO: skipped\n");
        return 77;
    }
    char dir[] = "/tmp/pinstripe-jit-XXXXXX", err[512];
    if (!mkdtemp(dir))
        return 1;
    write_files(dir);
    char chains[8][700];
    int n = 0;
    snprintf(chains[n++], sizeof(chains[0]), "camera=slog3-cine");
    snprintf(chains[n++], sizeof(chains[0]), "camera=logc3:output=hdr-pq-1000");
    snprintf(chains[n++], sizeof(chains[0]), "camera=vlog:range=legal:mix=0.6,cdl=slope=1.1/1/0.9:sat=1.2");
    snprintf(chains[n++], sizeof(chains[0]), "camera=redlogfilm");
    snprintf(chains[n++], sizeof(chains[0]), "lut=file=%s/t.cube", dir);
    snprintf(chains[n++], sizeof(chains[0]), "lut=file=%s/t.spi1d,lut=file=%s/t.clf", dir, dir);
    int compiled = 0;
    /* under a sanitizer (its host code is the same): each path once, for sm_90 */
    if (getenv("ASAN_OPTIONS") || getenv("TSAN_OPTIONS"))
        n = JIT_PATHS;
    for (int i = 0; i < n; i++) {
        Transform t;
        memset(&t, 0, sizeof(t));
        if (transform_parse(chains[i], &t, err, sizeof(err)) != 0) {
            CHECK(0, "%s: %s", chains[i], err);
            continue;
        }
        int sm80 = i < JIT_PATHS && n > JIT_PATHS;
        for (int arch = 90; arch >= 80 && (arch == 90 || sm80); arch -= 10) {
            /* each kernel that runs a chain (BGR, the encoder's, the resampler's), in turn;
             * sm_80 for the first three chains (each path once) */
            JitTry jt;
            int path = (i + arch / 10) % JIT_PATHS;
            /* on every layout in turn, into 8 and 16 bits (the kernel is compiled for them) */
            int layout = (i + arch / 10) % PIX_NLAYOUTS, out = (i / 2) % 2;
            int rc = colour_jit_try(&t.chain, layout, out, arch, path, &jt, err, sizeof(err));
            if (rc == -2) {
                printf("no NVRTC here (%s): skipped\n", err);
                return 77;
            }
            CHECK(rc == 1, "sm_%d %s: %s", arch, chains[i], rc == 0 ? "no OpenColorIO step" : err);
            compiled += rc == 1;
            printf("sm_%d %-48.48s path %d %-10s out %d %s, %.0f ms, %d values, "
                   "%d bytes spilled%s\n",
                   arch, chains[i], path, pix_layout_name((PixLayout)layout), out,
                   rc == 1 ? "compiled" : "FAILED", jt.ms, jt.nvalues, jt.spills,
                   jt.bounded ? "" : " (unbounded)");
            /* the records by value stay in registers: no spill (a record the
             * compiler could not keep there would be copied to local memory) */
            CHECK(rc != 1 || jt.spills == 0, "sm_%d %s path %d: %d bytes spilled", arch, chains[i],
                  path, jt.spills);
        }
    }
    int want = n > JIT_PATHS ? n + JIT_PATHS : n;
    CHECK(compiled == want, "%d of %d compiled", compiled, want);
    /* live grading: a CDL's change keeps the kernel; a CDL alone has none */
    char *a = source_of("camera=slog3-cine,cdl=slope=1.1/1/0.9:sat=1.2");
    char *b = source_of("camera=slog3-cine,cdl=slope=1.12/1/0.9:sat=1.15");
    CHECK(a && b && strcmp(a, b) == 0, "a CDL's change changed the compiled kernel's source");
    /* its flags compiled in (forward, clamped: the ASC style), its numbers read from the
     * frame's job (step 1's ChainOp.cdl) */
    CHECK(a && strstr(a, "case 1: {\n        const float *c = ch->ops[1].cdl;\n"
                         "        const float r[] = {9.0f, 14.0f, 0x0p+0f, 0x1p+0f, c[2],"),
          "the CDL step is not in the compiled kernel with its flags");
    free(a), free(b);
    /* the kernel is keyed on the programs' shape: two cameras of one shape (a
     * LogCamera, then matrices, the ACES fixed functions, ranges) have one
     * kernel, their values by value */
    float va[JIT_VALUES_MAX], vb[JIT_VALUES_MAX];
    int na = 0, nb = 0;
    a = source_values("camera=slog3-cine", JIT_PATH_COLOUR, va, &na);
    b = source_values("camera=vlog", JIT_PATH_COLOUR, vb, &nb);
    CHECK(a && b && strcmp(a, b) == 0 && na == nb && na > 0 &&
              memcmp(va, vb, sizeof(float) * (size_t)na) != 0,
          "S-Log3 and V-Log: not one kernel with their own values (%d, %d values)", na, nb);
    CHECK(a && !strstr(a, "0x1.") && !strstr(a, "static __device__ const"),
          "a value was compiled into the kernel");
    /* PINSTRIPE_JIT_EXACT's kernel: every value a constant, none read by value, one
     * kernel a camera */
    JitKey ka, kb;
    JitBuf xa = {0}, xb = {0};
    Transform ta, tb;
    char e2[512];
    memset(&ta, 0, sizeof(ta)), memset(&tb, 0, sizeof(tb));
    int ok = transform_parse("camera=slog3-cine", &ta, e2, sizeof(e2)) == 0 &&
             transform_parse("camera=vlog", &tb, e2, sizeof(e2)) == 0 &&
             jit_make_key(&ta.chain, PIX_YUV420P, COLOUR_OUT_BGR24, NULL, JIT_PATH_COLOUR, &ka) &&
             jit_make_key(&tb.chain, PIX_YUV420P, COLOUR_OUT_BGR24, NULL, JIT_PATH_COLOUR, &kb) &&
             jit_make_source_exact(&ka, &xa) == 0 && jit_make_source_exact(&kb, &xb) == 0;
    CHECK(ok && strstr(xa.p, "0x1.") && !strstr(xa.p, "v[0]") && strcmp(xa.p, xb.p) != 0 &&
              strstr(xa.p, "float values[1];"),
          "the exact kernel's source: values not all constants");
    free(xa.p), free(xb.p);
    /* the kernel is compiled for its frames (the source's layout, BGR's output)
     * and the chain's steps (their kinds, the tone map's place): constants in
     * it, a kernel for each; the other paths' keys have no output */
    JitKey kc[4];
    JitBuf sc[4] = {{0}};
    ok = transform_parse("eq=contrast=1.1,camera=slog3-cine", &ta, e2, sizeof(e2)) == 0;
    const int lay[4] = {PIX_YUV420P, PIX_P016, PIX_P016, PIX_P016};
    const int outs[4] = {COLOUR_OUT_BGR24, COLOUR_OUT_BGR24, COLOUR_OUT_RGB48, COLOUR_OUT_RGB48};
    for (int i = 0; i < 4 && ok; i++)
        ok = jit_make_key(&ta.chain, lay[i], outs[i], NULL,
                          i == 3 ? JIT_PATH_SCALE_H : JIT_PATH_COLOUR, &kc[i]) &&
             jit_make_source(&kc[i], &sc[i], va, NULL) == 0;
    CHECK(ok && !jit_same_key(&kc[0], &kc[1]) && !jit_same_key(&kc[1], &kc[2]) &&
              strstr(sc[0].p, "#define COLOUR_SRC_LAYOUT(s) 0\n") &&
              strstr(sc[1].p, "#define COLOUR_SRC_LAYOUT(s) 6\n") &&
              strstr(sc[1].p, "#define COLOUR_KERNEL_OUT(k) 0\n") &&
              strstr(sc[2].p, "#define COLOUR_KERNEL_OUT(k) 1\n") &&
              !strstr(sc[3].p, "COLOUR_KERNEL_OUT") &&
              strstr(sc[0].p,
                     "#define COLOUR_CHAIN_NOPS(ch) 2\n"
                     "#define COLOUR_CHAIN_KIND(ch, i) ((i) == 0 ? 0 : (i) == 1 ? 3 : -1)\n"
                     "#define COLOUR_CHAIN_TONE_ON(ch) 0\n"),
          "the kernel is not compiled for its layout, output and steps");
    for (int i = 0; i < 4; i++)
        free(sc[i].p);
    free(a), free(b);
    /* past JIT_VALUES_MAX (five cameras: 655 values), the records that do not
     * fit are read from the device's program, as tables are */
    a = source_values("camera=slog3-cine,camera=vlog,camera=logc3,camera=slog3,camera=log3g10",
                      JIT_PATH_COLOUR, va, &na);
    CHECK(a && na <= JIT_VALUES_MAX && na > JIT_VALUES_MAX - 40 &&
              strstr(a, "ocio_op2k(1, lut + "),
          "five cameras: %d values, no matrix read from the program", na);
    free(a);
    a = source_of("cdl=slope=1.1/1/0.9");
    CHECK(a == NULL, "a chain of a CDL alone has a compiled kernel");
    free(a);
    /* each path its own kernel, the programs' records the same */
    char *p[JIT_PATHS];
    for (int i = 0; i < JIT_PATHS; i++)
        p[i] = source_of_path("camera=slog3-cine", i);
    CHECK(p[0] && p[1] && p[2] && strcmp(p[0], p[1]) && strcmp(p[0], p[2]) && strcmp(p[1], p[2]) &&
          strstr(p[1], "yuv420_body<true>") && strstr(p[2], "scale_h_body<true>"),
          "the three paths' kernels are not three");
    for (int i = 0; i < JIT_PATHS; i++)
        free(p[i]);
    check_malformed();
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return CHECK_DONE();
}
#endif
