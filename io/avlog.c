/* avlog (see avlog.h). */
#include "io/avlog.h"

#include <libavutil/log.h>

static int verbosity_level;

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
