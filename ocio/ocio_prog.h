/* Building an OpenColorIO program (colour/ocio.h) on the host: a growing
 * block of floats, an operation at a time, with its parameters derived from
 * the operation's data as OCIO 2.1's CPU renderers derive them (OpenColorIO
 * v2.1.2: ops/log/LogUtils.cpp and LogOpCPU.cpp, ops/range/RangeOpData.cpp,
 * ops/gamma/GammaOpUtils.cpp, ops/cdl/CDLOpCPU.cpp, ops/fixedfunction/
 * FixedFunctionOpCPU.cpp), in the same precision (double, then float, or
 * float with glibc's log2f, as there). The OpenColorIO shim
 * (ocio/ocio_shim.cpp) reads each operation's data through OCIO's API and
 * calls these; the block is then one chain step's table (ChainOp.lut of a
 * CHAIN_OCIO step). Each ocio_prog_* adding an operation returns 0, 1 when
 * the program does not evaluate that form of it (the caller bakes the step),
 * or −1 out of memory. */
#ifndef PINSTRIPE_LOOK_OCIO_PROG_H
#define PINSTRIPE_LOOK_OCIO_PROG_H

#include <stddef.h>

#include "colour/ocio.h"

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
/* Append an operation: [kind, 2 + n, params[0..n−1]]. 0, −1 (out of memory), or
 * 1 (not evaluated: a power's parameter that is not finite). */
int ocio_prog_add(OcioProg *p, int kind, const float *params, size_t n);
/* Append an operation whose parameters are a head of nh floats, then a table of nt. */
int ocio_prog_add2(OcioProg *p, int kind, const float *head, size_t nh, const float *table,
                   size_t nt);
/* Matrix: 4×4 row-major m and offset (forward; OCIO has inverted an inverse). On
 * RGB pixels OCIO's alpha starts at 0, so the alpha column adds nothing; 1 (not
 * evaluated) where it reads an alpha an earlier matrix may have made */
int ocio_prog_matrix(OcioProg *p, const double m[16], const double off[4]);
/* Range: the bounds present (has_min, has_max), inverse swaps in and out;
 * no_clamp: a scale and offset alone (both bounds needed) */
int ocio_prog_range(OcioProg *p, int fwd, int no_clamp, int has_min, double min_in,
                    double min_out, int has_max, double max_in, double max_out);
/* Log and LogAffine: logSlope, logOffset, linSlope, linOffset per channel and base */
int ocio_prog_log(OcioProg *p, int fwd, double base, const double ls[3], const double lo[3],
                  const double ms[3], const double mo[3]);
/* LogCamera: as ocio_prog_log, with linSideBreak, and linearSlope when has_lin */
int ocio_prog_log_camera(OcioProg *p, int fwd, double base, const double ls[3],
                         const double lo[3], const double ms[3], const double mo[3],
                         const double brk[3], int has_lin, const double lin[3]);
/* Exponent: style OCIO_GAMMA_BASIC, _MIRROR or _PASS; g per channel */
int ocio_prog_exponent(OcioProg *p, int fwd, int style, const double g[3]);
/* ExponentWithLinear (moncurve): gamma and offset per channel, mirrored negatives or linear */
int ocio_prog_moncurve(OcioProg *p, int fwd, int mirror, const double g[3], const double o[3]);
/* CDL: slope, offset, power per channel and saturation; clamp: the ASC style */
int ocio_prog_cdl(OcioProg *p, int fwd, int clamp, const double slope[3],
                  const double offset[3], const double power[3], double sat);
/* FixedFunction by OCIO's style name (FixedFunctionStyleToString) and parameters */
int ocio_prog_fixed(OcioProg *p, const char *style, int fwd, const double *par, int npar);
/* Tables: n RGB triples (n 65536 with half: indexed by half-float codes), hue: HUE_DW3;
 * a 3D table of n³ triples, blue fastest. Values are sanitised as OCIO does
 * (±inf to ±FLT_MAX, NaN to 0). */
int ocio_prog_lut1d(OcioProg *p, const float *rgb, size_t n, int half, int hue);
int ocio_prog_lut3d(OcioProg *p, const float *rgb, size_t n, int tetrahedral);

/* RGB curves (GradingRGBCurve in its log and video styles): for each of R, G, B,
 * master, n control points x[], y[] and slopes s[] (all 0: estimated);
 * fitted as OCIO fits them (ocio/ocio_curve.c) */
typedef struct OcioCurve {
    int n;
    const float *x, *y, *s;
} OcioCurve;
int ocio_prog_curves(OcioProg *p, const OcioCurve curves[4]);

/* The finished block (ownership passes to the caller, free() it), its length in *len;
 * NULL if anything failed. p is emptied. */
float *ocio_prog_take(OcioProg *p, size_t *len);
void ocio_prog_free(OcioProg *p);

#ifdef __cplusplus
}
#endif

#endif
