/* CPU conversion of a band of rows with a transform applied: what one CPU
 * stripe worker does, built on the shared per-pixel maths. */
#ifndef PINSTRIPE_CPU_CONVERT_H
#define PINSTRIPE_CPU_CONVERT_H

#include "colour/colour.h"
#include "stage/frame.h"
#include "colour/scale_px.h"

/* Rows [y0, y1) of `in` (any layout) into the same rows of `out` (bgr24 or
 * rgb48, by its layout), with job's coefficients, chain and dither (its
 * source is set here, band by band). */
void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const ColourJob *job);

/* Rows [y0, y1) (both even) of `in` into the same rows of `out` (yuv420p or
 * yuv420p16, banded or not): each 2×2 block as colour_block420_put does.
 * scratch: CONVERT_YUV_SCRATCH(width) bytes, the caller's (one per worker,
 * allocated once). */
#define CONVERT_YUV_SCRATCH(w) ((size_t)24 * (size_t)(w))
void convert_rows_yuv420(const FrameBuf *in, FrameBuf *out, int y0, int y1, const ColourJob *job,
                         uint8_t *scratch);

/* Output rows [oy0, oy1) of a resampled frame (bgr24 or rgb48, by out's
 * layout, at h's and v's output size): each input row they read is
 * transformed once (as convert_rows does, to floats), resampled across by h,
 * kept in a ring of v->taps rows, and the output rows summed down from it by
 * v (scale_px.h). Rows beyond a band's own are recomputed, so bands are
 * independent. scratch: CONVERT_SCALED_SCRATCH floats, the caller's. */
#define CONVERT_SCALED_SCRATCH(in_w, out_w, vtaps)                                                 \
    ((size_t)3 * (size_t)(in_w) + (size_t)3 * (size_t)(out_w) * ((size_t)(vtaps) + 1))
void convert_rows_scaled(const FrameBuf *in, FrameBuf *out, int oy0, int oy1, const ColourJob *job,
                         const ScaleAxis *h, const ScaleAxis *v, float *scratch);

#endif
