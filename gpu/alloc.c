/* Host frame memory: the aligned-malloc half; the pinned half is in
 * alloc_cuda.c (CUDA builds) or refused below (CPU-only builds). */
#include "gpu/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PINSTRIPE_HAVE_CUDA
void *host_alloc_pinned(size_t size, char *err, size_t errlen);
void host_free_pinned(void *p);
#else
static void *host_alloc_pinned(size_t size, char *err, size_t errlen)
{
    (void)size;
    if (err)
        snprintf(err, errlen, "pinned host memory needs the CUDA backend (not built)");
    return NULL;
}
static void host_free_pinned(void *p)
{
    (void)p;
}
#endif

void *host_alloc(size_t size, HostMemKind kind, char *err, size_t errlen)
{
    if (kind == HOST_MEM_PINNED)
        return host_alloc_pinned(size, err, errlen);
    void *p = NULL;
    int rc = posix_memalign(&p, 64, size ? size : 1);
    if (rc != 0) {
        if (err)
            snprintf(err, errlen, "posix_memalign(%zu): %s", size, strerror(rc));
        return NULL;
    }
    return p;
}

void host_free(void *p, HostMemKind kind)
{
    if (!p)
        return;
    if (kind == HOST_MEM_PINNED)
        host_free_pinned(p);
    else
        free(p);
}

const char *host_mem_name(HostMemKind kind)
{
    return kind == HOST_MEM_PINNED ? "pinned" : "pageable";
}
