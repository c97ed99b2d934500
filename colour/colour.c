/* Host side of the colour maths: YUV→RGB coefficients (fixed point and
 * float) from a matrix's luma weights, a range and a depth, and RGB→YUV's. */
#include "colour/colour.h"

#include <math.h>

void colour_matrix_weights(ColourMatrix m, double *kr, double *kb)
{
    switch (m) {
    case MATRIX_BT601: *kr = 0.299, *kb = 0.114; return;
    case MATRIX_BT2020: *kr = 0.2627, *kb = 0.0593; return;
    case MATRIX_BT709:
    case MATRIX_UNSPECIFIED:
    default: *kr = 0.2126, *kb = 0.0722; return;
    }
}

static ColourMatrix resolve_matrix(ColourMatrix m, int height)
{
    if (m != MATRIX_UNSPECIFIED)
        return m;
    return height >= 720 ? MATRIX_BT709 : MATRIX_BT601;
}

static int32_t fixed(double v, int frac)
{
    return (int32_t)lround(v * (double)(1 << frac));
}

YuvCoeffs colour_yuv_coeffs(ColourMatrix m, int full_range, int height, int depth)
{
    return colour_yuv_coeffs_bits(m, full_range, height, depth, depth);
}

YuvCoeffs colour_yuv_coeffs_bits(ColourMatrix m, int full_range, int height, int depth, int bits)
{
    double kr, kb;
    colour_matrix_weights(resolve_matrix(m, height), &kr, &kb);
    double kg = 1.0 - kr - kb;
    if (depth < 8 || depth > 16)
        depth = 8;
    double scale = (double)(1 << (depth - 8));
    /* one step of the output's 0..1 per sample step: limited range spans
     * 219 (luma) and 224 (chroma) 8-bit steps, full range all of them */
    if (bits < 8 || bits > depth)
        bits = depth;
    double top = (double)((1 << bits) - 1) * (double)(1 << (depth - bits)); /* full range's white */
    double ys = full_range ? 1.0 / top : 1.0 / (219.0 * scale);
    double cs = full_range ? 1.0 / top : 1.0 / (224.0 * scale);
    int frac = depth == 8 ? COLOUR_FRAC : COLOUR_FRAC_DEEP;
    int up = depth == 8 ? 0 : 16 - depth;   /* the integer path's samples, at 16 bits */
    double per = 255.0 / (double)(1 << up); /* 8-bit steps per moved-up sample step */
    int32_t yoff = full_range ? 0 : (int32_t)(16 * scale), half = 1 << (depth - 1);
    YuvCoeffs c = {
        .yoff = yoff,
        .half = half,
        .iyoff = yoff << up,
        .ihalf = half << up,
        .up = up,
        .cy = fixed(per * ys, frac),
        .crv = fixed(per * cs * 2.0 * (1.0 - kr), frac),
        .cgu = fixed(per * cs * 2.0 * kb * (1.0 - kb) / kg, frac),
        .cgv = fixed(per * cs * 2.0 * kr * (1.0 - kr) / kg, frac),
        .cbu = fixed(per * cs * 2.0 * (1.0 - kb), frac),
        .shift = frac,
        .fy = (float)ys,
        .frv = (float)(cs * 2.0 * (1.0 - kr)),
        .fgu = (float)(cs * 2.0 * kb * (1.0 - kb) / kg),
        .fgv = (float)(cs * 2.0 * kr * (1.0 - kr) / kg),
        .fbu = (float)(cs * 2.0 * (1.0 - kb)),
        .frgb = (float)(1.0 / top),
    };
    return c;
}

RgbToYuv colour_rgb_yuv_coeffs(ColourMatrix m, int height, int depth)
{
    double kr, kb;
    colour_matrix_weights(resolve_matrix(m, height), &kr, &kb);
    double kg = 1.0 - kr - kb;
    if (depth != 10 && depth != 12 && depth != 16)
        depth = 8;
    double scale = (double)(1 << (depth - 8));
    double ys = 219.0 * scale, us = 224.0 * scale / (2.0 * (1.0 - kb)) / 4.0,
           vs = 224.0 * scale / (2.0 * (1.0 - kr)) / 4.0; /* U, V from sums of four */
    RgbToYuv c = {
        .y = {(float)(ys * kr), (float)(ys * kg), (float)(ys * kb)},
        .u = {(float)(-us * kr), (float)(-us * kg), (float)(us * (1.0 - kb))},
        .v = {(float)(vs * (1.0 - kr)), (float)(-vs * kg), (float)(-vs * kb)},
        .yoff = (float)(16.0 * scale),
        .half = (float)(128.0 * scale),
        .depth = depth,
        .max = (1 << depth) - 1,
    };
    return c;
}

void colour_power_table(float *t, int size, double power)
{
    for (int i = 0; i < size; i++)
        t[3 * i] = t[3 * i + 1] = t[3 * i + 2] = (float)pow((double)i / (size - 1), power);
}
