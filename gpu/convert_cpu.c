/* convert_rows: the CPU backend's per-stripe loop over the shared pixel maths. */
#include "gpu/convert.h"

void convert_rows(const FrameBuf *in, FrameBuf *out, int y0, int y1, const YuvCoeffs *c,
                  const Transform *t)
{
    const int w = in->fmt.width;
    const ColourAffine *a = t->identity ? NULL : &t->affine;
    for (int y = y0; y < y1; y++) {
        uint8_t *dst = out->data[0] + (size_t)y * out->stride[0];
        const uint8_t *src0 = in->data[0] + (size_t)y * in->stride[0];
        const uint8_t *src1 = in->data[1] ? in->data[1] + (size_t)(y / 2) * in->stride[1] : NULL;
        const uint8_t *src2 = in->data[2] ? in->data[2] + (size_t)(y / 2) * in->stride[2] : NULL;
        for (int x = 0; x < w; x++) {
            int rgb[3];
            switch (in->fmt.layout) {
            case PIX_YUV420P:
                colour_yuv_to_rgb(c, src0[x], src1[x / 2], src2[x / 2], rgb);
                break;
            case PIX_NV12:
                colour_yuv_to_rgb(c, src0[x], src1[(x / 2) * 2], src1[(x / 2) * 2 + 1], rgb);
                break;
            case PIX_BGR24:
            default:
                rgb[0] = src0[3 * x + 2], rgb[1] = src0[3 * x + 1], rgb[2] = src0[3 * x];
                break;
            }
            if (a)
                colour_apply_affine(a, rgb);
            colour_store_bgr(dst + 3 * x, rgb);
        }
    }
}
