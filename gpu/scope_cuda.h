/* The scopes counted on the GPU (issue 27), for the CUDA stage: per-block
 * counts in shared memory, added into one frame's 32-bit tables on the device,
 * then packed there (scope.h: a byte a cell, pairs for the large counts) so
 * that only the packed block comes down; the host unpacks it into the output
 * frame's tables. The counts are scope.h's, so CPU = CUDA exactly.
 *
 * One ScopeDevice per frame in flight: its device tables (zero between frames:
 * the pack clears what it reads), its packed block on the device, and the
 * pinned host block the packed words come down into (the pairs written there
 * by the pack kernel itself: their number is known only on the device). */
#ifndef PINSTRIPE_GPU_SCOPE_CUDA_H
#define PINSTRIPE_GPU_SCOPE_CUDA_H

#include <cuda_runtime.h>

#include "scope/scope.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ScopeDevice {
    uint32_t *d_counts;  /* the frame's tables on the device (scope_layout), zero when idle */
    uint32_t *d_pack;    /* the packed head on the device */
    uint32_t *h_pack;    /* pinned, mapped: the head comes down here, the pairs follow it */
    uint32_t *pairs_dev; /* where the device writes the pairs (h_pack's, mapped) */
    size_t counts_cap, head_cap, pairs_cap; /* what they hold */
    cudaEvent_t packed;                     /* after the packed block came down */
    ScopeCounts dev;                        /* this frame's layout on d_counts */
    ScopeCounts *host; /* the output frame's counts to fill (NULL: no scopes this frame) */
} ScopeDevice;

/* Once a stage: let the counting kernels use the shared memory they want. */
cudaError_t scope_device_prepare(void);
/* Start a frame counting `want`'s scopes (its which, width, levels; rows `height`),
 * into the output's want: room allocated on first use (for every scope, so that
 * a key changing them allocates nothing). 0, or -1 with err. */
int scope_device_begin(ScopeDevice *d, ScopeCounts *want, int height, char *err, size_t errlen);
/* Count output rows [y0, y1) (device, packed BGR 8-bit or RGB 16-bit when wide). */
cudaError_t scope_device_count(const ScopeDevice *d, const uint8_t *rows, int stride, int y0,
                               int y1, int wide, cudaStream_t stream);
/* After every row is counted (the stream waits for them): pack, clear the device
 * tables, bring the packed block down, record d->packed. */
cudaError_t scope_device_pack(ScopeDevice *d, cudaStream_t stream);
/* After d->packed: the output's tables from the packed block. 0, or -1 with err. */
int scope_device_finish(ScopeDevice *d, char *err, size_t errlen);
/* After every use has completed. */
void scope_device_free(ScopeDevice *d);

#ifdef __cplusplus
}
#endif

#endif
