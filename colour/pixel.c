/* The pixel layouts' names, sample sizes, planes and chroma subsampling. */
#include "colour/pixel.h"

const char *pix_layout_name(PixLayout l)
{
    switch (l) {
    case PIX_YUV420P: return "yuv420p";
    case PIX_NV12: return "nv12";
    case PIX_BGR24: return "bgr24";
    case PIX_YUV420P16: return "yuv420p16";
    case PIX_YUV422P16: return "yuv422p16";
    case PIX_YUV444P16: return "yuv444p16";
    case PIX_P016: return "p016";
    case PIX_RGB48: return "rgb48";
    case PIX_GBRP16: return "gbrp16";
    default: return "?";
    }
}

int pix_sample_bytes(PixLayout l)
{
    return l == PIX_YUV420P || l == PIX_NV12 || l == PIX_BGR24 ? 1 : 2;
}

int pix_planes(PixLayout l)
{
    switch (l) {
    case PIX_BGR24:
    case PIX_RGB48: return 1;
    case PIX_NV12:
    case PIX_P016: return 2;
    default: return 3;
    }
}

void pix_chroma_shift(PixLayout l, int *sx, int *sy)
{
    switch (l) {
    case PIX_YUV420P:
    case PIX_NV12:
    case PIX_YUV420P16:
    case PIX_P016: *sx = 1, *sy = 1; return;
    case PIX_YUV422P16: *sx = 1, *sy = 0; return;
    default: *sx = 0, *sy = 0; return;
    }
}

int pix_is_rgb(PixLayout l)
{
    return l == PIX_BGR24 || l == PIX_RGB48 || l == PIX_GBRP16;
}
