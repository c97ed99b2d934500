/* FramePool: the decoder's own frame buffers, in the host memory the stage
 * copies from (pinned for CUDA), so that a decoded frame goes to the stage
 * from the very bytes the decoder wrote: no copy on the decode thread.
 *
 *   FramePool *fp = framepool_create(dec, pix_fmt, mem, initial, max, err, sizeof err);
 *   dec->get_buffer2 calls framepool_get_buffer(fp, dec, frame, flags)
 *   framepool_owns(fp, frame)     // this frame's planes are in a pool buffer
 *   framepool_close(&fp);         // the memory goes when the last frame lets go
 *
 * Each buffer is one block holding every plane, sized once for the stream's
 * geometry as libavcodec pads it (avcodec_align_dimensions2, 64-byte
 * aligned rows). `initial` blocks are allocated at create; more, up to `max`,
 * only when every block is in use (frame threads and reference frames hold
 * more than guessed), and never freed before close. A frame the pool cannot
 * serve (another size or format, or every block in use at `max`) gets
 * libavcodec's default buffer instead, and is copied as before. Thread-safe:
 * frame threads call get_buffer concurrently; buffers come back through their
 * AVBufferRef from any thread. */
#ifndef PINSTRIPE_DECODE_FRAMEPOOL_H
#define PINSTRIPE_DECODE_FRAMEPOOL_H

#include <stddef.h>

#include <libavcodec/avcodec.h>

#include "stage/alloc.h"

typedef struct FramePool FramePool;

typedef struct FramePoolStats {
    int blocks;        /* allocated so far */
    long long served;  /* frames given a pool buffer */
    long long refused; /* frames given a default buffer */
} FramePoolStats;

/* Blocks for pix_fmt frames of the codec context's geometry; NULL with a reason. */
FramePool *framepool_create(const AVCodecContext *dec, enum AVPixelFormat pix_fmt, HostMemKind mem,
                            int initial, int max, char *err, size_t errlen);
/* For AVCodecContext.get_buffer2 (through its opaque). */
int framepool_get_buffer(FramePool *fp, AVCodecContext *dec, AVFrame *f, int flags);
/* 1 when every plane of f lies in one of this pool's blocks. */
int framepool_owns(const FramePool *fp, const AVFrame *f);
FramePoolStats framepool_stats(FramePool *fp);
/* Accepts NULL; sets *fp to NULL. Blocks still held by frames are freed when
 * those frames let go of them. */
void framepool_close(FramePool **fp);

#endif
