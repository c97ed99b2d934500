// The colour kernel's body, shared by gpu/kernels.cu (built with the program)
// and the kernels gpu/jit.c compiles at run time for a chain's OpenColorIO
// programs: one thread per two pixels of a stripe, running the same colour.h
// functions as the CPU backend, so the two give the same bytes.
#ifndef PINSTRIPE_GPU_COLOUR_KERNEL_CUH
#define PINSTRIPE_GPU_COLOUR_KERNEL_CUH

#include "colour/colour.h"

struct KernelArgs {
    ColourJob j;
    int width, y0, y1;
    int out; // COLOUR_OUT_BGR24 or COLOUR_OUT_RGB48
    uint8_t *dst;
    int dst_stride;
};

// Each thread does two horizontally adjacent pixels, which share a 4:2:0
// chroma sample. Pair (a chain with an OpenColorIO step): the two run the
// chain together (colour_pair_out: the program inlined, its records read once
// for both, their maths interleaved).
template <bool Pair> __device__ __forceinline__ void colour_kernel_body(const KernelArgs &k)
{
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = k.y0 + blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= k.width || y >= k.y1)
        return;
    int bpp = colour_out_bytes(k.out);
    uint8_t *dst = k.dst + (size_t)y * k.dst_stride + bpp * x;
    if (Pair && x + 1 < k.width) {
        colour_pair_out(&k.j, x, y, k.out, dst);
        return;
    }
    if (Pair) { // the odd last pixel
        colour_pixel_out_call(&k.j, x, y, k.out, dst);
        return;
    }
    colour_pixel_out(&k.j, x, y, k.out, dst);
    if (x + 1 < k.width)
        colour_pixel_out(&k.j, x + 1, y, k.out, dst + bpp);
}

#define COLOUR_KERNEL_BLOCK_X 64
#define COLOUR_KERNEL_BLOCK_Y 4

#endif
