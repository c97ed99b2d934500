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
int jit_make_key(const Chain *ch, int layout, int out, const unsigned *version, int path, JitKey *k)
{
    memset(k, 0, sizeof(*k));
    k->path = path, k->layout = layout, k->out = path == JIT_PATH_COLOUR ? out : -1;
    k->nops = ch->nops, k->tone_on = ch->tone.on != 0;
    k->tone_at = k->tone_on ? ch->tone_at : 0, k->tone_own = k->tone_on && ch->tone_own;
    for (int i = 0; i < ch->nops; i++) {
        const ChainOp *op = &ch->ops[i];
        k->kind[i] = op->kind;
        if (op->kind == CHAIN_CDL) { /* (its numbers by value: the job's ChainOp.cdl) */
            k->cdl[k->ncdl].step = i;
            k->cdl[k->ncdl].flags[0] = op->cdl[0], k->cdl[k->ncdl].flags[1] = op->cdl[1];
            k->ncdl++;
            continue;
        }
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
    if (a->path != b->path || a->layout != b->layout || a->out != b->out || a->n != b->n ||
        a->ncdl != b->ncdl || a->nops != b->nops || a->tone_on != b->tone_on ||
        a->tone_at != b->tone_at || a->tone_own != b->tone_own ||
        memcmp(a->kind, b->kind, sizeof(a->kind)) != 0)
        return 0;
    for (int i = 0; i < a->ncdl; i++)
        if (a->cdl[i].step != b->cdl[i].step ||
            memcmp(a->cdl[i].flags, b->cdl[i].flags, sizeof(a->cdl[i].flags)) != 0)
            return 0;
    for (int i = 0; i < a->n; i++)
        if (a->s[i].step != b->s[i].step || a->s[i].prog != b->s[i].prog ||
            a->s[i].size != b->s[i].size || a->s[i].version != b->s[i].version)
            return 0;
    return 1;
}

/* The values of the records every pixel reads at one place, and where they go */
typedef struct Values {
    float *v; /* JitLaunch.values */
    int n;
    int exact; /* 1: none; every value a constant in the source (jit_make_source_exact) */
} Values;

/* A record a pixel indexes (a table, curves) or one past JIT_VALUES_MAX:
 * read from the device's program (lut) where it lies. RGB curves: each curve
 * called at its place with its knot count named (the compiler unrolls its
 * search), its ends' lines by value where there is room (every pixel reads
 * them at one place). The record is checked already (program: ocio_record_check) */
static void from_program(const float *prog, int at, int kind, Values *vs, JitBuf *sw)
{
    if (kind != OCIO_OP_CURVES) {
        put(sw, "        ocio_op2k(%d, lut + %d, a, b);\n", kind, at);
        return;
    }
    const float *q = prog + at + 2;
    int off[4], nk[4];
    char ends[4][32];
    for (int c = 0; c < 4; c++) {
        off[c] = (int)(q - prog), nk[c] = (int)q[0];
        const float *next = ocio_curve_next(q);
        if (nk[c] >= 2 && !vs->exact && vs->n + OCIO_CURVE_ENDS <= JIT_VALUES_MAX) {
            memcpy(vs->v + vs->n, q + 1, sizeof(float) * OCIO_CURVE_ENDS);
            snprintf(ends[c], sizeof(ends[c]), "v + %d", vs->n);
            vs->n += OCIO_CURVE_ENDS;
        } else
            snprintf(ends[c], sizeof(ends[c]), "lut + %d", off[c] + 1);
        q = next;
    }
    for (int c = 0; c < 3; c++)
        for (int px = 0; px < 2; px++)
            put(sw,
                "        %c[%d] = ocio_curve_ke(%s, lut + %d, %d,\n"
                "            ocio_curve_ke(%s, lut + %d, %d, %c[%d]));\n",
                "ab"[px], c, ends[3], off[3], nk[3], ends[c], off[c], nk[c], "ab"[px], c);
}

/* A record every pixel reads at one place: its kind, length and flags
 * (ocio_op_flags) constants, its other values read from the launch's
 * parameter (the compiler keeps the record in registers). 0, or −1 (a flag that is not finite) */
static int by_value(const float *p, int len, int kind, Values *vs, JitBuf *sw)
{
    int nf = ocio_op_flags(kind);
    put(sw, "        {\n            const float r[] = {%d.0f, %d.0f", kind, len);
    for (int i = 2; i < len; i++) {
        if (i < 2 + nf || vs->exact) {
            if (!isfinite(p[i]))
                return -1;
            put(sw, ", %af", (double)p[i]);
            continue;
        }
        vs->v[vs->n] = p[i];
        put(sw, "%sv[%d]", (i - 2) % 8 ? ", " : ",\n                ", vs->n++);
    }
    put(sw, "};\n            ocio_op2k(%d, r, a, b);\n        }\n", kind);
    return 0;
}

/* One program's records: their calls into sw (the step's case), their values
 * into vs. 0, or −1 where the program is not well formed (colour/ocio.h's
 * reader checks each record: ocio_record_check) */
static int program(const float *prog, int size, Values *vs, JitBuf *sw)
{
    if (size < 1 || !(prog[0] >= 0.0f && prog[0] <= (float)size))
        return -1;
    int nops = (int)prog[0], at = 1;
    for (int r = 0; r < nops; r++) {
        int len = ocio_record_check(prog, size, at), kind = len ? (int)prog[at] : 0;
        if (!len)
            return -1; /* (a kind it does not know, or a record not well formed) */
        /* (records past JIT_VALUES_MAX are read where they lie, as tables are) */
        int room = vs->n + len - 2 - ocio_op_flags(kind) <= JIT_VALUES_MAX;
        if (ocio_op_indexed(kind) || !room)
            from_program(prog, at, kind, vs, sw);
        else if (by_value(prog + at, len, kind, vs, sw) < 0)
            return -1;
        at += len;
    }
    return 0;
}

/* The chain's cdl= steps (colour.h's COLOUR_CDL_RUN2): each one's flags
 * (reverse, clamp) constants, its numbers read from its step in the launch's
 * parameter (ChainOp.cdl: a key press changes them, not the kernel) */
static void cdl_steps(const JitKey *k, JitBuf *b)
{
    put(b, "static __device__ __forceinline__ void jit_cdl2(int i, const Chain *ch, float *a,"
           " float *b)\n{\n    switch (i) {\n");
    for (int s = 0; s < k->ncdl; s++) {
        put(b, "    case %d: {\n        const float *c = ch->ops[%d].cdl;\n", k->cdl[s].step,
            k->cdl[s].step);
        put(b, "        const float r[] = {%d.0f, %d.0f, %af, %af", OCIO_OP_CDL, 2 + CHAIN_CDL_LEN,
            (double)k->cdl[s].flags[0], (double)k->cdl[s].flags[1]);
        for (int i = 2; i < CHAIN_CDL_LEN; i++)
            put(b, ", c[%d]", i);
        put(b, "};\n        ocio_op2k(%d, r, a, b);\n        return;\n    }\n", OCIO_OP_CDL);
    }
    put(b, "    default: ocio_cdl_pair(ch->ops[i].cdl, a, b);\n    }\n}\n");
}

/* The kernel's source: each program's records run one by one (ocio_op2k, by
 * their kinds) in the pair kernel's place for its step, those every pixel
 * reads at one place from the launch's parameter (values: what goes there),
 * the others from the device's program. 0, or −1 (a program that is not well formed, a
 * flag that is not finite: the built-in kernel then) */
static int make_source(const JitKey *k, JitBuf *b, float values[JIT_VALUES_MAX], int *nvalues,
                       int exact)
{
    JitBuf sw = {0};
    Values vs = {values, 0, exact};
    put(b, "struct Chain;\n"
           "static __device__ __forceinline__ void jit_ocio2(int, const struct Chain *, float *,"
           " float *);\n"
           "#define COLOUR_OCIO_RUN2(ch, i, a, b) jit_ocio2(i, ch, a, b)\n"
           "static __device__ __forceinline__ void jit_cdl2(int, const struct Chain *, float *,"
           " float *);\n"
           "#define COLOUR_CDL_RUN2(ch, i, a, b) jit_cdl2(i, ch, a, b)\n"
           "#define COLOUR_JIT 1\n");
    /* what the kernel knows of its frames and chain (colour.h's COLOUR_SRC_LAYOUT,
     * chain.h's COLOUR_CHAIN_*, colour_kernel.cuh's COLOUR_KERNEL_OUT) */
    put(b, "#define COLOUR_SRC_LAYOUT(s) %d\n#define COLOUR_CHAIN_NOPS(ch) %d\n", k->layout,
        k->nops);
    put(b, "#define COLOUR_CHAIN_KIND(ch, i) (");
    for (int i = 0; i < k->nops; i++)
        put(b, "(i) == %d ? %d : ", i, k->kind[i]);
    put(b,
        "-1)\n#define COLOUR_CHAIN_TONE_ON(ch) %d\n#define COLOUR_CHAIN_TONE_AT(ch) %d\n"
        "#define COLOUR_CHAIN_TONE_OWN(ch) %d\n#define COLOUR_CHAIN_UNROLL _Pragma(\"unroll\")\n",
        k->tone_on, k->tone_at, k->tone_own);
    if (k->out >= 0)
        put(b, "#define COLOUR_KERNEL_OUT(k) %d\n", k->out);
    put(b, "#include \"gpu/colour_kernel.cuh\"\n");
    for (int s = 0; s < k->n; s++) {
        put(&sw,
            "    case %d: {\n        const float *lut = ch->ops[%d].lut, *v = jit_values(ch);\n",
            k->s[s].step, k->s[s].step);
        if (program(k->s[s].prog, k->s[s].size, &vs, &sw) < 0) {
            free(sw.p);
            return -1;
        }
        put(&sw, "        (void)lut, (void)v;\n        return;\n    }\n");
    }
    if (nvalues)
        *nvalues = vs.n;
    /* the kernel that runs the chain where the stage does: BGR / RGB48 out, the
     * encoder's 4:2:0, the resampler's horizontal pass (one name: jit.c finds it);
     * its parameter: its launcher's arguments, then the values (JitLaunch) */
    static const char *const entry[JIT_PATHS][2] = {{"KernelArgs", "colour_kernel_body"},
                                                    {"Yuv420Args", "yuv420_body"},
                                                    {"ScaleHArgs", "scale_h_body"}};
    int p = k->path >= 0 && k->path < JIT_PATHS ? k->path : 0;
    const char *args = entry[p][0];
    put(b, "struct JitArgs {\n    %s k;\n    float values[%d];\n};\n", args, vs.n ? vs.n : 1);
    put(b, "static_assert(sizeof(JitArgs) <= 4096, \"past a kernel parameter's 4 KB\");\n");
    /* the values follow the arguments (JitArgs.values, at sizeof(args): a float's
     * alignment divides every struct's size); ch is the parameter's k.j.ch
     * (colour_apply_chain2's, never a copy). (NVRTC takes no offsetof: the
     * offsets of j and ch as the members' addresses in a struct at 0) */
    put(b,
        "static __device__ __forceinline__ const float *jit_values(const Chain *ch)\n{\n"
        "    const size_t at = (size_t)&((const %s *)0)->j.ch;\n"
        "    return (const float *)((const char *)ch - at + sizeof(%s));\n}\n",
        args, args);
    put(b, "static __device__ __forceinline__ void jit_ocio2(int i, const Chain *ch, float *a,"
           " float *b)\n{\n    switch (i) {\n");
    put(b, "%s", sw.p ? sw.p : "");
    /* (every OpenColorIO step of the chain has its case: jit_make_key keys them all) */
    put(b, "    }\n}\n");
    cdl_steps(k, b);
    put(b, "#ifdef JIT_MINB\n"
           "#define JIT_BOUNDS __launch_bounds__(COLOUR_KERNEL_BLOCK_X * COLOUR_KERNEL_BLOCK_Y, "
           "JIT_MINB)\n#else\n#define JIT_BOUNDS\n#endif\n");
    put(b,
        "extern \"C\" __global__ void JIT_BOUNDS\n"
        "colour_jit_kernel(const __grid_constant__ JitArgs a)\n{\n    %s<true>(a.k);\n}\n",
        entry[p][1]);
    int failed = b->failed || sw.failed;
    free(sw.p);
    return failed ? -1 : 0;
}

int jit_make_source(const JitKey *k, JitBuf *b, float values[JIT_VALUES_MAX], int *nvalues)
{
    return make_source(k, b, values, nvalues, 0);
}

int jit_make_source_exact(const JitKey *k, JitBuf *b)
{
    return make_source(k, b, NULL, NULL, 1);
}

/* the C library's headers the colour headers include, as NVRTC needs them
 * (its device maths is built in) */
const char *const jit_stub_names[JIT_NSTUBS] = {"math.h", "stddef.h", "stdint.h", "string.h"};
const char *const jit_stub_texts[JIT_NSTUBS] = {
    "",
    "",
    "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int "
    "uint32_t;\n"
    "typedef unsigned long long uint64_t; typedef signed char int8_t; typedef short int16_t;\n"
    "typedef int int32_t; typedef long long int64_t;\n",
    "",
};

/* The bytes colour_jit_kernel's threads spill to local memory, as ptxas's
 * report says; −1 when it says nothing of it. (Read from the report, not from
 * the loaded function's attributes: their local size counts the stack frame
 * too, 16 to 24 bytes on every chain, which the odd last pixel's call of
 * colour_pixel_out_call takes; a spill and that frame are not told apart there.) */
int jit_report_spills(const char *log)
{
    const char *fp = log ? strstr(log, "Function properties for colour_jit_kernel") : NULL;
    const char *sp = fp ? strstr(fp, "bytes spill stores") : NULL;
    if (!sp)
        return -1;
    while (sp > fp && sp[-1] == ' ')
        sp--;
    while (sp > fp && sp[-1] >= '0' && sp[-1] <= '9')
        sp--;
    return atoi(sp);
}
