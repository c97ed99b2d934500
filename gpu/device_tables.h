/* Host tables mirrored on the device (the CUDA backend's): a chain's LUTs and
 * tone maps, each uploaded the first time a frame uses it and kept until the
 * stage goes (host tables live for the process: chain.h's registry,
 * tonemap.h's), and the resampling weights, uploaded once into one block. */
#ifndef PINSTRIPE_GPU_DEVICE_TABLES_H
#define PINSTRIPE_GPU_DEVICE_TABLES_H

#include <stddef.h>

#include "colour/colour.h"
#include "colour/resample.h"
#include "colour/scale_px.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DEVICE_TABLES_MAX 160 /* distinct tables a stage keeps (tone maps: 64; gamma: 8 × 9) */

typedef struct DeviceTables {
    struct {
        const float *host;
        float *dev;
        unsigned version; /* the host table's build it holds (stage_table_version) */
    } t[DEVICE_TABLES_MAX];
    int n;
} DeviceTables;

/* The device copy of a host table of n floats, copied again when the host's
 * version differs from the copy's: no frame in flight may read it then (the
 * stage's gamma tables, StageGamma). NULL with err set. */
float *device_table(DeviceTables *d, const float *host, size_t n, unsigned version, char *err,
                    size_t errlen);
/* A job's tables (its chain's LUTs, version[i] for step i, and its tone map)
 * swapped for their device copies. 0, or -1 with err set. */
int device_job_tables(DeviceTables *d, ColourJob *job, const unsigned *version, char *err,
                      size_t errlen);
void device_tables_free(DeviceTables *d);

/* The two axes' resampling weights in one device block (*block, cudaFree it),
 * as ScaleAxis tables for the kernels. 0, or -1 with err set. */
int device_scale_tables(const ResampleAxis *h, const ResampleAxis *v, void **block,
                        ScaleAxis *dh, ScaleAxis *dv, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
