/* The output writer: encodes processed packed-BGR frames into a file with
 * libavformat/libavcodec, keeping the input's timestamps. FFmpeg stays
 * behind this header.
 *
 *   Writer *w = writer_open(&cfg, err, sizeof err, &code);
 *   writer_write(w, frame);   // bgr24 FrameBuf; frame->pts in cfg's time base
 *   writer_close(&w);         // flushes the encoder, writes the trailer
 *
 * Encoder: cfg.codec, else libx264 when FFmpeg has it, else mpeg4. rawvideo
 * keeps exact bgr24 pixels (use .nut, .mkv or .avi). */
#ifndef PINSTRIPE_IO_WRITER_H
#define PINSTRIPE_IO_WRITER_H

#include <stddef.h>

#include "gpu/frame.h"

typedef struct Writer Writer;

typedef struct WriterConfig {
    const char *path;
    const char *codec; /* NULL: default */
    int width, height;
    int tb_num, tb_den;     /* time base of the frames' pts */
    int rate_num, rate_den; /* nominal frame rate, 0/1 when unknown */
} WriterConfig;

#define WRITER_ERR_USAGE (-2) /* unknown encoder name */
#define WRITER_ERR_OUTPUT (-3) /* cannot create or write the file */

Writer *writer_open(const WriterConfig *cfg, char *err, size_t errlen, int *code);
/* 0, or negative with writer_error set. */
int writer_write(Writer *w, const FrameBuf *bgr);
/* Flush and finish the file; 0 or negative (the reason in err). Accepts NULL. */
int writer_close(Writer **w, char *err, size_t errlen);
const char *writer_error(const Writer *w);
long long writer_frames(const Writer *w);

#endif
