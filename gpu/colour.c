/* Host side of the colour maths: fixed-point YUV→RGB coefficients from a
 * matrix's luma weights and a range. */
#include "gpu/colour.h"

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

static int32_t fixed(double v)
{
    return (int32_t)lround(v * COLOUR_ONE);
}

YuvCoeffs colour_yuv_coeffs(ColourMatrix m, int full_range, int height)
{
    double kr, kb;
    colour_matrix_weights(resolve_matrix(m, height), &kr, &kb);
    double kg = 1.0 - kr - kb;
    double ys = full_range ? 1.0 : 255.0 / 219.0;
    double cs = full_range ? 1.0 : 255.0 / 224.0;
    YuvCoeffs c = {
        .yoff = full_range ? 0 : 16,
        .cy = fixed(ys),
        .crv = fixed(cs * 2.0 * (1.0 - kr)),
        .cgu = fixed(cs * 2.0 * kb * (1.0 - kb) / kg),
        .cgv = fixed(cs * 2.0 * kr * (1.0 - kr) / kg),
        .cbu = fixed(cs * 2.0 * (1.0 - kb)),
    };
    return c;
}

RgbToYuv colour_rgb_yuv_coeffs(ColourMatrix m, int height)
{
    double kr, kb;
    colour_matrix_weights(resolve_matrix(m, height), &kr, &kb);
    double kg = 1.0 - kr - kb;
    double ys = 219.0 / 255.0, us = 224.0 / 255.0 / (2.0 * (1.0 - kb)),
           vs = 224.0 / 255.0 / (2.0 * (1.0 - kr));
    RgbToYuv c = {
        .y = {fixed(ys * kr), fixed(ys * kg), fixed(ys * kb)},
        .u = {fixed(-us * kr), fixed(-us * kg), fixed(us * (1.0 - kb))},
        .v = {fixed(vs * (1.0 - kr)), fixed(-vs * kg), fixed(-vs * kb)},
    };
    return c;
}
