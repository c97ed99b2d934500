// The scopes counted on the GPU (see scope_cuda.h). Two counting kernels over
// the rows a stripe wrote, each block counting into shared memory and adding
// its non-zero cells to the frame's tables with global atomics:
//  - columns (waveform, parade): a block takes a few column bins (the x range
//    that falls in them) over a run of rows, every level of those bins in shared
//    memory (at most 46 KiB: 11 bins of 256 levels for both scopes, 2 of 1024; and
//    each column's bin, a byte); a thread steps from pixel to pixel, never dividing;
//  - points (vectorscope; histogram, unless the parade is counted: then each
//    level's count is its parade row's sum, taken on the device before the pack):
//    a block takes a run of at most 65535 pixels; the vectorscope's 256 × 256 cells as 16-bit
//    counts, two to a word (128 KiB; a 32-bit table would be 256 KiB, over the 227 KiB a block may
//    have on Hopper), which that many pixels cannot overflow. A device with less
//    shared memory counts the vectorscope with global atomics instead.
// Both run blocks of 1024 threads, each thread loading four pixels before it
// counts them: with fewer warps and one load at a time they waited on the loads
// (ncu on an H100, a 720-row 4K stripe: columns 84 -> 33 us, points 89 -> 58 us).
// The pack kernel turns the tables into scope.h's packed block (and clears
// them), writing the pairs straight into the pinned host block.
#include "gpu/scope_cuda.h"
#include "gpu/cuda_check.h"

#include <stdio.h>
#include <string.h>

#define COLUMNS_THREADS 1024
#define COLUMNS_WORDS 11776  // 46 KiB of shared counts a block (the rest of 48: the columns' bins)
#define COLUMNS_PIXELS 32768 // about this many pixels a block
#define POINTS_THREADS 1024
#define UNROLL 4 // pixels a thread loads before it counts them (the loads' latency overlapped)
#define POINTS_TILE 65535 // pixels a block: a 16-bit count cannot overflow
#define VECTOR_WORDS (SCOPE_UV * SCOPE_UV / 2)
#define PACK_THREADS 256

static int vector_shared = -1; // the points kernel's vectorscope in shared memory (-1: not asked)

// Pixel (x, y) as 10-bit R, G, B (scope.h): packed B,G,R bytes or R,G,B 16-bit samples.
__device__ static inline void load(const uint8_t *__restrict__ rows, int stride, int x, int y,
                                   int wide, int *r, int *g, int *b)
{
    const uint8_t *row = rows + (size_t)y * stride;
    if (wide) {
        const uint16_t *p = (const uint16_t *)row + 3 * (size_t)x;
        *r = __ldg(p) >> 6, *g = __ldg(p + 1) >> 6, *b = __ldg(p + 2) >> 6;
    } else {
        const uint8_t *p = row + 3 * (size_t)x;
        *b = scope_s10(__ldg(p)), *g = scope_s10(__ldg(p + 1)), *r = scope_s10(__ldg(p + 2));
    }
}

// The first column whose bin is at least `bin`: bin(x) = x·cols / width.
__device__ static inline int bin_start(const ScopeCounts *c, int bin)
{
    return (int)(((long long)bin * c->width + c->cols - 1) / c->cols);
}

