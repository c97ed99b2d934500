/* convert_rows: the CPU backend's loop over a band of rows, each row by the
 * vectorised (or scalar) row function simd.h picks. */
#include "cpu/convert.h"

#include <string.h>

#include "cpu/simd.h"

/* Band k of `in` as a PixelSource, and the rows [*r0, *r1) of [y0, y1) it holds. */
static PixelSource band_source(const FrameBuf *in, int k, int y0, int y1, int *r0, int *r1)
{
    FrameBand b;
    frame_band(in, k, &b);
    *r0 = y0 > b.y0 ? y0 : b.y0, *r1 = y1 < b.y1 ? y1 : b.y1;
    return (PixelSource){
        .plane = {b.plane[0], b.plane[1], b.plane[2]},
        .stride = {in->stride[0], in->stride[1], in->stride[2]},
        .layout = in->fmt.layout,
        .y0 = b.y0,
        .cw = colour_halved_x(in->fmt.layout) ? (in->fmt.width + 1) / 2 : in->fmt.width,
    };
}

/* --compare (ColourJob.split, .line): the row functions take whole rows with
 * the look (`all`), then the columns before the split again without it
 * (`left`), and the line is drawn: what colour_pixel_out does pixel by pixel. */
static void split_jobs(const ColourJob *job, ColourJob *all, ColourJob *left)
{
    *all = *job;
    all->split = all->line = 0;
    *left = *all;
    left->ch.nops = 0; /* (the source's tone map stays; the chain's own goes) */
    left->ch.tone.on = left->ch.tone.on && !left->ch.tone_own;
    left->plain = job->plain_left;
}

/* Row y of the job's source into dst (kind), --compare's split and line included. */
static void row_split(const ColourJob *job, ColourJob *all, ColourJob *left, SimdRowFn fn, int y,
                      int w, int kind, uint8_t *dst)
{
    fn(all, y, w, kind, dst);
    if (job->split > 0) {
        left->src = all->src;
        fn(left, y, job->split < w ? job->split : w, kind, dst);
    }
    if (job->line > 0 && job->line <= w) {
        uint8_t *d = dst + (size_t)(job->line - 1) * (kind == COLOUR_OUT_FLOAT   ? 12
                                                      : kind == COLOUR_OUT_RGB48 ? 6
                                                                                 : 3);
        if (kind == COLOUR_OUT_FLOAT)
            ((float *)d)[0] = ((float *)d)[1] = ((float *)d)[2] = 1.0f;
        else
            memset(d, 0xff, kind == COLOUR_OUT_RGB48 ? 6 : 3);
    }
}

void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const ColourJob *job)
{
    SimdRowFn convert_row = simd_row(simd_level());
    int kind = out->fmt.layout == PIX_RGB48 ? COLOUR_OUT_RGB48 : COLOUR_OUT_BGR24;
    ColourJob j, left;
    split_jobs(job, &j, &left);
    for (int k = 0; k < frame_nbands(&in->fmt); k++) {
        int r0, r1;
        j.src = band_source(in, k, y0, y1, &r0, &r1);
        for (int y = r0; y < r1; y++)
            row_split(job, &j, &left, convert_row, y, in->fmt.width, kind,
                      out->data[0] + (size_t)y * out->stride[0]);
    }
}

