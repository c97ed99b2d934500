/* Frame plane arithmetic shared by the rings, the backends and the tests. */
#include "gpu/frame.h"

#include <string.h>

#include "gpu/stripes.h"

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

int frame_nbands(const FrameFormat *f)
{
    return f->layout != PIX_BGR24 && f->bands > 1 ? f->bands : 1;
}

void frame_band(const FrameBuf *f, int k, FrameBand *b)
{
    const FrameFormat *fmt = &f->fmt;
    int n = frame_nbands(fmt);
    memset(b, 0, sizeof(*b));
    if (n == 1) {
        for (int p = 0; p < 3; p++)
            b->plane[p] = f->data[p];
        b->y0 = 0, b->y1 = fmt->height;
        b->offset = 0, b->bytes = frame_bytes(fmt);
        return;
    }
    stripe_rows(fmt->height, n, k, 1, &b->y0, &b->y1);
    size_t w = (size_t)fmt->width, crow = (size_t)2 * ((fmt->width + 1) / 2); /* U+V or UV */
    int c0 = b->y0 / 2, c1 = (b->y1 + 1) / 2;
    b->offset = w * b->y0 + crow * c0;
    b->bytes = w * (b->y1 - b->y0) + crow * (c1 - c0);
    uint8_t *base = f->data[0] + b->offset;
    b->plane[0] = base;
    b->plane[1] = base + w * (b->y1 - b->y0);
    b->plane[2] = fmt->layout == PIX_YUV420P ? b->plane[1] + (size_t)f->stride[1] * (c1 - c0) : NULL;
}

uint8_t *frame_row(const FrameBuf *f, int p, int row)
{
    int n = frame_nbands(&f->fmt);
    if (n == 1)
        return f->data[p] + (size_t)row * f->stride[p];
    int y = p == 0 ? row : 2 * row, h = f->fmt.height, k = (int)((long long)y * n / h);
    int y0, y1;
    for (;;) { /* the estimate is off by at most a band or two either way */
        stripe_rows(h, n, k, 1, &y0, &y1);
        if (y < y0)
            k--;
        else if (y >= y1)
            k++;
        else
            break;
    }
    FrameBand b;
    frame_band(f, k, &b);
    return b.plane[p] + (size_t)(row - (p == 0 ? b.y0 : b.y0 / 2)) * f->stride[p];
}

void frame_copy_planes(FrameBuf *f, const uint8_t *const src[3], const int src_stride[3])
{
    size_t size[3];
    int stride[3];
    int np = frame_plane_sizes(&f->fmt, size, stride);
    int rows[3] = {f->fmt.height, (f->fmt.height + 1) / 2, (f->fmt.height + 1) / 2};
    for (int p = 0; p < np; p++)
        for (int r = 0; r < rows[p]; r++)
            memcpy(frame_row(f, p, r), src[p] + (size_t)r * src_stride[p], (size_t)stride[p]);
}

void frame_wrap(FrameBuf *buf, const FrameFormat *f, uint8_t *block)
{
    size_t size[3];
    int n = frame_plane_sizes(f, size, buf->stride);
    buf->fmt = *f;
    if (frame_nbands(f) > 1) {
        buf->data[0] = block;
        FrameBand b;
        frame_band(buf, 0, &b);
        for (int i = 0; i < 3; i++)
            buf->data[i] = b.plane[i];
        return;
    }
    for (int i = 0; i < 3; i++) {
        buf->data[i] = i < n ? block : NULL;
        block += size[i];
    }
}
