/* The scopes' per-pixel indices for the CPU workers (scope.c), from a run of n
 * 8-bit B,G,R pixels whose column bins are bin[0..n-1], by scope.h's formulas:
 * into the waveform, level(Y10)·cols + bin; into each of the parade's three
 * tables, level(R), level(G), level(B) times cols plus bin; into the
 * vectorscope, v·256 + u. A level is the 8-bit sample itself (scope.h: s10 >>
 * 2). A NULL pointer leaves its indices out. The AVX2 version (scope_avx2.c,
 * x86-64 builds) gives the same values sixteen pixels a step;
 * tests/test_live.c compares the two on every colour. */
#ifndef PINSTRIPE_GPU_SCOPE_PREP_H
#define PINSTRIPE_GPU_SCOPE_PREP_H

#include <stdint.h>

typedef struct ScopeIdx {
    uint32_t *wave;      /* n indices, or NULL */
    uint32_t *parade[3]; /* R, G, B: n each (within each table), or NULL */
    uint16_t *cell;      /* n, or NULL */
} ScopeIdx;

typedef void (*ScopePrepFn)(const uint8_t *bgr, int n, const uint16_t *bin, int cols,
                            const ScopeIdx *out);

void scope_prep_scalar(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out);
void scope_prep_avx2(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out);

/* The version the CPU backend's SIMD level (gpu/simd.h) allows. */
ScopePrepFn scope_prep(void);

#endif
