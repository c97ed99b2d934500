/* Pinned host memory through the CUDA runtime (cudaHostAlloc / cudaFreeHost).
 * Portable: pinned for every device's context, not only the current one's
 * (the rings are made on the main thread; --gpu's device is set on the stage
 * thread, and a copy from memory pinned for another context is staged like
 * a pageable one). */
#include <cuda_runtime.h>
#include <stdio.h>

#include "stage/fault.h"

void *host_alloc_pinned(size_t size, char *err, size_t errlen);
void host_free_pinned(void *p);

void *host_alloc_pinned(size_t size, char *err, size_t errlen)
{
    void *p = NULL;
    cudaError_t rc = fault_hit("pinned")
                         ? cudaErrorMemoryAllocation
                         : cudaHostAlloc(&p, size ? size : 1, cudaHostAllocPortable);
    if (rc != cudaSuccess) {
        if (err)
            snprintf(err, errlen, "cudaHostAlloc(%zu bytes): %s", size, cudaGetErrorString(rc));
        return NULL;
    }
    return p;
}

void host_free_pinned(void *p)
{
    cudaFreeHost(p);
}