__global__ void count_columns(ScopeCounts c, const uint8_t *__restrict__ rows, int stride, int y0,
                              int y1, int rows_per_block, int bb, int wide)
{
    extern __shared__ uint32_t sh[];
    int shift = c.levels == 256 ? 2 : 0, levels = c.levels, tid = threadIdx.x;
    int nt = (c.wave ? 1 : 0) + (c.parade ? 3 : 0);
    int b0 = blockIdx.x * bb, b1 = b0 + bb < c.cols ? b0 + bb : c.cols;
    int tsize = levels * bb, ncell = nt * tsize;
    int x0 = bin_start(&c, b0), x1 = bin_start(&c, b1), tw = x1 - x0;
    uint8_t *lbin = (uint8_t *)(sh + ncell); // each of the block's columns: its bin - b0
    for (int i = tid; i < ncell; i += blockDim.x)
        sh[i] = 0;
    for (int i = tid; i < tw; i += blockDim.x) {
        int x = x0 + i;
        lbin[i] = (uint8_t)((c.cols < c.width ? (int)((long long)x * c.cols / c.width) : x) - b0);
    }
    __syncthreads();
    int ry0 = y0 + blockIdx.y * rows_per_block;
    int ry1 = ry0 + rows_per_block < y1 ? ry0 + rows_per_block : y1;
    int n = tw * (ry1 - ry0);
    uint32_t *par = sh + (c.wave ? tsize : 0);
    // pixel p = (xo, yo) of the block's tw × rows: stepped, never divided for
    int xo = tid % tw, yo = tid / tw, sx = (int)blockDim.x % tw, sy = (int)blockDim.x / tw;
    for (int p = tid; p < n; p += UNROLL * blockDim.x) {
        int r[UNROLL], g[UNROLL], b[UNROLL], lb[UNROLL];
#pragma unroll
        for (int k = 0; k < UNROLL; k++) {
            lb[k] = -1;
            if (p + k * (int)blockDim.x < n) {
                lb[k] = lbin[xo];
                load(rows, stride, x0 + xo, ry0 + yo, wide, &r[k], &g[k], &b[k]);
            }
            xo += sx, yo += sy;
            if (xo >= tw)
                xo -= tw, yo++;
        }
#pragma unroll
        for (int k = 0; k < UNROLL; k++) {
            if (lb[k] < 0)
                continue;
            if (c.wave)
                atomicAdd(&sh[(scope_y10(r[k], g[k], b[k]) >> shift) * bb + lb[k]], 1u);
            if (c.parade) {
                atomicAdd(&par[(r[k] >> shift) * bb + lb[k]], 1u);
                atomicAdd(&par[tsize + (g[k] >> shift) * bb + lb[k]], 1u);
                atomicAdd(&par[2 * tsize + (b[k] >> shift) * bb + lb[k]], 1u);
            }
        }
    }
    __syncthreads();
    size_t plane = (size_t)levels * c.cols;
    for (int i = tid; i < ncell; i += blockDim.x) {
        uint32_t v = sh[i];
        if (!v)
            continue;
        int t = i / tsize, level = i % tsize / bb, lb = i % bb;
        size_t at = (size_t)level * c.cols + b0 + lb;
        uint32_t *dst =
            c.wave && t == 0 ? c.wave + at : c.parade + (t - (c.wave ? 1 : 0)) * plane + at;
        atomicAdd(dst, v);
    }
}

__global__ void count_points(ScopeCounts c, const uint8_t *__restrict__ rows, int stride, int y0,
                             int y1, int tile, int wide, int vshared)
{
    extern __shared__ uint32_t sh[];
    int shift = c.levels == 256 ? 2 : 0, levels = c.levels, tid = threadIdx.x;
    int nv = c.vector && vshared ? VECTOR_WORDS : 0, nh = c.hist ? 3 * levels : 0;
    uint32_t *vec = sh, *hist = sh + nv;
    for (int i = tid; i < nv + nh; i += blockDim.x)
        sh[i] = 0;
    __syncthreads();
    long long n = (long long)c.width * (y1 - y0), start = (long long)blockIdx.x * tile;
    long long end = start + tile < n ? start + tile : n, p = start + tid;
    // pixel p = (x, y): stepped, never divided for
    int x = (int)(p % c.width), y = y0 + (int)(p / c.width);
    int sx = (int)blockDim.x % c.width, sy = (int)blockDim.x / c.width;
    for (; p < end; p += UNROLL * blockDim.x) {
        int r[UNROLL], g[UNROLL], b[UNROLL], ok[UNROLL];
#pragma unroll
        for (int k = 0; k < UNROLL; k++) {
            ok[k] = p + k * (long long)blockDim.x < end;
            if (ok[k])
                load(rows, stride, x, y, wide, &r[k], &g[k], &b[k]);
            x += sx, y += sy;
            if (x >= c.width)
                x -= c.width, y++;
        }
#pragma unroll
        for (int k = 0; k < UNROLL; k++) {
            if (!ok[k])
                continue;
            if (c.vector) {
                int yy = scope_y10(r[k], g[k], b[k]);
                int cell = scope_uv(r[k] - yy, 10333) * SCOPE_UV + scope_uv(b[k] - yy, 8769);
                if (vshared)
                    atomicAdd(&vec[cell >> 1], 1u << (16 * (cell & 1)));
                else
                    atomicAdd(&c.vector[cell], 1u);
            }
            if (c.hist) {
                atomicAdd(&hist[r[k] >> shift], 1u);
                atomicAdd(&hist[levels + (g[k] >> shift)], 1u);
                atomicAdd(&hist[2 * levels + (b[k] >> shift)], 1u);
            }
        }
    }
    __syncthreads();
    for (int i = tid; i < nv; i += blockDim.x) {
        uint32_t w = vec[i];
        if (w & 0xffff)
            atomicAdd(&c.vector[2 * i], w & 0xffff);
        if (w >> 16)
            atomicAdd(&c.vector[2 * i + 1], w >> 16);
    }
    for (int i = tid; i < nh; i += blockDim.x)
        if (hist[i])
            atomicAdd(&c.hist[i], hist[i]);
}

