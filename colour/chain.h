/* Transform chains: the steps a pixel's R, G, B go through after YUV→RGB,
 * float maths that gcc and nvcc both compile (see colour.h on the one
 * rounding). A chain is a short list of steps, each clamped to [0,1] at its
 * end: an affine map, a 1D table, a 3D table, an OpenColorIO processor
 * (colour/ocio.h: its operations unclamped between them, as OCIO has them),
 * or an ASC CDL carried by value (OpenColorIO's CDL operation). */
#ifndef PINSTRIPE_COLOUR_CHAIN_H
#define PINSTRIPE_COLOUR_CHAIN_H

#include <stddef.h>

#include "colour/colour_base.h"
#include "colour/ocio.h"
#include "colour/tone.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CHAIN_MAX_OPS 8
#define GAMMA_TABLE_SIZE 4096 /* eq's gamma: entries of its v^power table */

enum { CHAIN_AFFINE = 0, CHAIN_LUT1D = 1, CHAIN_LUT3D = 2, CHAIN_OCIO = 3, CHAIN_CDL = 4 };
#define CHAIN_CDL_LEN 12 /* ChainOp.cdl: ocio_cdl's record (colour/ocio_fn.h) */
enum { LUT_NEAREST = 0, LUT_LINEAR = 1, LUT_TETRAHEDRAL = 2 };

typedef struct ChainOp {
    int kind, interp, size;
    float m[3][4];          /* CHAIN_AFFINE: out[c] = Σ m[c][k]·in[k] + m[c][3] */
    float scale[3], min[3]; /* tables: position = (v − min)·scale, scale = (size−1)/(max−min) */
    float mix;              /* tables: the strength, out = (1 − mix)·in + mix·lut(in) (1: the
                             * table's own values; this form is exact at both ends) */
    const float *lut;       /* tables: host or device memory, per backend (lut.h layout);
                             * CHAIN_OCIO: its program (colour/ocio.h), size floats long */
    double power;           /* > 0: a table of v^power (eq's gamma) the stage builds (lut NULL
                             * when parsed; transform_tables fills it for code without a stage) */
    float cdl[CHAIN_CDL_LEN]; /* CHAIN_CDL: an ASC CDL by value, OpenColorIO's CDL record
                               * (ocio_prog_cdl's: reverse, clamp, slope, offset, power, sat):
                               * the numbers live grading changes travel with the frame's job,
                               * no table, nothing registered, nothing compiled in */
} ChainOp;

/* How the stage reads the samples in front of the chain (Chain.levels): as the
 * frame is tagged, or (for an OpenColorIO step first: camera curves are
 * defined on code values) as data levels, code/full scale, whatever the tag,
 * or as legal (video) levels; in both of those R, G, B are not clamped to [0,1]. */
enum { CHAIN_LEVELS_TAGGED = 0, CHAIN_LEVELS_DATA = 1, CHAIN_LEVELS_LEGAL = 2 };

typedef struct Chain {
    int nops;
    int levels; /* CHAIN_LEVELS_* (YUV sources; RGB ones are read as they are) */
    ChainOp ops[CHAIN_MAX_OPS];
    int tone_at;  /* the tone map runs before ops[tone_at] (nops: after the last) */
    ToneMap tone; /* tone.on 0: none */
    int tone_own; /* 1: the tone map is for the chain's own output (camera=…:output=
                   * hdr-pq-1000), not the source's: --compare's "before" has none */
} Chain;

/* What the CUDA stage's compiled kernels (gpu/jit.c) know of a chain when they
 * are compiled, as constants there (so that only its own steps' code is in
 * them); here, as everywhere else, read from the chain: its steps' number and
 * kinds, its tone map's presence, place and owner, and a loop over the steps
 * that those constants unroll */
#ifndef COLOUR_CHAIN_NOPS
#define COLOUR_CHAIN_NOPS(ch) ((ch)->nops)
#define COLOUR_CHAIN_KIND(ch, i) ((ch)->ops[i].kind)
#define COLOUR_CHAIN_TONE_ON(ch) ((ch)->tone.on)
#define COLOUR_CHAIN_TONE_AT(ch) ((ch)->tone_at)
#define COLOUR_CHAIN_TONE_OWN(ch) ((ch)->tone_own)
#define COLOUR_CHAIN_UNROLL
#endif

