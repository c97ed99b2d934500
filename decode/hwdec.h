/* --hwdec cuda: a CUDA device for FFmpeg's NVDEC decoders, on the primary
 * context (the one the stage's CUDA runtime calls use), so the decoded
 * surfaces are the stage's to read. io/ only (FFmpeg's types). */
#ifndef PINSTRIPE_DECODE_HWDEC_H
#define PINSTRIPE_DECODE_HWDEC_H

#include <stdatomic.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>

/* When the codec has an NVDEC path: CUDA device `gpu`'s (its primary context,
 * the stage's too) in *device (the caller's to unreference) and on dec. 0, or
 * -1 with the reason in why. */
int hwdec_setup(AVCodecContext *dec, const AVCodec *codec, int gpu, AVBufferRef **device,
                char *why, size_t len);

/* The decoder --hwdec cuda opens: dflt (libavcodec's choice for its codec) when
 * it has NVDEC, else another of libavcodec's own decoders of that codec that has
 * (FFmpeg's AV1 decoder, where libdav1d is the default; it has no software path,
 * so the caller keeps dflt to fall back on), else dflt. */
const AVCodec *hwdec_codec(const AVCodec *dflt);

/* The format of NVDEC's surfaces for a stream of software format sw (FFmpeg's
 * nvdec: 4:2:0 at 8, 10 and 12 bits as nv12, p010 and p016; 4:4:4 at 10 and 12
 * as yuv444p16); others as they are. */
enum AVPixelFormat hwdec_surface_format(enum AVPixelFormat sw);

/* get_format for NVDEC: CUDA when offered; else the first refusal is said (once,
 * *refused set) and FFmpeg's default picks a software format. */
enum AVPixelFormat hwdec_get_format(AVCodecContext *s, const enum AVPixelFormat *fmts,
                                    atomic_int *refused, const char *url);

#endif
