// The colour kernel: one thread per pixel of a stripe, running the same
// colour_convert_pixel() as the CPU backend (integer maths: byte-identical).
#include "gpu/kernels.h"

struct KernelArgs {
    PixelSource src;
    uint8_t *dst;
    int dst_stride, width, y0, y1;
    YuvCoeffs c;
    ColourAffine a;
    int has_affine, has_chain;
    Chain ch;
};

// __grid_constant__: the arguments stay in the constant bank even though their
// addresses are taken (no per-thread copy to local memory). Each thread does
// two horizontally adjacent pixels, which share a 4:2:0 chroma sample.
__global__ void colour_kernel(const __grid_constant__ KernelArgs k)
{
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = k.y0 + blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= k.width || y >= k.y1)
        return;
    uint8_t *dst = k.dst + (size_t)y * k.dst_stride + 3 * x;
    const ColourAffine *a = k.has_affine ? &k.a : NULL;
    const Chain *ch = k.has_chain ? &k.ch : NULL;
    colour_convert_pixel(&k.src, x, y, &k.c, a, ch, dst);
    if (x + 1 < k.width)
        colour_convert_pixel(&k.src, x + 1, y, &k.c, a, ch, dst + 3);
}

extern "C" cudaError_t colour_launch(const PixelSource *src, uint8_t *dst, int dst_stride,
                                     int width, int y0, int y1, const YuvCoeffs *c,
                                     const ColourAffine *a, const Chain *ch, cudaStream_t stream)
{
    KernelArgs k;
    k.src = *src;
    k.dst = dst;
    k.dst_stride = dst_stride, k.width = width, k.y0 = y0, k.y1 = y1;
    k.c = *c;
    k.has_affine = a != NULL;
    if (a)
        k.a = *a;
    else
        memset(&k.a, 0, sizeof(k.a));
    k.has_chain = ch != NULL;
    if (ch)
        k.ch = *ch;
    else
        memset(&k.ch, 0, sizeof(k.ch));
    dim3 block(64, 4);
    int pairs = (width + 1) / 2;
    dim3 grid((pairs + block.x - 1) / block.x, (y1 - y0 + block.y - 1) / block.y);
    colour_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

struct Yuv420Args {
    PixelSource src;
    uint8_t *dst[3]; // row 0 of each: luma row y0 (chroma row y0/2)
    int dst_stride[3], width, y0, y1;
    YuvCoeffs c;
    RgbToYuv o;
    ColourAffine a;
    int has_affine, has_chain;
    Chain ch;
};

// The encoder's 4:2:0 output: one thread per 2×2 block, the same
// colour_convert_block420() as the CPU backend.
__global__ void yuv420_kernel(const __grid_constant__ Yuv420Args k)
{
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = k.y0 + 2 * (blockIdx.y * blockDim.y + threadIdx.y);
    if (x + 1 >= k.width || y + 1 >= k.y1)
        return;
    int r = y - k.y0;
    uint8_t *l0 = k.dst[0] + (size_t)r * k.dst_stride[0];
    uint8_t *u = k.dst[1] + (size_t)(r / 2) * k.dst_stride[1] + x / 2;
    uint8_t *v = k.dst[2] + (size_t)(r / 2) * k.dst_stride[2] + x / 2;
    colour_convert_block420(&k.src, x, y, &k.c, k.has_affine ? &k.a : NULL,
                            k.has_chain ? &k.ch : NULL, &k.o, l0, l0 + k.dst_stride[0], u, v);
}

extern "C" cudaError_t colour_launch_yuv420(const PixelSource *src, uint8_t *const dst[3],
                                            const int dst_stride[3], int width, int y0, int y1,
                                            const YuvCoeffs *c, const RgbToYuv *o,
                                            const ColourAffine *a, const Chain *ch,
                                            cudaStream_t stream)
{
    Yuv420Args k;
    memset(&k, 0, sizeof(k));
    k.src = *src;
    for (int p = 0; p < 3; p++)
        k.dst[p] = dst[p], k.dst_stride[p] = dst_stride[p];
    k.width = width, k.y0 = y0, k.y1 = y1;
    k.c = *c;
    k.o = *o;
    k.has_affine = a != NULL;
    if (a)
        k.a = *a;
    k.has_chain = ch != NULL;
    if (ch)
        k.ch = *ch;
    dim3 block(64, 2);
    int bw = width / 2, bh = (y1 - y0) / 2;
    dim3 grid((bw + block.x - 1) / block.x, (bh + block.y - 1) / block.y);
    yuv420_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}
