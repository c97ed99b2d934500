/* Frame plane arithmetic shared by the rings, the backends and the tests. */
#include "stage/frame.h"

#include <string.h>

#include "stage/stripes.h"

int frame_depth(const FrameBuf *f)
{
    if (f->fmt.layout == PIX_P016)
        return 16;
    if (f->depth > 0)
        return f->depth;
    return 8 * pix_sample_bytes(f->fmt.layout);
}

int frame_bits(const FrameBuf *f)
{
    int d = frame_depth(f);
    return f->bits >= 8 && f->bits < d ? f->bits : d;
}

/* Rows of plane p for `rows` luma rows starting at luma row y0 (even where the
 * layout's chroma is halved vertically): [*r0, *r1). */
static void plane_rows(PixLayout l, int p, int y0, int y1, int *r0, int *r1)
{
    int sx, sy;
    pix_chroma_shift(l, &sx, &sy);
    if (p == 0 || !sy) {
        *r0 = y0, *r1 = y1;
        return;
    }
    *r0 = y0 / 2, *r1 = (y1 + 1) / 2;
}

int frame_plane_sizes(const FrameFormat *f, size_t size[3], int stride[3])
{
    int sx, sy, bps = pix_sample_bytes(f->layout), np = pix_planes(f->layout);
    pix_chroma_shift(f->layout, &sx, &sy);
    int cw = sx ? (f->width + 1) / 2 : f->width, ch = sy ? (f->height + 1) / 2 : f->height;
    size[0] = size[1] = size[2] = 0;
    stride[0] = stride[1] = stride[2] = 0;
    if (np == 1) {
        stride[0] = 3 * bps * f->width;
    } else {
        stride[0] = bps * f->width;
        if (np == 2) {
            stride[1] = 2 * bps * cw;
        } else {
            stride[1] = stride[2] = bps * cw;
        }
    }
    for (int p = 0; p < np; p++)
        size[p] = (size_t)stride[p] * (p == 0 ? f->height : ch);
    return np;
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
    return pix_planes(f->layout) > 1 && f->bands > 1 ? f->bands : 1;
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
    stripe_rows(fmt->height, n, k, stripe_needs_even(fmt->layout), &b->y0, &b->y1);
    size_t size[3];
    int stride[3], np = frame_plane_sizes(fmt, size, stride);
    /* band k follows every earlier band's rows of every plane */
    size_t off = 0, within = 0;
    for (int p = 0; p < np; p++) {
        int r0, r1;
        plane_rows(fmt->layout, p, b->y0, b->y1, &r0, &r1);
        off += (size_t)stride[p] * r0;
        b->bytes += (size_t)stride[p] * (r1 - r0);
    }
    b->offset = off;
    uint8_t *base = f->data[0] + off;
    for (int p = 0; p < np; p++) {
        int r0, r1;
        plane_rows(fmt->layout, p, b->y0, b->y1, &r0, &r1);
        b->plane[p] = base + within;
        within += (size_t)stride[p] * (r1 - r0);
    }
}

uint8_t *frame_row(const FrameBuf *f, int p, int row)
{
    int n = frame_nbands(&f->fmt);
    if (n == 1)
        return f->data[p] + (size_t)row * f->stride[p];
    int sx, sy;
    pix_chroma_shift(f->fmt.layout, &sx, &sy);
    int halved = p > 0 && sy, even = stripe_needs_even(f->fmt.layout);
    int y = halved ? 2 * row : row, h = f->fmt.height, k = (int)((long long)y * n / h);
    int y0, y1;
    for (;;) { /* the estimate is off by at most a band or two either way */
        stripe_rows(h, n, k, even, &y0, &y1);
        if (y < y0)
            k--;
        else if (y >= y1)
            k++;
        else
            break;
    }
    FrameBand b;
    frame_band(f, k, &b);
    return b.plane[p] + (size_t)(row - (halved ? b.y0 / 2 : b.y0)) * f->stride[p];
}

void frame_copy_planes(FrameBuf *f, const uint8_t *const src[3], const int src_stride[3])
{
    size_t size[3];
    int stride[3];
    int np = frame_plane_sizes(&f->fmt, size, stride);
    for (int p = 0; p < np; p++) {
        int r0, r1;
        plane_rows(f->fmt.layout, p, 0, f->fmt.height, &r0, &r1);
        for (int r = r0; r < r1; r++)
            memcpy(frame_row(f, p, r), src[p] + (size_t)r * src_stride[p], (size_t)stride[p]);
    }
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
