/* Building an OpenColorIO program (colour/ocio.h) on the host: a growing
 * block of floats, an operation at a time, each record checked as it is
 * appended (colour/ocio.h's ocio_record_check). Each kind's builder, which
 * derives its parameters from the operation's data as OCIO 2.1's CPU
 * renderers derive them, in the same precision (double, then float, or float
 * with glibc's log2f, as there), is in the kind's file (colour/ops/) and
 * compiled in ocio_prog.c. The OpenColorIO shim (ocio/ocio_ops.cpp) reads each
 * operation's data through OCIO's API and calls them; the block is then one
 * chain step's table (ChainOp.lut of a CHAIN_OCIO step). Each ocio_prog_*
 * adding an operation returns 0, 1 when the program does not evaluate that
 * form of it (the caller bakes the step), or −1 (out of memory, or a record
 * that is not well formed). */
#ifndef PINSTRIPE_LOOK_OCIO_PROG_H
#define PINSTRIPE_LOOK_OCIO_PROG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct OcioProg {
    float *data; /* data[0]: the number of operations, then the records */
    size_t len, cap;
    int nops;
    int failed; /* out of memory on the way: the program is unusable */
    int alpha;  /* the operations so far may leave alpha non-zero (a matrix's alpha row or
                 * offset): OCIO carries alpha, a program does not (ocio_prog_matrix) */
} OcioProg;

void ocio_prog_init(OcioProg *p);
/* Append an operation: [kind, 2 + n, params[0..n−1]]. 0, or −1 (out of memory, or a
 * record its kind's check refuses: colour/ocio.h's ocio_record_check) */
int ocio_prog_add(OcioProg *p, int kind, const float *params, size_t n);
/* Append an operation whose parameters are a head of nh floats, then a table of nt. */
int ocio_prog_add2(OcioProg *p, int kind, const float *head, size_t nh, const float *table,
                   size_t nt);
/* The same, the table's values sanitised as OCIO does (±inf to ±FLT_MAX, NaN to 0) */
int ocio_prog_add_table(OcioProg *p, int kind, const float *head, size_t nh, const float *rgb,
                        size_t n);
/* The finished block (ownership passes to the caller, free() it), its length in *len;
 * NULL if anything failed. p is emptied. */
float *ocio_prog_take(OcioProg *p, size_t *len);
void ocio_prog_free(OcioProg *p);

#ifdef __cplusplus
}
#endif

/* each kind's builder (ocio_prog_matrix, ocio_prog_range, ocio_prog_log, …,
 * ocio_prog_curves) is declared in its file, colour/ops/ (and defined there:
 * ocio_prog.c includes them with OCIO_PROG_BUILD) */
#include "colour/ocio.h"

#endif
