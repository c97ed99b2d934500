/* A chain's ASC CDL decision graded with keys (grade/live.c: k and j choose
 * what, ',' and '.' step it). The decision is the chain's last cdl= step given
 * by numbers (not file=); a chain without one gets one, before its last step
 * when that is eq (the step 1..8 adjust) and else at the end. A control is one
 * of slope, offset, power (master: the three channels together, their
 * differences kept; or R, G or B alone) and sat; a step moves it on a grid
 * (slope and power 0.02, offset 0.005, sat 0.05) within key ranges (slope
 * 0..10, offset −1..1, power 0.02..10, sat 0..4). The result is -t text whose
 * numbers are the shortest decimals that read back as the same doubles, so the
 * chain printed replays exactly. Host side only. */
#ifndef PINSTRIPE_GRADE_CDL_GRADE_H
#define PINSTRIPE_GRADE_CDL_GRADE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* slope R, G, B; offset …; power …; sat: ASC CDL 1.2's SOP and saturation */
typedef struct CdlValues {
    double slope[3], offset[3], power[3], sat;
} CdlValues;

/* The controls k cycles: slope, slope R, slope G, slope B, offset … power …,
 * sat. */
enum { CDL_CONTROLS = 13 };

/* Control c's name ("slope", "offset G", "sat") into out. */
void cdl_control_name(int c, char *out, size_t outlen);
/* Control c's value in v ("1.02"; the master of three that differ: "1.02/1/0.98"). */
void cdl_control_value(const CdlValues *v, int c, char *out, size_t outlen);
/* The decision the keys grade in chain text: 1 with *v (its values, the
 * defaults for those not given) and its other options (":mix=0.5…", "" : none)
 * into rest (NULL: not wanted), 0 when the chain has none (*v: the identity). */
int cdl_grade_find(const char *text, CdlValues *v, char *rest, size_t restlen);
/* Step control c by dir (−1 or +1) in chain text into out. 1: changed (what,
 * e.g. "CDL offset G 0.015"); −1: not (what says why: the end of its range,
 * the text too long). */
int cdl_grade_step(const char *text, int c, int dir, char *out, size_t outlen, char *what, size_t whatlen);
/* v as an ASC CDL 1.2 ColorCorrection (.cc) with id and a Description, into
 * path (written whole or not at all: through tmp, renamed). 0, or −1 with err. */
int cdl_write_cc(const char *path, const char *tmp, const char *id, const char *desc, const CdlValues *v,
                 char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