// The histogram from the parade (both counted): a warp sums each of the 3 × levels
// rows of cols cells (the level's count in that channel).
__global__ void hist_rows(const uint32_t *parade, int cols, int nrows, uint32_t *hist)
{
    int row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / 32), lane = threadIdx.x % 32;
    if (row >= nrows)
        return;
    const uint32_t *p = parade + (size_t)row * cols;
    uint32_t sum = 0;
    for (int b = lane; b < cols; b += 32)
        sum += p[b];
    for (int o = 16; o > 0; o /= 2)
        sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (lane == 0)
        hist[row] = sum;
}

// The packed block (scope.h): thread i makes dense word i (cells 4i..4i+3) and
// copies histogram count i; each clears what it read.
__global__ void pack(uint32_t *counts, size_t nd, uint32_t *hist, int nh, uint32_t *head,
                     uint32_t *pairs, unsigned pairs_max)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)nh) {
        head[1 + i] = hist[i];
        hist[i] = 0;
    }
    if (4 * i >= nd)
        return;
    uint32_t word = 0;
    for (int k = 0; k < 4 && 4 * i + k < nd; k++) {
        size_t at = 4 * i + k;
        uint32_t v = counts[at];
        if (v >= 255) {
            unsigned slot = atomicAdd(&head[0], 1u);
            if (slot < pairs_max) // (never past it: the bound holds by counting)
                pairs[2 * (size_t)slot] = (uint32_t)at, pairs[2 * (size_t)slot + 1] = v;
        }
        if (v)
            counts[at] = 0;
        word |= (v < 255 ? v : 255u) << (8 * k);
    }
    head[1 + nh + i] = word;
}

extern "C" cudaError_t scope_device_prepare(void)
{
    if (vector_shared >= 0)
        return cudaSuccess;
    int dev = 0, optin = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    if (e != cudaSuccess)
        return e;
    int want = (int)sizeof(uint32_t) * (VECTOR_WORDS + 3 * 1024);
    vector_shared = optin >= want;
    return vector_shared ? cudaFuncSetAttribute(count_points,
                                                cudaFuncAttributeMaxDynamicSharedMemorySize, want)
                         : cudaSuccess;
}

void scope_device_free(ScopeDevice *d)
{
    cudaFree(d->d_counts);
    cudaFree(d->d_pack);
    cudaFreeHost(d->h_pack);
    if (d->packed)
        cudaEventDestroy(d->packed);
    memset(d, 0, sizeof(*d));
}

#define CK_ERROR err // (CK: gpu/cuda_check.h)
#define CK_ERRLEN errlen

extern "C" int scope_device_begin(ScopeDevice *d, ScopeCounts *want, int height, char *err,
                                  size_t errlen)
{
    d->host = NULL;
    if (!want->which)
        return 0;
    size_t counts = scope_count_n(SCOPE_ALL, want->cols, want->levels);
    size_t head = scope_pack_head(SCOPE_ALL, want->cols, want->levels);
    size_t pairs = scope_pairs_max(SCOPE_ALL, want->width, height);
    if (counts > d->counts_cap || head > d->head_cap || pairs > d->pairs_cap) {
        // (first use, or a larger frame: nothing of this slot's is in flight)
        cudaFree(d->d_counts), cudaFree(d->d_pack), cudaFreeHost(d->h_pack);
        d->d_counts = d->d_pack = d->h_pack = NULL;
        d->counts_cap = d->head_cap = d->pairs_cap = 0;
        CK(cudaMalloc((void **)&d->d_counts, sizeof(uint32_t) * counts));
        CK(cudaMemset(d->d_counts, 0, sizeof(uint32_t) * counts));
        CK(cudaMalloc((void **)&d->d_pack, sizeof(uint32_t) * head));
        CK(cudaHostAlloc((void **)&d->h_pack, sizeof(uint32_t) * (head + 2 * pairs),
                         cudaHostAllocMapped));
        CK(cudaHostGetDevicePointer((void **)&d->pairs_dev, d->h_pack, 0));
        d->counts_cap = counts, d->head_cap = head, d->pairs_cap = pairs;
    }
    if (!d->packed)
        CK(cudaEventCreateWithFlags(&d->packed, cudaEventDisableTiming));
    scope_layout(&d->dev, want->which, want->width, want->levels, d->d_counts);
    d->host = want;
    return 0;
fail:
    return -1;
}