COLOUR_FN void chain_lut1d(const ChainOp *op, float v[3])
{
    float top = (float)(op->size - 1);
    for (int c = 0; c < 3; c++) {
        float x = chain_clamp((v[c] - op->min[c]) * op->scale[c], top);
        if (op->interp == LUT_NEAREST) {
            v[c] = op->lut[3 * (int)(x + 0.5f) + c];
            continue;
        }
        int i0 = (int)x, i1 = i0 + 1 < op->size ? i0 + 1 : i0;
        float f = x - (float)i0, a = op->lut[3 * i0 + c], b = op->lut[3 * i1 + c];
        v[c] = a + (b - a) * f;
    }
}

COLOUR_FN const float *chain_at(const ChainOp *op, int r, int g, int b)
{
    return op->lut + 3 * (((size_t)b * op->size + (size_t)g) * op->size + (size_t)r);
}

/* FFmpeg's vf_lut3d interpolations: nearest, trilinear, tetrahedral. */
COLOUR_FN void chain_lut3d(const ChainOp *op, float v[3])
{
    float top = (float)(op->size - 1), s[3], d[3];
    int i0[3], i1[3];
    for (int c = 0; c < 3; c++)
        s[c] = chain_clamp((v[c] - op->min[c]) * op->scale[c], top);
    if (op->interp == LUT_NEAREST) {
        const float *p = chain_at(op, (int)(s[0] + 0.5f), (int)(s[1] + 0.5f), (int)(s[2] + 0.5f));
        v[0] = p[0], v[1] = p[1], v[2] = p[2];
        return;
    }
    for (int c = 0; c < 3; c++) {
        i0[c] = (int)s[c];
        i1[c] = i0[c] + 1 < op->size ? i0[c] + 1 : i0[c];
        d[c] = s[c] - (float)i0[c];
    }
    const float *c000 = chain_at(op, i0[0], i0[1], i0[2]),
                *c111 = chain_at(op, i1[0], i1[1], i1[2]);
    if (op->interp == LUT_LINEAR) {
        const float *c100 = chain_at(op, i1[0], i0[1], i0[2]),
                    *c010 = chain_at(op, i0[0], i1[1], i0[2]);
        const float *c110 = chain_at(op, i1[0], i1[1], i0[2]),
                    *c001 = chain_at(op, i0[0], i0[1], i1[2]);
        const float *c101 = chain_at(op, i1[0], i0[1], i1[2]),
                    *c011 = chain_at(op, i0[0], i1[1], i1[2]);
        for (int c = 0; c < 3; c++) {
            float c00 = c000[c] + (c100[c] - c000[c]) * d[0];
            float c10 = c010[c] + (c110[c] - c010[c]) * d[0];
            float c01 = c001[c] + (c101[c] - c001[c]) * d[0];
            float c11 = c011[c] + (c111[c] - c011[c]) * d[0];
            float c0 = c00 + (c10 - c00) * d[1];
            float c1 = c01 + (c11 - c01) * d[1];
            v[c] = c0 + (c1 - c0) * d[2];
        }
        return;
    }
    /* tetrahedral: pick the tetrahedron the point lies in, weight its four corners */
    const float *ca, *cb;
    float w0, wa, wb, w1;
    if (d[0] > d[1]) {
        if (d[1] > d[2]) {
            ca = chain_at(op, i1[0], i0[1], i0[2]), cb = chain_at(op, i1[0], i1[1], i0[2]);
            w0 = 1.0f - d[0], wa = d[0] - d[1], wb = d[1] - d[2], w1 = d[2];
        } else if (d[0] > d[2]) {
            ca = chain_at(op, i1[0], i0[1], i0[2]), cb = chain_at(op, i1[0], i0[1], i1[2]);
            w0 = 1.0f - d[0], wa = d[0] - d[2], wb = d[2] - d[1], w1 = d[1];
        } else {
            ca = chain_at(op, i0[0], i0[1], i1[2]), cb = chain_at(op, i1[0], i0[1], i1[2]);
            w0 = 1.0f - d[2], wa = d[2] - d[0], wb = d[0] - d[1], w1 = d[1];
        }
    } else {
        if (d[2] > d[1]) {
            ca = chain_at(op, i0[0], i0[1], i1[2]), cb = chain_at(op, i0[0], i1[1], i1[2]);
            w0 = 1.0f - d[2], wa = d[2] - d[1], wb = d[1] - d[0], w1 = d[0];
        } else if (d[2] > d[0]) {
            ca = chain_at(op, i0[0], i1[1], i0[2]), cb = chain_at(op, i0[0], i1[1], i1[2]);
            w0 = 1.0f - d[1], wa = d[1] - d[2], wb = d[2] - d[0], w1 = d[0];
        } else {
            ca = chain_at(op, i0[0], i1[1], i0[2]), cb = chain_at(op, i1[0], i1[1], i0[2]);
            w0 = 1.0f - d[1], wa = d[1] - d[0], wb = d[0] - d[2], w1 = d[2];
        }
    }
    for (int c = 0; c < 3; c++)
        v[c] = w0 * c000[c] + wa * ca[c] + wb * cb[c] + w1 * c111[c];
}

