/* OpenColorIO's Matrix (ops/matrix/ in OpenColorIO v2.1.2): 3 rows of m0 m1 m2
 * m3 off, each channel ((((r·m0 + g·m1) + b·m2) + 0·m3) + off) as
 * MatrixOpCPU.cpp sums it (m3 the alpha column, alpha 0 on RGB pixels). */
#ifndef PINSTRIPE_COLOUR_OPS_MATRIX_H
#define PINSTRIPE_COLOUR_OPS_MATRIX_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_MATRIX_PARAMS 15
#define OCIO_MATRIX_FLAGS 0

OCIO_FN void ocio_matrix(const float *q, float v[3])
{
    float t[3];
    COLOUR_UNROLL
    for (int c = 0; c < 3; c++) {
        const float *m = q + 5 * c;
        t[c] = (cm_fma(v[2], m[2], cm_fma(v[1], m[1], v[0] * m[0])) + m[3]) + m[4];
    }
    v[0] = t[0], v[1] = t[1], v[2] = t[2];
}

OCIO_PIXEL_FORMS(matrix, ocio_matrix)
OCIO_FIXED_CHECK(matrix, MATRIX)

#ifndef __CUDACC__
/* 4×4 row-major m and offset (forward; OCIO has inverted an inverse). On RGB
 * pixels OCIO's alpha starts at 0, so the alpha column adds nothing; 1 (not
 * evaluated) where it reads an alpha an earlier matrix may have made */
int ocio_prog_matrix(OcioProg *p, const double m[16], const double off[4]);
#ifdef OCIO_PROG_BUILD
int ocio_prog_matrix(OcioProg *p, const double m[16], const double off[4])
{
    /* OCIO's processor applied to RGB pixels reads alpha as 0 (its scanline
     * helper fills a missing alpha with 0), so the alpha column adds nothing
     * (its 0 · m, kept as a 0 term: ocio_matrix's sum, in OCIO's order); the
     * alpha row makes only alpha */
    int reads = m[3] != 0 || m[7] != 0 || m[11] != 0;
    if (p->alpha && reads)
        return 1;
    p->alpha = m[12] != 0 || m[13] != 0 || m[14] != 0 || off[3] != 0 || (p->alpha && m[15] != 0);
    float q[15];
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < 3; k++)
            q[5 * r + k] = (float)m[4 * r + k];
        q[5 * r + 3] = 0.0f;
        q[5 * r + 4] = (float)off[r];
    }
    return ocio_prog_add(p, OCIO_OP_MATRIX, q, 15);
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
