// The bodies of the kernels that run a chain (BGR / RGB48 out, the encoder's
// 4:2:0, the resampler's horizontal pass), shared by gpu/kernels.cu (built with
// the program) and the kernels gpu/jit.c compiles at run time for a chain's
// OpenColorIO programs: the same colour.h functions as the CPU backend, so
// the two give the same bytes.
#ifndef PINSTRIPE_GPU_COLOUR_KERNEL_CUH
#define PINSTRIPE_GPU_COLOUR_KERNEL_CUH

#include "colour/colour.h"
#include "colour/scale_px.h"

struct KernelArgs {
    ColourJob j;
    int width, y0, y1;
    int out; // COLOUR_OUT_BGR24 or COLOUR_OUT_RGB48
    uint8_t *dst;
    int dst_stride;
};

// The output (k.out); a constant in a kernel gpu/jit.c compiles for it
#ifndef COLOUR_KERNEL_OUT
#define COLOUR_KERNEL_OUT(k) ((k).out)
#endif

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
    int out = COLOUR_KERNEL_OUT(k), bpp = colour_out_bytes(out);
    uint8_t *dst = k.dst + (size_t)y * k.dst_stride + bpp * x;
    if (Pair) { // (an odd row's last pixel too: the chain's code once in the kernel)
        colour_pair_out(&k.j, x, y, x + 1 < k.width, out, dst);
        return;
    }
    colour_pixel_out(&k.j, x, y, out, dst);
    if (x + 1 < k.width)
        colour_pixel_out(&k.j, x + 1, y, out, dst + bpp);
}

#define COLOUR_KERNEL_BLOCK_X 64
#define COLOUR_KERNEL_BLOCK_Y 4

// Pixels (x, y) and (x + 1, y) as R, G, B: the chain on both together (Pair: a
// chain with an OpenColorIO step, colour_pair_float), else one at a time; the
// same bytes either way.
template <bool Pair>
__device__ __forceinline__ void colour_float2(const ColourJob *j, int x, int y, float a[3],
                                              float b[3])
{
    if (Pair) {
        colour_pair_float(j, x, y, 1, a, b);
        return;
    }
    colour_pixel_float(j, x, y, a);
    colour_pixel_float(j, x + 1, y, b);
}

// The encoder's 4:2:0 output: one thread per 2×2 block, the same colour_put,
// colour_out_y and colour_out_uv as colour_block420 (the CPU backend's rows).
struct Yuv420Args {
    ColourJob j;
    int width, y0, y1;
    uint8_t *dst[3]; // row 0 of each: luma row y0 (chroma row y0/2)
    int dst_stride[3];
};

#define YUV420_BLOCK_X 64
#define YUV420_BLOCK_Y 2

template <bool Pair> __device__ __forceinline__ void yuv420_body(const Yuv420Args &k)
{
    int x = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    int y = k.y0 + 2 * (blockIdx.y * blockDim.y + threadIdx.y);
    if (x + 1 >= k.width || y + 1 >= k.y1)
        return;
    int r = y - k.y0;
    uint8_t *l0 = k.dst[0] + (size_t)r * k.dst_stride[0];
    uint8_t *u = k.dst[1] + (size_t)(r / 2) * k.dst_stride[1];
    uint8_t *v = k.dst[2] + (size_t)(r / 2) * k.dst_stride[2];
    float p[4][3] = {};
#pragma unroll 1
    for (int i = 0; i < 2; i++) { // (a loop: one copy of the chain in the kernel; p's
        float a[3], b[3];         // places constants, so that it keeps its registers)
        colour_float2<Pair>(&k.j, x, y + i, a, b);
        for (int c = 0; c < 3; c++) {
            p[0][c] = i ? p[0][c] : a[c], p[1][c] = i ? p[1][c] : b[c];
            p[2][c] = i ? a[c] : p[2][c], p[3][c] = i ? b[c] : p[3][c];
        }
    }
    colour_block420_put(&k.j, x, y, p, l0, l0 + k.dst_stride[0], u, v);
}

// Resampling. The horizontal pass: one block of SCALE_H_BLOCK threads a row
// segment of `per` outputs (at most SCALE_H_BLOCK: scale_h_plan picks it so that
// every thread takes as many turns); its threads first transform the input
// pixels the segment reads into shared memory (each once; two adjacent ones a
// thread where the chain runs on pairs), then each sums its output's taps there.
#define SCALE_H_BLOCK 128

struct ScaleHArgs {
    ColourJob j;
    ScaleAxis h;
    int out_w, y0, per;
    float *hbuf;
};

template <bool Pair> __device__ __forceinline__ void scale_h_body(const ScaleHArgs &k)
{
    extern __shared__ float px[];
    int x0 = blockIdx.x * k.per, y = k.y0 + blockIdx.y;
    int xl = min(x0 + k.per, k.out_w) - 1;
    int base = k.h.first[x0] + k.h.offset, span = k.h.first[xl] + k.h.taps - k.h.first[x0];
    for (int i = (Pair ? 2 : 1) * threadIdx.x; i < span; i += (Pair ? 2 : 1) * blockDim.x) {
        if (Pair) { // (the segment's odd last pixel too: the chain's code once in the kernel)
            float a[3], b[3];
            int two = i + 1 < span;
            colour_pair_float(&k.j, base + i, y, two, a, b);
            scale_to_light(&k.h, a);
            scale_to_light(&k.h, b);
            for (int c = 0; c < 3; c++) {
                px[3 * i + c] = a[c];
                if (two)
                    px[3 * i + 3 + c] = b[c];
            }
            continue;
        }
        colour_pixel_float(&k.j, base + i, y, px + 3 * i);
        scale_to_light(&k.h, px + 3 * i);
    }
    __syncthreads();
    int x = x0 + threadIdx.x;
    if (threadIdx.x < k.per && x <= xl)
        scale_h_px(&k.h, px, base, x, k.hbuf + ((size_t)y * k.out_w + x) * 3);
}

// A compiled kernel's parameter is its launcher's arguments, then its values
// (gpu/jit.h): room for JIT_VALUES_MAX (512) of them within the 4 KB every device takes
static_assert(sizeof(KernelArgs) + 4 * 512 <= 4096 && sizeof(Yuv420Args) + 4 * 512 <= 4096 &&
                  sizeof(ScaleHArgs) + 4 * 512 <= 4096,
              "no room for a compiled kernel's values after its arguments");

#endif