/* A table's or program's result v blended with the step's input by its mix
 * (1: v as it is) */
COLOUR_FN void chain_mix(const ChainOp *op, const float in[3], float v[3])
{
    float keep = 1.0f - op->mix;
    for (int c = 0; c < 3 && op->mix != 1.0f; c++)
        v[c] = keep * in[c] + op->mix * v[c];
}

/* the clamp every step ends with */
COLOUR_FN void chain_clamp3(float v[3])
{
    for (int c = 0; c < 3; c++)
        v[c] = chain_clamp(v[c], 1.0f);
}

/* One step, of kind `kind` (op->kind, or what the compiled kernel knows it
 * is); with_ocio 0: the step is not CHAIN_OCIO (colour_chain_step2's other
 * steps: no call of ocio_run there, whose pointer to v would keep the pair's
 * pixels in the CUDA kernel's local memory) */
COLOUR_FN void chain_step(const ChainOp *op, int kind, float v[3], int with_ocio)
{
    if (kind == CHAIN_AFFINE) {
        float t[3];
        for (int c = 0; c < 3; c++)
            t[c] = op->m[c][0] * v[0] + op->m[c][1] * v[1] + op->m[c][2] * v[2] + op->m[c][3];
        v[0] = t[0], v[1] = t[1], v[2] = t[2];
    } else {
        float in[3] = {v[0], v[1], v[2]};
        if (kind == CHAIN_LUT1D)
            chain_lut1d(op, v);
        else if (kind == CHAIN_CDL)
            ocio_cdl(op->cdl, v);
        else if (kind == CHAIN_LUT3D || !with_ocio)
            chain_lut3d(op, v);
        else
            ocio_run(op->lut, v);
        chain_mix(op, in, v);
    }
    chain_clamp3(v);
}

COLOUR_FN void colour_chain_step(const ChainOp *op, float v[3])
{
    chain_step(op, op->kind, v, 1);
}

/* How the pair kernel runs step i's OpenColorIO program: ocio_run2 on its
 * records, unless the CUDA stage's compiled kernel (gpu/jit.c) has its own */
#ifndef COLOUR_OCIO_RUN2
#define COLOUR_OCIO_RUN2(ch, i, a, b) ocio_run2((ch)->ops[i].lut, a, b)
#endif

/* How the pair kernel runs step i's CDL: its record on both, unless the
 * compiled kernel (gpu/jit.c) has its flags as constants */
#ifndef COLOUR_CDL_RUN2
#define COLOUR_CDL_RUN2(ch, i, a, b) ocio_cdl_pair((ch)->ops[i].cdl, a, b)
#endif

/* colour_chain_step on two pixels, a and b (step i of the chain): the same
 * bytes as on each; an OpenColorIO step and a CDL run both together */
OCIO_FN void colour_chain_step2(const Chain *ch, int i, float a[3], float b[3])
{
    const ChainOp *op = &ch->ops[i];
    int kind = COLOUR_CHAIN_KIND(ch, i);
    if (kind != CHAIN_OCIO && kind != CHAIN_CDL) {
        chain_step(op, kind, a, 0);
        chain_step(op, kind, b, 0);
        return;
    }
    float ia[3] = {a[0], a[1], a[2]}, ib[3] = {b[0], b[1], b[2]};
    if (kind == CHAIN_CDL)
        COLOUR_CDL_RUN2(ch, i, a, b);
    else
        COLOUR_OCIO_RUN2(ch, i, a, b);
    chain_mix(op, ia, a), chain_mix(op, ib, b);
    chain_clamp3(a), chain_clamp3(b);
}

