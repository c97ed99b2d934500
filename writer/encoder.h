/* The writer's video encoder: which encoder, pixel format, depth, colour tags
 * and time base a file gets, the user's settings (-crf, -preset, -b:v, -g,
 * --enc-opt) checked by name against the encoder before it opens, and opening
 * it with one line naming the setting it refused. io/ only (FFmpeg's types).
 *
 *   const AVCodec *c = encoder_pick(cfg->codec, err, sizeof err);
 *   encoder_format(c, "nut", cfg, &f, err, sizeof err); // --out-depth or the source's
 *   e->pix_fmt = f.pix_fmt; encoder_tag(e, frame, cfg, &f);
 *   e->time_base = encoder_time_base(c, in, rate);
 *   rc = encoder_open(e, c, cfg, err, sizeof err, &usage);
 *   encoder_conv_open(&conv, e, AV_PIX_FMT_RGB48LE, f.matrix); // the stage's RGB
 *   encoder_conv_run(&conv, rgb, stride, frame);               // into the file's */
#ifndef PINSTRIPE_WRITER_ENCODER_H
#define PINSTRIPE_WRITER_ENCODER_H

#include <stddef.h>

#include <libavcodec/avcodec.h>

#include "writer/writer.h"

struct SwsContext;

/* cfg's encoder by name; NULL: libx264 when FFmpeg has it, else mpeg4. NULL
 * with one line in err when there is no such video encoder. */
const AVCodec *encoder_pick(const char *name, char *err, size_t errlen);

typedef struct EncoderFormat {
    enum AVPixelFormat pix_fmt;
    int depth;               /* bits a sample: 8, 10, 12 or 16 */
    ColourMatrix matrix;     /* the matrix YUV is written in (never unspecified) */
    enum AVColorSpace colorspace; /* its tag */
} EncoderFormat;

/* The file's format. Its depth: cfg->depth (--out-depth), else the source's
 * where the encoder takes it, else the next it takes above, else its deepest.
 * At 8 bits: bgr24 when the encoder takes it, else yuv420p (even sizes) or
 * yuv444p, else its nearest 8-bit format. Deeper: the source's chroma family
 * (yuv420p10le..., gbrp10le... or rgb48le for RGB; rawvideo: rgb48le), else the
 * encoder's nearest format of that depth. container: the muxer's name (rawvideo
 * is 16-bit in NUT only). 0, or -1 with one line in err (a depth the encoder
 * does not write, naming those it does). */
int encoder_format(const AVCodec *c, const char *container, const WriterConfig *cfg,
                   EncoderFormat *f, char *err, size_t errlen);
/* 1: f is planar 4:2:0 YUV of 8, 10, 12 or 16 bits, as the stage makes it (out_yuv). */
int encoder_is_yuv420(enum AVPixelFormat f);
/* Tag e (and the frame: some encoders write its tags) for what the pixels are. */
void encoder_tag(AVCodecContext *e, AVFrame *frame, const WriterConfig *cfg,
                 const EncoderFormat *f);
/* The stage's packed RGB (bgr24 or rgb48le) into the encoder's frames, YUV in
 * the matrix given, limited range: swscale from bgr24; from rgb48 a copy for
 * rgb48le, our own repack for gbrp (rounded to its depth), and for YUV 16-bit
 * planes swscale converts (see encoder_conv_open for why not rgb48 itself). */
typedef struct EncoderConv {
    enum AVPixelFormat src;
    struct SwsContext *sws; /* NULL: no swscale */
    AVFrame *planes;        /* rgb48 to YUV: gbrp16le for swscale */
    uint32_t num;           /* the repack's scale: num / 65535 */
} EncoderConv;

/* 0, or -1 when swscale has no such conversion (or out of memory). */
int encoder_conv_open(EncoderConv *c, const AVCodecContext *e, enum AVPixelFormat src,
                      ColourMatrix m);
void encoder_conv_run(EncoderConv *c, const uint8_t *src, int stride, AVFrame *dst);
/* Accepts a closed or zeroed one. */
void encoder_conv_close(EncoderConv *c);
/* One tick a frame at the nominal rate (as ffmpeg does); without a usable
 * rate, the input's own (MPEG-4 part 2: at most 1/65535). */
AVRational encoder_time_base(const AVCodec *c, AVRational in, AVRational rate);
/* Apply cfg's settings to e (size, format and time base already set) and open
 * it. 0, or -1 with one line in err; *usage is 1 when the line is about the
 * user's settings (an unknown option, a value refused), 0 when the encoder
 * refused the stream itself. */
int encoder_open(AVCodecContext *e, const AVCodec *c, const WriterConfig *cfg, char *err,
                 size_t errlen, int *usage);

/* Whether the file keeps an HDR source as HDR (its metadata written too). */
int encoder_keeps_hdr(const WriterConfig *cfg);

#endif
