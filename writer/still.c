/* Stills as PNG (see still.h). */
#include "writer/still.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>

/* A new file (never an existing one): its descriptor, the path chosen. */
static int create_new(const char *dir, const char *stem, long long index, char *path,
                      size_t pathlen)
{
    for (int n = 1; n < 1000; n++) {
        if (n == 1)
            snprintf(path, pathlen, "%s/%s-%06lld.png", dir, stem, index);
        else
            snprintf(path, pathlen, "%s/%s-%06lld-%d.png", dir, stem, index, n);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

int still_write_png(const FrameBuf *f, const char *dir, const char *stem, long long index,
                    char *path, size_t pathlen, char *err, size_t errlen)
{
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_PNG);
    AVCodecContext *c = codec ? avcodec_alloc_context3(codec) : NULL;
    AVFrame *fr = av_frame_alloc();
    AVPacket *pkt = av_packet_alloc();
    int rc = -1, fd = -1, w = f->fmt.width, h = f->fmt.height;
    path[0] = '\0';
    if (!codec || !c || !fr || !pkt) {
        snprintf(err, errlen, "still: %s", codec ? "out of memory" : "FFmpeg has no PNG encoder");
        goto done;
    }
    c->width = w, c->height = h;
    c->pix_fmt = AV_PIX_FMT_RGB24;
    c->time_base = (AVRational){1, 25};
    fr->width = w, fr->height = h, fr->format = AV_PIX_FMT_RGB24;
    int e;
    if ((e = avcodec_open2(c, codec, NULL)) < 0 || (e = av_frame_get_buffer(fr, 0)) < 0) {
        snprintf(err, errlen, "still: the PNG encoder: %s", av_err2str(e));
        goto done;
    }
    for (int y = 0; y < h; y++) { /* B,G,R to R,G,B */
        const uint8_t *s = f->data[0] + (size_t)y * f->stride[0];
        uint8_t *d = fr->data[0] + (size_t)y * fr->linesize[0];
        for (int x = 0; x < w; x++)
            d[3 * x] = s[3 * x + 2], d[3 * x + 1] = s[3 * x + 1], d[3 * x + 2] = s[3 * x];
    }
    if ((e = avcodec_send_frame(c, fr)) < 0 || (e = avcodec_send_frame(c, NULL)) < 0 ||
        (e = avcodec_receive_packet(c, pkt)) < 0) {
        snprintf(err, errlen, "still: encoding the PNG: %s", av_err2str(e));
        goto done;
    }
    if ((fd = create_new(dir, stem, index, path, pathlen)) < 0) {
        snprintf(err, errlen, "still: cannot create '%s': %s", path, strerror(errno));
        goto done;
    }
    for (size_t o = 0; o < (size_t)pkt->size;) {
        ssize_t n = write(fd, pkt->data + o, (size_t)pkt->size - o);
        if (n <= 0 && errno != EINTR) {
            snprintf(err, errlen, "still: cannot write '%s': %s", path, strerror(errno));
            goto done;
        }
        o += n > 0 ? (size_t)n : 0;
    }
    if (close(fd) < 0) {
        fd = -1;
        snprintf(err, errlen, "still: cannot write '%s': %s", path, strerror(errno));
        unlink(path);
        goto done;
    }
    fd = -1;
    rc = 0;
done:
    if (fd >= 0) {
        close(fd);
        unlink(path);
    }
    av_packet_free(&pkt);
    av_frame_free(&fr);
    avcodec_free_context(&c);
    return rc;
}
