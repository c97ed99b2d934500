/* What the stage interface and both backends call (stage_common.h): the error
 * a stage reports and the format of its output frames. It calls nothing of
 * theirs, so the interface calls down into a backend and both call down into
 * this file, never back up. */
#include "gpu/stage_common.h"

#include <stdarg.h>
#include <stdio.h>

void stage_set_error(Stage *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof(s->error), fmt, ap);
    va_end(ap);
}

FrameFormat stage_out_format(const StageConfig *cfg)
{
    if (cfg->out_yuv)
        return (FrameFormat){PIX_YUV420P, cfg->in.width, cfg->in.height, cfg->stripes};
    return (FrameFormat){PIX_BGR24, cfg->in.width, cfg->in.height, 1};
}
