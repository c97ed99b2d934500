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
int jit_make_key(const Chain *ch, const unsigned *version, JitKey *k)
{
    memset(k, 0, sizeof(*k));
    for (int i = 0; i < ch->nops; i++) {
        const ChainOp *op = &ch->ops[i];
        if (op->kind != CHAIN_OCIO)
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
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->s[i].step != b->s[i].step || a->s[i].prog != b->s[i].prog ||
            a->s[i].size != b->s[i].size || a->s[i].version != b->s[i].version)
            return 0;
    return 1;
}

/* The kernel's source: each program's records as constant arrays, run one by
 * one (ocio_op2) in the pair kernel's place for its step. 0, or −1 (a program
 * that is not well formed, or a value that is not finite: the interpreter then) */
int jit_make_source(const JitKey *k, JitBuf *b)
{
    put(b, "struct ChainOp;\n"
           "static __device__ __forceinline__ void jit_ocio2(int, const struct ChainOp *, float *,"
           " float *);\n"
           "#define COLOUR_OCIO_RUN2(op, i, a, b) jit_ocio2(i, op, a, b)\n"
           "#define COLOUR_JIT 1\n"
           "#include \"gpu/colour_kernel.cuh\"\n");
    for (int s = 0; s < k->n; s++) {
        const float *prog = k->s[s].prog;
        int size = k->s[s].size, nops = size > 0 ? (int)prog[0] : 0, at = 1;
        for (int r = 0; r < nops; r++) {
            if (at + 2 > size || prog[at + 1] < 2.0f || at + (int)prog[at + 1] > size)
                return -1;
            int len = (int)prog[at + 1];
            if (len <= JIT_RECORD_MAX) {
                put(b, "static __device__ const float jit_%d_%d[] = {", s, r);
                for (int i = 0; i < len; i++) {
                    float v = prog[at + i];
                    if (!isfinite(v))
                        return -1;
                    put(b, "%s%af", i % 6 ? " " : "\n", (double)v);
                    put(b, ",");
                }
                put(b, "};\n");
            }
            at += len;
        }
    }
    put(b, "static __device__ __forceinline__ void jit_ocio2(int i, const ChainOp *op, float *a,"
           " float *b)\n{\n    switch (i) {\n");
    for (int s = 0; s < k->n; s++) {
        const float *prog = k->s[s].prog;
        int nops = (int)prog[0], at = 1;
        put(b, "    case %d:\n", k->s[s].step);
        for (int r = 0; r < nops; r++) {
            int len = (int)prog[at + 1];
            if (len <= JIT_RECORD_MAX && (int)prog[at] == OCIO_OP_CURVES) {
                /* each curve at its own constant place, its knots named
                 * (ocio_curves finds them by adding their lengths, and the
                 * compiler keeps those sums and the knots' conversion) */
                int off[4], nk[4], o = 2;
                for (int c = 0; c < 4; c++) {
                    int n = o < len ? (int)prog[at + o] : -1;
                    if (n < 0 || (n && n < 2))
                        return -1;
                    off[c] = o, nk[c] = n;
                    o += 1 + (n ? OCIO_CURVE_ENDS + n + 4 * (n - 1) : 0);
                    if (o > len)
                        return -1;
                }
                for (int c = 0; c < 3; c++)
                    for (int px = 0; px < 2; px++)
                        put(b, "        %c[%d] = ocio_curve_k(jit_%d_%d + %d, %d, ocio_curve_k(jit_%d_%d "
                               "+ %d, %d, %c[%d]));\n", "ab"[px], c, s, r, off[3], nk[3], s, r,
                            off[c], nk[c], "ab"[px], c);
            } else if (len <= JIT_RECORD_MAX)
                put(b, "        ocio_op2k(%d, jit_%d_%d, a, b);\n", (int)prog[at], s, r);
            else
                put(b, "        ocio_op2k(%d, op->lut + %d, a, b);\n", (int)prog[at], at);
            at += len;
        }
        put(b, "        return;\n");
    }
    /* (every OpenColorIO step of the chain has its case: the key is all of them) */
    put(b, "    default:\n        (void)op;\n    }\n}\n"
           "#ifdef JIT_MINB\n"
           "#define JIT_BOUNDS __launch_bounds__(COLOUR_KERNEL_BLOCK_X * COLOUR_KERNEL_BLOCK_Y, "
           "JIT_MINB)\n#else\n#define JIT_BOUNDS\n#endif\n"
           "extern \"C\" __global__ void JIT_BOUNDS colour_jit_kernel(const __grid_constant__ "
           "KernelArgs k)\n"
           "{\n    colour_kernel_body<true>(k);\n}\n");
    return b->failed ? -1 : 0;
}
