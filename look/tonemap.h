/* Tone mapping: an HDR source (PQ or HLG) shown on an SDR display. The maths
 * is built here, on the host in double precision, into the tables of one
 * chain step (ToneMap, colour/colour.h) that both backends read:
 *
 *   1. linear light: PQ's EOTF (SMPTE ST 2084, no clipping of the signal); HLG's
 *      inverse OETF and BT.2100's OOTF on the scene luminance Ys, with the
 *      system gamma 1.2 + 0.42·log10(Lw/1000) of a display of the source's
 *      peak Lw (BT.2100 Table 5);
 *   2. the source's primaries to BT.709's, in linear light;
 *   3. the curve, on m = max(R,G,B) in units of the target's white, every
 *      channel scaled by curve(m)/m (as FFmpeg's tonemap filter does):
 *        bt2390    ITU-R BT.2390's EETF (the Hermite knee from KS = 1.5·maxLum
 *                  − 0.5, in PQ space; black 0), source peak → target peak;
 *        hable     FFmpeg's hable(m)/hable(peak);
 *        reinhard  FFmpeg's m/(m+s)·(peak+s)/peak, s = (1−param)/param (0.5);
 *        mobius    FFmpeg's Möbius curve, linear below param (0.3);
 *        clip      min(param·m, 1) (param 1);
 *   4. gamut: out-of-gamut colours compressed towards the brightest channel
 *      (default; the distances (M − c)/M above 0.8 rolled off so the source
 *      gamut's edge lands on BT.709's), or clipped;
 *   5. BT.1886's inverse for a display with black at 0: V = L^(1/2.4).
 *
 * The source's peak: --hdr-peak, else its MaxCLL, else its mastering display's
 * peak, else 1000 cd/m². The target: --target-peak, 203 cd/m² by default (BT.2408's
 * reference white, the SDR display's white). Host only: no FFmpeg, no CUDA. */
#ifndef PINSTRIPE_LOOK_TONEMAP_H
#define PINSTRIPE_LOOK_TONEMAP_H

#include <stddef.h>

#include "colour/transform.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TONE_BT2390,
    TONE_HABLE,
    TONE_REINHARD,
    TONE_MOBIUS,
    TONE_CLIP,
    TONE_NONE, /* HDR kept: the signal as it is */
    TONE_NCURVES
} ToneCurve;

#define TONE_TARGET_DEFAULT 203.0 /* cd/m², BT.2408's reference white */
#define TONE_PEAK_DEFAULT 1000.0  /* cd/m², a source that says nothing */
#define TONE_SIZE 4096            /* entries of each table */

typedef struct ToneSettings {
    ToneCurve curve;
    double param;       /* NAN: the curve's default */
    double target_peak; /* cd/m² */
    double hdr_peak;    /* cd/m²; 0: the source's */
    int gamut_clip;     /* 1: clip out-of-gamut colours; 0: compress them */
    int lut_first;      /* 1 (--lut-space source): the -t chain runs on the source's
                         * signal, before the tone map; 0: after it (SDR looks) */
} ToneSettings;

/* What a frame says of itself (FrameBuf's transfer, primaries, hdr_peak). */
typedef struct HdrSource {
    int transfer;  /* ColourTransfer */
    int primaries; /* ColourPrimaries */
    double peak;   /* cd/m² from its metadata, 0: none */
} HdrSource;

/* "bt2390", "hable", ...; NULL for a value out of range. */
const char *tone_curve_name(ToneCurve c);
/* The curve named s, or -1. */
int tone_curve_parse(const char *s);
/* The names, '|'-separated, for messages and --help. */
const char *tone_curve_names(void);
/* Whether param (not NAN) suits curve c: 0, or -1 with one line in err. */
int tone_param_check(ToneCurve c, double param, char *err, size_t errlen);
/* Whether the source is HDR (PQ or HLG). */
int tone_is_hdr(const HdrSource *src);
/* The source peak the maths uses, cd/m². */
double tone_source_peak(const ToneSettings *ts, const HdrSource *src);
/* What the tone map works on: the chain's output where look says what it is
 * (Transform.out_set: camera=…:output=hdr-pq-1000 makes PQ of any source),
 * else the frames' own signal, src. */
HdrSource tone_source(const Transform *look, const HdrSource *src);
/* look with the tone map of ts for tone_source(look, src) added (as is when
 * that is SDR or the curve is none); the chain's own output is tone-mapped
 * after its last step, whatever ts->lut_first says. The tables are kept for the process (at most 64 distinct
 * ones; the stages upload each once). 0, or -1 with one line in err. */
int tone_apply(const Transform *look, const ToneSettings *ts, const HdrSource *src,
               Transform *out, char *err, size_t errlen);
/* The overlay's words (ASCII, for its font): "HDR PQ 1000 nit -> SDR, bt2390", "HDR HLG kept", or ""
 * for an SDR source. */
void tone_describe(const ToneSettings *ts, const HdrSource *src, char *buf, size_t len);
/* The BT.2390 EETF in cd/m², source peak lw, target peak lmax (black 0), and
 * PQ's EOTF and its inverse (cd/m²), for tests and tools. */
double tone_bt2390(double nits, double lw, double lmax);
double tone_pq_eotf(double e);
double tone_pq_inverse(double nits);
/* Frees the tables, at exit, once no stage uses them. */
void tone_registry_clear(void);

#ifdef __cplusplus
}
#endif

#endif
