/* The output's timeline (see timeline.h): the shift from the input's
 * timestamps to the file's, per serial, and the frames' durations by encoder
 * timestamp, in a fixed table. */
#include "writer/timeline.h"

#include <libavutil/avutil.h>
#include <libavutil/mathematics.h>

static size_t dur_slot(int64_t pts)
{
    return (size_t)(((uint64_t)pts * 0x9E3779B97F4A7C15ull) >> 54) % TIMELINE_DUR_SLOTS;
}

void timeline_init(Timeline *t, AVRational in_tb, AVRational enc_tb, AVRational rate,
                   int64_t start_us)
{
    *t = (Timeline){.in_tb = in_tb, .enc_tb = enc_tb, .start_us = start_us,
                    .video_end_us = AV_NOPTS_VALUE, .last_pts = AV_NOPTS_VALUE};
    t->nominal_dur = rate.num > 0 ? av_rescale_q(1, av_inv_q(rate), enc_tb) : 1;
    if (t->nominal_dur < 1)
        t->nominal_dur = 1;
    for (int i = 0; i < TIMELINE_DUR_SLOTS; i++)
        t->durs[i].pts = AV_NOPTS_VALUE;
}

int timeline_new_serial(const Timeline *t, int serial)
{
    return t->started && serial != t->serial;
}

void timeline_place(Timeline *t, int64_t pts, int64_t duration, int serial, int64_t *enc_pts,
                    int64_t *enc_dur)
{
    int64_t in_us = av_rescale_q(pts, t->in_tb, AV_TIME_BASE_Q);
    if (!t->started) {
        t->offset_us = t->start_us != INT64_MIN && t->start_us <= in_us ? -t->start_us : -in_us;
        /* the first frame on a tick of the encoder's time base, every stream moved
         * with it, so a source whose frames sit off that grid keeps its A/V sync */
        int64_t v = in_us + t->offset_us;
        t->offset_us += av_rescale_q(av_rescale_q(v, AV_TIME_BASE_Q, t->enc_tb), t->enc_tb,
                                     AV_TIME_BASE_Q) - v;
        t->serial = serial;
        t->started = 1;
    } else if (serial != t->serial) { /* a seek: on from where the video ended */
        t->serial = serial;
        t->offset_us = t->video_end_us - in_us;
    }
    int64_t p = av_rescale_q(in_us + t->offset_us, AV_TIME_BASE_Q, t->enc_tb);
    if (t->last_pts != AV_NOPTS_VALUE && p <= t->last_pts)
        p = t->last_pts + 1; /* a coarser time base must not merge two frames */
    int64_t dur = duration > 0 ? av_rescale_q(duration, t->in_tb, t->enc_tb) : t->nominal_dur;
    if (dur < 1)
        dur = 1;
    t->last_pts = p;
    size_t k = dur_slot(p);
    t->durs[k].pts = p, t->durs[k].dur = dur;
    *enc_pts = p, *enc_dur = dur;
}

void timeline_written(Timeline *t, int64_t enc_pts, int64_t enc_dur)
{
    int64_t end_us = av_rescale_q(enc_pts + enc_dur, t->enc_tb, AV_TIME_BASE_Q);
    if (t->video_end_us == AV_NOPTS_VALUE || end_us > t->video_end_us)
        t->video_end_us = end_us;
}

int64_t timeline_duration(const Timeline *t, int64_t enc_pts)
{
    size_t k = dur_slot(enc_pts);
    return enc_pts != AV_NOPTS_VALUE && t->durs[k].pts == enc_pts ? t->durs[k].dur
                                                                  : t->nominal_dur;
}
