/* OpenColorIO's Lut3D (ops/lut3d/: Lut3DOpCPU.cpp), trilinear and
 * tetrahedral: size, tetrahedral (1) or trilinear (0), then size³ RGB
 * triples, blue fastest. A pixel indexes it: the CUDA stage's compiled kernel
 * reads it from the device's program. */
#ifndef PINSTRIPE_COLOUR_OPS_LUT3D_H
#define PINSTRIPE_COLOUR_OPS_LUT3D_H

#include <stddef.h>

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_LUT3D_PARAMS (-1)
#define OCIO_LUT3D_FLAGS 0

OCIO_FN const float *ocio_at3(const float *t, int n, int r, int g, int b)
{
    return t + 3 * (((size_t)r * (size_t)n + (size_t)g) * (size_t)n + (size_t)b);
}

OCIO_FN float ocio_lerp(float a, float b, float z)
{
    return (b - a) * z + a;
}

/* OCIO's Lut3DRenderer (scalar): the index clamped to the grid, blue fastest */
OCIO_FN void ocio_lut3d(const float *q, float v[3])
{
    int n = (int)q[0], tetra = q[1] != 0.0f, lo[3], hi[3];
    const float *t = q + 2;
    float top = (float)(n - 1), f[3];
    for (int c = 0; c < 3; c++) {
        float idx = ocio_minf(ocio_maxf(0.0f, v[c] * top), top);
        lo[c] = (int)idx;
        hi[c] = (float)lo[c] < idx ? lo[c] + 1 : lo[c];
        f[c] = idx - (float)lo[c];
    }
    const float *n000 = ocio_at3(t, n, lo[0], lo[1], lo[2]),
                *n111 = ocio_at3(t, n, hi[0], hi[1], hi[2]);
    float fx = f[0], fy = f[1], fz = f[2];
    if (!tetra) {
        const float *n001 = ocio_at3(t, n, lo[0], lo[1], hi[2]),
                    *n010 = ocio_at3(t, n, lo[0], hi[1], lo[2]);
        const float *n011 = ocio_at3(t, n, lo[0], hi[1], hi[2]),
                    *n100 = ocio_at3(t, n, hi[0], lo[1], lo[2]);
        const float *n101 = ocio_at3(t, n, hi[0], lo[1], hi[2]),
                    *n110 = ocio_at3(t, n, hi[0], hi[1], lo[2]);
        for (int c = 0; c < 3; c++) {
            float v1 =
                ocio_lerp(ocio_lerp(n000[c], n001[c], fz), ocio_lerp(n010[c], n011[c], fz), fy);
            float v2 =
                ocio_lerp(ocio_lerp(n100[c], n101[c], fz), ocio_lerp(n110[c], n111[c], fz), fy);
            v[c] = ocio_lerp(v1, v2, fx);
        }
        return;
    }
    const float *p1, *p2;
    float w0, w1, w2, w3;
    if (fx > fy) {
        if (fy > fz) {
            p1 = ocio_at3(t, n, hi[0], lo[1], lo[2]), p2 = ocio_at3(t, n, hi[0], hi[1], lo[2]);
            w0 = 1.0f - fx, w1 = fx - fy, w2 = fy - fz, w3 = fz;
        } else if (fx > fz) {
            p1 = ocio_at3(t, n, hi[0], lo[1], lo[2]), p2 = ocio_at3(t, n, hi[0], lo[1], hi[2]);
            w0 = 1.0f - fx, w1 = fx - fz, w2 = fz - fy, w3 = fy;
        } else {
            p1 = ocio_at3(t, n, lo[0], lo[1], hi[2]), p2 = ocio_at3(t, n, hi[0], lo[1], hi[2]);
            w0 = 1.0f - fz, w1 = fz - fx, w2 = fx - fy, w3 = fy;
        }
    } else {
        if (fz > fy) {
            p1 = ocio_at3(t, n, lo[0], lo[1], hi[2]), p2 = ocio_at3(t, n, lo[0], hi[1], hi[2]);
            w0 = 1.0f - fz, w1 = fz - fy, w2 = fy - fx, w3 = fx;
        } else if (fz > fx) {
            p1 = ocio_at3(t, n, lo[0], hi[1], lo[2]), p2 = ocio_at3(t, n, lo[0], hi[1], hi[2]);
            w0 = 1.0f - fy, w1 = fy - fz, w2 = fz - fx, w3 = fx;
        } else {
            p1 = ocio_at3(t, n, lo[0], hi[1], lo[2]), p2 = ocio_at3(t, n, hi[0], hi[1], lo[2]);
            w0 = 1.0f - fy, w1 = fy - fx, w2 = fx - fz, w3 = fz;
        }
    }
    for (int c = 0; c < 3; c++)
        v[c] = w0 * n000[c] + w1 * p1[c] + w2 * p2[c] + w3 * n111[c];
}

OCIO_PIXEL_FORMS(lut3d, ocio_lut3d)

/* a size of 2 to 129 and its triples */
OCIO_FN int ocio_lut3d_check(const float *q, int nq)
{
    if (nq < 2 || !(q[0] >= 2.0f && q[0] <= 129.0f))
        return 0;
    int n = (int)q[0];
    return nq == 2 + 3 * n * n * n;
}

#ifndef __CUDACC__
/* a 3D table of n³ triples, blue fastest; values sanitised as OCIO does */
int ocio_prog_lut3d(OcioProg *p, const float *rgb, size_t n, int tetrahedral);
#ifdef OCIO_PROG_BUILD
int ocio_prog_lut3d(OcioProg *p, const float *rgb, size_t n, int tetrahedral)
{
    if (n < 2 || n > 129)
        return 1;
    float q[2] = {(float)n, tetrahedral ? 1.0f : 0.0f};
    return ocio_prog_add_table(p, OCIO_OP_LUT3D, q, 2, rgb, 3 * n * n * n);
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
