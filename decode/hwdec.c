/* NVDEC for the video decoder (see hwdec.h): the codec's hardware configs
 * looked through for CUDA, and the device made on the primary context. */
#include "decode/hwdec.h"

#include <stdio.h>

#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>

/* The codec has NVDEC through a device context. */
static int has_nvdec(const AVCodec *codec)
{
    for (int i = 0;; i++) {
        const AVCodecHWConfig *c = avcodec_get_hw_config(codec, i);
        if (!c)
            return 0;
        if (c->device_type == AV_HWDEVICE_TYPE_CUDA && c->pix_fmt == AV_PIX_FMT_CUDA &&
            (c->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX))
            return 1;
    }
}

const AVCodec *hwdec_codec(const AVCodec *dflt)
{
    if (has_nvdec(dflt))
        return dflt;
    void *it = NULL;
    for (const AVCodec *c; (c = av_codec_iterate(&it));)
        if (c->id == dflt->id && av_codec_is_decoder(c) && !c->wrapper_name && has_nvdec(c))
            return c;
    return dflt;
}

enum AVPixelFormat hwdec_surface_format(enum AVPixelFormat sw)
{
    switch (sw) {
    case AV_PIX_FMT_YUV420P:
    case AV_PIX_FMT_YUVJ420P: return AV_PIX_FMT_NV12;
    case AV_PIX_FMT_YUV420P10LE: return AV_PIX_FMT_P010LE;
    case AV_PIX_FMT_YUV420P12LE: return AV_PIX_FMT_P016LE;
    case AV_PIX_FMT_YUV444P10LE:
    case AV_PIX_FMT_YUV444P12LE: return AV_PIX_FMT_YUV444P16LE;
    default: return sw;
    }
}

enum AVPixelFormat hwdec_get_format(AVCodecContext *s, const enum AVPixelFormat *fmts,
                                    atomic_int *refused, const char *url)
{
    for (const enum AVPixelFormat *p = fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == AV_PIX_FMT_CUDA)
            return AV_PIX_FMT_CUDA;
    /* NVDEC not offered, or offered and failed to start (profile, size): FFmpeg asks
     * again without it */
    if (!atomic_exchange(refused, 1))
        av_log(NULL, AV_LOG_WARNING,
               "pinstripe: '%s': NVDEC cannot decode this %s stream (%s %dx%d): software decode\n",
               url, s->codec->name, av_get_pix_fmt_name(s->sw_pix_fmt), s->coded_width,
               s->coded_height);
    return avcodec_default_get_format(s, fmts);
}

int hwdec_setup(AVCodecContext *dec, const AVCodec *codec, int gpu, AVBufferRef **device,
                char *why, size_t len)
{
    if (!has_nvdec(codec)) {
        snprintf(why, len, "NVDEC cannot decode %s", codec->name);
        return -1;
    }
    AVDictionary *o = NULL;
    av_dict_set(&o, "primary_ctx", "1", 0);
    char index[16];
    snprintf(index, sizeof(index), "%d", gpu);
    int rc = av_hwdevice_ctx_create(device, AV_HWDEVICE_TYPE_CUDA, index, o, 0);
    av_dict_free(&o);
    if (rc < 0) {
        char e[128];
        if (av_strerror(rc, e, sizeof(e)) < 0)
            snprintf(e, sizeof(e), "error %d", rc);
        snprintf(why, len, "no CUDA device for NVDEC (%s)", e);
        return -1;
    }
    if (!(dec->hw_device_ctx = av_buffer_ref(*device))) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    return 0;
}

