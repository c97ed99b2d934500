/* convert_rows: the CPU backend's per-stripe loop over the shared pixel maths. */
#include "gpu/convert.h"

void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                  const Transform *t)
{
    const PixelSource src = {
        .plane = {in->data[0], in->data[1], in->data[2]},
        .stride = {in->stride[0], in->stride[1], in->stride[2]},
        .layout = in->fmt.layout,
    };
    const ColourAffine *a = t->identity ? NULL : &t->affine;
    for (int y = y0; y < y1; y++) {
        uint8_t *dst = out->data[0] + (size_t)y * out->stride[0];
        for (int x = 0; x < in->fmt.width; x++)
            colour_convert_pixel(&src, x, y, c, a, dst + 3 * x);
    }
}
