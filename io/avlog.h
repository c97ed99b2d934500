/* FFmpeg's own log, tamed: its detail must never come before pinstripe's
 * one-line error, so opening inputs and outputs runs with it silenced unless
 * -v was given. */
#ifndef PINSTRIPE_IO_AVLOG_H
#define PINSTRIPE_IO_AVLOG_H

/* -1 errors only, 0 warnings, 1 verbose (info). */
void avlog_set_verbosity(int verbosity);
/* Silence FFmpeg's log, and anything else printed on stderr (unless verbose), until
 * avlog_quiet_end. Main thread, before other threads. */
void avlog_quiet_begin(void);
void avlog_quiet_end(void);

#endif
