// Host tables mirrored on the device (see device_tables.h).
#include <cuda_runtime.h>
#include <stdio.h>

#include "gpu/cuda_check.h"
#include "gpu/device_tables.h"

#define CK_ERROR err // (CK: gpu/cuda_check.h)
#define CK_ERRLEN errlen

// The device copy of a host table of n floats for `frame`. NULL with err set.
static float *device_table(DeviceTables *d, const float *host, size_t n, unsigned version,
                           unsigned long long frame, char *err, size_t errlen)
{
    float *dev = NULL;
    int i = 0;
    while (i < d->n && d->t[i].host != host)
        i++;
    if (i < d->n && d->t[i].version != version) // rebuilt in place: no frame in flight reads
        CK(cudaMemcpy(d->t[i].dev, host, n * sizeof(float), cudaMemcpyHostToDevice));
    if (i < d->n) {
        d->t[i].version = version;
        d->t[i].last = frame;
        return d->t[i].dev;
    }
    if (d->n == DEVICE_TABLES_MAX) {
        snprintf(err, errlen, "cuda stage: more than %d tables in use", DEVICE_TABLES_MAX);
        return NULL;
    }
    CK(cudaMalloc((void **)&dev, n * sizeof(float)));
    CK(cudaMemcpy(dev, host, n * sizeof(float), cudaMemcpyHostToDevice));
    d->t[d->n].host = host;
    d->t[d->n].version = version;
    d->t[d->n].last = frame;
    d->t[d->n++].dev = dev;
    return dev;
fail:
    if (i == d->n)
        cudaFree(dev);
    return NULL;
}

extern "C" int device_job_tables(DeviceTables *d, ColourJob *job, const unsigned *version,
                                 unsigned long long frame, unsigned long long completed, char *err,
                                 size_t errlen)
{
    for (int i = 0; i < job->ch.nops; i++) {
        ChainOp *op = &job->ch.ops[i];
        if (op->kind == CHAIN_AFFINE || op->kind == CHAIN_CDL) // (values: no table)
            continue;
        size_t n = op->kind == CHAIN_OCIO
                       ? (size_t)op->size /* (a program: size floats) */
                       : 3 * (size_t)op->size *
                             (op->kind == CHAIN_LUT3D ? (size_t)op->size * op->size : 1);
        if (!(op->lut = device_table(d, op->lut, n, version[i], frame, err, errlen)))
            return -1;
    }
    if (job->ch.tone.on &&
        !(job->ch.tone.lut = device_table(d, job->ch.tone.lut, 4 * ((size_t)job->ch.tone.size + 1),
                                          0, frame, err, errlen)))
        return -1;
    // the copies of looks no longer shown: their last frame has completed
    for (int i = 0; i < d->n;) {
        if (d->t[i].last > completed) {
            i++;
            continue;
        }
        cudaError_t e = cudaFree(d->t[i].dev);
        d->t[i] = d->t[--d->n];
        if (e != cudaSuccess) {
            snprintf(err, errlen, "cudaFree (a table) failed: %s", cudaGetErrorString(e));
            return -1;
        }
    }
    return 0;
}

extern "C" void device_tables_free(DeviceTables *d)
{
    for (int i = 0; i < d->n; i++)
        cudaFree(d->t[i].dev);
    d->n = 0;
}

extern "C" int device_scale_tables(const ResampleAxis *h, const ResampleAxis *v, void **block,
                                   ScaleAxis *dh, ScaleAxis *dv, char *err, size_t errlen)
{
    size_t fh = sizeof(int32_t) * h->out, wh = sizeof(int16_t) * h->out * h->taps;
    size_t fv = sizeof(int32_t) * v->out, wv = sizeof(int16_t) * v->out * v->taps;
    size_t fl = h->light ? sizeof(float) * (RESAMPLE_LIGHT_SIZE + 1) : 0;
    // the light tables (linear light), then the int32 tables: aligned
    size_t at[4] = {2 * fl, 2 * fl + fh, 2 * fl + fh + fv, 2 * fl + fh + fv + wh};
    uint8_t *b;
    *block = NULL;
    CK(cudaMalloc(block, at[3] + wv));
    b = (uint8_t *)*block;
    if (fl) {
        CK(cudaMemcpy(b, h->light, fl, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(b + fl, v->light, fl, cudaMemcpyHostToDevice));
    }
    CK(cudaMemcpy(b + at[0], h->first, fh, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b + at[1], v->first, fv, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b + at[2], h->weight, wh, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b + at[3], v->weight, wv, cudaMemcpyHostToDevice));
    *dh = (ScaleAxis){h->taps, (const int32_t *)(b + at[0]), (const int16_t *)(b + at[2]),
                      fl ? (const float *)b : NULL, 0};
    *dv = (ScaleAxis){v->taps, (const int32_t *)(b + at[1]), (const int16_t *)(b + at[3]),
                      fl ? (const float *)(b + fl) : NULL, 0};
    return 0;
fail:
    return -1;
}
