/* The -t parser's own pieces, shared by look/chain.c (the transforms) and
 * look/chain_ocio.c (the OpenColorIO steps): a step as parsed, the parser's
 * state and its one-line errors, and a step's options: "key=value:key=value",
 * numbers as written in decimal. A ',' or ':' that belongs to a value (an
 * OpenColorIO name that holds one) is written "\," or "\:"; chain_value
 * gives the value with them unescaped. Host side only. */
#ifndef PINSTRIPE_LOOK_CHAIN_ARGS_H
#define PINSTRIPE_LOOK_CHAIN_ARGS_H

#include <stddef.h>

#include "colour/transform.h"
#include "look/cube.h"

typedef struct Step {
    int kind; /* CHAIN_* */
    double m[3][4];
    const Lut *lut;
    int interp;
    int has_mix;  /* tables: mix= given */
    double mix;   /* its value, 0..1 */
    double power; /* eq's gamma: a table of v^power the stage builds (ChainOp.power) */
    const float *prog; /* CHAIN_OCIO: its program (colour/ocio.h), prog_len floats, kept */
    size_t prog_len;   /* for the process (look/chain_ocio.c) */
    float cdl[CHAIN_CDL_LEN]; /* CHAIN_CDL: its record, by value (ChainOp.cdl) */
    int levels;        /* CHAIN_OCIO, CHAIN_CDL: how the samples in front of it are read
                        * (Chain.levels) */
    const char *range_at; /* where its range= is in the text (NULL: none given) */
    int camera;           /* 1: camera= (the input: its curves are on code values) */
    int out_set;       /* camera=, ocio=: the signal it makes (Transform.out_*) */
    int out_transfer, out_primaries;
    double out_peak;
    int out_srgb, out_untagged; /* (Transform's) */
    char out_note[300];
} Step;

typedef struct Parser {
    const char *spec;
    const char *step; /* where the step being parsed starts in spec */
    char *err;
    size_t errlen;
} Parser;

typedef struct Opt {
    const char *key;
    double def, lo, hi;
} Opt;

typedef struct Args {
    int n;
    const char *key[16], *val[16];
    const char *key_at[16], *val_at[16];
    int klen[16], vlen[16];
} Args;

/* err = "-t: MESSAGE (at column N)", N where `at` is in the spec; returns −1 */
int chain_fail(Parser *ps, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A number as written in decimal ([+-]digits[.digits][e[+-]digits]): 0, or −1 */
int chain_decimal(const char *s, double *v);
/* The numbers opts names from a's options (their defaults where not given),
 * each in its range; 0, or −1 said */
int chain_find_num(Parser *ps, const Args *a, const char *fname, const Opt *opts, int nopts,
                   double *out);
/* Split "key=value:key=value" (up to end) into a; a "\:" does not split */
int chain_split_args(Parser *ps, const char *s, const char *end, Args *a);
/* The end of the step that starts at s (its ',' not escaped, or end) */
const char *chain_step_end(const char *s, const char *end);
/* Option i's value into buf, "\," and "\:" unescaped; 0, or −1 said when it does
 * not fit */
int chain_value(Parser *ps, const Args *a, int i, char *buf, size_t len);

/* An OpenColorIO step (look/chain_ocio.c): name is "ocio", "camera" (cam_name
 * the camera's, written first: camera=NAME:key=value…), "lut" or "cdl"; fills st
 * (kind CHAIN_OCIO and its program, or CHAIN_CDL and its numbers; mix, levels). 0,
 * or −1 said. */
int chain_ocio(Parser *ps, const char *name, const Args *a, Step *st, const char *cam_name);

#endif
