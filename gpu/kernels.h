/* The colour kernel's launcher: the .cu side of the CUDA backend's per-pixel
 * work, callable with a stream. */
#ifndef PINSTRIPE_GPU_KERNELS_H
#define PINSTRIPE_GPU_KERNELS_H

#include <cuda_runtime.h>

#include "gpu/colour.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Convert rows [y0, y1) of src (device planes) into packed BGR at dst (device,
 * dst_stride bytes a row), applying `a` or `ch` (device table pointers) unless
 * NULL. Launches on `stream` and returns cudaGetLastError() of the launch. */
cudaError_t colour_launch(const PixelSource *src, uint8_t *dst, int dst_stride, int width, int y0,
                          int y1, const YuvCoeffs *c, const ColourAffine *a, const Chain *ch,
                          cudaStream_t stream);

/* Convert rows [y0, y1) (even, even) of src into the encoder's yuv420p planes
 * dst (device; row 0 of each is luma row y0, chroma row y0/2), 2×2 blocks as
 * colour_convert_block420 does. Even widths. */
cudaError_t colour_launch_yuv420(const PixelSource *src, uint8_t *const dst[3],
                                 const int dst_stride[3], int width, int y0, int y1,
                                 const YuvCoeffs *c, const RgbToYuv *o, const ColourAffine *a,
                                 const Chain *ch, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
