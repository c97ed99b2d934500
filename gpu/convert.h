/* CPU conversion of a band of rows to packed BGR with a transform applied:
 * what one CPU stripe worker does, built on the shared per-pixel maths. */
#ifndef PINSTRIPE_GPU_CONVERT_H
#define PINSTRIPE_GPU_CONVERT_H

#include "gpu/colour.h"
#include "gpu/frame.h"
#include "gpu/transform.h"

/* Rows [y0, y1) of `in` (any layout) into the same rows of `out` (bgr24). */
void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                  const Transform *t);

/* Rows [y0, y1) (both even) of `in` into the same rows of `out` (yuv420p, banded
 * or not): each 2×2 block as colour_convert_block420 does. scratch: 6 × width
 * bytes, the caller's (one per worker, allocated once). */
void convert_rows_yuv420(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                         const RgbToYuv *o, const Transform *t, uint8_t *scratch);

#endif