extern "C" cudaError_t scope_device_count(const ScopeDevice *d, const uint8_t *rows, int stride,
                                          int y0, int y1, int wide, cudaStream_t stream)
{
    ScopeCounts here = d->dev, *c = &here;
    if (c->parade)
        c->hist = NULL; // (the histogram is the parade rows' sums: hist_rows)
    if (!d->host || y0 >= y1)
        return cudaSuccess;
    if (c->wave || c->parade) {
        int nt = (c->wave ? 1 : 0) + (c->parade ? 3 : 0);
        int bb = COLUMNS_WORDS / (nt * c->levels);
        // (its columns' bytes: 2 KiB)
        bb = bb > 2047 * c->cols / c->width ? 2047 * c->cols / c->width : bb;
        bb = bb < 1 ? 1 : bb > c->cols ? c->cols : bb;
        // a block's width, at most
        int tw = (int)(((long long)bb * c->width + c->cols - 1) / c->cols) + 1;
        int rpb = COLUMNS_PIXELS / tw;
        rpb = rpb < 1 ? 1 : rpb;
        dim3 grid((c->cols + bb - 1) / bb, (y1 - y0 + rpb - 1) / rpb);
        count_columns<<<grid, COLUMNS_THREADS, sizeof(uint32_t) * nt * c->levels * bb + tw,
                        stream>>>(*c, rows, stride, y0, y1, rpb, bb, wide);
        cudaError_t e = cudaGetLastError();
        if (e != cudaSuccess)
            return e;
    }
    if (c->vector || c->hist) {
        int vshared = vector_shared > 0;
        int nv = c->vector && vshared ? VECTOR_WORDS : 0, nh = c->hist ? 3 * c->levels : 0;
        int tile = vshared ? POINTS_TILE : 4 * POINTS_TILE;
        long long n = (long long)c->width * (y1 - y0);
        count_points<<<(unsigned)((n + tile - 1) / tile), POINTS_THREADS,
                       sizeof(uint32_t) * (nv + nh), stream>>>(*c, rows, stride, y0, y1, tile, wide,
                                                               vshared);
        return cudaGetLastError();
    }
    return cudaSuccess;
}

extern "C" cudaError_t scope_device_pack(ScopeDevice *d, cudaStream_t stream)
{
    const ScopeCounts *c = &d->dev;
    size_t nd = scope_cells8(c->which, c->cols, c->levels);
    int nh = c->hist ? 3 * c->levels : 0;
    size_t head = scope_pack_head(c->which, c->cols, c->levels);
    size_t threads = (nd + 3) / 4 > (size_t)nh ? (nd + 3) / 4 : (size_t)nh;
    cudaError_t e = cudaMemsetAsync(d->d_pack, 0, sizeof(uint32_t), stream);
    if (e != cudaSuccess)
        return e;
    if (c->hist && c->parade) {
        int nrows = 3 * c->levels;
        hist_rows<<<(unsigned)((nrows * 32 + 255) / 256), 256, 0, stream>>>(c->parade, c->cols,
                                                                            nrows, c->hist);
        if ((e = cudaGetLastError()) != cudaSuccess)
            return e;
    }
    pack<<<(unsigned)((threads + PACK_THREADS - 1) / PACK_THREADS), PACK_THREADS, 0, stream>>>(
        d->d_counts, nd, c->hist, nh, d->d_pack, d->pairs_dev + head, (unsigned)d->pairs_cap);
    if ((e = cudaGetLastError()) != cudaSuccess)
        return e;
    if ((e = cudaMemcpyAsync(d->h_pack, d->d_pack, sizeof(uint32_t) * head, cudaMemcpyDeviceToHost,
                             stream)) != cudaSuccess)
        return e;
    return cudaEventRecord(d->packed, stream);
}

extern "C" int scope_device_finish(ScopeDevice *d, char *err, size_t errlen)
{
    if (!d->host)
        return 0;
    d->host->which = d->dev.which; // (the output's layout is the one counted)
    if (scope_unpack(d->host, d->h_pack, d->pairs_cap) < 0) {
        snprintf(err, errlen, "cuda stage: the scopes' counts came back malformed (%u pairs)",
                 d->h_pack[0]);
        return -1;
    }
    d->host = NULL;
    return 0;
}
