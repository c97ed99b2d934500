/* OpenColorIO's Range (ops/range/): mode (1 min, 2 max, 3 min max, 4 scale
 * min max), lower, upper, scale, offset; a channel at a time (RangeOpCPU.cpp).
 * A Range that only scales (no clamp) is built as a Matrix. */
#ifndef PINSTRIPE_COLOUR_OPS_RANGE_H
#define PINSTRIPE_COLOUR_OPS_RANGE_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_RANGE_PARAMS 5
#define OCIO_RANGE_FLAGS 1

OCIO_FN float ocio_range1(int mode, const float *q, float x)
{
    x = mode == 4 ? x * q[3] + q[4] : x;
    if (mode == 1)
        return ocio_maxf(q[1], x);
    if (mode == 2)
        return ocio_minf(q[2], x);
    return ocio_minf(ocio_maxf(q[1], x), q[2]);
}

OCIO_CHANNEL_FORMS(range, (int)q[0], 0, 0, ocio_range1)
OCIO_FIXED_CHECK(range, RANGE)

#ifndef __CUDACC__
/* The bounds present (has_min, has_max), inverse swaps in and out; no_clamp: a
 * scale and offset alone (both bounds needed) */
int ocio_prog_range(OcioProg *p, int fwd, int no_clamp, int has_min, double min_in, double min_out,
                    int has_max, double max_in, double max_out);
#ifdef OCIO_PROG_BUILD
int ocio_prog_range(OcioProg *p, int fwd, int no_clamp, int has_min, double min_in, double min_out,
                    int has_max, double max_in, double max_out)
{
    if (!fwd) { /* RangeOpData's inverse: in and out swapped */
        double t = min_in;
        min_in = min_out, min_out = t;
        t = max_in, max_in = max_out, max_out = t;
    }
    double scale = 1, offset = 0;
    if (has_min && has_max) {
        if (fabs(max_in - min_in) < 1e-6)
            return 1;
        scale = (max_out - min_out) / (max_in - min_in);
        offset = min_out - scale * min_in;
    }
    if (no_clamp) {
        if (!(has_min && has_max))
            return 1;
        const float s = (float)scale, o = (float)offset;
        const float q[15] = {s, 0, 0, 0, o, 0, s, 0, 0, o, 0, 0, s, 0, o};
        return ocio_prog_add(p, OCIO_OP_MATRIX, q, 15);
    }
    /* RangeOpData::scales(): an offset over 1e-6 or a scale that is not 1 */
    int scales = fabs(offset) > 1e-6 || fabs(scale - 1.0) > 1e-6;
    float q[5] = {0, (float)min_out, (float)max_out, (float)scale, (float)offset};
    q[0] = has_min && has_max ? (scales ? 4.0f : 3.0f) : has_min ? 1.0f : 2.0f;
    return ocio_prog_add(p, OCIO_OP_RANGE, q, 5);
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
