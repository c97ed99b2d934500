/* What the stage interface and both backends call (stage_common.h): the error
 * a stage reports, the format of its output frames and a frame's colour job. It calls nothing of
 * theirs, so the interface calls down into a backend and both call down into
 * this file, never back up. */
#include "stage/stage_common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stage/dither.h"
#include "stage/stripes.h"

void stage_set_error(Stage *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof(s->error), fmt, ap);
    va_end(ap);
}

int stage_out_depth(const StageConfig *cfg)
{
    int d = cfg->out_depth;
    if (cfg->out_yuv)
        return d == 10 || d == 12 || d == 16 ? d : 8;
    return d > 8 ? 16 : 8;
}

FrameFormat stage_out_format(const StageConfig *cfg)
{
    int deep = stage_out_depth(cfg) > 8;
    if (cfg->out_yuv)
        return (FrameFormat){deep ? PIX_YUV420P16 : PIX_YUV420P, cfg->in.width, cfg->in.height,
                             cfg->stripes};
    int w = cfg->out_width > 0 ? cfg->out_width : cfg->in.width;
    int h = cfg->out_height > 0 ? cfg->out_height : cfg->in.height;
    return (FrameFormat){deep ? PIX_RGB48 : PIX_BGR24, w, h, 1};
}

int stage_scales(const StageConfig *cfg)
{
    FrameFormat o = stage_out_format(cfg);
    return o.width != cfg->in.width || o.height != cfg->in.height;
}

int stage_scales_linear(const StageConfig *cfg)
{
    FrameFormat o = stage_out_format(cfg);
    return cfg->scale_linear && !cfg->crop && stage_scales(cfg) &&
           (o.width < cfg->in.width || o.height < cfg->in.height);
}

int stage_resample_tables(const StageConfig *cfg, ResampleAxis *h, ResampleAxis *v, char *err,
                          size_t errlen)
{
    FrameFormat o = stage_out_format(cfg);
    memset(v, 0, sizeof(*v));
    if (cfg->crop) {
        if (resample_crop(h, cfg->in.width, o.width, err, errlen) < 0)
            return -1;
        if (resample_crop(v, cfg->in.height, o.height, err, errlen) < 0) {
            resample_axis_free(h);
            return -1;
        }
        return 0;
    }
    if (resample_axis(h, cfg->in.width, o.width, (ScaleFilter)cfg->scale, err, errlen) < 0)
        return -1;
    if (resample_axis(v, cfg->in.height, o.height, (ScaleFilter)cfg->scale, err, errlen) < 0 ||
        (stage_scales_linear(cfg) && resample_light(h, v, err, errlen) < 0)) {
        resample_axis_free(h);
        resample_axis_free(v);
        return -1;
    }
    return 0;
}

void stage_scaled_rows(const ResampleAxis *v, int nstripes, int k, int off, int *oy0, int *oy1,
                       int *ry0, int *ry1)
{
    stripe_rows(v->out, nstripes, k, 0, oy0, oy1);
    *ry0 = *ry1 = 0;
    if (*oy0 < *oy1) {
        *ry0 = v->first[*oy0] + off;
        *ry1 = v->first[*oy1 - 1] + v->taps + off;
    }
}

/* Step i's gamma table for the frame being submitted: the buffer holding its
 * power, else one no frame in flight reads, built now. 0, or -1 (no memory). */
static int gamma_table(Stage *s, int i, ChainOp *op)
{
    StageGamma *g = &s->gamma[i];
    int k, idle = -1;
    for (k = 0; k < STAGE_GAMMA_BUFS; k++) {
        if (g->tab[k] && g->power[k] == op->power)
            break;
        if (idle < 0 && g->last[k] <= s->completed)
            idle = k;
    }
    if (k == STAGE_GAMMA_BUFS) {
        if ((k = idle) < 0) {
            stage_set_error(s,
                            "stage: every gamma table is in use (more frames in flight "
                            "than %d)",
                            STAGE_GAMMA_BUFS - 1);
            return -1;
        }
        if (!g->tab[k] && !(g->tab[k] = malloc(sizeof(float) * 3 * GAMMA_TABLE_SIZE))) {
            stage_set_error(s, "stage: out of memory for a gamma table");
            return -1;
        }
        colour_power_table(g->tab[k], GAMMA_TABLE_SIZE, op->power);
        g->power[k] = op->power;
        g->version[k]++;
    }
    g->last[k] = s->submitted + 1;
    g->cur = k;
    op->lut = g->tab[k];
    return 0;
}

int stage_job(Stage *s, const FrameBuf *in, ColourJob *j)
{
    const StageConfig *cfg = &s->cfg;
    memset(j, 0, sizeof(*j));
    int levels = cfg->transform.identity ? CHAIN_LEVELS_TAGGED : cfg->transform.chain.levels;
    j->c = colour_yuv_coeffs_bits(in->matrix, levels ? levels == CHAIN_LEVELS_DATA : in->full_range,
                                  in->fmt.height, frame_depth(in), frame_bits(in));
    j->c.unclamped = levels != CHAIN_LEVELS_TAGGED;
    if (!cfg->transform.identity)
        j->ch = cfg->transform.chain;
    for (int i = 0; i < j->ch.nops; i++)
        if (j->ch.ops[i].power > 0 && gamma_table(s, i, &j->ch.ops[i]) < 0)
            return -1;
    j->dither = dither_table(cfg->dither);
    j->o = colour_rgb_yuv_coeffs(cfg->out_matrix, cfg->in.height, stage_out_depth(cfg));
    j->plain = colour_job_plain(in->fmt.layout, &j->ch);
    if (cfg->compare) { /* the split in the input's columns, the line in the output's */
        Chain before = j->ch;
        before.nops = 0;
        before.tone.on = before.tone.on && !before.tone_own;
        FrameFormat o = stage_out_format(cfg);
        j->split = (int)floor(cfg->compare_at * cfg->in.width);
        j->plain_left = colour_job_plain(in->fmt.layout, &before);
        int line = cfg->crop           ? j->split - cfg->crop_x
                   : stage_scales(cfg) ? (int)floor(cfg->compare_at * o.width)
                                       : j->split;
        j->line = line >= 0 && line < o.width ? line + 1 : 0;
    }
    return 0;
}

unsigned stage_table_version(const Stage *s, const ColourJob *j, int i)
{
    const StageGamma *g = &s->gamma[i];
    return j->ch.ops[i].power > 0 ? g->version[g->cur] : 0;
}

void stage_gamma_free(Stage *s)
{
    for (int i = 0; i < CHAIN_MAX_OPS; i++)
        for (int k = 0; k < STAGE_GAMMA_BUFS; k++) {
            free(s->gamma[i].tab[k]);
            s->gamma[i].tab[k] = NULL;
        }
}
