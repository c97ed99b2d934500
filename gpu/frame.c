/* Frame plane arithmetic shared by the rings, the backends and the tests. */
#include "gpu/frame.h"

const char *pix_layout_name(PixLayout l)
{
    switch (l) {
    case PIX_YUV420P: return "yuv420p";
    case PIX_NV12: return "nv12";
    case PIX_BGR24: return "bgr24";
    }
    return "?";
}

int frame_plane_sizes(const FrameFormat *f, size_t size[3], int stride[3])
{
    int cw = (f->width + 1) / 2, ch = (f->height + 1) / 2;
    size[0] = size[1] = size[2] = 0;
    stride[0] = stride[1] = stride[2] = 0;
    switch (f->layout) {
    case PIX_YUV420P:
        stride[0] = f->width, stride[1] = stride[2] = cw;
        size[0] = (size_t)f->width * f->height;
        size[1] = size[2] = (size_t)cw * ch;
        return 3;
    case PIX_NV12:
        stride[0] = f->width, stride[1] = 2 * cw, stride[2] = 0;
        size[0] = (size_t)f->width * f->height;
        size[1] = (size_t)2 * cw * ch, size[2] = 0;
        return 2;
    case PIX_BGR24:
        stride[0] = 3 * f->width, stride[1] = stride[2] = 0;
        size[0] = (size_t)3 * f->width * f->height, size[1] = size[2] = 0;
        return 1;
    }
    return 0;
}

size_t frame_bytes(const FrameFormat *f)
{
    size_t size[3];
    int stride[3];
    frame_plane_sizes(f, size, stride);
    return size[0] + size[1] + size[2];
}

void frame_wrap(FrameBuf *buf, const FrameFormat *f, uint8_t *block)
{
    size_t size[3];
    int n = frame_plane_sizes(f, size, buf->stride);
    buf->fmt = *f;
    for (int i = 0; i < 3; i++) {
        buf->data[i] = i < n ? block : NULL;
        block += size[i];
    }
}
