/* Host frame memory: the aligned-malloc half; the pinned half is in
 * alloc_cuda.c (CUDA builds) or refused below (CPU-only builds). */
#include "stage/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

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
    /* Frame-sized blocks on 2 MiB boundaries, offered to the kernel as huge pages:
     * far fewer page faults when they are first written and fewer TLB misses when
     * rows are streamed through them (still ordinary pageable memory). */
    size_t align = size >= HUGE_PAGE ? HUGE_PAGE : 64;
    int rc = posix_memalign(&p, align, size ? size : 1);
    if (rc != 0) {
        if (err)
            snprintf(err, errlen, "posix_memalign(%zu): %s", size, strerror(rc));
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE)
        madvise(p, size & ~(HUGE_PAGE - 1), MADV_HUGEPAGE); /* advice only: errors do not matter */
#endif
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
