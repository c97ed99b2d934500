/* The colour kernels' launchers: the .cu side of the CUDA backend's per-pixel
 * work, callable with a stream. */
#ifndef PINSTRIPE_GPU_KERNELS_H
#define PINSTRIPE_GPU_KERNELS_H

#include <cuda_runtime.h>

#include "colour/colour.h"
#include "colour/scale_px.h"
#include "gpu/colour_kernel.cuh"
#include "gpu/jit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Convert rows [y0, y1) of the job's source (device planes; its chain's
 * tables and dither pattern device memory too) into packed BGR or RGB48 (out)
 * at dst (device, dst_stride bytes a row). jit: NULL (or its kernel NULL), or
 * the kernel gpu/jit.c compiled for this chain's OpenColorIO programs and its
 * values (colour_jit_kernel), run in place of the built-in pair kernel. Launches on `stream` and
 * returns cudaGetLastError() of the launch. */
cudaError_t colour_launch(const ColourJob *j, const JitLaunch *jit, int out, uint8_t *dst,
                          int dst_stride, int width, int y0, int y1, cudaStream_t stream);

/* Convert rows [y0, y1) (even, even) of the job's source into the encoder's
 * 4:2:0 planes dst (device; row 0 of each is luma row y0, chroma row y0/2),
 * 2×2 blocks as colour_block420_put does. Even widths. jit: NULL, or the
 * kernel compiled for the chain (colour_jit_kernel, JIT_PATH_YUV420). */
cudaError_t colour_launch_yuv420(const ColourJob *j, const JitLaunch *jit, uint8_t *const dst[3],
                                 const int dst_stride[3], int width, int y0, int y1,
                                 cudaStream_t stream);

/* Resampling (scale_px.h), the horizontal pass: input rows [y0, y1) of the
 * job's source, each pixel transformed once (colour_pixel_float), resampled
 * across by h (device tables) to out_w samples into rows y0.. of hbuf (device,
 * 3 × out_w floats a row). A block of SCALE_H_BLOCK (colour_kernel.cuh)
 * threads makes `per` outputs, reading at most `span` input pixels: per is
 * picked so that its threads take as many turns converting them (one pixel a
 * turn, or two for a chain with an OpenColorIO step: plan[1]). jit: NULL, or
 * the kernel compiled for the chain (colour_jit_kernel, JIT_PATH_SCALE_H). */
typedef struct ScaleHPlan {
    int per, span;
} ScaleHPlan;
ScaleHPlan scale_h_plan(const int32_t *first, int taps, int out_w, int pair);
/* Let the horizontal pass use span's shared memory: the built-in kernels
 * (kernel NULL: once, before launching), or a compiled one (scale_h_launch). */
cudaError_t scale_h_prepare(const void *kernel, int span);
cudaError_t scale_h_launch(const ColourJob *j, const JitLaunch *jit, const ScaleAxis *h, int out_w,
                           const ScaleHPlan plan[2], float *hbuf, int y0, int y1,
                           cudaStream_t stream);
/* The vertical pass: output rows [oy0, oy1), each summed down hbuf's rows by v
 * (device tables), stored as BGR (dithered) or RGB48 (out) at dst (device,
 * row y at dst + y × dst_stride). */
cudaError_t scale_v_launch(const ColourJob *j, const ScaleAxis *v, const float *hbuf, int out_w,
                           int out, uint8_t *dst, int dst_stride, int oy0, int oy1,
                           cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
