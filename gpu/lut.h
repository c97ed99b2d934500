/* Colour lookup tables: the Adobe Cube LUT 1.0 format (.cube) parsed into
 * float tables, and a process-wide registry so each file is read once and
 * every Transform that names it shares one copy (the stages upload each once).
 *
 * 3D tables hold size³ RGB triples with red varying fastest:
 *   data[3 * ((b * size + g) * size + r) + c];  1D tables hold size triples. */
#ifndef PINSTRIPE_GPU_LUT_H
#define PINSTRIPE_GPU_LUT_H

#include <stddef.h>

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

/* Parse .cube text. `name` (the path) goes into errors: "name:LINE: reason".
 * 0, or -1 with err set; on success out->data is malloc'ed (lut_free). */
int cube_parse(const char *text, size_t len, const char *name, Lut *out, char *err,
               size_t errlen);
int cube_load(const char *path, Lut *out, char *err, size_t errlen);
void lut_free(Lut *l);

/* The registry: the LUT at path, loaded on first use and kept until
 * lut_registry_clear(). NULL with err set when it cannot be loaded. Thread-safe. */
const Lut *lut_get(const char *path, char *err, size_t errlen);
/* A 1D curve v ↦ v^exponent over [0,1] with `size` entries, kept like a file. */
const Lut *lut_get_power(double exponent, int size);
void lut_registry_clear(void);

#ifdef __cplusplus
}
#endif

#endif
