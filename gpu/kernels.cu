// The colour kernels: one thread per two pixels (or one 2×2 block) of a
// stripe, running the same colour.h functions as the CPU backend, so the two
// give the same bytes.
#include "gpu/kernels.h"

struct KernelArgs {
    ColourJob j;
    int width, y0, y1;
    int out; // COLOUR_OUT_BGR24 or COLOUR_OUT_RGB48
    uint8_t *dst;
    int dst_stride;
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
    int bpp = k.out == COLOUR_OUT_RGB48 ? 6 : 3;
    uint8_t *dst = k.dst + (size_t)y * k.dst_stride + bpp * x;
    colour_pixel_out(&k.j, x, y, k.out, dst);
    if (x + 1 < k.width)
        colour_pixel_out(&k.j, x + 1, y, k.out, dst + bpp);
}

extern "C" cudaError_t colour_launch(const ColourJob *j, int out, uint8_t *dst, int dst_stride,
                                     int width, int y0, int y1, cudaStream_t stream)
{
    KernelArgs k;
    memset(&k, 0, sizeof(k));
    k.j = *j;
    k.width = width, k.y0 = y0, k.y1 = y1;
    k.out = out;
    k.dst = dst;
    k.dst_stride = dst_stride;
    dim3 block(64, 4);
    int pairs = (width + 1) / 2;
    dim3 grid((pairs + block.x - 1) / block.x, (y1 - y0 + block.y - 1) / block.y);
    colour_kernel<<<grid, block, 0, stream>>>(k);
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
