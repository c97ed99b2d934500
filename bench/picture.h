/* The benches' synthetic picture (pinstripe-cpu-bench, and pinstripe-bench
 * --picture gradients): a yuv420p frame whose luma ramps across and down with
 * noise of 0..15 levels and whose chroma ramps across (Cb) and down (Cr), so
 * that the scopes' counts spread as a picture's do, where random bytes fill
 * every cell. seed picks the noise. */
#ifndef PINSTRIPE_BENCH_PICTURE_H
#define PINSTRIPE_BENCH_PICTURE_H

#include "stage/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

void bench_picture(FrameBuf *f, int seed);

#ifdef __cplusplus
}
#endif

#endif
