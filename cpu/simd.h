/* Vectorised rows for the CPU backend: the per-pixel maths of colour.h run on
 * eight pixels at a time (GCC vector extensions), byte for byte what the scalar
 * code gives, so the CPU backend stays identical to the CUDA backend.
 *
 * One source (simd_rows.inc) is compiled once for the machine's baseline (SSE2
 * on x86-64; plain vectors elsewhere) and, on x86-64, once more for AVX2; the
 * best level the CPU runs is chosen at run time (one binary for every x86-64).
 *
 *   SimdRowFn row = simd_row(simd_level());
 *   row(&job, y, width, COLOUR_OUT_BGR24, dst);   // row y as packed BGR
 *
 * Integer maths is the same operations on wider registers; the float path
 * keeps every operation and its order (no fused multiply-adds: the files are
 * built with -ffp-contract=off and without -mfma). */
#ifndef PINSTRIPE_CPU_SIMD_H
#define PINSTRIPE_CPU_SIMD_H

#include <stdint.h>

#include "colour/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SIMD_SCALAR = 0, /* colour.h's per-pixel functions, one pixel at a time */
    SIMD_BASE = 1,   /* eight pixels at a time on the baseline ISA (SSE2 on x86-64) */
    SIMD_SSE41 = 2,  /* the same compiled for SSE4.1 (x86-64 CPUs that have it) */
    SIMD_AVX2 = 3,   /* the same compiled for AVX2, eight pixels a step (x86-64 CPUs
                      * that have it) */
    SIMD_NLEVELS
} SimdLevel;

/* Row y of the job's source at dst (width pixels), written as `out` says
 * (COLOUR_OUT_BGR24, _RGB48 or _FLOAT), as colour_pixel_out does. */
typedef void (*SimdRowFn)(const ColourJob *j, int y, int width, int out, uint8_t *dst);

/* Whether this build and this CPU can run level l. */
int simd_available(SimdLevel l);
/* The level convert_rows uses: the best available, or PINSTRIPE_SIMD=scalar|sse2|avx2
 * (lowered to what is available). Decided once, thread-safe. */
SimdLevel simd_level(void);
const char *simd_name(SimdLevel l);
/* The row function of level l (NULL when not available). */
SimdRowFn simd_row(SimdLevel l);

/* The implementations (simd_rows.inc); the scalar one is in simd.c. */
void simd_row_base(const ColourJob *j, int y, int width, int out, uint8_t *dst);
void simd_row_sse41(const ColourJob *j, int y, int width, int out, uint8_t *dst);
void simd_row_avx2(const ColourJob *j, int y, int width, int out, uint8_t *dst);

#ifdef __cplusplus
}
#endif

#endif
