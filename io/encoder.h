/* The writer's video encoder: which encoder, pixel format and time base a
 * file gets, the user's settings (-crf, -preset, -b:v, -g, --enc-opt) checked
 * by name against the encoder before it opens, and opening it with one line
 * naming the setting it refused. io/ only (FFmpeg's types).
 *
 *   const AVCodec *c = encoder_pick(cfg->codec);
 *   e->pix_fmt = encoder_pix_fmt(c, w, h); e->time_base = encoder_time_base(c, in, rate);
 *   rc = encoder_open(e, c, cfg, err, sizeof err, &usage); */
#ifndef PINSTRIPE_IO_ENCODER_H
#define PINSTRIPE_IO_ENCODER_H

#include <stddef.h>

#include <libavcodec/avcodec.h>

#include "io/writer.h"

/* cfg's encoder by name; NULL: libx264 when FFmpeg has it, else mpeg4. NULL
 * when there is no such encoder. */
const AVCodec *encoder_pick(const char *name);
/* bgr24 when the encoder takes it; else yuv420p (even sizes) or yuv444p; else
 * the encoder's nearest. */
enum AVPixelFormat encoder_pix_fmt(const AVCodec *c, int w, int h);
/* One tick a frame at the nominal rate (as ffmpeg does); without a usable
 * rate, the input's own (MPEG-4 part 2: at most 1/65535). */
AVRational encoder_time_base(const AVCodec *c, AVRational in, AVRational rate);
/* Apply cfg's settings to e (size, format and time base already set) and open
 * it. 0, or -1 with one line in err; *usage is 1 when the line is about the
 * user's settings (an unknown option, a value refused), 0 when the encoder
 * refused the stream itself. */
int encoder_open(AVCodecContext *e, const AVCodec *c, const WriterConfig *cfg, char *err,
                 size_t errlen, int *usage);

#endif
