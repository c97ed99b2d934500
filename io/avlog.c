/* avlog (see avlog.h). */
#include "io/avlog.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <libavutil/error.h>
#include <libavutil/log.h>

static int verbosity_level;
static int saved_stderr = -1;

static int level_for(int v)
{
    return v < 0 ? AV_LOG_ERROR : v > 0 ? AV_LOG_INFO : AV_LOG_WARNING;
}

void avlog_set_verbosity(int verbosity)
{
    verbosity_level = verbosity;
    av_log_set_level(level_for(verbosity));
}

void avlog_quiet_begin(void)
{
    if (verbosity_level <= 0)
        av_log_set_level(AV_LOG_QUIET);
}

void avlog_quiet_end(void)
{
    av_log_set_level(level_for(verbosity_level));
}

void avlog_stderr_off(void)
{
    if (verbosity_level > 0 || saved_stderr >= 0)
        return;
    fflush(stderr);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null >= 0 && (saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)) >= 0)
        dup2(null, STDERR_FILENO);
    if (null >= 0)
        close(null);
}

void avlog_stderr_on(void)
{
    if (saved_stderr >= 0) {
        dup2(saved_stderr, STDERR_FILENO);
        close(saved_stderr);
        saved_stderr = -1;
    }
}

/* the first few named, then only counted */
#define ERRORS_NAMED 5

void avlog_error_text(int rc, char *buf, size_t len)
{
    if (av_strerror(rc, buf, len) < 0)
        snprintf(buf, len, "error %d", rc);
}

void avlog_decode_warning(const char *url, atomic_llong *count, const char *what, int rc)
{
    long long n = atomic_fetch_add(count, 1) + 1;
    if (n > ERRORS_NAMED)
        return;
    char why[128];
    if (av_strerror(rc, why, sizeof(why)) < 0)
        snprintf(why, sizeof(why), "error %d", rc);
    av_log(NULL, AV_LOG_WARNING, "pinstripe: '%s': %s: %s%s\n", url, what, why,
           n == ERRORS_NAMED ? " (further decode errors are only counted)" : "");
}
