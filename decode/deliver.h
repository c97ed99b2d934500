/* Decoded frames into ring slots: by reference where the frame lies in the
 * decoder's own buffers (decode/framepool.h) or on the GPU (NVDEC), else copied
 * plane by plane or converted once by libswscale into one of the stage's
 * layouts (decode/pixfmt.h). It follows the stream when its size or pixel format
 * changes mid-stream: the ring is re-laid (ring_write_reformat), or, for -o,
 * frames are scaled to the first size. The video decoder's thread only.
 *
 *   Delivery *v = deliver_create(url, src_fmt, alias, width, height, reshape);
 *   deliver_follow(v, ring, frame, n);            // before taking a slot
 *   deliver_frame(v, ring, pool, frame, slot, err, sizeof err);
 *   deliver_destroy(&v); */
#ifndef PINSTRIPE_DECODE_DELIVER_H
#define PINSTRIPE_DECODE_DELIVER_H

#include <stddef.h>

#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>

#include "decode/framepool.h"
#include "decode/pixfmt.h"
#include "decode/ring.h"

typedef struct Delivery Delivery;

/* The stream's first pixel format (NVDEC: its surfaces' software format) and size.
 * reshape: a change mid-stream re-lays the ring; 0: frames keep the first size and
 * format, and the first change is said in a line, unless the frames come in alias
 * at that size (the stream's own format where NVDEC's was expected and NVDEC turned
 * the stream down; AV_PIX_FMT_NONE: none). NULL when out of memory. */
Delivery *deliver_create(const char *url, enum AVPixelFormat src_fmt, enum AVPixelFormat alias,
                         int width, int height, int reshape);
/* The layout frames land in now, and the choice for the first format. */
const PixChoice *deliver_choice(const Delivery *v);
/* The stream's pixel format now (it may change mid-stream). Any thread. */
enum AVPixelFormat deliver_source_format(const Delivery *v);
/* A frame whose size or format differs from those before: from it on, the ring
 * takes the new geometry (reshape), or it is said once that frames keep the
 * first size. `n`: the frame's number, for the line. */
void deliver_follow(Delivery *v, FrameRing *ring, const AVFrame *f, long long n);
/* Hand f to the ring slot. pool may be NULL. 0, or -1 with err set. */
int deliver_frame(Delivery *v, FrameRing *ring, FramePool *pool, const AVFrame *f,
                  FrameBuf *slot, char *err, size_t errlen);
/* Frames so far by how they reached the ring. */
void deliver_counts(const Delivery *v, long long *direct, long long *copied,
                    long long *on_device);
/* The stream's HDR metadata before its frames say any (the container's). */
struct HdrMeta;
void deliver_set_hdr(Delivery *v, const struct HdrMeta *m);
/* Accepts NULL; sets *v to NULL. */
void deliver_destroy(Delivery **v);

#endif
