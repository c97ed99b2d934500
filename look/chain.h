/* The -t parser: a transform chain's text turned into the Transform the stage
 * applies (colour/transform.h). The syntax is FFmpeg's filter-chain idea:
 *
 *   name[=key=value[:key=value…]][,name…]     e.g. "eq=contrast=1.2,lut3d=file=look.cube"
 *
 * Every transform becomes one chain step, an affine map or a table (tables
 * come from the LUT registry, cube.h). The maths of each transform is in
 * transform_help(). Host side only: no FFmpeg, no CUDA. */
#ifndef PINSTRIPE_LOOK_CHAIN_H
#define PINSTRIPE_LOOK_CHAIN_H

#include <stddef.h>

#include "colour/transform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parse a -t argument into *t. 0, or -1 with one line in err, saying where:
 * "-t: unknown option 'contrst' for eq (at column 4)". Tables it names are
 * loaded into the LUT registry (cube.h) and stay there. */
int transform_parse(const char *spec, Transform *t, char *err, size_t errlen);
/* Fill the tables a stage would build (eq's gamma, ChainOp.power) from the LUT
 * registry, for code that applies a chain itself, without a stage (tests,
 * benchmarks). A table that cannot be allocated stays NULL. */
void transform_tables(Transform *t);
/* The plain names, for the 't' key: none, gray, invert, sepia. */
int transform_named_count(void);
const char *transform_named(int i);
/* The OpenColorIO config ocio= steps use (--ocio; NULL: $OCIO's), before parsing. */
void chain_ocio_config(const char *path);
/* How many OpenColorIO programs the process holds (one per distinct camera=,
 * ocio= or lut= step parsed; a cdl= step holds none): tests check it stays
 * flat under live grading. */
int chain_ocio_programs(void);
/* The cameras camera= knows: count, and name i with its OCIO built-in transform. */
int chain_camera_count(void);
const char *chain_camera(int i, const char **ocio_style);
/* camera='s outputs (:output=NAME): how many, and output i's name, with its
 * OpenColorIO built-in transforms (the ACES output, then the display's) */
int chain_camera_output_count(void);
const char *chain_camera_output(int i, const char **aces, const char **display);
/* A paragraph per transform with its options and maths, for --help. */
const char *transform_help(void);

#ifdef __cplusplus
}
#endif

#endif
