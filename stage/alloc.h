/* Host memory for frame buffers: pinned (page-locked, cudaHostAlloc) when the
 * CUDA backend copies from it, 64-byte-aligned malloc otherwise. Every ring
 * slot comes from here, once, at start-up. */
#ifndef PINSTRIPE_STAGE_ALLOC_H
#define PINSTRIPE_STAGE_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HOST_MEM_ALIGNED, /* posix_memalign: pageable */
    HOST_MEM_PINNED,  /* cudaHostAlloc: page-locked, async copies overlap */
} HostMemKind;

/* Returns NULL with a one-line reason in err (which may be NULL). */
void *host_alloc(size_t size, HostMemKind kind, char *err, size_t errlen);
/* Accepts NULL. The caller guarantees no copy on the block is in flight. */
void host_free(void *p, HostMemKind kind);
const char *host_mem_name(HostMemKind kind);

#ifdef __cplusplus
}
#endif

#endif