/* Whether a chain has an OpenColorIO step (the CUDA stage runs those in pairs) */
COLOUR_FN int colour_chain_has_ocio(const Chain *ch)
{
    for (int i = 0; i < ch->nops; i++)
        if (ch->ops[i].kind == CHAIN_OCIO)
            return 1;
    return 0;
}

/* colour_apply_chain on two pixels (ch not NULL) */
OCIO_FN void colour_apply_chain2(const Chain *ch, float a[3], float b[3])
{
    COLOUR_CHAIN_UNROLL
    for (int i = 0; i < COLOUR_CHAIN_NOPS(ch); i++) {
        if (COLOUR_CHAIN_TONE_ON(ch) && i == COLOUR_CHAIN_TONE_AT(ch))
            colour_tone(&ch->tone, a), colour_tone(&ch->tone, b);
        colour_chain_step2(ch, i, a, b);
    }
    if (COLOUR_CHAIN_TONE_ON(ch) && COLOUR_CHAIN_TONE_AT(ch) >= COLOUR_CHAIN_NOPS(ch))
        colour_tone(&ch->tone, a), colour_tone(&ch->tone, b);
}

/* Run a chain on R,G,B in [0,1], in place (ch may be NULL). */
COLOUR_FN void colour_apply_chain(const Chain *ch, float v[3])
{
    if (!ch)
        return;
    COLOUR_CHAIN_UNROLL
    for (int i = 0; i < COLOUR_CHAIN_NOPS(ch); i++) {
        if (COLOUR_CHAIN_TONE_ON(ch) && i == COLOUR_CHAIN_TONE_AT(ch))
            colour_tone(&ch->tone, v);
        chain_step(&ch->ops[i], COLOUR_CHAIN_KIND(ch, i), v, 1);
    }
    if (COLOUR_CHAIN_TONE_ON(ch) && COLOUR_CHAIN_TONE_AT(ch) >= COLOUR_CHAIN_NOPS(ch))
        colour_tone(&ch->tone, v);
}

/* colour_apply_chain on n <= OCIO_N_MAX pixels held as planes (v: n R values,
 * then n G, then n B; ch not NULL): an OpenColorIO step on all n together
 * (ocio_run_n), then its mix and clamp, every other step and the tone map
 * pixel by pixel. The same bytes as colour_apply_chain on each; for the host's
 * loops over many pixels (look/bake.c's measurements) */
COLOUR_FN void colour_apply_chain_n(const Chain *ch, float *v, int n)
{
    float *r = v, *g = v + n, *b = v + 2 * n;
    for (int i = 0; i <= ch->nops; i++) {
        if (ch->tone.on && i == (ch->tone_at < ch->nops ? ch->tone_at : ch->nops))
            for (int k = 0; k < n; k++) {
                float px[3] = {r[k], g[k], b[k]};
                colour_tone(&ch->tone, px);
                r[k] = px[0], g[k] = px[1], b[k] = px[2];
            }
        if (i == ch->nops)
            break;
        const ChainOp *op = &ch->ops[i];
        float out[3 * OCIO_N_MAX];
        if (op->kind == CHAIN_OCIO) {
            for (int k = 0; k < 3 * n; k++)
                out[k] = v[k];
            ocio_run_n(op->lut, out, n);
        }
        for (int k = 0; k < n; k++) {
            float px[3] = {r[k], g[k], b[k]};
            if (op->kind == CHAIN_OCIO) {
                float o[3] = {out[k], out[n + k], out[2 * n + k]};
                chain_mix(op, px, o);
                chain_clamp3(o);
                px[0] = o[0], px[1] = o[1], px[2] = o[2];
            } else {
                colour_chain_step(op, px);
            }
            r[k] = px[0], g[k] = px[1], b[k] = px[2];
        }
    }
}

#ifdef __cplusplus
}
#endif

#endif
