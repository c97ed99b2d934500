/* Run statistics: per-step timings of every shown frame in fixed histograms
 * (log-spaced bins, 0.1% apart: memory does not grow with the run), the
 * medians and 99th percentiles taken from them, and the end-of-run summary.
 * With --stats FILE every frame's timings are streamed to a JSON file, and
 * the same summary closes it. Main thread only. */
#ifndef PINSTRIPE_REPORT_STATS_H
#define PINSTRIPE_REPORT_STATS_H

#include <stdio.h>

#include "stage/frame.h"

typedef enum {
    STAT_DECODE,
    STAT_UPLOAD,
    STAT_KERNEL,
    STAT_DOWNLOAD,
    STAT_WORK,
    STAT_STAGE,
    STAT_DISPLAY,
    STAT_PRESENT, /* the window painting it: the key poll after imshow, where Qt paints */
    STAT_LATENCY, /* capture (the frame leaving the demuxer) to shown */
    STAT_COUNT
} StatKind;

typedef struct Histogram Histogram;

Histogram *hist_create(void);
void hist_destroy(Histogram **h);
void hist_add(Histogram *h, double ms);
long long hist_count(const Histogram *h);
/* The q-quantile (0..1) in ms, within 0.1% (0 when empty). */
double hist_quantile(const Histogram *h, double q);

typedef struct Stats Stats;

/* path: --stats FILE or NULL. NULL on failure with the reason in err. */
Stats *stats_create(const char *path, char *err, size_t errlen);
/* A frame was shown (or written): its timings and the display loop's ms on it;
 * shown_ms is when, on the host clock. */
void stats_frame(Stats *s, const FrameBuf *f, double display_ms, double shown_ms, int in_fill,
                 int out_fill, long long drops);
void stats_set_drops(Stats *s, long long total);
/* The A−V difference (ms: the frame's time less the audio clock's, when it is
 * shown) of the next frame given to stats_frame: its row gets "av_ms", and the
 * summary the median and p99 of |A−V|. */
void stats_set_av(Stats *s, double ms);
/* The time the window took to paint the next frame given to stats_frame (the
 * key poll right after showing it): its row gets "present_ms" (null without a
 * window), and the summary its median and p99. */
void stats_set_present(Stats *s, double ms);
/* The look's -t text at the end, for the summary's "chain" (JSON-escaped). */
void stats_set_chain(Stats *s, const char *text);
/* The q-quantile of |A−V| so far (NAN: no frame with sound yet). */
double stats_av_quantile(const Stats *s, double q);
/* --debug-frame-hash: each row of the --stats file gets the frame's hash
 * (FNV-1a 64 over its visible BGR bytes, row by row), for tests. */
void stats_hash_frames(Stats *s, int on);
double stats_quantile(const Stats *s, StatKind k, double q);
/* The summary block (to `out`, e.g. stderr) and, with a file, the JSON's end.
 * wall_ms: the run's length. 0, or -1 when the file could not be written. */
/* Damaged packets and frames the decoder skipped (warnings), for the summary. */
void stats_set_decode_errors(Stats *s, long long n);
int stats_finish(Stats *s, FILE *out, double wall_ms, const char *backend, int threads, char *err,
                 size_t errlen);
void stats_destroy(Stats **s);

#endif
