/* The source of gpu/jit.c's kernels (gpu/jit_source.h). */
#include "gpu/jit_source.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(JitBuf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 1 << 16;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *p = (char *)realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p, b->cap = cap;
    }
}

/* The chain's OpenColorIO steps as a key; 0 when it has none */
int jit_make_key(const Chain *ch, const unsigned *version, int path, JitKey *k)
{
    memset(k, 0, sizeof(*k));
    k->path = path;
    for (int i = 0; i < ch->nops; i++) {
        const ChainOp *op = &ch->ops[i];
        if (op->kind != CHAIN_OCIO) /* (a CDL's numbers go by value: chain_step) */
            continue;
        k->s[k->n].step = i;
        k->s[k->n].prog = op->lut;
        k->s[k->n].size = op->size;
        k->s[k->n].version = version ? version[i] : 0;
        k->n++;
    }
    return k->n;
}

int jit_same_key(const JitKey *a, const JitKey *b)
{
    if (a->path != b->path || a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->s[i].step != b->s[i].step || a->s[i].prog != b->s[i].prog ||
            a->s[i].size != b->s[i].size || a->s[i].version != b->s[i].version)
            return 0;
    return 1;
}

/* One program's records: constant arrays into b, their calls into sw (the
 * step's case). 0, or −1 where the program is not well formed (every count is
 * checked as a float before it is an int) */
static int program(int s, const float *prog, int size, JitBuf *b, JitBuf *sw)
{
    if (size < 1 || !(prog[0] >= 0.0f && prog[0] <= (float)size))
        return -1;
    int nops = (int)prog[0], at = 1;
    for (int r = 0; r < nops; r++) {
        if (at + 2 > size || !(prog[at + 1] >= 2.0f && prog[at + 1] <= (float)(size - at)) ||
            !(prog[at] >= 0.0f && prog[at] <= 64.0f))
            return -1;
        int len = (int)prog[at + 1], kind = (int)prog[at];
        if (len > JIT_RECORD_MAX) { /* a table: read from the device's program */
            put(sw, "        ocio_op2k(%d, op->lut + %d, a, b);\n", kind, at);
            at += len;
            continue;
        }
        put(b, "static __device__ const float jit_%d_%d[] = {", s, r);
        for (int i = 0; i < len; i++) {
            float v = prog[at + i];
            if (!isfinite(v))
                return -1;
            put(b, "%s%af,", i % 6 ? " " : "\n", (double)v);
        }
        put(b, "};\n");
        if (kind != OCIO_OP_CURVES) {
            put(sw, "        ocio_op2k(%d, jit_%d_%d, a, b);\n", kind, s, r);
            at += len;
            continue;
        }
        /* RGB curves: each curve at its own constant place, its knots named
         * (ocio_curves finds them by adding their lengths, and the compiler
         * keeps those sums and the knots' conversion) */
        const float *q = prog + at + 2, *end = prog + at + len, *cv[4];
        int nk[4];
        for (int c = 0; c < 4; c++) {
            if (q >= end || !(q[0] == 0.0f || (q[0] >= 2.0f && q[0] <= (float)(end - q))))
                return -1;
            cv[c] = q, nk[c] = (int)q[0];
            q = ocio_curve_next(q);
            if (q > end)
                return -1;
        }
        for (int c = 0; c < 3; c++)
            for (int px = 0; px < 2; px++)
                put(sw, "        %c[%d] = ocio_curve_k(jit_%d_%d + %d, %d, ocio_curve_k(jit_%d_%d + %d, "
                        "%d, %c[%d]));\n", "ab"[px], c, s, r, (int)(cv[3] - prog - at), nk[3], s, r,
                    (int)(cv[c] - prog - at), nk[c], "ab"[px], c);
        at += len;
    }
    return 0;
}

/* The kernel's source: each program's records as constant arrays, run one by
 * one (ocio_op2k, by their kinds) in the pair kernel's place for its step. 0,
 * or −1 (a program that is not well formed, or a value that is not finite: the
 * built-in kernel then) */
int jit_make_source(const JitKey *k, JitBuf *b)
{
    JitBuf sw = {0};
    put(b, "struct ChainOp;\n"
           "static __device__ __forceinline__ void jit_ocio2(int, const struct ChainOp *, float *,"
           " float *);\n"
           "#define COLOUR_OCIO_RUN2(op, i, a, b) jit_ocio2(i, op, a, b)\n"
           "#define COLOUR_JIT 1\n"
           "#include \"gpu/colour_kernel.cuh\"\n");
    for (int s = 0; s < k->n; s++) {
        put(&sw, "    case %d:\n", k->s[s].step);
        if (program(s, k->s[s].prog, k->s[s].size, b, &sw) < 0) {
            free(sw.p);
            return -1;
        }
        put(&sw, "        return;\n");
    }
    put(b, "static __device__ __forceinline__ void jit_ocio2(int i, const ChainOp *op, float *a,"
           " float *b)\n{\n    switch (i) {\n");
    put(b, "%s", sw.p ? sw.p : "");
    /* (every OpenColorIO step of the chain has its case: jit_make_key keys them all) */
    put(b, "    }\n    (void)op;\n}\n"
           "#ifdef JIT_MINB\n"
           "#define JIT_BOUNDS __launch_bounds__(COLOUR_KERNEL_BLOCK_X * COLOUR_KERNEL_BLOCK_Y, "
           "JIT_MINB)\n#else\n#define JIT_BOUNDS\n#endif\n");
    /* the kernel that runs the chain where the stage does: BGR / RGB48 out, the
     * encoder's 4:2:0, the resampler's horizontal pass (one name: jit.c finds it) */
    static const char *const entry[JIT_PATHS][2] = {{"KernelArgs", "colour_kernel_body"},
                                                    {"Yuv420Args", "yuv420_body"},
                                                    {"ScaleHArgs", "scale_h_body"}};
    int p = k->path >= 0 && k->path < JIT_PATHS ? k->path : 0;
    put(b, "extern \"C\" __global__ void JIT_BOUNDS\n"
           "colour_jit_kernel(const __grid_constant__ %s k)\n{\n    %s<true>(k);\n}\n",
        entry[p][0], entry[p][1]);
    int failed = b->failed || sw.failed;
    free(sw.p);
    return failed ? -1 : 0;
}
