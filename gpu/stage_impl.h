/* Private to gpu/: what a stage backend provides (a struct of function
 * pointers, filled with designated initialisers) and the Stage behind the
 * handle. */
#ifndef PINSTRIPE_GPU_STAGE_IMPL_H
#define PINSTRIPE_GPU_STAGE_IMPL_H

#include "gpu/stage.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct StageOps {
    const char *name;
    HostMemKind host_memory;
    /* Allocate s->priv. Returns 0, STAGE_ERR_NODEV or -1, with a reason in s->error. */
    int (*init)(Stage *s);
    int (*depth)(const Stage *s);
    int (*threads)(const Stage *s); /* may be NULL: no threads of its own */
    int (*submit)(Stage *s, const FrameBuf *in, FrameBuf *out);
    int (*wait)(Stage *s, FrameTimings *t);
    void (*uninit)(Stage *s); /* after every frame in flight has completed */
} StageOps;

struct Stage {
    const StageOps *ops;
    StageConfig cfg;
    void *priv;
    int in_flight;
    char error[512];
};

extern const StageOps stage_cpu_ops;
#ifdef PINSTRIPE_HAVE_CUDA
extern const StageOps stage_cuda_ops;
#endif

void stage_set_error(Stage *s, const char *fmt, ...);

#ifdef __cplusplus
}
#endif

#endif
