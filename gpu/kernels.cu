// The colour kernels: one thread per two pixels (or one 2×2 block) of a
// stripe, running the same colour.h functions as the CPU backend, so the two
// give the same bytes.
#include "gpu/kernels.h"

#include "gpu/colour_kernel.cuh"

// __grid_constant__: the arguments stay in the constant bank even though their
// addresses are taken (no per-thread copy to local memory). The pair kernel
// (colour_kernel<true>) runs the chains with an OpenColorIO step, an
// instantiation of its own so that the kernel of every other chain keeps its
// registers.
template <bool Pair> __global__ void colour_kernel(const __grid_constant__ KernelArgs k)
{
    colour_kernel_body<Pair>(k);
}

extern "C" cudaError_t colour_launch(const ColourJob *j, const void *jit, int out, uint8_t *dst,
                                     int dst_stride, int width, int y0, int y1,
                                     cudaStream_t stream)
{
    KernelArgs k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.width = width, k.y0 = y0, k.y1 = y1;
    k.out = out;
    k.dst = dst;
    k.dst_stride = dst_stride;
    dim3 block(COLOUR_KERNEL_BLOCK_X, COLOUR_KERNEL_BLOCK_Y);
    int pairs = (width + 1) / 2;
    dim3 grid((pairs + block.x - 1) / block.x, (y1 - y0 + block.y - 1) / block.y);
    int ocio = colour_chain_has_ocio(&j->ch);
    if (ocio && jit) { // the chain's programs compiled in (gpu/jit.c)
        void *args[] = {&k};
        return cudaLaunchKernel(jit, grid, block, args, 0, stream);
    }
    if (ocio)
        colour_kernel<true><<<grid, block, 0, stream>>>(k);
    else
        colour_kernel<false><<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

struct Yuv420Args {
    ColourJob j;
    int width, y0, y1;
    uint8_t *dst[3]; // row 0 of each: luma row y0 (chroma row y0/2)
    int dst_stride[3];
};

// The encoder's 4:2:0 output: one thread per 2×2 block, the same
// colour_block420() as the CPU backend's rows.
__global__ void yuv420_kernel(const __grid_constant__ Yuv420Args k)
{
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = k.y0 + 2 * (blockIdx.y * blockDim.y + threadIdx.y);
    if (x + 1 >= k.width || y + 1 >= k.y1)
        return;
    int r = y - k.y0;
    uint8_t *l0 = k.dst[0] + (size_t)r * k.dst_stride[0];
    uint8_t *u = k.dst[1] + (size_t)(r / 2) * k.dst_stride[1];
    uint8_t *v = k.dst[2] + (size_t)(r / 2) * k.dst_stride[2];
    colour_block420(&k.j, x, y, l0, l0 + k.dst_stride[0], u, v);
}

extern "C" cudaError_t colour_launch_yuv420(const ColourJob *j, uint8_t *const dst[3],
                                            const int dst_stride[3], int width, int y0, int y1,
                                            cudaStream_t stream)
{
    Yuv420Args k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.width = width, k.y0 = y0, k.y1 = y1;
    for (int p = 0; p < 3; p++)
        k.dst[p] = dst[p], k.dst_stride[p] = dst_stride[p];
    dim3 block(64, 2);
    int bw = width / 2, bh = (y1 - y0) / 2;
    dim3 grid((bw + block.x - 1) / block.x, (bh + block.y - 1) / block.y);
    yuv420_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

// Resampling. The horizontal pass: one block a row segment of SCALE_H_BLOCK
// outputs; its threads first transform the input pixels the segment reads into
// shared memory (each once), then each sums its output's taps from there.
struct ScaleHArgs {
    ColourJob j;
    ScaleAxis h;
    int out_w, y0;
    float *hbuf;
};

__global__ void scale_h_kernel(const __grid_constant__ ScaleHArgs k)
{
    extern __shared__ float px[];
    int x0 = blockIdx.x * SCALE_H_BLOCK, y = k.y0 + blockIdx.y;
    int xl = min(x0 + SCALE_H_BLOCK, k.out_w) - 1;
    int base = k.h.first[x0] + k.h.offset, span = k.h.first[xl] + k.h.taps - k.h.first[x0];
    for (int i = threadIdx.x; i < span; i += blockDim.x) {
        colour_pixel_float(&k.j, base + i, y, px + 3 * i);
        scale_to_light(&k.h, px + 3 * i);
    }
    __syncthreads();
    int x = x0 + threadIdx.x;
    if (x <= xl)
        scale_h_px(&k.h, px, base, x, k.hbuf + ((size_t)y * k.out_w + x) * 3);
}

extern "C" int scale_h_span(const int32_t *first, int taps, int out_w)
{
    int span = 0;
    for (int x0 = 0; x0 < out_w; x0 += SCALE_H_BLOCK) {
        int xl = x0 + SCALE_H_BLOCK < out_w ? x0 + SCALE_H_BLOCK - 1 : out_w - 1;
        int s = first[xl] + taps - first[x0];
        span = s > span ? s : span;
    }
    return span;
}

extern "C" cudaError_t scale_h_prepare(int span)
{
    return cudaFuncSetAttribute(scale_h_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                (int)(3 * sizeof(float)) * span);
}

extern "C" cudaError_t scale_h_launch(const ColourJob *j, const ScaleAxis *h, int out_w, int span,
                                      float *hbuf, int y0, int y1, cudaStream_t stream)
{
    ScaleHArgs k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.h = *h;
    k.out_w = out_w, k.y0 = y0;
    k.hbuf = hbuf;
    dim3 grid((out_w + SCALE_H_BLOCK - 1) / SCALE_H_BLOCK, y1 - y0);
    scale_h_kernel<<<grid, SCALE_H_BLOCK, 3 * sizeof(float) * span, stream>>>(k);
    return cudaGetLastError();
}

// The vertical pass: one thread an output pixel.
struct ScaleVArgs {
    ColourJob j;
    ScaleAxis v;
    const float *hbuf;
    int out_w, out, oy0, oy1, dst_stride;
    uint8_t *dst;
};

__global__ void scale_v_kernel(const __grid_constant__ ScaleVArgs k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = k.oy0 + blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= k.out_w || y >= k.oy1)
        return;
    float acc[3] = {0.0f, 0.0f, 0.0f};
    const float *p = k.hbuf + ((size_t)(k.v.first[y] + k.v.offset) * k.out_w + x) * 3;
    for (int t = 0; t < k.v.taps; t++, p += (size_t)3 * k.out_w)
        scale_v_step(&k.v, y, t, p, acc);
    int bpp = k.out == COLOUR_OUT_RGB48 ? 6 : 3;
    scale_store(&k.j, acc, x, y, k.out, k.v.light,
                k.dst + (size_t)y * k.dst_stride + (size_t)bpp * x);
}

extern "C" cudaError_t scale_v_launch(const ColourJob *j, const ScaleAxis *v, const float *hbuf,
                                      int out_w, int out, uint8_t *dst, int dst_stride, int oy0,
                                      int oy1, cudaStream_t stream)
{
    ScaleVArgs k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.v = *v;
    k.hbuf = hbuf;
    k.out_w = out_w, k.out = out, k.oy0 = oy0, k.oy1 = oy1, k.dst_stride = dst_stride;
    k.dst = dst;
    dim3 block(64, 4);
    dim3 grid((out_w + block.x - 1) / block.x, (oy1 - oy0 + block.y - 1) / block.y);
    scale_v_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}
