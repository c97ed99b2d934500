/* --trace FILE: a Chrome trace-event JSON timeline (opens in Perfetto or
 * chrome://tracing) with one lane per stripe stream (upload, kernel and
 * download spans from the CUDA events, or a CPU worker's stripe work), and
 * lanes for the decode thread, the stage and the display loop. Written as
 * frames are shown; nothing is kept in memory. Main thread only. */
#ifndef PINSTRIPE_REPORT_TRACE_H
#define PINSTRIPE_REPORT_TRACE_H

#include <stddef.h>

#include "stage/frame.h"

typedef struct Trace Trace;

/* origin_ms: the host-clock time that becomes 0 in the trace. */
Trace *trace_open(const char *path, const char *backend, double origin_ms, char *err,
                  size_t errlen);
/* One frame's spans; show_t0/show_t1: the display loop's work on it. */
void trace_frame(Trace *t, const FrameBuf *f, double show_t0, double show_t1);
/* Finish the JSON. 0, or -1 with the reason in err. Accepts NULL. */
int trace_close(Trace **t, char *err, size_t errlen);

#endif
