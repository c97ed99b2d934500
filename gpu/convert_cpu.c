/* convert_rows: the CPU backend's loop over a band of rows, each row by the
 * vectorised (or scalar) row function simd.h picks. */
#include "gpu/convert.h"
#include "gpu/simd.h"

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
    };
}

void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                  const Transform *t)
{
    const ColourAffine *a = t->identity || t->use_chain ? NULL : &t->affine;
    const Chain *ch = t->use_chain ? &t->chain : NULL;
    SimdRowFn convert_row = simd_row(simd_level());
    for (int k = 0; k < frame_nbands(&in->fmt); k++) {
        int r0, r1;
        const PixelSource src = band_source(in, k, y0, y1, &r0, &r1);
        for (int y = r0; y < r1; y++)
            convert_row(&src, y, in->fmt.width, c, a, ch, out->data[0] + (size_t)y * out->stride[0]);
    }
}

void convert_rows_yuv420(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                         const RgbToYuv *o, const Transform *t, uint8_t *scratch)
{
    const ColourAffine *a = t->identity || t->use_chain ? NULL : &t->affine;
    const Chain *ch = t->use_chain ? &t->chain : NULL;
    SimdRowFn convert_row = simd_row(simd_level());
    int w = in->fmt.width;
    uint8_t *s0 = scratch, *s1 = scratch + (size_t)3 * w;
    for (int k = 0; k < frame_nbands(&in->fmt); k++) {
        /* input bands start on even rows, so a block never straddles two */
        int r0, r1;
        const PixelSource src = band_source(in, k, y0, y1, &r0, &r1);
        for (int y = r0; y + 1 < r1; y += 2) {
            /* the row pair as BGR first (what the BGR path writes), then the
             * same integer Y/UV maths as colour_convert_block420, in a tight loop */
            convert_row(&src, y, w, c, a, ch, s0);
            convert_row(&src, y + 1, w, c, a, ch, s1);
            uint8_t *l0 = frame_row(out, 0, y), *l1 = frame_row(out, 0, y + 1);
            uint8_t *u = frame_row(out, 1, y / 2), *v = frame_row(out, 2, y / 2);
            for (int x = 0; x + 1 < w; x += 2) {
                const uint8_t *p = s0 + 3 * x, *q = s1 + 3 * x;
                l0[x] = colour_rgb_y(o, p[2], p[1], p[0]);
                l0[x + 1] = colour_rgb_y(o, p[5], p[4], p[3]);
                l1[x] = colour_rgb_y(o, q[2], q[1], q[0]);
                l1[x + 1] = colour_rgb_y(o, q[5], q[4], q[3]);
                colour_sum_uv(o, p[2] + p[5] + q[2] + q[5], p[1] + p[4] + q[1] + q[4],
                              p[0] + p[3] + q[0] + q[3], u + x / 2, v + x / 2);
            }
        }
    }
}
