/* An OpenColorIO processor as one chain step (colour.h's CHAIN_OCIO), evaluated
 * operation by operation on both backends from this one source: the
 * operations of OCIO's optimized processor (its createGroupTransform()), each
 * computed as OCIO 2.1's CPU renderers compute it (OpenColorIO v2.1.2,
 * src/OpenColorIO/ops/…/…OpCPU.cpp: the same float operations in the same
 * order), with OCIO's log2f/exp2f/powf/atan2f replaced by cmath.h's, which
 * are within a few units of a float's last place, as glibc's are. So the CPU
 * and CUDA backends give the same bytes, and both match OCIO's own CPU
 * processor to its float rounding (within 0.07 LSB10 on the camera chains).
 * Values are not clamped between operations (ACES values run far above 1);
 * each operation clamps where OCIO's does.
 *
 * A program is one block of floats (host or device memory, uploaded as a
 * table is): [0] the number of operations, then each operation as a record
 * [kind, length, parameters…], length counting the whole record. Each kind
 * is a file of colour/ops/ (ocio_fn.h's OCIO_KINDS lists them); this file is
 * the reader that checks and walks a program, and the executors, loops over
 * its records that dispatch on their kinds. ocio/ocio_prog.c builds programs;
 * the parameters are those OCIO's renderers derive from an operation's data,
 * cast to float as OCIO casts them. */
#ifndef PINSTRIPE_COLOUR_OCIO_H
#define PINSTRIPE_COLOUR_OCIO_H

