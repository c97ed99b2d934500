/* Which row function the CPU backend runs: the scalar reference, or the
 * vectorised rows on the best ISA this CPU has (simd.h). */
#include "cpu/simd.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The scalar reference, colour.h pixel by pixel, on a local copy of the job
 * that no byte store can alias, so the loop need not reload it after every
 * pixel (with a pointer the loop ran ~7% slower). */
static void row_scalar(const ColourJob *jp, int y, int width, int out, uint8_t *dst)
{
    const ColourJob j = *jp;
    size_t bpp = (size_t)colour_out_bytes(out);
    for (int x = 0; x < width; x++)
        colour_pixel_out(&j, x, y, out, dst + bpp * x);
}

#if defined(__x86_64__) && defined(PINSTRIPE_HAVE_AVX2_ROWS)
#define HAVE_AVX2 1
#else
#define HAVE_AVX2 0
#endif

int simd_available(SimdLevel l)
{
    switch (l) {
    case SIMD_SCALAR:
    case SIMD_BASE: return 1;
    case SIMD_SSE41:
#if HAVE_AVX2
        __builtin_cpu_init();
        return __builtin_cpu_supports("sse4.1");
#else
        return 0;
#endif
    case SIMD_AVX2:
#if HAVE_AVX2
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
        return 0;
#endif

    default: return 0;
    }
}

const char *simd_name(SimdLevel l)
{
    switch (l) {
    case SIMD_SCALAR: return "scalar";
#if defined(__x86_64__)
    case SIMD_BASE: return "sse2";
#else
    case SIMD_BASE: return "vector";
#endif
    case SIMD_SSE41: return "sse4.1";
    case SIMD_AVX2: return "avx2";
    default: return "?";
    }
}

SimdRowFn simd_row(SimdLevel l)
{
    if (!simd_available(l))
        return NULL;
    switch (l) {
    case SIMD_SCALAR: return row_scalar;
    case SIMD_BASE: return simd_row_base;
#if HAVE_AVX2
    case SIMD_SSE41: return simd_row_sse41;
    case SIMD_AVX2: return simd_row_avx2;
#endif
    default: return NULL;
    }
}

static SimdLevel chosen;
static pthread_once_t chosen_once = PTHREAD_ONCE_INIT;

static void choose(void)
{
    int best = SIMD_NLEVELS - 1;
    while (best > 0 && !simd_available((SimdLevel)best))
        best--;
    const char *want = getenv("PINSTRIPE_SIMD");
    for (int l = 0; want && l < SIMD_NLEVELS; l++)
        if (strcmp(want, simd_name((SimdLevel)l)) == 0 && l < best)
            best = l;
    chosen = (SimdLevel)best;
}

SimdLevel simd_level(void)
{
    pthread_once(&chosen_once, choose);
    return chosen;
}
