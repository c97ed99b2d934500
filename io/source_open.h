/* Opening an input for io/source.h: avformat_open_input and its stream
 * information, with SourceOptions' format and device options (io/ only). */
#ifndef PINSTRIPE_IO_SOURCE_OPEN_H
#define PINSTRIPE_IO_SOURCE_OPEN_H

#include <stddef.h>

#include "io/source.h"

/* Opens url into *fmt (probed); *unbuffered: a live input that is not a file.
 * 0, or -1 with one line in err and SOURCE_ERR_* in *code (*fmt may be set:
 * the caller closes it). */
int source_open_format(struct AVFormatContext **fmt, int *unbuffered, const char *url,
                       const SourceOptions *opt, char *err, size_t errlen, int *code);

#endif
