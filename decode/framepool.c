/* FramePool (see framepool.h): a free list of host blocks behind one mutex,
 * handed to libavcodec as AVBufferRefs whose free callback puts them back. */
#include "decode/framepool.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>

#define ALIGN 64        /* row and plane alignment: every SIMD path of libavcodec's */
#define PLANE_PAD 128   /* bytes after each plane that SIMD code may read (≥ FFmpeg's 16 + STRIDE_ALIGN - 1) */
#define ALIGN_UP(x, a) (((x) + (a) - 1) / (a) * (a))

struct FramePool {
    pthread_mutex_t mu;
    HostMemKind mem;
    enum AVPixelFormat pix_fmt;
    size_t block_bytes;
    uint8_t **blocks; /* all blocks allocated, [0, nblocks) */
    uint8_t **free_list;
    int nblocks, nfree, max;
    int outstanding; /* blocks lent to frames */
    int closed;
    long long served, refused;
};

/* Rows and planes of a w×h frame as libavcodec wants them for this decoder:
 * linesizes in ls, plane offsets in off; the block's bytes, or 0. */
static size_t layout(AVCodecContext *dec, enum AVPixelFormat fmt, int w, int h, int ls[4],
                     size_t off[4])
{
    int la[AV_NUM_DATA_POINTERS];
    avcodec_align_dimensions2(dec, &w, &h, la);
    if (av_image_fill_linesizes(ls, fmt, w) < 0)
        return 0;
    ptrdiff_t pls[4];
    for (int i = 0; i < 4; i++) {
        if (la[i] > ALIGN || (la[i] > 0 && ALIGN % la[i]))
            return 0;
        ls[i] = ALIGN_UP(ls[i], ALIGN);
        pls[i] = ls[i];
    }
    size_t sizes[4];
    if (av_image_fill_plane_sizes(sizes, fmt, h, pls) < 0)
        return 0;
    size_t total = 0;
    for (int i = 0; i < 4; i++) {
        off[i] = total;
        if (sizes[i])
            total += ALIGN_UP(sizes[i] + PLANE_PAD, ALIGN);
    }
    return total;
}

static void destroy(FramePool *fp)
{
    for (int i = 0; i < fp->nblocks; i++)
        host_free(fp->blocks[i], fp->mem);
    pthread_mutex_destroy(&fp->mu);
    free(fp->blocks);
    free(fp->free_list);
    free(fp);
}

FramePool *framepool_create(const AVCodecContext *dec, enum AVPixelFormat pix_fmt, HostMemKind mem,
                            int initial, int max, char *err, size_t errlen)
{
    if (max < 1)
        max = 1;
    if (initial > max)
        initial = max;
    FramePool *fp = calloc(1, sizeof(*fp));
    if (!fp) {
        snprintf(err, errlen, "frame pool: out of memory");
        return NULL;
    }
    pthread_mutex_init(&fp->mu, NULL);
    if (!(fp->blocks = calloc(max, sizeof(*fp->blocks))) ||
        !(fp->free_list = calloc(max, sizeof(*fp->free_list)))) {
        snprintf(err, errlen, "frame pool: out of memory");
        goto fail;
    }
    fp->mem = mem;
    fp->max = max;
    fp->pix_fmt = pix_fmt;
    /* the decoder allocates at its coded size (H.264 1080p: 1088 rows), then crops */
    int w = dec->width > dec->coded_width ? dec->width : dec->coded_width;
    int h = dec->height > dec->coded_height ? dec->height : dec->coded_height;
    int ls[4];
    size_t off[4];
    if (!(fp->block_bytes = layout((AVCodecContext *)dec, pix_fmt, w, h, ls, off))) {
        snprintf(err, errlen, "frame pool: no layout for %s %dx%d", av_get_pix_fmt_name(pix_fmt),
                 w, h);
        goto fail;
    }
    for (int i = 0; i < initial; i++) {
        if (!(fp->blocks[i] = host_alloc(fp->block_bytes, mem, err, errlen)))
            goto fail;
        fp->nblocks++;
        fp->free_list[fp->nfree++] = fp->blocks[i];
    }
    return fp;
fail:
    destroy(fp);
    return NULL;
}

static void give_back(void *opaque, uint8_t *block)
{
    FramePool *fp = opaque;
    pthread_mutex_lock(&fp->mu);
    fp->free_list[fp->nfree++] = block;
    int last = --fp->outstanding == 0 && fp->closed;
    pthread_mutex_unlock(&fp->mu);
    if (last)
        destroy(fp);
}

/* A free block, a new one while under max, or NULL. */
static uint8_t *take(FramePool *fp)
{
    uint8_t *b = NULL;
    pthread_mutex_lock(&fp->mu);
    if (fp->nfree > 0) {
        b = fp->free_list[--fp->nfree];
    } else if (fp->nblocks < fp->max) {
        char err[128];
        /* pinned allocation is slow: outside the lock, the slot reserved first */
        int i = fp->nblocks++;
        pthread_mutex_unlock(&fp->mu);
        b = host_alloc(fp->block_bytes, fp->mem, err, sizeof(err));
        pthread_mutex_lock(&fp->mu);
        fp->blocks[i] = b; /* NULL stays NULL: that place is never used again */
    }
    if (b)
        fp->outstanding++, fp->served++;
    pthread_mutex_unlock(&fp->mu);
    return b;
}

int framepool_get_buffer(FramePool *fp, AVCodecContext *dec, AVFrame *f, int flags)
{
    int ls[4];
    size_t off[4];
    size_t bytes;
    if (!fp || f->format != fp->pix_fmt || !(dec->codec->capabilities & AV_CODEC_CAP_DR1) ||
        !(bytes = layout(dec, f->format, f->width, f->height, ls, off)) || bytes > fp->block_bytes)
        goto fallback;
    uint8_t *block = take(fp);
    if (!block)
        goto fallback;
    if (!(f->buf[0] = av_buffer_create(block, bytes, give_back, fp, 0))) {
        give_back(fp, block);
        return AVERROR(ENOMEM);
    }
    for (int i = 0; i < 4; i++) {
        f->data[i] = ls[i] ? block + off[i] : NULL;
        f->linesize[i] = ls[i];
    }
    f->extended_data = f->data;
    return 0;
fallback:
    if (fp) {
        pthread_mutex_lock(&fp->mu);
        fp->refused++;
        pthread_mutex_unlock(&fp->mu);
    }
    return avcodec_default_get_buffer2(dec, f, flags);
}

int framepool_owns(const FramePool *fp, const AVFrame *f)
{
    return fp && f->buf[0] && !f->buf[1] && av_buffer_get_opaque(f->buf[0]) == (void *)fp;
}

FramePoolStats framepool_stats(FramePool *fp)
{
    FramePoolStats s = {0};
    if (!fp)
        return s;
    pthread_mutex_lock(&fp->mu);
    for (int i = 0; i < fp->nblocks; i++)
        s.blocks += fp->blocks[i] != NULL;
    s.served = fp->served, s.refused = fp->refused;
    pthread_mutex_unlock(&fp->mu);
    return s;
}

void framepool_close(FramePool **pfp)
{
    FramePool *fp = pfp ? *pfp : NULL;
    if (!fp)
        return;
    pthread_mutex_lock(&fp->mu);
    fp->closed = 1;
    int last = fp->outstanding == 0;
    pthread_mutex_unlock(&fp->mu);
    if (last)
        destroy(fp);
    *pfp = NULL;
}
