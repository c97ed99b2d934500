/* Colour lookup tables in host memory: float RGB triples over a domain, the
 * layout every chain step's table has (ChainOp.lut, colour.h) on either
 * backend. 3D tables hold size³ RGB triples with red varying fastest:
 *   data[3 * ((b * size + g) * size + r) + c];  1D tables hold size triples.
 * Reading .cube files into them and the process-wide registry that keeps them
 * belong to the look room (its cube.h); gpu/ only reads the tables. */
#ifndef PINSTRIPE_COLOUR_LUT_H
#define PINSTRIPE_COLOUR_LUT_H

#ifdef __cplusplus
extern "C" {
#endif

#define LUT3D_MAX_SIZE 256
#define LUT1D_MAX_SIZE 65536

typedef struct Lut {
    int dim;  /* 1 or 3 */
    int size; /* entries along each axis */
    float dmin[3], dmax[3];
    float *data;
    char title[128];
} Lut;

#ifdef __cplusplus
}
#endif

#endif
