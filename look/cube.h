/* .cube files: the Adobe Cube LUT 1.0 format parsed into float tables (the
 * Lut of colour/lut.h, in its layout), and a process-wide registry so each file
 * is read once and every Transform that names it shares one copy (the stages
 * upload each once). eq's gamma curve is kept in the registry the same way.
 *
 *   const Lut *l = lut_get("assets/luts/teal-orange.cube", err, sizeof err);
 *   ...                        // l stays valid until lut_registry_clear()
 *   lut_registry_clear();      // at exit, once no stage uses the tables */
#ifndef PINSTRIPE_LOOK_CUBE_H
#define PINSTRIPE_LOOK_CUBE_H

#include <stddef.h>

#include "colour/lut.h"

#ifdef __cplusplus
extern "C" {
#endif

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
