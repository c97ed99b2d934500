/* What the per-pixel maths of both backends (colour.h, tone.h) is built on:
 * functions that gcc and nvcc both compile (COLOUR_FN), and the clamp every
 * step ends with. */
#ifndef PINSTRIPE_COLOUR_COLOUR_BASE_H
#define PINSTRIPE_COLOUR_COLOUR_BASE_H

#ifdef __CUDACC__
#define COLOUR_FN static inline __host__ __device__
/* an OpenColorIO program's maths (colour/ocio*.h, cmath.h) and the pair's
 * chain: in gpu/jit.c's kernels always inlined, so that the programs'
 * records, constants there, fold into the maths */
#ifdef COLOUR_JIT
#define OCIO_FN static __forceinline__ __host__ __device__
#else
#define OCIO_FN COLOUR_FN
#endif
/* a long step few chains have (an OpenColorIO program): a call, so that it
 * takes no registers from the kernels that never run it */
#define COLOUR_NOINLINE static __noinline__ __host__ __device__ __attribute__((unused))
/* a call that has everything it calls inlined into it (the CPU's loops over
 * lanes, which gcc vectorises only when their bodies are inlined) */
#define COLOUR_NOINLINE_FLAT COLOUR_NOINLINE
#else
#define COLOUR_FN static inline
#define OCIO_FN COLOUR_FN
#define COLOUR_NOINLINE static __attribute__((noinline, unused))
#define COLOUR_NOINLINE_FLAT static __attribute__((noinline, flatten, unused))
#endif

/* before a loop over R, G, B: nvcc unrolls it (a long body it may keep as a
 * loop, and its parameters' reads are then not constants in gpu/jit.c's
 * kernels); gcc's vectoriser has the CPU's lanes as it is */
#ifdef __CUDA_ARCH__
#define COLOUR_UNROLL _Pragma("unroll")
#else
#define COLOUR_UNROLL
#endif

/* v clamped to [0, hi]; NaN → 0 */
COLOUR_FN float chain_clamp(float v, float hi)
{
    return v > 0.0f ? (v < hi ? v : hi) : 0.0f;
}

#endif