void convert_rows_yuv420(const FrameBuf *in, FrameBuf *out, int y0, int y1, const ColourJob *job,
                         uint8_t *scratch)
{
    SimdRowFn convert_row = simd_row(simd_level());
    int w = in->fmt.width, wide = job->o.depth > 8;
    float *s0 = (float *)scratch, *s1 = s0 + (size_t)3 * w;
    ColourJob j, left;
    split_jobs(job, &j, &left);
    for (int k = 0; k < frame_nbands(&in->fmt); k++) {
        /* input bands start on even rows, so a block never straddles two */
        int r0, r1;
        j.src = band_source(in, k, y0, y1, &r0, &r1);
        for (int y = r0; y + 1 < r1; y += 2) {
            /* the row pair as floats first (what colour_pixel_float gives), then
             * colour_block420_put's roundings, in a tight loop */
            row_split(job, &j, &left, convert_row, y, w, COLOUR_OUT_FLOAT, (uint8_t *)s0);
            row_split(job, &j, &left, convert_row, y + 1, w, COLOUR_OUT_FLOAT, (uint8_t *)s1);
            uint8_t *l0 = frame_row(out, 0, y), *l1 = frame_row(out, 0, y + 1);
            uint8_t *u = frame_row(out, 1, y / 2), *v = frame_row(out, 2, y / 2);
            for (int x = 0; x + 1 < w; x += 2) {
                const float *p = s0 + 3 * x, *q = s1 + 3 * x;
                int uu, vv;
                colour_put(l0, x, wide, colour_out_y(&j.o, p, colour_yuv_t(&j, x, y)));
                colour_put(l0, x + 1, wide, colour_out_y(&j.o, p + 3, colour_yuv_t(&j, x + 1, y)));
                colour_put(l1, x, wide, colour_out_y(&j.o, q, colour_yuv_t(&j, x, y + 1)));
                colour_put(l1, x + 1, wide,
                           colour_out_y(&j.o, q + 3, colour_yuv_t(&j, x + 1, y + 1)));
                colour_out_uv(&j.o, p, p + 3, q, q + 3, colour_yuv_t(&j, x >> 1, y >> 1), &uu, &vv);
                colour_put(u, x >> 1, wide, uu);
                colour_put(v, x >> 1, wide, vv);
            }
        }
    }
}

/* Row r of `in` (any band) as floats at dst: the job's conversion and chain
 * (--compare's split: not its line, which is in the output's columns). */
static void float_row(const FrameBuf *in, const ColourJob *job, ColourJob *j, ColourJob *left,
                      SimdRowFn fn, int r, float *dst)
{
    int k = 0, nb = frame_nbands(&in->fmt), r0 = 0, r1 = 0;
    for (; k < nb; k++) {
        FrameBand b;
        frame_band(in, k, &b);
        if (r >= b.y0 && r < b.y1)
            break;
    }
    j->src = band_source(in, k < nb ? k : nb - 1, r, r + 1, &r0, &r1);
    ColourJob at = *job;
    at.line = 0;
    row_split(&at, j, left, fn, r, in->fmt.width, COLOUR_OUT_FLOAT, (uint8_t *)dst);
}

void convert_rows_scaled(const FrameBuf *in, FrameBuf *out, int oy0, int oy1, const ColourJob *job,
                         const ScaleAxis *h, const ScaleAxis *v, float *scratch)
{
    SimdRowFn convert_row = simd_row(simd_level());
    int kind = out->fmt.layout == PIX_RGB48 ? COLOUR_OUT_RGB48 : COLOUR_OUT_BGR24;
    int bpp = kind == COLOUR_OUT_RGB48 ? 6 : 3;
    int ow = out->fmt.width, taps = v->taps;
    size_t orow = (size_t)3 * ow;
    float *src = scratch, *acc = src + (size_t)3 * in->fmt.width, *ring = acc + orow;
    ColourJob j = *job, all, left;
    split_jobs(job, &all, &left);
    int have = -1; /* the ring holds input rows up to have (the last taps of them) */
    for (int y = oy0; y < oy1; y++) {
        int f = v->first[y] + v->offset;
        if (have < f - 1)
            have = f - 1; /* rows skipped: none of them is read again */
        for (; have < f + taps - 1; have++) {
            float *hr = ring + (size_t)((have + 1) % taps) * orow;
            float_row(in, job, &all, &left, convert_row, have + 1, src);
            for (int x = 0; h->light && x < in->fmt.width; x++)
                scale_to_light(h, src + 3 * (size_t)x);
            for (int x = 0; x < ow; x++)
                scale_h_px(h, src, 0, x, hr + 3 * (size_t)x);
        }
        for (size_t i = 0; i < orow; i++)
            acc[i] = 0.0f;
        for (int t = 0; t < taps; t++) {
            const float *hr = ring + (size_t)((f + t) % taps) * orow;
            for (int x = 0; x < ow; x++)
                scale_v_step(v, y, t, hr + 3 * (size_t)x, acc + 3 * (size_t)x);
        }
        uint8_t *dst = out->data[0] + (size_t)y * out->stride[0];
        for (int x = 0; x < ow; x++)
            scale_store(&j, acc + 3 * (size_t)x, x, y, kind, v->light, dst + (size_t)bpp * x);
    }
}
