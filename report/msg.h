/* The lines pinstripe says on stderr, each "pinstripe: ...": msg_say unless
 * quiet (-q), msg_fail always (a failure's one line). Any thread. */
#ifndef PINSTRIPE_REPORT_MSG_H
#define PINSTRIPE_REPORT_MSG_H

void msg_say(int quiet, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void msg_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
