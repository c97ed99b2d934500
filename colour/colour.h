/* The per-pixel colour maths of both backends, as static inline functions
 * that gcc and nvcc both compile, so the CPU and CUDA backends produce
 * byte-identical pixels. One rounding: every value stays at full precision
 * from the samples read to the samples written, and is rounded once, to the
 * output's depth (8-bit BGR for the window, 16-bit RGB or 8/10/12-bit YUV for
 * a file), with a fixed dither pattern where the output is 8-bit.
 *
 * Two paths, chosen per frame:
 *  - the integer path, for YUV with no transform into 8-bit BGR: YUV→RGB in
 *    fixed point straight to 8 bits (COLOUR_FRAC fraction bits for 8-bit
 *    samples, COLOUR_FRAC_DEEP for deeper ones);
 *  - the float path, for everything else: the samples to R,G,B in [0,1] as
 *    float (24-bit mantissa), the transform chain, then the output rounding.
 *    Only +, −, ×, ÷ and comparisons (tone.h adds correctly rounded square
 *    roots), compiled without contraction into fused
 *    multiply-adds on both sides (-ffp-contract=off, nvcc --fmad=false), so
 *    both backends round every operation the same way. */
#ifndef PINSTRIPE_COLOUR_COLOUR_H
#define PINSTRIPE_COLOUR_COLOUR_H

#include <stddef.h>
#include <stdint.h>

#include "colour/colour_base.h"
#include "colour/chain.h"
#include "colour/pixel.h"
#include "colour/tone.h"

