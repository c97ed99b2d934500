/* OpenColorIO behind a C face: the one file that includes OpenColorIO is
 * ocio/ocio_shim.cpp (ocio/ocio_shim_none.c in a build without it). It opens
 * configs, lists what they hold, and turns a processor (colour spaces, a
 * display and view, built-in transforms, a LUT file) into a program the stage
 * evaluates exactly on both backends (colour/ocio.h), operation by operation.
 * No C++ exception crosses into C: every failure is a return value and one
 * line in err. */
#ifndef PINSTRIPE_LOOK_OCIO_SHIM_H
#define PINSTRIPE_LOOK_OCIO_SHIM_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct OcioCfg OcioCfg;

/* 1 when this build has OpenColorIO, else 0 (and every other call fails saying so) */
int ocio_available(void);
/* OpenColorIO's version, or "none" */
const char *ocio_version(void);

/* A config from a file (NULL: $OCIO's). NULL with one line in err when there is
 * none, or it does not parse or validate. */
OcioCfg *ocio_cfg_open(const char *path, char *err, size_t errlen);
/* OCIO's raw config: for built-in transforms and LUT files without a config */
OcioCfg *ocio_cfg_raw(char *err, size_t errlen);
void ocio_cfg_close(OcioCfg **c);
/* The file it was read from ("" for the raw config) */
const char *ocio_cfg_path(const OcioCfg *c);
/* --list-ocio: colour spaces, displays with their views (defaults marked), looks */
void ocio_cfg_list(const OcioCfg *c, FILE *out);
/* Its looks: the count, and the name of look i ("" past the end) */
int ocio_cfg_nlooks(const OcioCfg *c);
const char *ocio_cfg_look(const OcioCfg *c, int i);

enum { OCIO_STEP_SPACES = 0, OCIO_STEP_DISPLAY, OCIO_STEP_BUILTINS, OCIO_STEP_FILE, OCIO_STEP_CDL };
enum {
    OCIO_INTERP_DEFAULT = 0,
    OCIO_INTERP_NEAREST,
    OCIO_INTERP_LINEAR,
    OCIO_INTERP_TETRAHEDRAL,
    OCIO_INTERP_BEST
};

/* What one chain step asks of OpenColorIO. */
typedef struct OcioStep {
    int kind;                   /* OCIO_STEP_* */
    const char *in, *out;       /* SPACES: colour spaces; DISPLAY: in */
    const char *display, *view; /* DISPLAY: NULL or "": the config's defaults */
    const char *looks;          /* SPACES, DISPLAY: the config's looks, OCIO's syntax */
    const char *builtin[4];     /* BUILTINS: OCIO built-in transform styles, in order */
    int nbuiltin;
    const char *file, *cccid; /* FILE: a LUT or CDL file; its CDL's id in a .ccc/.cdl */
    int interp;               /* FILE: OCIO_INTERP_* */
    int inverse;              /* FILE: the file's transform inverted */
    double cdl[10];           /* CDL: an ASC CDL (CDL_ASC): slope R G B, offset …,
                               * power …, sat; made as a file's is (the same
                               * optimized operations for the same numbers) */
} OcioStep;

/* The colour space a step's output is in, as the config describes it: SPACES,
 * out=; DISPLAY, its view's (the display's where the view says so) */
typedef struct OcioOutput {
    char space[256], encoding[64], family[128]; /* encoding, family: "" where none */
    char display[256], view[256];               /* DISPLAY's; "" otherwise */
    int data;                                   /* 1: a data space (isdata) */
    int display_ref; /* 1: a display-referred space (OCIO 2's display colour spaces) */
} OcioOutput;

/* What a SPACES or DISPLAY step's output is (*o): 0, or −1 (another kind of
 * step, a name the config does not have, no OpenColorIO) */
int ocio_step_output(const OcioCfg *c, const OcioStep *s, OcioOutput *o);

/* The step's processor as a program (colour/ocio.h, malloc'd, *len floats): 0;
 * 1 when it has an operation the program does not evaluate (missing names it:
 * ocio/ocio_step.c then bakes the step); −1 with one line in err naming what
 * was wrong (a name that is not in the config, with the ones that are; a file
 * that cannot be read or that OCIO refuses). */
int ocio_step_program(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *missing,
                      size_t missinglen, char *err, size_t errlen);
/* A step whose processor, as its file has it (not optimized), is one ASC CDL
 * (a .cc, .ccc or .cdl file): that CDL as a program of one operation
 * (ocio_prog_cdl's record, malloc'd, *len floats), the numbers a cdl= step
 * carries by value. 0; 1 when the processor is anything else; −1 with one line
 * in err (as ocio_step_program's). */
int ocio_step_cdl(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *err,
                  size_t errlen);
/* The step through OCIO's own CPU processor (the optimized one OCIO's
 * getDefaultCPUProcessor makes): n RGB triples in place, the reference the
 * programs are held to. 0, or −1 with one line in err. */
int ocio_step_apply(const OcioCfg *c, const OcioStep *s, float *rgb, size_t n, char *err,
                    size_t errlen);

/* OCIO's CPU processor for a step, made once and applied many times, from any
 * number of threads at once (pinstripe-cpu-bench's comparison). NULL said. */
typedef struct OcioCpu OcioCpu;
OcioCpu *ocio_cpu_create(const OcioCfg *c, const OcioStep *s, char *err, size_t errlen);
void ocio_cpu_apply(const OcioCpu *p, float *rgb, size_t n);
void ocio_cpu_destroy(OcioCpu **p);

#ifdef __cplusplus
}
#endif

#endif
