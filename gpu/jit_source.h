/* gpu/jit.c's source for a chain's kernel: the chain's OpenColorIO steps as
 * a key, and the pair kernel's source with their programs' operations named
 * (gpu/jit.h says why), which depends on their shape alone, and the values it
 * reads by value (JitLaunch.values). Host only: no CUDA here. */
#ifndef PINSTRIPE_GPU_JIT_SOURCE_H
#define PINSTRIPE_GPU_JIT_SOURCE_H

#include <stddef.h>

#include "colour/colour.h"
#include "gpu/jit.h"

typedef struct JitKey {
    int path;   /* the kernel the chain runs in: JIT_PATH_* (gpu/jit.h) */
    int layout; /* the source's (PixLayout) */
    int out;    /* JIT_PATH_COLOUR: COLOUR_OUT_*; the other paths: −1 */
    /* the chain's steps (number, kinds) and its tone map (whether, where,
     * whose): constants in the kernel (colour/chain.h's COLOUR_CHAIN_*), which
     * then holds its own steps' code, none of the others' */
    int nops, kind[CHAIN_MAX_OPS], tone_on, tone_at, tone_own;
    int n; /* OpenColorIO steps */
    struct {
        int step;
        const float *prog;
        int size;
        unsigned version;
    } s[CHAIN_MAX_OPS];
    int ncdl; /* cdl= steps (CHAIN_CDL): their flags (reverse, clamp) are the key's, their
               * numbers the frame's job's (ChainOp.cdl, read by value) */
    struct {
        int step;
        float flags[2];
    } cdl[CHAIN_MAX_OPS];
} JitKey;

/* a growing string (failed: out of memory on the way) */
typedef struct JitBuf {
    char *p;
    size_t len, cap;
    int failed;
} JitBuf;

/* The chain's OpenColorIO steps (and its cdl= steps' flags, its steps' kinds,
 * its tone map's place) as a key for the kernel `path` on a source of `layout`
 * (PixLayout) into `out` (COLOUR_OUT_*: JIT_PATH_COLOUR's; version NULL: all
 * 0); 0 when it has no OpenColorIO step */
int jit_make_key(const Chain *ch, int layout, int out, const unsigned *version, int path,
                 JitKey *k);
int jit_same_key(const JitKey *a, const JitKey *b);
/* The kernel's source into b (free b->p), the same text for every chain whose
 * programs have the same shape (their operations' kinds, lengths and flags,
 * curves' knot counts), and the values it reads by value (*nvalues of them;
 * nvalues may be NULL): 0, or −1 (a program that is not well formed, a flag
 * that is not finite, out of memory) */
int jit_make_source(const JitKey *k, JitBuf *b, float values[JIT_VALUES_MAX], int *nvalues);
/* The same kernel with every value of the programs a constant in its source
 * (one kernel a look: PINSTRIPE_JIT_EXACT=1, gpu/jit.c), reading no value by
 * value but a CDL's numbers: 0, or −1 (a value that is not finite, out of
 * memory) */
int jit_make_source_exact(const JitKey *k, JitBuf *b);

/* The C library's headers the colour headers include, as NVRTC is given them
 * (its device maths is built in) */
#define JIT_NSTUBS 4
extern const char *const jit_stub_names[JIT_NSTUBS], *const jit_stub_texts[JIT_NSTUBS];
/* The bytes the kernel's threads spill, as ptxas's report (NVRTC's log) says;
 * −1 when it says nothing of it */
int jit_report_spills(const char *log);

#endif
