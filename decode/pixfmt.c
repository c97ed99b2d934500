/* Pixel-format normalisation policy (DESIGN.md "Frames and stripes"): the
 * formats the stage reads as they are decoded stay as planes (8-bit yuv420p
 * and nv12; 10/12/16-bit 4:2:0, 4:2:2 and 4:4:4 planes, p010/p016, rgb48 and
 * gbrp10/12/16); other RGB-family sources become packed BGR (8-bit) or rgb48
 * (deeper), other YUV sources yuv420p (8-bit) or yuv444p16 (deeper), each
 * through libswscale once. */
#include "decode/pixfmt.h"

#include <libavutil/pixdesc.h>

enum AVPixelFormat pixfmt_av(PixLayout layout)
{
    switch (layout) {
    case PIX_YUV420P: return AV_PIX_FMT_YUV420P;
    case PIX_NV12: return AV_PIX_FMT_NV12;
    case PIX_BGR24: return AV_PIX_FMT_BGR24;
    case PIX_YUV420P16: return AV_PIX_FMT_YUV420P16LE;
    case PIX_YUV422P16: return AV_PIX_FMT_YUV422P16LE;
    case PIX_YUV444P16: return AV_PIX_FMT_YUV444P16LE;
    case PIX_P016: return AV_PIX_FMT_P016LE;
    case PIX_RGB48: return AV_PIX_FMT_RGB48LE;
    case PIX_GBRP16: return AV_PIX_FMT_GBRP16LE;
    default: return AV_PIX_FMT_NONE;
    }
}

/* A deep format the stage reads in place: its layout, else -1. */
static int deep_layout(enum AVPixelFormat src)
{
    switch (src) {
    case AV_PIX_FMT_YUV420P10LE:
    case AV_PIX_FMT_YUV420P12LE:
    case AV_PIX_FMT_YUV420P16LE: return PIX_YUV420P16;
    case AV_PIX_FMT_YUV422P10LE:
    case AV_PIX_FMT_YUV422P12LE:
    case AV_PIX_FMT_YUV422P16LE: return PIX_YUV422P16;
    case AV_PIX_FMT_YUV444P10LE:
    case AV_PIX_FMT_YUV444P12LE:
    case AV_PIX_FMT_YUV444P16LE: return PIX_YUV444P16;
    case AV_PIX_FMT_P010LE:
    case AV_PIX_FMT_P016LE: return PIX_P016;
    case AV_PIX_FMT_RGB48LE: return PIX_RGB48;
    case AV_PIX_FMT_GBRP10LE:
    case AV_PIX_FMT_GBRP12LE:
    case AV_PIX_FMT_GBRP16LE: return PIX_GBRP16;
    default: return -1;
    }
}

PixChoice pixfmt_choose(enum AVPixelFormat src)
{
    PixChoice c = {.layout = PIX_YUV420P, .av_layout = AV_PIX_FMT_YUV420P, .depth = 8};
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(src);
    int rgb = d && (d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL));
    int deep = d && d->comp[0].depth > 8;
    int l = deep_layout(src);
    if (l >= 0) {
        c.layout = (PixLayout)l, c.av_layout = src, c.copy = 1;
        c.depth = d->comp[0].depth; /* p010's: 10 (its samples' bits, MSB-aligned in 16) */
        return c;
    }
    if (deep) { /* through swscale, at 16 bits */
        c.layout = rgb ? PIX_RGB48 : PIX_YUV444P16;
        c.av_layout = pixfmt_av(c.layout);
        c.depth = 16;
        return c;
    }
    switch (src) {
    case AV_PIX_FMT_YUV420P: c.copy = 1; break;
    case AV_PIX_FMT_YUVJ420P: c.copy = 1, c.full_range = 1; break;
    case AV_PIX_FMT_NV12: c.layout = PIX_NV12, c.av_layout = AV_PIX_FMT_NV12, c.copy = 1; break;
    case AV_PIX_FMT_BGR24: c.layout = PIX_BGR24, c.av_layout = AV_PIX_FMT_BGR24, c.copy = 1; break;
    case AV_PIX_FMT_YUVJ422P:
    case AV_PIX_FMT_YUVJ444P:
    case AV_PIX_FMT_YUVJ440P:
    case AV_PIX_FMT_YUVJ411P: c.full_range = 1; break;
    default:
        if (rgb)
            c.layout = PIX_BGR24, c.av_layout = AV_PIX_FMT_BGR24;
        break;
    }
    return c;
}

ColourMatrix pixfmt_matrix(enum AVColorSpace cs)
{
    switch (cs) {
    case AVCOL_SPC_BT709: return MATRIX_BT709;
    case AVCOL_SPC_BT470BG:
    case AVCOL_SPC_SMPTE170M:
    case AVCOL_SPC_FCC: return MATRIX_BT601;
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL: return MATRIX_BT2020;
    default: return MATRIX_UNSPECIFIED;
    }
}

ColourTransfer pixfmt_transfer(enum AVColorTransferCharacteristic t)
{
    return t == AVCOL_TRC_SMPTE2084 ? TRANSFER_PQ
           : t == AVCOL_TRC_ARIB_STD_B67 ? TRANSFER_HLG
                                         : TRANSFER_SDR;
}

ColourPrimaries pixfmt_primaries(enum AVColorPrimaries p)
{
    return p == AVCOL_PRI_BT2020 ? PRIMARIES_BT2020
           : p == AVCOL_PRI_SMPTE432 ? PRIMARIES_P3
                                     : PRIMARIES_BT709;
}
