/* The lines pinstripe says on stderr (see msg.h), the prefix and the newline
 * around the caller's text. */
#include "report/msg.h"

#include <stdarg.h>
#include <stdio.h>

static void line(const char *fmt, va_list ap)
{
    fputs("pinstripe: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void msg_say(int quiet, const char *fmt, ...)
{
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    line(fmt, ap);
    va_end(ap);
}

void msg_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line(fmt, ap);
    va_end(ap);
}
