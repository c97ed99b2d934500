/* The stage: turns input frames (any PixLayout, 8 or 16 bits a sample) into
 * transformed packed BGR (8-bit, dithered), 16-bit RGB or an encoder's YUV
 * (8 or 10/12 bits), stripe by stripe. One interface, two backends (CUDA, CPU).
 *
 *   Stage *s = stage_create(&cfg, err, sizeof err);
 *   while (...) {
 *       if (in_flight == stage_depth(s)) { stage_wait(s, &t); ...release oldest... }
 *       stage_submit(s, in, out);            // in, out: host buffers (ring slots)
 *   }
 *   while (in_flight) stage_wait(s, &t);
 *   stage_destroy(&s);
 *
 * Frames complete in submission order; up to stage_depth() may be in flight,
 * and their buffers must stay untouched until stage_wait() returns for them.
 * All calls come from one thread (the stage thread). */
#ifndef PINSTRIPE_STAGE_STAGE_H
#define PINSTRIPE_STAGE_STAGE_H

#include <stddef.h>

#include "stage/alloc.h"
#include "stage/frame.h"
#include "colour/transform.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Stage Stage;

typedef enum { STAGE_AUTO, STAGE_CPU, STAGE_CUDA } StageBackend;

typedef struct StageConfig {
    FrameFormat in; /* input geometry and layout, banded for `stripes` or not banded;
                     * output is plain bgr24 of the same size, or see out_yuv */
    int stripes;    /* 1..height */
    Transform transform;
    StageBackend backend;
    int pageable;              /* 1: the caller's buffers are pageable (malloc), to show the cost */
    int gpu;                   /* the CUDA device (--gpu; 0: the first) */
    int time_every;            /* CUDA: per-stripe timings (FrameTimings.timed) on one frame
                                * in N; 0 or 1: every frame. Timing events slow the copies
                                * (stage_cuda.cu) */
    int threads;               /* CPU backend: worker threads, the stage thread included (0:
                                * every core the process may run on; at most
                                * STAGE_MAX_THREADS) */
    int out_yuv;               /* 1: the output is an encoder's yuv420p instead (limited range,
                                * BT.709 from 720 rows up, BT.601 below), banded for `stripes`
                                * so each stripe downloads in one copy; even sizes only */
    int out_depth;             /* 0 or 8: bgr24 (or yuv420p); more: rgb48 (or, out_yuv,
                                * yuv420p16 with 10, 12 or 16-bit samples) */
    int dither;                /* DitherMode of 8-bit outputs (colour.h, dither.h) */
    ColourMatrix out_matrix;   /* out_yuv: the matrix written (MATRIX_UNSPECIFIED: BT.709
                                * from 720 rows up, BT.601 below) */
    int out_width, out_height; /* the RGB output's size (0: the input's). Another size than
                                * the input's: each input pixel is transformed once, then
                                * resampled to it (a horizontal pass, a vertical pass, then
                                * the rounding), with `scale`'s filter (colour/resample.h).
                                * Not with out_yuv (the encoder takes the video's size) */
    int scale;                 /* ScaleFilter (colour/resample.h) */
    int scale_linear;          /* 1: shrinking resamples in linear light (resample_light);
                                * enlarging, and 0, resample the signal */
    int crop;                  /* 1: the output (out_width × out_height, no larger than the
                                * input) is a window on the input at 1:1 pixels, its origin
                                * at (crop_x, crop_y) (stage_set_crop): zoom */
    int crop_x, crop_y;
    int compare; /* 1: --compare split at F = compare_at (0..1): input columns
                  * x < floor(F·width) are the source without the chain's steps
                  * (its tone map kept), then a white 1-pixel line (at the output's
                  * column floor(F·out width) when resampling), then the look */
    double compare_at;
    int scopes; /* --scope: SCOPE_* bits (scope/scope.h) counted from each frame
                 * written, into the output FrameBuf's scope_block when it has
                 * room (scope_need); not with out_yuv */
} StageConfig;

#define STAGE_MAX_THREADS 256

/* Error codes beyond -1 (generic). */
#define STAGE_ERR_NODEV (-2) /* backend cuda asked for, no usable device */

/* NULL on failure with a one-line reason in err. With STAGE_AUTO, falls back to the
 * CPU backend when CUDA is absent, writing why into note (may be NULL). */
Stage *stage_create(const StageConfig *cfg, char *note, size_t notelen, char *err, size_t errlen,
                    int *errcode);
/* The output frames' format for cfg: plain bgr24 or rgb48 (at out_width ×
 * out_height when set), or banded yuv420p or yuv420p16 (out_yuv). */
FrameFormat stage_out_format(const StageConfig *cfg);
/* The output's bits a sample: 8 or 16 (RGB); 8, 10, 12 or 16 (out_yuv). */
int stage_out_depth(const StageConfig *cfg);
int stage_depth(const Stage *s);
/* 0, or negative on failure (stage_error says what). */
int stage_submit(Stage *s, const FrameBuf *in, FrameBuf *out);
/* Wait for the oldest frame in flight and fill in its stage timings (the
 * upload/kernel/download/work/stage fields and spans of *t; others untouched).
 * t may be NULL. 0, or negative on failure. */
int stage_wait(Stage *s, FrameTimings *t);
/* Whether the stage resamples (its output's size is not its input's). */
int stage_scales(const StageConfig *cfg);
/* Whether it resamples in linear light: scale_linear, not a crop, and the output smaller than
 * the input on an axis (as mpv's --linear-downscaling, enlarging is left to the
 * signal, where the filters' ringing is less visible). */
int stage_scales_linear(const StageConfig *cfg);
/* A crop's origin (StageConfig.crop) for frames submitted from now on, moved
 * inside the input (*x, *y: where it is). Stage thread, between submissions. */
void stage_set_crop(Stage *s, int *x, int *y);
/* --compare's split (StageConfig.compare, on or off, at f) for frames submitted
 * from now on. Stage thread, between submissions. */
void stage_set_compare(Stage *s, int on, double f);
/* The scopes (SCOPE_* bits) counted for frames submitted from now on. */
void stage_set_scopes(Stage *s, int which);
/* The 32-bit counts an output frame's scope_block needs for `which` scopes. */
size_t stage_scope_need(const StageConfig *cfg, int which);
/* Use t for frames submitted from now on. Stage thread, between submissions. */
void stage_set_transform(Stage *s, const Transform *t);
const char *stage_error(const Stage *s);
const char *stage_backend_name(const Stage *s);
/* The CPU backend's thread count (0 for the CUDA backend). */
int stage_threads(const Stage *s);
/* The cores this process may run on: the CPU backend's default thread count. */
int stage_cpu_default_threads(void);
/* The host memory its input and output buffers should be. */
HostMemKind stage_host_memory(const Stage *s);
/* Waits for frames in flight, then frees. Accepts NULL; sets *s to NULL. */
void stage_destroy(Stage **s);

#ifdef __cplusplus
}
#endif

#endif
