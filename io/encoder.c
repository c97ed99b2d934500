/* The writer's video encoder (see encoder.h): choosing it, its pixel format
 * and time base, and its settings, each checked by name before it opens. */
#include "io/encoder.h"

#include <stdio.h>
#include <string.h>

#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

#include "io/avlog.h"

static void av_err(int rc, char *buf, size_t len)
{
    if (av_strerror(rc, buf, len) < 0)
        snprintf(buf, len, "error %d", rc);
}

static int supports(const AVCodec *c, enum AVPixelFormat f)
{
    if (!c->pix_fmts)
        return 1; /* rawvideo and friends take anything */
    for (const enum AVPixelFormat *p = c->pix_fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == f)
            return 1;
    return 0;
}

enum AVPixelFormat encoder_pix_fmt(const AVCodec *c, int w, int h)
{
    if (supports(c, AV_PIX_FMT_BGR24))
        return AV_PIX_FMT_BGR24;
    int even = w % 2 == 0 && h % 2 == 0;
    if (even && supports(c, AV_PIX_FMT_YUV420P))
        return AV_PIX_FMT_YUV420P;
    if (supports(c, AV_PIX_FMT_YUV444P))
        return AV_PIX_FMT_YUV444P;
    return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, AV_PIX_FMT_BGR24, 0, NULL);
}

const AVCodec *encoder_pick(const char *name)
{
    if (name)
        return avcodec_find_encoder_by_name(name);
    const AVCodec *c = avcodec_find_encoder_by_name("libx264");
    return c ? c : avcodec_find_encoder(AV_CODEC_ID_MPEG4);
}

/* The encoder's time base: one tick a frame at the nominal rate, as ffmpeg
 * does. Codecs that carry timing in their bitstream (H.264's VUI) take their
 * frame rate from it, and AVI is frame-indexed. Timestamps off that grid (a
 * variable-rate source) are rounded to it, never merged: writer_write keeps
 * them strictly increasing. Without a usable rate, the input's own. */
AVRational encoder_time_base(const AVCodec *codec, AVRational in, AVRational rate)
{
    if (rate.num > 0 && rate.den > 0 && av_q2d(rate) <= 1000)
        return av_inv_q(rate);
    if (codec->id == AV_CODEC_ID_MPEG4 && in.den > 65535) /* MPEG-4 part 2's limit */
        return (AVRational){1, 1000};
    return in;
}

typedef struct EncOpt {
    const char *flag, *key, *val;
} EncOpt;

/* Encoder settings: -crf, -preset, -b:v, -g and --enc-opt, checked by name
 * against the encoder's options before it opens. */
static int apply_settings(AVCodecContext *e, const AVCodec *codec, const WriterConfig *cfg,
                           AVDictionary **dict, char *err, size_t errlen)
{
    EncOpt opts[40];
    int n = 0;
    char keys[32][64];
    if (cfg->crf)
        opts[n++] = (EncOpt){"-crf", "crf", cfg->crf};
    if (cfg->preset)
        opts[n++] = (EncOpt){"-preset", "preset", cfg->preset};
    if (cfg->bitrate)
        opts[n++] = (EncOpt){"-b:v", "b", cfg->bitrate};
    for (int i = 0; i < cfg->n_enc_opts && i < 32; i++) {
        const char *kv = cfg->enc_opts[i], *eq = strchr(kv, '=');
        if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof(keys[i])) {
            snprintf(err, errlen, "--enc-opt: '%s' is not KEY=VALUE", kv);
            return -1;
        }
        snprintf(keys[i], sizeof(keys[i]), "%.*s", (int)(eq - kv), kv);
        opts[n++] = (EncOpt){"--enc-opt", keys[i], eq + 1};
    }
    for (int i = 0; i < n; i++) {
        /* the encoder's private options, then the generic ones */
        if (!av_opt_find(e, opts[i].key, NULL, 0, AV_OPT_SEARCH_CHILDREN)) {
            snprintf(err, errlen, "%s: the %s encoder has no option '%s'", opts[i].flag,
                     codec->name, opts[i].key);
            return -1;
        }
        int rc = av_opt_set(e, opts[i].key, opts[i].val, AV_OPT_SEARCH_CHILDREN);
        if (rc < 0) {
            char why[128];
            av_err(rc, why, sizeof(why));
            snprintf(err, errlen, "%s: the %s encoder refused %s=%s: %s", opts[i].flag,
                     codec->name, opts[i].key, opts[i].val, why);
            return -1;
        }
        av_dict_set(dict, opts[i].key, opts[i].val, 0);
    }
    if (cfg->gop > 0)
        e->gop_size = (int)cfg->gop;
    return n;
}

/* Which of the user's settings the encoder refused when it opened: each alone on
 * a throwaway encoder of the same geometry, the first that fails. Writes e.g.
 * "-preset warp9" into buf ("-crf/-preset/-b:v/--enc-opt" when none fails alone). */
static void refused_setting(const AVCodec *codec, const AVCodecContext *like,
                           const AVDictionary *given, char *buf, size_t len)
{
    snprintf(buf, len, "-crf/-preset/-b:v/--enc-opt");
    const AVDictionaryEntry *t = NULL;
    while ((t = av_dict_get(given, "", t, AV_DICT_IGNORE_SUFFIX))) {
        AVCodecContext *c = avcodec_alloc_context3(codec);
        AVDictionary *one = NULL;
        if (!c)
            return;
        c->width = like->width, c->height = like->height, c->pix_fmt = like->pix_fmt;
        c->time_base = like->time_base, c->framerate = like->framerate;
        c->flags = like->flags, c->gop_size = like->gop_size;
        av_dict_set(&one, t->key, t->value, 0);
        avlog_stderr_off();
        int rc = avcodec_open2(c, codec, &one);
        avlog_stderr_on();
        av_dict_free(&one);
        avcodec_free_context(&c);
        if (rc < 0) {
            const char *flag = strcmp(t->key, "crf") == 0      ? "-crf"
                               : strcmp(t->key, "preset") == 0 ? "-preset"
                               : strcmp(t->key, "b") == 0      ? "-b:v"
                                                               : NULL;
            if (flag)
                snprintf(buf, len, "%s %s", flag, t->value);
            else
                snprintf(buf, len, "--enc-opt %s=%s", t->key, t->value);
            return;
        }
    }
}

int encoder_open(AVCodecContext *e, const AVCodec *codec, const WriterConfig *cfg, char *err,
                 size_t errlen, int *usage)
{
    char why[256];
    AVDictionary *opts = NULL;
    *usage = 1;
    int nopts = apply_settings(e, codec, cfg, &opts, err, errlen);
    if (nopts < 0) {
        av_dict_free(&opts);
        return -1;
    }
    AVDictionary *given = NULL;
    av_dict_copy(&given, opts, 0);
    if (nopts > 0)
        avlog_stderr_off();
    int rc = avcodec_open2(e, codec, &opts);
    avlog_stderr_on();
    av_dict_free(&opts);
    if (rc < 0) {
        av_err(rc, why, sizeof(why));
        if (nopts > 0) { /* a value the encoder checks only when it opens (e.g. -preset) */
            char which[160];
            refused_setting(codec, e, given, which, sizeof(which));
            snprintf(err, errlen, "%s: the %s encoder refused it: %s", which, codec->name, why);
        } else {
            snprintf(err, errlen, "cannot write '%s': encoder %s refused %dx%d %s: %s", cfg->path,
                     codec->name, e->width, e->height, av_get_pix_fmt_name(e->pix_fmt), why);
            *usage = 0;
        }
    }
    av_dict_free(&given);
    return rc < 0 ? -1 : 0;
}