#include "colour/ocio_fn.h"
#include "colour/ops/cdl.h"
#include "colour/ops/curves.h"
#include "colour/ops/fixed.h"
#include "colour/ops/gamma.h"
#include "colour/ops/log.h"
#include "colour/ops/lut1d.h"
#include "colour/ops/lut3d.h"
#include "colour/ops/matrix.h"
#include "colour/ops/range.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the CUDA stage's compiled kernel (gpu/jit_source.c) makes of a record
 * of each kind. A pixel indexes a table's entries and a curve's knots and
 * segments (read where its value falls): those records (their parameters not
 * fixed in number) are read from the device's program. The others' values
 * every pixel reads at the same place: their leading flags (a mode, a
 * direction, which choose the code) are the kernel's key and constants in it;
 * the rest go by value (its launch's parameter: gpu/jit.h). */

/* The floats after [kind, length] in a record of a kind every pixel reads at
 * one place; −1: a table, curves, or no kind */
OCIO_FN int ocio_op_params(int kind)
{
#define OCIO_KIND_PARAMS(K, num, name)                                                             \
    case OCIO_OP_##K: return OCIO_##K##_PARAMS;
    switch (kind) {
        OCIO_KINDS(OCIO_KIND_PARAMS)
    default: return -1;
    }
#undef OCIO_KIND_PARAMS
}

OCIO_FN int ocio_op_indexed(int kind)
{
    return ocio_op_params(kind) < 0 && kind >= OCIO_OP_MATRIX && kind <= OCIO_OP_CURVES;
}

OCIO_FN int ocio_op_flags(int kind)
{
#define OCIO_KIND_FLAGS(K, num, name)                                                              \
    case OCIO_OP_##K: return OCIO_##K##_FLAGS;
    switch (kind) {
        OCIO_KINDS(OCIO_KIND_FLAGS)
    default: return 0;
    }
#undef OCIO_KIND_FLAGS
}

/* ---- the reader ---------------------------------------------------------- */

/* A program's records in turn: the first, the one after p, their number. The
 * executors walk programs the builder made (ocio/ocio_prog.c checks each as it
 * finishes it: ocio_prog_check) */
OCIO_FN const float *ocio_first(const float *prog)
{
    return prog + 1;
}

OCIO_FN const float *ocio_next(const float *p)
{
    return p + (int)p[1];
}

OCIO_FN int ocio_count(const float *prog)
{
    return (int)prog[0];
}

/* The record at `at` of a program `size` floats long, checked: within the
 * program, of a kind OCIO_KINDS has, and well formed for its kind (its
 * parameters' number, a table's size, curves' knot counts), every count
 * checked as a float before it is an int. Its length, or 0 */
OCIO_FN int ocio_record_check(const float *prog, int size, int at)
{
    if (at < 1 || at + 2 > size || !(prog[at + 1] >= 2.0f && prog[at + 1] <= (float)(size - at)))
        return 0;
    const float k = prog[at], *q = prog + at + 2;
    const int len = (int)prog[at + 1], nq = len - 2;
#define OCIO_KIND_CHECK(K, num, name)                                                              \
    if (k == (float)num)                                                                           \
        return ocio_##name##_check(q, nq) ? len : 0;
    OCIO_KINDS(OCIO_KIND_CHECK)
#undef OCIO_KIND_CHECK
    return 0;
}

/* A whole program of `size` floats: 1 when its count and every record check
 * and they fill it exactly */
OCIO_FN int ocio_prog_check(const float *prog, int size)
{
    if (size < 1 || !(prog[0] >= 0.0f && prog[0] <= (float)size))
        return 0;
    int at = 1;
    for (int r = 0, n = (int)prog[0]; r < n; r++) {
        int len = ocio_record_check(prog, size, at);
        if (!len)
            return 0;
        at += len;
    }
    return at == size;
}

/* ---- the executors: loops over the reader -------------------------------- */

/* One record p on one pixel, in place */
OCIO_FN void ocio_op1(const float *p, float v[3])
{
    const float *q = p + 2;
#define OCIO_KIND_PX(K, num, name)                                                                 \
    case OCIO_OP_##K: ocio_##name##_px(q, v); break;
    switch ((int)p[0]) {
        OCIO_KINDS(OCIO_KIND_PX)
    default: break;
    }
#undef OCIO_KIND_PX
}

/* Run a program (ChainOp.lut of a CHAIN_OCIO step) on R, G, B, in place. */
COLOUR_NOINLINE void ocio_run(const float *prog, float v[3])
{
    const float *p = ocio_first(prog);
    for (int i = 0, n = ocio_count(prog); i < n; i++, p = ocio_next(p))
        ocio_op1(p, v);
}

/* One operation (its record p, of kind `kind`) on two pixels at once, a then b:
 * the same bytes as ocio_run's on each. (In gpu/jit.c's kernels its kind is a
 * constant and its values the launch's: the switch folds away.) */
OCIO_FN void ocio_op2k(int kind, const float *p, float a[3], float b[3])
{
    const float *q = p + 2;
#define OCIO_KIND_PAIR(K, num, name)                                                               \
    case OCIO_OP_##K: ocio_##name##_pair(q, a, b); break;
    switch (kind) {
        OCIO_KINDS(OCIO_KIND_PAIR)
    default: break;
    }
#undef OCIO_KIND_PAIR
}

/* ocio_run on two pixels at once (the CUDA kernel's pair: colour.h's
 * colour_pair_out): each operation on a, then on b, from the one record. The
 * same bytes as ocio_run on each; inlined where it is called, so that the two
 * pixels' maths interleave and the record is read once for both. (The CUDA
 * stage's compiled programs, gpu/jit.c, call ocio_op2k on records whose values
 * the compiler knows.) */
OCIO_FN void ocio_run2(const float *prog, float a[3], float b[3])
{
    const float *p = ocio_first(prog);
    for (int i = 0, n = ocio_count(prog); i < n; i++, p = ocio_next(p))
        ocio_op2k((int)p[0], p, a, b); /* (gpu/jit.c's kernels name the kind) */
}

/* The same on n ≤ OCIO_N_MAX pixels held as planes (v: n R values, then n G, then n B),
 * an operation at a time over all of them: the same bytes as ocio_run on each.
 * A channel operation's loop over the pixels has no branch inside (its flag
 * is outside, its maths picks rather than branches), so gcc vectorises it
 * (the CPU rows' VL lanes); a whole-pixel one gathers its R, G, B */
COLOUR_NOINLINE_FLAT void ocio_run_n(const float *__restrict__ prog, float *__restrict__ v, int n)
{
    const float *p = ocio_first(prog);
    for (int i = 0, nops = ocio_count(prog); i < nops; i++, p = ocio_next(p)) {
        const float *q = p + 2;
#define OCIO_KIND_N(K, num, name)                                                                  \
    case OCIO_OP_##K: ocio_##name##_n(q, v, n); break;
        switch ((int)p[0]) {
            OCIO_KINDS(OCIO_KIND_N)
        default: break;
        }
#undef OCIO_KIND_N
    }
}

#ifdef __cplusplus
}
#endif

#endif
