/* The output's timeline: where each written frame goes, in microseconds and in
 * the encoder's time base. Every stream keeps the input's timestamps, shifted
 * together so the input's start is 0 (as ffmpeg does); a seek while writing (a
 * new serial) continues the output where the last frame ended, so it stays
 * monotonic. Each frame's duration is kept by its encoder timestamp for the
 * packet the encoder returns later. io/ only (FFmpeg's types); a plain struct
 * owned by the writer, main thread. */
#ifndef PINSTRIPE_WRITER_TIMELINE_H
#define PINSTRIPE_WRITER_TIMELINE_H

#include <stdint.h>

#include <libavutil/rational.h>

#define TIMELINE_DUR_SLOTS 1024

typedef struct Timeline {
    AVRational in_tb, enc_tb; /* the frames' timestamps; the encoder's */
    int64_t start_us;         /* the input's start, INT64_MIN unknown */
    int64_t nominal_dur;      /* one frame at the nominal rate, encoder time base */
    int started, serial;
    int64_t offset_us;        /* output = input + offset_us, for this serial */
    int64_t video_end_us;     /* end of the last frame placed (AV_NOPTS_VALUE: none) */
    int64_t last_pts;         /* encoder time base */
    struct {
        int64_t pts, dur;
    } durs[TIMELINE_DUR_SLOTS];
} Timeline;

void timeline_init(Timeline *t, AVRational in_tb, AVRational enc_tb, AVRational rate,
                   int64_t start_us);
/* 1 when a frame of `serial` starts a new serial (a seek) after others. */
int timeline_new_serial(const Timeline *t, int serial);
/* Place a frame (its pts and duration in the input's time base; duration 0:
 * the nominal one): the first fixes the shift, a new serial continues where
 * the last frame ended. Sets its encoder pts and duration (strictly after the
 * last: a coarser time base must not merge two frames). */
void timeline_place(Timeline *t, int64_t pts, int64_t duration, int serial, int64_t *enc_pts,
                    int64_t *enc_dur);
/* The frame placed at enc_pts for enc_dur is written: the video now ends there
 * (or later). */
void timeline_written(Timeline *t, int64_t enc_pts, int64_t enc_dur);
/* The duration of the frame at encoder pts (the nominal one when unknown). */
int64_t timeline_duration(const Timeline *t, int64_t enc_pts);

#endif
