/* NVDEC for the video decoder (see hwdec.h): the codec's hardware configs
 * looked through for CUDA, and the device made on the primary context. */
#include "io/hwdec.h"

#include <stdio.h>

#include <libavutil/hwcontext.h>

int hwdec_setup(AVCodecContext *dec, const AVCodec *codec, AVBufferRef **device, char *why,
                size_t len)
{
    int found = 0;
    for (int i = 0;; i++) {
        const AVCodecHWConfig *c = avcodec_get_hw_config(codec, i);
        if (!c)
            break;
        if (c->device_type == AV_HWDEVICE_TYPE_CUDA && c->pix_fmt == AV_PIX_FMT_CUDA &&
            (c->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX))
            found = 1;
    }
    if (!found) {
        snprintf(why, len, "NVDEC cannot decode %s", codec->name);
        return -1;
    }
    AVDictionary *o = NULL;
    av_dict_set(&o, "primary_ctx", "1", 0);
    int rc = av_hwdevice_ctx_create(device, AV_HWDEVICE_TYPE_CUDA, NULL, o, 0);
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