#ifdef __cplusplus
extern "C" {
#endif

#define COLOUR_FRAC 16      /* the integer path's fraction bits, 8-bit samples */
#define COLOUR_FRAC_DEEP 21 /* the same, deeper samples (their range is larger) */

/* Dither: a threshold t in 1..65535 per pixel (t/65536 of an output step),
 * from a 64×64 pattern tiled over the frame (stage/dither.h); an 8-bit output
 * is floor(value·255 + t/65536). Without a pattern t is 32768: round to
 * nearest. */
#define DITHER_SIZE 64
#define DITHER_HALF 32768

typedef enum { DITHER_NONE = 0, DITHER_ORDERED = 1, DITHER_BLUE = 2 } DitherMode;

/* Reading a frame's samples as colour. The integer path, on samples moved up
 * to 16 bits (Y' = Y·2^up; up = 0 for 8-bit samples, 16 − depth for deeper
 * ones, so a 10-bit frame and its p010 form give the same bytes):
 *   R = (cy(Y'−iyoff) + crv(V'−ihalf) + t·2^(shift−16)) >> shift, G and B alike
 *   (G = cy(Y'−iyoff) − cgu(U'−ihalf) − cgv(V'−ihalf)), clamped to 0..255.
 * The float path: yy = fy·(Y−yoff), uu = U−half, vv = V−half,
 *   R = yy + frv·vv, G = (yy − fgu·uu) − fgv·vv, B = yy + fbu·uu, clamped to [0,1];
 * RGB samples: frgb·sample. */
typedef struct YuvCoeffs {
    int32_t yoff, half; /* the float path's, at the samples' depth */
    int32_t iyoff, ihalf, up, cy, crv, cgu, cgv, cbu, shift; /* the integer path's */
    float fy, frv, fgu, fgv, fbu, frgb;
    int unclamped; /* the float path's R,G,B not clamped to [0,1] (Chain.levels: an
                    * OpenColorIO step reads super-whites and footroom) */
} YuvCoeffs;

/* Writing YUV for an encoder, from R,G,B in [0,1] (limited range, at `depth`
 * bits): Y = Σ y[k]·rgb[k] + yoff, U and V from the sums of a 2×2 block's four
 * pixels, U = Σ u[k]·sum[k] + half (the ¼ is in u and v). Rounded once. */
typedef struct RgbToYuv {
    float y[3], u[3], v[3];
    float yoff, half;
    int depth, max;
} RgbToYuv;

/* The coefficients for a matrix, range and sample depth; MATRIX_UNSPECIFIED is
 * BT.709 from 720 rows up and BT.601 below. Host code (colour.c). */
YuvCoeffs colour_yuv_coeffs(ColourMatrix m, int full_range, int height, int depth);
/* The same for samples of `depth` bits that hold a source of `bits` (≤ depth)
 * in their top bits (P016 holding p010's 10): full range's white is the top
 * code, (2^bits − 1)·2^(depth − bits); limited range is the same at any bits.
 * A p010 sample then reads exactly as its 10-bit value does. */
YuvCoeffs colour_yuv_coeffs_bits(ColourMatrix m, int full_range, int height, int depth, int bits);
/* The coefficients that write `m` (MATRIX_UNSPECIFIED: BT.709 from 720 rows
 * up, BT.601 below), limited range, at depth bits (8, 10, 12 or 16). */
RgbToYuv colour_rgb_yuv_coeffs(ColourMatrix m, int height, int depth);
/* A 1D table (lut.h layout) of (i/(size−1))^power in double, to float. Host (colour.c). */
void colour_power_table(float *t, int size, double power);
/* The luma weights (Kr, Kb) of a matrix, as DESIGN.md's standards give them. */
void colour_matrix_weights(ColourMatrix m, double *kr, double *kb);

/* Where a pixel's samples are: plane pointers and strides as FrameBuf has
 * them (host or device memory), and the layout. */
typedef struct PixelSource {
    const uint8_t *plane[3]; /* row 0 of each is luma row y0 (chroma row y0/2 when halved) */
    int stride[3];
    int layout; /* PixLayout */
    int y0;     /* even where chroma rows are halved, or 0 */
    int cw;     /* chroma samples a row ((width+1)/2 where halved across, else width):
                 * the HDR path's interpolation stops at the last (0: it does not
                 * interpolate) */
} PixelSource;

/* A source's layout; a constant in the CUDA stage's compiled kernels (gpu/jit.c),
 * which are compiled for the layout they read */
#ifndef COLOUR_SRC_LAYOUT
#define COLOUR_SRC_LAYOUT(s) ((s)->layout)
#endif

COLOUR_FN int colour_sample(const uint8_t *row, int i, int wide)
{
    return wide ? ((const uint16_t *)row)[i] : row[i];
}

/* Whether a layout's chroma is halved across (4:2:0, 4:2:2). */
COLOUR_FN int colour_halved_x(int l)
{
    return l == PIX_YUV420P || l == PIX_NV12 || l == PIX_YUV420P16 || l == PIX_P016 ||
           l == PIX_YUV422P16;
}

/* The samples of pixel (x, y): Y, U, V, or R, G, B. Chroma is the sample
 * covering the pixel (x/2 and y/2 where halved). */
COLOUR_FN void colour_read(const PixelSource *s, int x, int y, int v[3])
{
    int l = COLOUR_SRC_LAYOUT(s), wide = l >= PIX_YUV420P16;
    const uint8_t *r0 = s->plane[0] + (size_t)(y - s->y0) * s->stride[0];
    if (l == PIX_BGR24) {
        v[0] = r0[3 * x + 2], v[1] = r0[3 * x + 1], v[2] = r0[3 * x];
        return;
    }
    if (l == PIX_RGB48) {
        const uint16_t *p = (const uint16_t *)r0 + 3 * x;
        v[0] = p[0], v[1] = p[1], v[2] = p[2];
        return;
    }
    int half_y = l == PIX_YUV420P || l == PIX_NV12 || l == PIX_YUV420P16 || l == PIX_P016;
    int half_x = colour_halved_x(l);
    int cr = half_y ? (y >> 1) - (s->y0 >> 1) : y - s->y0, cx = half_x ? x >> 1 : x;
    const uint8_t *r1 = s->plane[1] + (size_t)cr * s->stride[1];
    if (l == PIX_GBRP16) { /* planes G, B, R */
        const uint8_t *r2 = s->plane[2] + (size_t)cr * s->stride[2];
        v[0] = colour_sample(r2, x, 1), v[1] = colour_sample(r0, x, 1),
        v[2] = colour_sample(r1, x, 1);
        return;
    }
    v[0] = colour_sample(r0, x, wide);
    if (l == PIX_NV12 || l == PIX_P016) {
        v[1] = colour_sample(r1, 2 * cx, wide), v[2] = colour_sample(r1, 2 * cx + 1, wide);
    } else {
        const uint8_t *r2 = s->plane[2] + (size_t)cr * s->stride[2];
        v[1] = colour_sample(r1, cx, wide), v[2] = colour_sample(r2, cx, wide);
    }
}

COLOUR_FN int colour_q8(int32_t acc, int shift)
{
    if (acc < 0)
        return 0;
    acc >>= shift;
    return acc > 255 ? 255 : acc;
}

/* The integer path: Y, U, V to 8-bit R, G, B with threshold t (1..65535). */
COLOUR_FN void colour_yuv_rgb8(const YuvCoeffs *c, const int s[3], int t, int rgb[3])
{
    int32_t yy = ((s[0] << c->up) - c->iyoff) * c->cy;
    int32_t uu = (s[1] << c->up) - c->ihalf, vv = (s[2] << c->up) - c->ihalf;
    int32_t tt = t << (c->shift - 16);
    rgb[0] = colour_q8(yy + c->crv * vv + tt, c->shift);
    rgb[1] = colour_q8(yy - c->cgu * uu - c->cgv * vv + tt, c->shift);
    rgb[2] = colour_q8(yy + c->cbu * uu + tt, c->shift);
}

/* The float path's start: samples to R, G, B in [0,1]. */
COLOUR_FN void colour_to_float(const YuvCoeffs *c, int rgb_layout, const int s[3], float v[3])
{
    if (rgb_layout) {
        for (int k = 0; k < 3; k++)
            v[k] = (float)s[k] * c->frgb;
    } else {
        float yy = (float)(s[0] - c->yoff) * c->fy;
        float uu = (float)(s[1] - c->half), vv = (float)(s[2] - c->half);
        v[0] = yy + c->frv * vv;
        v[1] = (yy - c->fgu * uu) - c->fgv * vv;
        v[2] = yy + c->fbu * uu;
    }
    for (int k = 0; k < 3 && !c->unclamped; k++)
        v[k] = chain_clamp(v[k], 1.0f);
}

/* colour_to_float for YUV with chroma given as floats (interpolated). */
COLOUR_FN void colour_yuv_float(const YuvCoeffs *c, int y, float u, float v, float out[3])
{
    float yy = (float)(y - c->yoff) * c->fy;
    float uu = u - (float)c->half, vv = v - (float)c->half;
    out[0] = yy + c->frv * vv;
    out[1] = (yy - c->fgu * uu) - c->fgv * vv;
    out[2] = yy + c->fbu * uu;
    for (int k = 0; k < 3 && !c->unclamped; k++)
        out[k] = chain_clamp(out[k], 1.0f);
}

/* The HDR path's chroma across: sited with the even pixels (MPEG-2's and HEVC's
 * default, left), an odd pixel's is the mean of its two neighbours' (linear),
 * where the row has a next sample. Down the rows it stays the covering sample
 * (centred between the two rows it covers: no row of another stripe is read).
 * PQ makes chroma errors at colour edges bright: nearest would show them. 0:
 * no neighbour (s is the pixel's own). */
COLOUR_FN int colour_chroma_next(const PixelSource *s, int x, int y, int next[3])
{
    if (!(x & 1) || ((x + 1) >> 1) >= s->cw)
        return 0;
    colour_read(s, x + 1, y, next);
    return 1;
}

/* The threshold of pixel (x, y) in a 64×64 pattern (NULL: round to nearest). */
COLOUR_FN int colour_threshold(const uint16_t *dither, int x, int y)
{
    return dither ? dither[((y & (DITHER_SIZE - 1)) * DITHER_SIZE) | (x & (DITHER_SIZE - 1))]
                  : DITHER_HALF;
}

/* The output roundings, v in [0,1]: 8 bits with threshold t; 16 bits to nearest. */
COLOUR_FN int colour_out8(float v, int t)
{
    return (int)(v * 255.0f + (float)t * (1.0f / 65536.0f));
}

COLOUR_FN int colour_out16(float v)
{
    return (int)(v * 65535.0f + 0.5f);
}

enum { COLOUR_OUT_BGR24 = 0, COLOUR_OUT_RGB48 = 1, COLOUR_OUT_FLOAT = 2 };

/* The bytes of one pixel of an output kind */
COLOUR_FN int colour_out_bytes(int out)
{
    return out == COLOUR_OUT_BGR24 ? 3 : out == COLOUR_OUT_RGB48 ? 6 : 12;
}

/* Everything a pixel's conversion needs: the source, its coefficients, the
 * transform (nops 0: none), the dither pattern (NULL: none; device memory for
 * the CUDA kernel) and the YUV output's coefficients (block functions). */
typedef struct ColourJob {
    PixelSource src;
    YuvCoeffs c;
    Chain ch;
    const uint16_t *dither;
    RgbToYuv o;
    int plain; /* 1: the integer path (YUV source, no transform, 8-bit BGR out) */
    /* --compare split: pixels x < split skip the chain's steps (not its tone map), by the
     * integer path where plain_left; output column line − 1 is white (0: none) */
    int split, plain_left, line;
} ColourJob;

COLOUR_FN int colour_is_rgb(int layout)
{
    return layout == PIX_BGR24 || layout == PIX_RGB48 || layout == PIX_GBRP16;
}

/* Whether a job takes the integer path into 8-bit BGR. */
COLOUR_FN int colour_job_plain(int layout, const Chain *ch)
{
    return !colour_is_rgb(layout) && (!ch || (ch->nops == 0 && !ch->tone.on));
}

/* Pixel (x, y) as R, G, B, read and converted, before the chain. */
COLOUR_FN void colour_pixel_in(const ColourJob *j, int x, int y, float v[3])
{
    int s[3], n[3];
    colour_read(&j->src, x, y, s);
    int l = COLOUR_SRC_LAYOUT(&j->src);
    if (COLOUR_CHAIN_TONE_ON(&j->ch) && colour_halved_x(l) && colour_chroma_next(&j->src, x, y, n))
        colour_yuv_float(&j->c, s[0], (float)(s[1] + n[1]) * 0.5f, (float)(s[2] + n[2]) * 0.5f, v);
    else
        colour_to_float(&j->c, colour_is_rgb(l), s, v);
}

/* Pixel (x, y) as R, G, B in [0,1] where the chain's steps do not run (left of
 * --compare's split): read, converted, the source's tone map alone */
COLOUR_FN void colour_pixel_float_bare(const ColourJob *j, int x, int y, float v[3])
{
    colour_pixel_in(j, x, y, v);
    if (COLOUR_CHAIN_TONE_ON(&j->ch) && !COLOUR_CHAIN_TONE_OWN(&j->ch))
        colour_tone(&j->ch.tone, v);
}

/* Pixel (x, y) as R, G, B in [0,1]: read, converted, transformed. */
COLOUR_FN void colour_pixel_float(const ColourJob *j, int x, int y, float v[3])
{
    if (x < j->split) {
        colour_pixel_float_bare(j, x, y, v);
        return;
    }
    colour_pixel_in(j, x, y, v);
    colour_apply_chain(&j->ch, v);
}

/* R, G, B in [0,1] of pixel (x, y) written at dst: packed B,G,R (8 bits,
 * dithered) or R,G,B (16 bits a sample, native-endian), or three floats. */
COLOUR_FN void colour_store(const ColourJob *j, int x, int y, int out, const float v[3],
                            uint8_t *dst)
{
    if (out == COLOUR_OUT_BGR24) {
        int t = colour_threshold(j->dither, x, y);
        dst[0] = (uint8_t)colour_out8(v[2], t);
        dst[1] = (uint8_t)colour_out8(v[1], t);
        dst[2] = (uint8_t)colour_out8(v[0], t);
    } else if (out == COLOUR_OUT_RGB48) {
        uint16_t *d = (uint16_t *)dst;
        d[0] = (uint16_t)colour_out16(v[0]), d[1] = (uint16_t)colour_out16(v[1]),
        d[2] = (uint16_t)colour_out16(v[2]);
    } else {
        float *d = (float *)dst;
        d[0] = v[0], d[1] = v[1], d[2] = v[2];
    }
}

/* Whether pixel x of a row takes none of the chain's steps: left of --compare's
 * split, the split's white line, or a job of none (plain) */
COLOUR_FN int colour_bare(const ColourJob *j, int x)
{
    return x < j->split || x + 1 == j->line || j->plain;
}

/* Pixel (x, y) where colour_bare: the white line; the integer path where that
 * side is plain (8-bit BGR out); else read, converted, the source's tone map
 * alone. Written at dst as colour_pixel_out writes */
COLOUR_FN void colour_pixel_out_bare(const ColourJob *j, int x, int y, int out, uint8_t *dst)
{
    float v[3] = {1.0f, 1.0f, 1.0f}; /* the divider's white */
    if (x + 1 != j->line && out == COLOUR_OUT_BGR24 && (x < j->split ? j->plain_left : j->plain)) {
        int s[3], rgb[3];
        colour_read(&j->src, x, y, s);
        colour_yuv_rgb8(&j->c, s, colour_threshold(j->dither, x, y), rgb);
        dst[0] = (uint8_t)rgb[2], dst[1] = (uint8_t)rgb[1], dst[2] = (uint8_t)rgb[0];
        return;
    }
    if (x + 1 != j->line)
        colour_pixel_float_bare(j, x, y, v);
    colour_store(j, x, y, out, v, dst);
}

/* Pixel (x, y) written at dst: packed B,G,R (8 bits, dithered) or R,G,B (16
 * bits a sample, native-endian), or three floats. */
COLOUR_FN void colour_pixel_out(const ColourJob *j, int x, int y, int out, uint8_t *dst)
{
    if (colour_bare(j, x)) {
        colour_pixel_out_bare(j, x, y, out, dst);
        return;
    }
    float v[3];
    colour_pixel_float(j, x, y, v);
    colour_store(j, x, y, out, v, dst);
}

/* Pixels (x, y) and (x + 1, y) (two 0: x, the last of an odd row, alone)
 * written at dst as colour_pixel_out writes each: the chain on both together
 * (colour_apply_chain2; x twice where it is alone) unless neither takes it,
 * the same bytes. (The pair kernel's one path for every pixel: its code holds
 * the chain once.) */
COLOUR_FN void colour_pair_out(const ColourJob *j, int x, int y, int two, int out, uint8_t *dst)
{
    int bpp = colour_out_bytes(out), bare0 = colour_bare(j, x),
        bare1 = !two || colour_bare(j, x + 1);
    if (bare0 && bare1) {
        colour_pixel_out_bare(j, x, y, out, dst);
        if (two)
            colour_pixel_out_bare(j, x + 1, y, out, dst + bpp);
        return;
    }
    float a[3], b[3];
    colour_pixel_in(j, x, y, a);
    colour_pixel_in(j, two ? x + 1 : x, y, b);
    colour_apply_chain2(&j->ch, a, b);
    if (bare0)
        colour_pixel_out_bare(j, x, y, out, dst);
    else
        colour_store(j, x, y, out, a, dst);
    if (two && bare1)
        colour_pixel_out_bare(j, x + 1, y, out, dst + bpp);
    else if (two)
        colour_store(j, x + 1, y, out, b, dst + bpp);
}

/* Pixels (x, y) and (x + 1, y) (two 0: x alone, b as a) as R, G, B in [0,1],
 * as colour_pixel_float makes each: the chain on both together
 * (colour_apply_chain2) unless neither takes it, the same bytes */
COLOUR_FN void colour_pair_float(const ColourJob *j, int x, int y, int two, float a[3], float b[3])
{
    if (x + two < j->split) {
        colour_pixel_float_bare(j, x, y, a);
        if (two)
            colour_pixel_float_bare(j, x + 1, y, b);
        return;
    }
    colour_pixel_in(j, x, y, a);
    colour_pixel_in(j, two ? x + 1 : x, y, b);
    colour_apply_chain2(&j->ch, a, b);
    if (x < j->split)
        colour_pixel_float_bare(j, x, y, a);
}

/* The YUV output's threshold at luma pixel (x, y): the pattern's for 8 bits,
 * else round to nearest. */
COLOUR_FN float colour_yuv_t(const ColourJob *j, int x, int y)
{
    int t = j->o.depth == 8 ? colour_threshold(j->dither, x, y) : DITHER_HALF;
    return (float)t * (1.0f / 65536.0f);
}

COLOUR_FN int colour_yuv_clamp(float f, int max)
{
    int q = (int)f; /* f > 0 */
    return q > max ? max : q;
}

/* Y of one pixel from its R, G, B. */
COLOUR_FN int colour_out_y(const RgbToYuv *o, const float v[3], float t)
{
    return colour_yuv_clamp(o->y[0] * v[0] + o->y[1] * v[1] + o->y[2] * v[2] + o->yoff + t, o->max);
}

/* U and V of a 2×2 block from the four pixels' R, G, B (a, b: the top row;
 * c, d: the bottom), summed in that order. */
COLOUR_FN void colour_out_uv(const RgbToYuv *o, const float *a, const float *b, const float *c,
                             const float *d, float t, int *u, int *v)
{
    float s[3];
    for (int k = 0; k < 3; k++)
        s[k] = ((a[k] + b[k]) + c[k]) + d[k];
    *u = colour_yuv_clamp(o->u[0] * s[0] + o->u[1] * s[1] + o->u[2] * s[2] + o->half + t, o->max);
    *v = colour_yuv_clamp(o->v[0] * s[0] + o->v[1] * s[1] + o->v[2] * s[2] + o->half + t, o->max);
}

COLOUR_FN void colour_put(uint8_t *row, int i, int wide, int value)
{
    if (wide)
        ((uint16_t *)row)[i] = (uint16_t)value;
    else
        row[i] = (uint8_t)value;
}

/* The encoder's 4:2:0 output: the 2×2 block at (x, y) (both even) from its
 * four pixels' R, G, B (p: the top row's two, then the bottom row's; the
 * divider's white put in here), each pixel's Y from its R, G, B, the block's
 * U and V from their sums, 8-bit or 16-bit samples by o.depth. The CPU
 * backend runs colour_out_y and colour_out_uv over rows it converted to
 * floats first (convert_cpu.c); the CUDA kernel converts the block's pixels
 * (gpu/colour_kernel.cuh) and puts them here. */
COLOUR_FN void colour_block420_put(const ColourJob *j, int x, int y, float p[4][3], uint8_t *y0,
                                   uint8_t *y1, uint8_t *u, uint8_t *v)
{
    for (int i = 0; i < 4; i++)
        if (x + (i & 1) + 1 == j->line)
            p[i][0] = p[i][1] = p[i][2] = 1.0f;
    int wide = j->o.depth > 8, uu, vv;
    for (int i = 0; i < 4; i++)
        colour_put(i >> 1 ? y1 : y0, x + (i & 1), wide,
                   colour_out_y(&j->o, p[i], colour_yuv_t(j, x + (i & 1), y + (i >> 1))));
    colour_out_uv(&j->o, p[0], p[1], p[2], p[3], colour_yuv_t(j, x >> 1, y >> 1), &uu, &vv);
    colour_put(u, x >> 1, wide, uu);
    colour_put(v, x >> 1, wide, vv);
}

#ifdef __cplusplus
}
#endif

#endif
