/* The input and its read thread (ffplay's read_thread): opens a file, URL or
 * device with libavformat, picks the best video stream, and reads packets on a
 * thread of its own into a packet queue per consumer (io/packets.h): the video
 * decoder, the sound's decoder, the writer's stream copy. Each consumer asks
 * for its queue and the streams it wants before the thread starts; none of
 * them calls another. FFmpeg stays behind this header (io/ only).
 *
 *   Source *src = source_open(url, &opt, err, sizeof err, &code);
 *   Decoder *d = decoder_open(src, ...);   // routes the video stream to its queue
 *   AudioDecoder *a = audio_open(src, ...); // and the sound's, the writer its copies
 *   source_start(src);
 *   ... source_seek(src, 12.5, serial) ...
 *   source_stop(src);                       // at the end (it waits there for a
 *                                           // seek), or to stop early
 *   source_join(src);                       // 0, or -1 (source_error says why)
 *   ...close the consumers...; source_close(&src);
 *
 * How far it reads ahead (ffplay's rules): it waits while the queues together
 * hold more than SOURCE_MAX_BYTES, or while every queue a decoder reads already
 * holds more than SOURCE_MIN_PACKETS packets and more than a second.
 * There is no bound per stream: a file whose sound lies seconds behind its
 * picture is read as far as the sound needs. A live source that is not a file
 * (a camera, a stream) is read one packet ahead of its decoder at most
 * (SOURCE_LIVE_PACKETS): the newest frame matters, and a source faster than
 * the decoder (lavfi) waits in its device rather than in memory.
 * A seek flushes every queue; packets read after it carry its serial. --loop:
 * at the end of a pass the queues get a drain marker and the next pass's
 * timestamps run on from this one's end. --start/--end (io/range.h): a pass is
 * that part of the input, and seeks stay inside it. */
#ifndef PINSTRIPE_IO_SOURCE_H
#define PINSTRIPE_IO_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "io/packets.h"

typedef struct Source Source;
struct AVFormatContext;

#define SOURCE_MAX_BYTES (15 * 1024 * 1024) /* ffplay's MAX_QUEUE_SIZE */
#define SOURCE_MIN_PACKETS 25               /* ffplay's MIN_FRAMES */
#define SOURCE_LIVE_PACKETS 2               /* live: queued for a decoder at most */

#define SOURCE_ERR_USAGE (-2) /* bad -f format name */
#define SOURCE_ERR_INPUT (-3) /* input cannot be opened or has no video */

typedef struct SourceOptions {
    const char *format;     /* libavformat/libavdevice input format, or NULL */
    int live;               /* no probing delay, little read ahead (devices, streams);
                             * read errors are failures */
    const char *video_size; /* device options (v4l2), or NULL */
    const char *framerate;
    const char *input_format;
    int loop;               /* passes in all (0 or 1: once; negative: without end) */
    double start_s, end_s;  /* --start, --end: the part read, in seconds from the input's
                             * start (io/range.h; end_s 0: to the end) */
} SourceOptions;

/* NULL on failure, with one line naming the input and the reason in err, and
 * SOURCE_ERR_USAGE or SOURCE_ERR_INPUT in *code. opt may be NULL. */
Source *source_open(const char *url, const SourceOptions *opt, char *err, size_t errlen,
                    int *code);
const char *source_url(const Source *s);
/* For the consumers (io/ only): the demuxer's streams and the video's index. */
const struct AVFormatContext *source_format(const Source *s);
int source_video_index(const Source *s);
/* The video's nominal frame duration in its time base (1 when unknown). */
int64_t source_frame_step(const Source *s);

/* A queue for a consumer, owned by the source (freed by source_close). fed: a
 * decoder reads it, so the reader keeps it fed (it reads on until every fed
 * queue holds enough); 0: it only receives (the writer's copies). Every
 * consumer must empty its queue without waiting on another consumer, or the
 * byte bound could stall the reader. A consumer that goes away aborts and
 * flushes its queue. NULL when out of memory. Before source_start. */
PacketQueue *source_queue(Source *s, int fed);
/* Send stream `index`'s packets to q (a stream may go to several queues, a
 * queue may take several streams). 0, or -1. Before source_start. */
int source_route(Source *s, int index, PacketQueue *q);

/* Start the read thread. 0, or -1 with source_error set. */
int source_start(Source *s);
/* Whether the input can seek (a file, not a pipe or a device). Any thread. */
int source_can_seek(const Source *s);
/* Ask the thread to seek to target_s seconds from the start of the input; the
 * packets it reads afterwards carry `serial`. 0, or -1 when the input cannot
 * seek. Any thread; after the end of the input too, until source_stop. */
int source_seek(Source *s, double target_s, int serial);
/* For the video decoder: whether a frame with timestamp pts (video time base, on
 * the timeline that runs on across --loop passes; pass: how many drain markers
 * came before it) is in --start/--end's range. Any thread. */
int source_frame_in(const Source *s, int64_t pts, int pass);
/* --start/--end: the start (µs from the input's start) and the range's length
 * (seconds, 0 unknown); 1 when a range is set, else 0. */
int source_range_us(const Source *s, int64_t *start_us, double *length_s);
/* Stop reading and end every queue's waits (consumers see PKTQ_ABORT). Any thread. */
void source_stop(Source *s);
/* Wait for the thread (after source_stop, or a live input's failure). 0, or -1
 * with source_error set (a live input's read failed). */
int source_join(Source *s);
const char *source_error(const Source *s);
/* After every consumer is closed. Joins the thread if still running. Accepts
 * NULL; sets *s to NULL. */
void source_close(Source **s);

#endif
