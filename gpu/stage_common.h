/* Private to gpu/: what the stage interface (stage.c) and its backends
 * (stage_cpu.c, stage_cuda.cu) share. What a backend provides (a struct of
 * function pointers, filled with designated initialisers), the Stage behind
 * the handle, and the helpers every side calls (stage_common.c). Calls go one
 * way: stage.c picks a backend and calls down into it; both call down into
 * stage_common.c; nothing calls back up into stage.c. */
#ifndef PINSTRIPE_GPU_STAGE_COMMON_H
#define PINSTRIPE_GPU_STAGE_COMMON_H

#include "gpu/resample.h"
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

/* The backends, each defined in its own file; stage.c picks one. */
extern const StageOps stage_cpu_ops;
#ifdef PINSTRIPE_HAVE_CUDA
extern const StageOps stage_cuda_ops;
#endif

/* Write a one-line reason into s->error (stage_error() returns it). */
void stage_set_error(Stage *s, const char *fmt, ...);
/* stage_out_format and stage_out_depth (stage.h) are defined in stage_common.c too. */
/* The colour job of a frame: coefficients for its matrix, range and depth,
 * the stage's chain and dither (host tables: the CUDA backend swaps in its
 * device copies), the YUV output's coefficients; src is left empty. */
void stage_job(const Stage *s, const FrameBuf *in, ColourJob *j);
/* A resampling stage's weights for each axis (stage_scales) and, resampling in
 * linear light (stage_scales_linear), its light tables: the same tables for
 * both backends. 0, or -1 with err set. */
int stage_resample_tables(const StageConfig *cfg, ResampleAxis *h, ResampleAxis *v, char *err,
                          size_t errlen);
/* Stripe (or band) k of n of a resampling stage: its output rows [oy0, oy1) and
 * the input rows they read, [ry0, ry1) (empty when it has no output rows). */
void stage_scaled_rows(const ResampleAxis *v, int nstripes, int k, int off,
                       int *oy0, int *oy1, int *ry0, int *ry1);

#ifdef __cplusplus
}
#endif

#endif
