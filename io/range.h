/* --start/--end: the part of an input a Source reads (io/source.h), on the
 * input's timeline from its start time (as ffmpeg's -ss and -to). The read
 * thread seeks to at or before the start (earlier again where the first
 * keyframe read after the seek is later than the start: MPEG-TS seeks land
 * late), passes the video's packets on from there (the frames before the
 * start decode and are dropped by timestamp by the decoder: range_frame_in),
 * and the audio's and subtitles' from the start, and ends the pass once
 * every video and audio stream it routes is past the end (a frame before the
 * end is never decoded from a packet after it: its packet and references
 * come first in decoding order). FFmpeg stays behind this header (io/ only). */
#ifndef PINSTRIPE_IO_RANGE_H
#define PINSTRIPE_IO_RANGE_H

#include <stdint.h>

struct AVFormatContext;
struct AVPacket;

typedef struct Range {
    int on;               /* --start or --end given */
    int64_t lo_us, hi_us; /* from the input's start; hi_us INT64_MAX: to its end */
    int64_t origin_us;    /* the input's start time (0 when it has none) */
    int nstreams;
    unsigned char *need;  /* by stream: routed video or audio: the pass ends when all are past */
    unsigned char *past;  /* by stream: a packet at or past the end was read */
    int await_key;        /* after a seek: the video's packets before its first keyframe
                           * go (they cannot decode) */
} Range;

/* For fmt (opened); lo_us 0 and hi_us INT64_MAX: no range. 0, or -1 (out of memory). */
int range_init(Range *r, const struct AVFormatContext *fmt, int64_t lo_us, int64_t hi_us);
void range_free(Range *r);
/* Stream i is routed to a consumer (its kind decides whether the pass waits for it). */
void range_route(Range *r, const struct AVFormatContext *fmt, int i);
/* Seek to at or before the start (to ts_us from the input's start, clamped into the
 * range, when ts_us >= 0: a seek while playing). 0, or a negative AVERROR. */
int range_seek(Range *r, struct AVFormatContext *fmt, int vidx, int64_t ts_us);
/* Whether the packet goes to the consumers (1) or is dropped (0); notes the
 * streams that are past the end. */
int range_packet(Range *r, const struct AVFormatContext *fmt, int vidx, const struct AVPacket *pkt);
/* Whether timestamp ts of stream i is in the range (video frames: [lo, hi)). */
int range_holds(const Range *r, const struct AVFormatContext *fmt, int i, int64_t ts);
/* Whether every stream the pass waits for is past the end. */
int range_done(const Range *r);

#endif
