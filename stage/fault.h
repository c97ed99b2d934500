/* A test hook for faults that tests cannot otherwise reach: with the
 * environment variable PINSTRIPE_FAULT=SITE:N[,SITE:N...], the Nth time the
 * code passes SITE it behaves as if that call had failed. Sites: h2d, kernel,
 * d2h (the CUDA stage's copies and launches), pinned (cudaHostAlloc), slot (a
 * ring slot's memory), encode (the encoder taking a frame), show (the display
 * showing one). Read once; thread-safe; without the variable a call costs one
 * load. Documented in README.md ("Faults on purpose"). */
#ifndef PINSTRIPE_STAGE_FAULT_H
#define PINSTRIPE_STAGE_FAULT_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when this pass through `site` is the one PINSTRIPE_FAULT names. */
int fault_hit(const char *site);

#ifdef __cplusplus
}
#endif

#endif
