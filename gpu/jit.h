/* The CUDA stage's kernels compiled at run time for a chain's OpenColorIO
 * programs (NVRTC): the pair kernel's source (gpu/colour_kernel.cuh, the
 * colour maths of colour/) with each program's operations named, so that
 * where the interpreter (ocio_run2) reads, converts and dispatches on every
 * record for every pixel, the kernel has each operation's code inlined, its
 * flags (a mode, a direction) constants, its values in registers read from
 * its launch's parameter (JitLaunch) and its tables and curves read from the
 * device's program: the same functions on
 * the same values, so the same bytes. A kernel is keyed on the programs'
 * shape (kinds, lengths, flags, knot counts, and the path below), not their
 * values: one kernel serves every camera of one shape, and any value. NVRTC is loaded when
 * first needed (dlopen: no link-time dependency); where it is missing, or a
 * compile fails (one line says so, once a process), or PINSTRIPE_JIT=0, the
 * stage runs the built-in pair kernel: the same bytes, about half the speed.
 * A kernel is compiled on a thread of its own while the built-in kernel runs
 * the chain's frames, and takes them over from the frame after it is ready (the
 * same bytes: nothing a user sees changes but speed); PINSTRIPE_JIT=wait
 * compiles it on the stage thread instead, the frame waiting (tests, benchmarks).
 * A CDL's numbers, which live grading changes on each key press, are no
 * program: they go by value in the frame's job (CHAIN_CDL), so a key press
 * costs no compile; in a chain with an OpenColorIO step the kernel runs the
 * CDL too, its flags (reverse, clamp) in the key and constants there, its
 * numbers read from the job. */
#ifndef PINSTRIPE_GPU_JIT_H
#define PINSTRIPE_GPU_JIT_H

#include "colour/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ColourJit ColourJit;

/* The most values a kernel reads by value: its launch's parameter is its
 * launcher's arguments (colour_kernel.cuh's KernelArgs, Yuv420Args,
 * ScaleHArgs), then the values, within the 4 KB every CUDA device takes.
 * Records past them are read from the device's program, as tables are. */
#define JIT_VALUES_MAX 512

/* A compiled kernel (a cudaKernel_t) and the values it reads (the stage's
 * cache's: valid until its next colour_jit_kernel call) */
typedef struct JitLaunch {
    const void *kernel;
    const float *values;
    int nvalues;
} JitLaunch;

/* The kernels that run a chain, each compiled for it on its own: BGR / RGB48
 * out (colour_launch), the encoder's 4:2:0 (colour_launch_yuv420), the
 * resampler's horizontal pass (scale_h_launch; the window smaller than the
 * video, zoom) */
enum { JIT_PATH_COLOUR = 0, JIT_PATH_YUV420 = 1, JIT_PATH_SCALE_H = 2, JIT_PATHS = 3 };

/* A stage's cache of compiled kernels (NULL out of memory: none then) */
ColourJit *colour_jit_create(void);
/* Waits for the compiles it started, frees it (no kernel of theirs may still
 * run: the stage has synchronised); NULL accepted */
void colour_jit_destroy(ColourJit **cj);
/* The kernel `path` and its values (*launch, for its launcher) for a chain
 * whose tables are still the host's (version[i]: step i's table build,
 * stage_table_version), on a source of `layout` (PixLayout) into `out`
 * (COLOUR_OUT_*, JIT_PATH_COLOUR's; the kernel is compiled for both, and for
 * the chain's steps' kinds): launch->kernel NULL (and returned): no OpenColorIO
 * step, no compiled kernel, or not yet (the built-in pair kernel then). The first call for a
 * shape and path starts its compile (about a second), on a thread unless
 * PINSTRIPE_JIT=wait; a chain of a shape compiled already costs none. */
const void *colour_jit_kernel(ColourJit *cj, const Chain *ch, int layout, int out,
                              const unsigned *version, int path, JitLaunch *launch);

/* What colour_jit_try found */
typedef struct JitTry {
    double ms;   /* the compile's time (both, where the first spilled) */
    int spills;  /* bytes a thread spills (ptxas's report; −1 unsaid) */
    int bounded; /* 1: compiled at 64 registers a thread; 0: it spilled there */
    int nvalues; /* floats by value (JitLaunch.values) */
} JitTry;

/* For tests on a machine without a GPU: the kernel `path` for the chain's
 * OpenColorIO steps (host tables) on `layout` into `out` compiled for sm_<arch>
 * as the stage would, not loaded. 1 compiled (t says how), 0 no such step, −1
 * failed (why in err), −2 no NVRTC here. */
int colour_jit_try(const Chain *ch, int layout, int out, int arch, int path, JitTry *t, char *err,
                   size_t errlen);
/* How many kernels this process has compiled and loaded (test_gpu: its
 * OpenColorIO chains ran through them) */
int colour_jit_kernels(void);

#ifdef __cplusplus
}
#endif

#endif
