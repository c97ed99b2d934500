// The colour kernels: one thread per two pixels (or one 2×2 block, or the
// resampler's pixels) of a stripe, running the same colour.h functions as the
// CPU backend, so the two give the same bytes (their bodies in
// colour_kernel.cuh, which gpu/jit.c compiles too). Each comes in two
// instantiations: Pair for a chain with an OpenColorIO step (its pixels two at
// a time), so that the kernel of every other chain keeps its registers.
#include "gpu/kernels.h"

#include "gpu/colour_kernel.cuh"

// A compiled kernel's launch (gpu/jit.h): its parameter, the launcher's arguments
// and then the values it reads, as one block
template <typename Args>
static cudaError_t jit_launch(const JitLaunch *jit, const Args &k, dim3 grid, dim3 block,
                              size_t shared, cudaStream_t stream)
{
    alignas(8) unsigned char p[4096];
    size_t nv = jit->nvalues > 0 ? (size_t)jit->nvalues : 0;
    if (sizeof(Args) + sizeof(float) * (nv ? nv : 1) > sizeof(p))
        return cudaErrorInvalidValue;
    memcpy(p, &k, sizeof(Args));
    memset(p + sizeof(Args), 0, sizeof(float)); // (none: the kernel's one unread float)
    memcpy(p + sizeof(Args), jit->values, sizeof(float) * nv);
    void *args[] = {p};
    return cudaLaunchKernel(jit->kernel, grid, block, args, shared, stream);
}

// __grid_constant__: the arguments stay in the constant bank even though their
// addresses are taken (no per-thread copy to local memory). The pair kernel
// (colour_kernel<true>) runs the chains with an OpenColorIO step, an
// instantiation of its own so that the kernel of every other chain keeps its
// registers.
template <bool Pair> __global__ void colour_kernel(const __grid_constant__ KernelArgs k)
{
    colour_kernel_body<Pair>(k);
}

extern "C" cudaError_t colour_launch(const ColourJob *j, const JitLaunch *jit, int out,
                                     uint8_t *dst, int dst_stride, int width, int y0, int y1,
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
    if (ocio && jit && jit->kernel) // the chain's programs compiled in (gpu/jit.c)
        return jit_launch(jit, k, grid, block, 0, stream);
    if (ocio)
        colour_kernel<true><<<grid, block, 0, stream>>>(k);
    else
        colour_kernel<false><<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

template <bool Pair> __global__ void yuv420_kernel(const __grid_constant__ Yuv420Args k)
{
    yuv420_body<Pair>(k);
}

extern "C" cudaError_t colour_launch_yuv420(const ColourJob *j, const JitLaunch *jit,
                                            uint8_t *const dst[3], const int dst_stride[3],
                                            int width, int y0, int y1, cudaStream_t stream)
{
    Yuv420Args k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.width = width, k.y0 = y0, k.y1 = y1;
    for (int p = 0; p < 3; p++)
        k.dst[p] = dst[p], k.dst_stride[p] = dst_stride[p];
    dim3 block(YUV420_BLOCK_X, YUV420_BLOCK_Y);
    int bw = width / 2, bh = (y1 - y0) / 2;
    dim3 grid((bw + block.x - 1) / block.x, (bh + block.y - 1) / block.y);
    int ocio = colour_chain_has_ocio(&j->ch);
    if (ocio && jit && jit->kernel)
        return jit_launch(jit, k, grid, block, 0, stream);
    if (ocio)
        yuv420_kernel<true><<<grid, block, 0, stream>>>(k);
    else
        yuv420_kernel<false><<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

template <bool Pair> __global__ void scale_h_kernel(const __grid_constant__ ScaleHArgs k)
{
    scale_h_body<Pair>(k);
}

// the most input pixels a block of `per` outputs reads
static int span_of(const int32_t *first, int taps, int out_w, int per)
{
    int span = 0;
    for (int x0 = 0; x0 < out_w; x0 += per) {
        int xl = x0 + per < out_w ? x0 + per - 1 : out_w - 1;
        int s = first[xl] + taps - first[x0];
        span = s > span ? s : span;
    }
    return span;
}

extern "C" ScaleHPlan scale_h_plan(const int32_t *first, int taps, int out_w, int pair)
{
    // a block's time goes as its threads' turns (each converts one pixel a turn,
    // or two: pair), the blocks' number as 1/per: the least turns a output
    int cap = (pair ? 2 : 1) * SCALE_H_BLOCK;
    ScaleHPlan best = {SCALE_H_BLOCK, span_of(first, taps, out_w, SCALE_H_BLOCK)};
    double cost = (double)((best.span + cap - 1) / cap) / best.per;
    for (int per = SCALE_H_BLOCK - 1; per >= SCALE_H_BLOCK / 4; per--) {
        int span = span_of(first, taps, out_w, per);
        double c = (double)((span + cap - 1) / cap) / per;
        if (c < cost)
            best = (ScaleHPlan){per, span}, cost = c;
    }
    return best;
}

extern "C" cudaError_t scale_h_prepare(const void *kernel, int span)
{
    int bytes = (int)(3 * sizeof(float)) * span;
    const cudaFuncAttribute shared = cudaFuncAttributeMaxDynamicSharedMemorySize;
    cudaError_t e = cudaSuccess;
    if (!kernel) {
        e = cudaFuncSetAttribute(scale_h_kernel<false>, shared, bytes);
        if (e == cudaSuccess)
            e = cudaFuncSetAttribute(scale_h_kernel<true>, shared, bytes);
    } else if (bytes > 48 * 1024) { // (a compiled one: beyond the default only)
        e = cudaFuncSetAttribute(kernel, shared, bytes);
    }
    return e;
}

extern "C" cudaError_t scale_h_launch(const ColourJob *j, const JitLaunch *jit, const ScaleAxis *h,
                                      int out_w, const ScaleHPlan plan[2], float *hbuf, int y0,
                                      int y1, cudaStream_t stream)
{
    int ocio = colour_chain_has_ocio(&j->ch);
    const ScaleHPlan *p = &plan[ocio]; // (a chain with an OpenColorIO step: pixels in pairs)
    ScaleHArgs k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.h = *h;
    k.out_w = out_w, k.y0 = y0, k.per = p->per;
    k.hbuf = hbuf;
    dim3 grid((out_w + p->per - 1) / p->per, y1 - y0);
    size_t shared = 3 * sizeof(float) * p->span;
    if (ocio && jit && jit->kernel) {
        cudaError_t e = scale_h_prepare(jit->kernel, p->span);
        if (e != cudaSuccess)
            return e;
        return jit_launch(jit, k, grid, dim3(SCALE_H_BLOCK), shared, stream);
    }
    if (ocio)
        scale_h_kernel<true><<<grid, SCALE_H_BLOCK, shared, stream>>>(k);
    else
        scale_h_kernel<false><<<grid, SCALE_H_BLOCK, shared, stream>>>(k);
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
