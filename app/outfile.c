/* -o's WriterConfig from the options and the input (see outfile.h). */
#include "app/outfile.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report/msg.h"
#include "stage/clock.h"

void outfile_tone(const Options *o, const Transform *t, ToneSettings *ts)
{
    HdrSource made = tone_source(t, &(HdrSource){TRANSFER_SDR, PRIMARIES_BT709, 0});
    if (o->output && t->out_set && tone_is_hdr(&made))
        ts->curve = TONE_NONE;
}

void outfile_say_window(const Options *o, const Transform *t, int windowed)
{
    HdrSource made = tone_source(t, &(HdrSource){TRANSFER_SDR, PRIMARIES_BT709, 0});
    if (o->output && windowed && t->out_set && tone_is_hdr(&made) && o->tone_curve != TONE_NONE) {
        const char *tf = made.transfer == TRANSFER_PQ ? "PQ" : "HLG";
        msg_say(o->quiet, "-t makes %s: '%s' is written as %s, and the window shows that signal as it is "
                "(without -o, tone-mapped)", tf, o->output, tf);
    }
}

void outfile_config(const Options *o, const DecoderInfo *di, struct Source *src, int live,
                    const Transform *t, const ToneSettings *ts, WriterConfig *wc)
{
    HdrSource own = {di->transfer, di->colour_primaries, hdrmeta_peak(&di->hdr)};
    HdrSource made = tone_source(t, &own); /* what the chain's output is */
    int tone_mapped = tone_is_hdr(&made) && ts->curve != TONE_NONE;
    *wc = (WriterConfig){
        .path = o->output, .format = o->output_format, .codec = o->codec,
        .width = di->fmt.width, .height = di->fmt.height,
        .tb_num = di->tb_num, .tb_den = di->tb_den,
        .rate_num = di->rate_num, .rate_den = di->rate_den,
        .avg_num = di->avg_num, .avg_den = di->avg_den,
        .source = src,
        /* the output's 0: the input's start, or --start's unless --copyts */
        .start_us = live ? INT64_MIN
                    : di->range_us && !o->copyts ? (di->start_us == INT64_MIN ? 0 : di->start_us) + di->range_us
                                                 : di->start_us,
        .no_audio = o->no_audio, .no_subs = o->no_subs, .crf = o->crf,
        .preset = o->preset, .bitrate = o->bitrate, .gop = o->gop,
        .enc_opts = o->enc_opts, .n_enc_opts = o->n_enc_opts,
        /* --overlay draws on 8-bit BGR: the file is 8-bit where the encoder writes 8 bits */
        .src_depth = o->overlay ? 8 : di->depth, .src_pix_fmt = di->src_pix_fmt,
        .depth = (int)o->out_depth,
        .src_rgb = pix_is_rgb(di->fmt.layout), .src_primaries = di->primaries,
        .src_trc = di->trc, .src_colorspace = di->colorspace,
        .tone_mapped = tone_mapped, .hdr = di->hdr,
    };
    pix_chroma_shift(di->fmt.layout, &wc->src_shift_x, &wc->src_shift_y);
    if (t->out_set && !tone_mapped) /* camera=, ocio=: its display's tags */
        writer_config_display(wc, made.transfer, made.primaries, made.peak,
                              t->out_untagged ? WRITER_DISPLAY_UNTAGGED
                              : t->out_srgb   ? WRITER_DISPLAY_SRGB
                                              : WRITER_DISPLAY_VIDEO);
    if (o->output && t->out_set && t->out_untagged)
        msg_say(o->quiet, "-o: %s", t->out_note);
}

int outfile_close(Writer **w, const Options *o, Progress *pr, int interrupted, int write_failed,
                  long long decoded, const char *url)
{
    char err[1024];
    int closed = 0, empty = decoded == 0 && !interrupted && (o->start || o->end);
    if (*w) {
        if (interrupted)
            writer_end_with_video(*w);
        long long written = pr->frames = writer_frames(*w);
        progress_finish(pr, clock_now_ms());
        if ((closed = writer_close(w, &pr->bytes, err, sizeof(err))) < 0 && !write_failed)
            msg_fail("%s", err);
        else if (closed == 0 && o->verbose && !empty)
            msg_say(o->quiet, "wrote %lld frames to '%s'", written, o->output);
        if (closed == 0 && empty && strcmp(o->output, "-") != 0)
            unlink(o->output);
    }
    if (closed == 0 && empty) {
        msg_fail("no frame of '%s' lies in [%s, %s): nothing %s", url, o->start ? o->start : "0",
                 o->end ? o->end : "its end", o->output ? "written" : "shown");
        return -2;
    }
    return closed;
}
