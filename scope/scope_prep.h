/* The scopes' per-pixel indices for the CPU workers (scope.c), from a run of n
 * 8-bit B,G,R pixels whose column bins are bin[0..n-1], by scope.h's formulas:
 * into the waveform, level(Y10)·cols + bin; into each of the parade's three
 * tables, level(R), level(G), level(B) times cols plus bin; into the
 * vectorscope, v·256 + u. A level is the 8-bit sample itself (scope.h: s10 >>
 * 2). A NULL pointer leaves its indices out. The AVX2 version (scope_avx2.c,
 * x86-64 builds) gives the same values sixteen pixels a step, the AVX-512 one
 * (scope_avx512.c) thirty-two; tests/test_live.c compares each with the scalar
 * one on every colour. */
#ifndef PINSTRIPE_SCOPE_SCOPE_PREP_H
#define PINSTRIPE_SCOPE_SCOPE_PREP_H

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
void scope_prep_avx512(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out);

/* Whether this build and this CPU run scope_prep_avx512 (AVX-512 BW and VBMI). */
int scope_prep_has_avx512(void);

/* The version the CPU backend's SIMD level (cpu/simd.h) allows: at SIMD_AVX2,
 * the AVX-512 one where the CPU has it. */
ScopePrepFn scope_prep(void);

#endif
