/* Host tables mirrored on the device (the CUDA backend's): a chain's LUTs,
 * OpenColorIO programs and tone maps, each uploaded the first time a frame
 * uses it and released once no frame in flight reads it (the frame that last
 * read it has completed and the frame being submitted does not), so a stage
 * holds the tables of the looks it is showing, whatever the number of looks
 * shown before; and the resampling weights, uploaded once into one block. */
#ifndef PINSTRIPE_GPU_DEVICE_TABLES_H
#define PINSTRIPE_GPU_DEVICE_TABLES_H

#include <stddef.h>

#include "colour/colour.h"
#include "colour/resample.h"
#include "colour/scale_px.h"

#ifdef __cplusplus
extern "C" {
#endif

/* tables in use at once (a chain's 8 steps and tone map, for each of at most 8 frames
 * in flight, + gamma's rebuilds) */
#define DEVICE_TABLES_MAX 160

typedef struct DeviceTables {
    struct {
        const float *host;
        float *dev;
        unsigned version;        /* the host table's build it holds (stage_table_version) */
        unsigned long long last; /* the last frame reading it (Stage.submitted + 1) */
    } t[DEVICE_TABLES_MAX];
    int n;
} DeviceTables;

/* A job's tables (its chain's LUTs, version[i] for step i, and its tone map)
 * swapped for their device copies, for frame number `frame` (Stage.submitted
 * + 1); then every copy no frame after `completed` reads is released. A copy
 * whose host table has another version is copied again in place: no frame in
 * flight reads that build then (the stage's gamma tables, StageGamma). 0, or
 * -1 with err set. */
int device_job_tables(DeviceTables *d, ColourJob *job, const unsigned *version,
                      unsigned long long frame, unsigned long long completed, char *err,
                      size_t errlen);
/* Every copy freed (no frame in flight) */
void device_tables_free(DeviceTables *d);

/* The two axes' resampling weights in one device block (*block, cudaFree it),
 * as ScaleAxis tables for the kernels. 0, or -1 with err set. */
int device_scale_tables(const ResampleAxis *h, const ResampleAxis *v, void **block, ScaleAxis *dh,
                        ScaleAxis *dv, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
