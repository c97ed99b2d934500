/* FFmpeg's own log, tamed: its detail must never come before pinstripe's
 * one-line error, so opening inputs and outputs runs with it silenced unless
 * -v was given. */
#ifndef PINSTRIPE_IO_AVLOG_H
#define PINSTRIPE_IO_AVLOG_H

#include <stdatomic.h>
#include <stddef.h>

/* -1 errors only, 0 warnings, 1 verbose (info). */
void avlog_set_verbosity(int verbosity);
/* Silence FFmpeg's log (unless verbose) until avlog_quiet_end. Main thread, before other threads. */
void avlog_quiet_begin(void);
void avlog_quiet_end(void);
/* Unless verbose, send stderr itself to /dev/null until avlog_stderr_on: for the
 * libraries under FFmpeg that print on their own (x264 checks -preset before its
 * log goes through FFmpeg: "x264 [error]: invalid preset"). Keep it short: a
 * sanitizer's report in between would be lost. Main thread, before other threads. */
void avlog_stderr_off(void);
void avlog_stderr_on(void);

/* FFmpeg's text for error code rc (av_strerror), or "error rc" where it has none. */
void avlog_error_text(int rc, char *buf, size_t len);

/* A damaged packet or frame: a warning, as FFmpeg's CLI and players treat it
 * (concealed where the codec can, skipped where not); the first few are named,
 * then they are only counted in *count (decoder_errors, the summary, --stats). */
void avlog_decode_warning(const char *url, atomic_llong *count, const char *what, int rc);

#endif
