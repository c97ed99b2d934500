/* The writer's copied streams (audio, subtitles): which input stream goes to
 * which output stream, and a fixed queue where copied packets wait until the
 * video written reaches their time, so a run cut short can end them with the
 * video; the muxer interleaves the rest. When the queue is full, the oldest is
 * muxed anyway (the muxer's own interleaving then holds it), so memory stays
 * bounded. io/ only (FFmpeg's types); the writer's, main thread.
 *
 *   StreamCopies *c = copies_create(nb_input_streams, path);
 *   copies_map(c, in, out, in_tb);              // for each stream copied
 *   copies_push(c, oc, &timeline, pkt, serial);  // as the read thread hands them over
 *   copies_release(c, oc, &timeline, video_end_us, 0);
 *   copies_destroy(&c); */
#ifndef PINSTRIPE_WRITER_COPIES_H
#define PINSTRIPE_WRITER_COPIES_H

#include <stddef.h>
#include <stdint.h>

#include <libavcodec/packet.h>
#include <libavformat/avformat.h>

#include "writer/timeline.h"

typedef struct StreamCopies StreamCopies;

/* For an input of nin streams, none copied yet; path names the output in
 * errors. NULL when out of memory. */
StreamCopies *copies_create(int nin, const char *path);
/* Input stream `in` (time base in_tb) is copied to output stream `out`. */
void copies_map(StreamCopies *c, int in, int out, AVRational in_tb);
/* Whether input stream `in` is copied. */
int copies_mapped(const StreamCopies *c, int in);
/* Queue a reference to pkt (input stream pkt->stream_index, read after the seek
 * that started `serial`). With the queue full, its oldest packet is muxed;
 * when it cannot be yet (the video's first frame of its serial is not placed,
 * so where it goes is not known) nothing is queued and COPIES_FULL returned,
 * for the caller to wait for the video, unless `force`: then that oldest packet
 * is dropped. 0, COPIES_FULL, or -1 with err set (the muxer failed, or memory). */
#define COPIES_FULL 1
int copies_push(StreamCopies *c, AVFormatContext *oc, const Timeline *t, const AVPacket *pkt,
                int serial, int force, char *err, size_t errlen);
/* Mux the queued packets of the timeline's serial that start before until_us
 * (all of them with `all`); drop those of older serials; stop at the first of
 * a later serial. 0, or -1 with err set. */
int copies_release(StreamCopies *c, AVFormatContext *oc, const Timeline *t, int64_t until_us,
                   int all, char *err, size_t errlen);
/* Drops what is queued. Accepts NULL; sets *c to NULL. */
void copies_destroy(StreamCopies **c);

#endif
