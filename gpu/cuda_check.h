// The CUDA backend's one check of a CUDA call (stage_cuda*.cu, device_tables.cu,
// scope_cuda.cu): where the call fails, its text, the file and line, and CUDA's
// message go into the error text the file names (CK_ERROR, a char pointer, and
// CK_ERRLEN, its size), and the function goes to its `fail` label.
#ifndef PINSTRIPE_GPU_CUDA_CHECK_H
#define PINSTRIPE_GPU_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>

static inline void cuda_check_failed(char *err, size_t errlen, const char *call, const char *file,
                                     int line, cudaError_t e)
{
    snprintf(err, errlen, "%s failed (%s:%d): %s", call, file, line, cudaGetErrorString(e));
}

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            cuda_check_failed(CK_ERROR, CK_ERRLEN, #call, __FILE__, __LINE__, e_);                 \
            goto fail;                                                                             \
        }                                                                                          \
    } while (0)

#endif
