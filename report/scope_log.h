/* --debug-scope FILE: each frame's scope counts (scope/scope.h), one JSON object
 * a line, for tests to check against their own counts of the frames written:
 *   {"index":N,"which":BITS,"width":W,"cols":C,"levels":L,
 *    "wave":[[i,count],…],"parade":[…],"vector":[…],"hist":[…]}
 * each table as its non-zero entries, i the index into it (scope.h's layout). */
#ifndef PINSTRIPE_REPORT_SCOPE_LOG_H
#define PINSTRIPE_REPORT_SCOPE_LOG_H

#include <stdio.h>

#include "stage/frame.h"

/* One line for f (nothing when it has no counts). 0, or -1 when writing failed. */
int scope_log_frame(FILE *out, const FrameBuf *f);

#endif
