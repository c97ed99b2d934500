/* Key b: the look made with the keys, kept as files other tools read, in
 * --screenshot-dir beside the stills and named like them after the input and
 * the frame shown: <stem>-<frame>.cube, the live chain baked (look/bake.h: a
 * 65³ table, for that frame's kind of picture, with the tone curve it is shown
 * with), and <stem>-<frame>.cc, the ASC CDL decision the CDL keys grade
 * (grade/cdl_grade.h) when the chain has one. A bake takes a second or two: it
 * runs on a thread of its own while the picture plays on, one at a time; the
 * display thread starts it and asks, each time it polls the keys, whether it
 * has finished. */
#ifndef PINSTRIPE_GRADE_KEEP_H
#define PINSTRIPE_GRADE_KEEP_H

#include <pthread.h>
#include <stdatomic.h>

#include "colour/transform.h"
#include "grade/cdl_grade.h"

typedef struct Keep {
    pthread_t th;
    int running;          /* th started and not joined */
    atomic_int done;      /* th has finished: line is its result */
    Transform t;          /* the chain, its tone map applied */
    char cube[1400], cube_tmp[1450], cc[1400], cc_tmp[1450];
    int with_cc;
    CdlValues cdl;
    char title[2200], comment[800], kind[200], id[300], cc_note[600];
    char line[3400];      /* what it did, or why it could not */
} Keep;

/* Start keeping: t (the chain with its tone map, as the stage applies it),
 * text its -t text, cdl its decision (NULL: none, said) and what the line says
 * after the .cc ("" : nothing), kind what goes in and out
 * ("SDR in, SDR out"), named dir/<stem>-<frame> (then -2, -3… rather than
 * replace a file). 0; or −1 with why (one at a time: one is running; the
 * thread cannot start). */
int keep_start(Keep *k, const Transform *t, const char *text, const CdlValues *cdl, const char *cc_note,
               const char *kind, const char *dir, const char *stem, long long frame, char *why, size_t whylen);
/* The line of a keep that has finished, once (its thread joined); NULL when
 * none is running or it has not finished. */
const char *keep_poll(Keep *k);
/* At quit: wait for one running; its line (NULL: none was running). */
const char *keep_finish(Keep *k);

#endif
