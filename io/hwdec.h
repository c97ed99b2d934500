/* --hwdec cuda: a CUDA device for FFmpeg's NVDEC decoders, on the primary
 * context (the one the stage's CUDA runtime calls use), so the decoded
 * surfaces are the stage's to read. io/ only (FFmpeg's types). */
#ifndef PINSTRIPE_IO_HWDEC_H
#define PINSTRIPE_IO_HWDEC_H

#include <stddef.h>

#include <libavcodec/avcodec.h>

/* When the codec has an NVDEC path: the device in *device (the caller's to
 * unreference) and on dec. 0, or -1 with the reason in why. */
int hwdec_setup(AVCodecContext *dec, const AVCodec *codec, AVBufferRef **device, char *why,
                size_t len);

#endif
