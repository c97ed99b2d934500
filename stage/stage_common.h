/* Private to gpu/: what the stage interface (stage.c) and its backends
 * (stage_cpu.c, stage_cuda.cu) share. What a backend provides (a struct of
 * function pointers, filled with designated initialisers), the Stage behind
 * the handle, and the helpers every side calls (stage_common.c). Calls go one
 * way: stage.c picks a backend and calls down into it; both call down into
 * stage_common.c; nothing calls back up into stage.c. */
#ifndef PINSTRIPE_STAGE_STAGE_COMMON_H
#define PINSTRIPE_STAGE_STAGE_COMMON_H

#include "colour/resample.h"
#include "stage/stage.h"

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

/* The tables of eq's gamma steps (ChainOp.power), one set per chain position,
 * built by the stage so that a new gamma value (live adjustment) costs no new
 * table: a frame reads one buffer; a new value is built in place into a buffer
 * no frame in flight reads. With at most depth frames in flight, depth + 1
 * buffers always leave one (the CPU backend, depth 1, uses one and keeps it). */
#define STAGE_GAMMA_BUFS 9 /* the CUDA backend's frames in flight at most, + 1 */

typedef struct StageGamma {
    float *tab[STAGE_GAMMA_BUFS];              /* host tables, allocated on first use */
    double power[STAGE_GAMMA_BUFS];            /* what each holds */
    unsigned long long last[STAGE_GAMMA_BUFS]; /* the last frame reading it, + 1 (0: none) */
    unsigned version[STAGE_GAMMA_BUFS];        /* + 1 at each build (device copies follow) */
    int cur;                                   /* the buffer of the last frame submitted */
} StageGamma;

struct Stage {
    const StageOps *ops;
    StageConfig cfg;
    void *priv;
    int in_flight;
    unsigned long long submitted, completed; /* frames, in order */
    StageGamma gamma[CHAIN_MAX_OPS];
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
/* The colour job of the frame being submitted: coefficients for its matrix,
 * range and depth, the stage's chain and dither (host tables: the CUDA backend
 * swaps in its device copies), the YUV output's coefficients; src is left
 * empty. Its gamma steps read the stage's tables (StageGamma), built as needed.
 * 0, or -1 with s->error set (out of memory). */
int stage_job(Stage *s, const FrameBuf *in, ColourJob *j);
/* The build of chain step i's table in the job just made: its version
 * (StageGamma.version), 0 for a table of the registry's (never rebuilt). */
unsigned stage_table_version(const Stage *s, const ColourJob *j, int i);
/* Free the gamma tables (no frame in flight). */
void stage_gamma_free(Stage *s);
/* A resampling stage's weights for each axis (stage_scales) and, resampling in
 * linear light (stage_scales_linear), its light tables: the same tables for
 * both backends. 0, or -1 with err set. */
int stage_resample_tables(const StageConfig *cfg, ResampleAxis *h, ResampleAxis *v, char *err,
                          size_t errlen);
/* Stripe (or band) k of n of a resampling stage: its output rows [oy0, oy1) and
 * the input rows they read, [ry0, ry1) (empty when it has no output rows). */
void stage_scaled_rows(const ResampleAxis *v, int nstripes, int k, int off, int *oy0, int *oy1,
                       int *ry0, int *ry1);

#ifdef __cplusplus
}
#endif

#endif
