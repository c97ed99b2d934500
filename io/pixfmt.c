/* Pixel-format normalisation policy (DESIGN.md "Frames and stripes"):
 * yuv420p and nv12 stay as planes, RGB-family sources become packed BGR
 * (never chroma-subsampled), everything else becomes yuv420p. */
#include "io/pixfmt.h"

#include <libavutil/pixdesc.h>

enum AVPixelFormat pixfmt_av(PixLayout layout)
{
    switch (layout) {
    case PIX_YUV420P: return AV_PIX_FMT_YUV420P;
    case PIX_NV12: return AV_PIX_FMT_NV12;
    case PIX_BGR24: return AV_PIX_FMT_BGR24;
    }
    return AV_PIX_FMT_NONE;
}

PixChoice pixfmt_choose(enum AVPixelFormat src)
{
    PixChoice c = {.layout = PIX_YUV420P, .av_layout = AV_PIX_FMT_YUV420P};
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(src);
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
        if (d && (d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)))
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
