// The colour kernel: one thread per pixel of a stripe, running the same
// colour_convert_pixel() as the CPU backend (integer maths: byte-identical).
#include "gpu/kernels.h"

// What both kernels read: the source rows [y0, y1) of `width` pixels, and the
// conversion and transform to apply (a copy of each, so the launch owns it).
struct PixelJob {
    PixelSource src;
    int width, y0, y1;
    YuvCoeffs c;
    ColourAffine a;
    int has_affine, has_chain;
    Chain ch;
};

static PixelJob pixel_job(const PixelSource *src, int width, int y0, int y1, const YuvCoeffs *c,
                          const ColourAffine *a, const Chain *ch)
{
    PixelJob j;
    memset(&j, 0, sizeof(j));
    j.src = *src;
    j.width = width, j.y0 = y0, j.y1 = y1;
    j.c = *c;
    j.has_affine = a != NULL;
    if (a)
        j.a = *a;
    j.has_chain = ch != NULL;
    if (ch)
        j.ch = *ch;
    return j;
}

struct KernelArgs {
    PixelJob j;
    uint8_t *dst;
    int dst_stride;
};

// __grid_constant__: the arguments stay in the constant bank even though their
// addresses are taken (no per-thread copy to local memory). Each thread does
// two horizontally adjacent pixels, which share a 4:2:0 chroma sample.
__global__ void colour_kernel(const __grid_constant__ KernelArgs k)
{
    const PixelJob &j = k.j;
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = j.y0 + blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= j.width || y >= j.y1)
        return;
    uint8_t *dst = k.dst + (size_t)y * k.dst_stride + 3 * x;
    const ColourAffine *a = j.has_affine ? &j.a : NULL;
    const Chain *ch = j.has_chain ? &j.ch : NULL;
    colour_convert_pixel(&j.src, x, y, &j.c, a, ch, dst);
    if (x + 1 < j.width)
        colour_convert_pixel(&j.src, x + 1, y, &j.c, a, ch, dst + 3);
}

extern "C" cudaError_t colour_launch(const PixelSource *src, uint8_t *dst, int dst_stride,
                                     int width, int y0, int y1, const YuvCoeffs *c,
                                     const ColourAffine *a, const Chain *ch, cudaStream_t stream)
{
    KernelArgs k;
    k.j = pixel_job(src, width, y0, y1, c, a, ch);
    k.dst = dst;
    k.dst_stride = dst_stride;
    dim3 block(64, 4);
    int pairs = (width + 1) / 2;
    dim3 grid((pairs + block.x - 1) / block.x, (y1 - y0 + block.y - 1) / block.y);
    colour_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}

struct Yuv420Args {
    PixelJob j;
    uint8_t *dst[3]; // row 0 of each: luma row y0 (chroma row y0/2)
    int dst_stride[3];
    RgbToYuv o;
};

// The encoder's 4:2:0 output: one thread per 2×2 block, the same
// colour_convert_block420() as the CPU backend.
__global__ void yuv420_kernel(const __grid_constant__ Yuv420Args k)
{
    const PixelJob &j = k.j;
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = j.y0 + 2 * (blockIdx.y * blockDim.y + threadIdx.y);
    if (x + 1 >= j.width || y + 1 >= j.y1)
        return;
    int r = y - j.y0;
    uint8_t *l0 = k.dst[0] + (size_t)r * k.dst_stride[0];
    uint8_t *u = k.dst[1] + (size_t)(r / 2) * k.dst_stride[1] + x / 2;
    uint8_t *v = k.dst[2] + (size_t)(r / 2) * k.dst_stride[2] + x / 2;
    colour_convert_block420(&j.src, x, y, &j.c, j.has_affine ? &j.a : NULL,
                            j.has_chain ? &j.ch : NULL, &k.o, l0, l0 + k.dst_stride[0], u, v);
}

extern "C" cudaError_t colour_launch_yuv420(const PixelSource *src, uint8_t *const dst[3],
                                            const int dst_stride[3], int width, int y0, int y1,
                                            const YuvCoeffs *c, const RgbToYuv *o,
                                            const ColourAffine *a, const Chain *ch,
                                            cudaStream_t stream)
{
    Yuv420Args k;
    k.j = pixel_job(src, width, y0, y1, c, a, ch);
    for (int p = 0; p < 3; p++)
        k.dst[p] = dst[p], k.dst_stride[p] = dst_stride[p];
    k.o = *o;
    dim3 block(64, 2);
    int bw = width / 2, bh = (y1 - y0) / 2;
    dim3 grid((bw + block.x - 1) / block.x, (bh + block.y - 1) / block.y);
    yuv420_kernel<<<grid, block, 0, stream>>>(k);
    return cudaGetLastError();
}
