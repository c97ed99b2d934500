/* The writer's video encoder (see encoder.h): choosing it, its pixel format at
 * the depth asked or the source's, the colour tags and the conversion into that
 * format, its time base, and its settings, each checked by name before it opens. */
#include "writer/encoder.h"

#include <stdio.h>
#include <string.h>

#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "io/avlog.h"

static int supports(const AVCodec *c, enum AVPixelFormat f)
{
    if (!c->pix_fmts) /* rawvideo and friends take anything: packed RGB, as the stage makes it */
        return f == AV_PIX_FMT_BGR24 || f == AV_PIX_FMT_RGB48LE;
    for (const enum AVPixelFormat *p = c->pix_fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == f)
            return 1;
    return 0;
}

/* A format a picture can be written in: three colour components, no alpha nor
 * palette, the range not implied by the name (the yuvj family). Its bits a
 * sample, else 0. */
static int usable_depth(enum AVPixelFormat f)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f);
    if (!d || d->nb_components != 3 || strncmp(d->name, "yuvj", 4) == 0 ||
        (d->flags & (AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_HWACCEL |
                     AV_PIX_FMT_FLAG_BITSTREAM)))
        return 0;
    return d->comp[0].depth;
}

/* The encoder's usable formats of `depth` bits (0: of every depth we write) whose
 * chroma fits w x h, NONE-terminated. rawvideo's: bgr24, and rgb48le where
 * deep_raw: of the containers, only NUT carries it so that FFmpeg reads it back
 * (Matroska's and AVI's VFW headers and MOV have no tag for it). */
static int formats_of(const AVCodec *c, int deep_raw, int depth, int w, int h,
                      enum AVPixelFormat *out, int max)
{
    static const enum AVPixelFormat packed[] = {AV_PIX_FMT_BGR24, AV_PIX_FMT_RGB48LE,
                                                AV_PIX_FMT_NONE};
    static const enum AVPixelFormat packed_8[] = {AV_PIX_FMT_BGR24, AV_PIX_FMT_NONE};
    int n = 0;
    for (const enum AVPixelFormat *p = c->pix_fmts ? c->pix_fmts : deep_raw ? packed : packed_8;
         *p != AV_PIX_FMT_NONE && n < max - 1; p++) {
        int d = usable_depth(*p);
        const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(*p);
        if ((depth ? d == depth : d == 8 || d == 10 || d == 12 || d == 16) &&
            w % (1 << desc->log2_chroma_w) == 0 && h % (1 << desc->log2_chroma_h) == 0)
            out[n++] = *p;
    }
    out[n] = AV_PIX_FMT_NONE;
    return n;
}

/* 8 bits, as before deep files: bgr24 when the encoder takes it; else yuv420p
 * (even sizes) or yuv444p; else the encoder's nearest 8-bit format. */
static enum AVPixelFormat pix_fmt_8(const AVCodec *c, int w, int h)
{
    if (supports(c, AV_PIX_FMT_BGR24))
        return AV_PIX_FMT_BGR24;
    int even = w % 2 == 0 && h % 2 == 0;
    if (even && supports(c, AV_PIX_FMT_YUV420P))
        return AV_PIX_FMT_YUV420P;
    if (supports(c, AV_PIX_FMT_YUV444P))
        return AV_PIX_FMT_YUV444P;
    enum AVPixelFormat list[64];
    if (!formats_of(c, 1, 8, w, h, list, 64))
        return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, AV_PIX_FMT_BGR24, 0, NULL);
    return avcodec_find_best_pix_fmt_of_list(list, AV_PIX_FMT_BGR24, 0, NULL);
}

/* Deeper: the source's chroma family at that depth (gbrp or rgb48le for RGB;
 * 4:4:4 where the size is odd), else the encoder's nearest format of that depth.
 * The family is the stream's own format's where FFmpeg knows it (yuv422p9 comes
 * to the stage as 4:4:4), else the frames'. */
static enum AVPixelFormat pix_fmt_deep(const AVCodec *c, const WriterConfig *cfg, int depth)
{
    char name[32];
    int w = cfg->width, h = cfg->height, rgb = cfg->src_rgb;
    int sx = cfg->src_shift_x, sy = cfg->src_shift_y;
    const AVPixFmtDescriptor *d =
        cfg->src_pix_fmt ? av_pix_fmt_desc_get(av_get_pix_fmt(cfg->src_pix_fmt)) : NULL;
    if (d && d->nb_components >= 3) {
        rgb = !!(d->flags & AV_PIX_FMT_FLAG_RGB);
        sx = d->log2_chroma_w > 0, sy = d->log2_chroma_h > 0;
    }
    sx = sx && w % 2 == 0 && (!sy || h % 2 == 0);
    sy = sx && sy;
    if (rgb)
        snprintf(name, sizeof(name), "gbrp%dle", depth);
    else
        snprintf(name, sizeof(name), "yuv4%sp%dle", sy ? "20" : sx ? "22" : "44", depth);
    enum AVPixelFormat family = av_get_pix_fmt(name), list[64];
    if (supports(c, family))
        return family;
    if (rgb && depth == 16 && supports(c, AV_PIX_FMT_RGB48LE))
        return AV_PIX_FMT_RGB48LE;
    formats_of(c, 1, depth, w, h, list, 64);
    return avcodec_find_best_pix_fmt_of_list(list, family, 0, NULL);
}

void writer_config_display(WriterConfig *cfg, int transfer, int primaries, double peak, int how)
{
    /* CIE 1931 x, y of R, G, B: ITU-R BT.2020 Table 3, SMPTE EG 432-1 (P3) */
    static const double bt2020[3][2] = {{0.708, 0.292}, {0.170, 0.797}, {0.131, 0.046}},
                        p3[3][2] = {{0.680, 0.320}, {0.265, 0.690}, {0.150, 0.060}};
    cfg->tone_mapped = 0;
    memset(&cfg->hdr, 0, sizeof(cfg->hdr));
    if (how == WRITER_DISPLAY_UNTAGGED) { /* (YUV in BT.709's matrix, said) */
        cfg->src_primaries = AVCOL_PRI_UNSPECIFIED, cfg->src_trc = AVCOL_TRC_UNSPECIFIED;
        cfg->src_colorspace = AVCOL_SPC_BT709;
        return;
    }
    if (transfer != TRANSFER_PQ && transfer != TRANSFER_HLG) {
        cfg->src_primaries = AVCOL_PRI_BT709;
        cfg->src_trc = how == WRITER_DISPLAY_SRGB ? AVCOL_TRC_IEC61966_2_1 : AVCOL_TRC_BT709;
        cfg->src_colorspace = AVCOL_SPC_BT709;
        return;
    }
    cfg->src_primaries = primaries == PRIMARIES_P3 ? AVCOL_PRI_SMPTE432 : AVCOL_PRI_BT2020;
    cfg->src_trc = transfer == TRANSFER_PQ ? AVCOL_TRC_SMPTE2084 : AVCOL_TRC_ARIB_STD_B67;
    cfg->src_colorspace = AVCOL_SPC_BT2020_NCL;
    HdrMeta *m = &cfg->hdr;
    m->has_mdcv = 1;
    memcpy(m->prim, primaries == PRIMARIES_P3 ? p3 : bt2020, sizeof(m->prim));
    m->white[0] = 0.3127, m->white[1] = 0.3290;
    m->min_lum = 0.0001, m->max_lum = peak;
    /* MaxFALL is not measured: the peak bounds it (no frame's average is above
     * its brightest pixel). 0 (unknown) would lose MaxCLL too: FFmpeg's Matroska
     * reader keeps the light levels only when both are there */
    m->has_cll = 1, m->max_cll = (unsigned)(peak + 0.5), m->max_fall = m->max_cll;
}

int encoder_keeps_hdr(const WriterConfig *cfg)
{
    return !cfg->tone_mapped &&
           (cfg->src_trc == AVCOL_TRC_SMPTE2084 || cfg->src_trc == AVCOL_TRC_ARIB_STD_B67);
}

/* The matrix YUV is written in, and its tag: the source's where it names one
 * the stage writes (BT.709, BT.601 by either name, BT.2020 NCL), BT.2020 NCL for
 * other BT.2020 sources, else BT.709 from 720 rows up and BT.601 below (what
 * players assume of untagged video). */
static ColourMatrix written_matrix(const WriterConfig *cfg, enum AVColorSpace *tag)
{
    enum AVColorSpace cs = (enum AVColorSpace)cfg->src_colorspace;
    if (cfg->tone_mapped)
        *tag = AVCOL_SPC_BT709;
    else if (cs == AVCOL_SPC_BT709 || cs == AVCOL_SPC_BT470BG || cs == AVCOL_SPC_SMPTE170M ||
        cs == AVCOL_SPC_BT2020_NCL)
        *tag = cs;
    else if (cs == AVCOL_SPC_BT2020_CL || cfg->src_primaries == AVCOL_PRI_BT2020)
        *tag = AVCOL_SPC_BT2020_NCL;
    else
        *tag = cfg->height >= 720 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M;
    return *tag == AVCOL_SPC_BT709 ? MATRIX_BT709 : *tag == AVCOL_SPC_BT2020_NCL ? MATRIX_BT2020
                                                                               : MATRIX_BT601;
}

/* "8, 10 or 12" of a mask of 1 << depth. */
static void say_depths(unsigned mask, char *buf, size_t len)
{
    static const int all[] = {8, 10, 12, 16};
    int n = 0, total = 0;
    for (int i = 0; i < 4; i++)
        total += (mask >> all[i]) & 1;
    buf[0] = 0;
    for (int i = 0; i < 4; i++)
        if (mask & 1u << all[i]) {
            n++;
            size_t k = strlen(buf);
            snprintf(buf + k, len - k, "%s%d", n == 1 ? "" : n == total ? " or " : ", ", all[i]);
        }
}

int encoder_format(const AVCodec *c, const char *container, const WriterConfig *cfg,
                   EncoderFormat *f, char *err, size_t errlen)
{
    enum AVPixelFormat list[64];
    unsigned mask = 0;
    int deep_raw = container && strcmp(container, "nut") == 0;
    int n = formats_of(c, deep_raw, 0, 1 << 4, 1 << 4, list, 64);
    for (int i = 0; i < n; i++)
        mask |= 1u << usable_depth(list[i]);
    int want = cfg->src_depth;
    int own = cfg->src_pix_fmt ? usable_depth(av_get_pix_fmt(cfg->src_pix_fmt)) : 0;
    if (own > 0 && own < want) /* frames carry p010's 10 bits or yuv422p9's 9 in 16 */
        want = own;
    if (encoder_keeps_hdr(cfg) && want < 10) /* PQ or HLG made from 8 bits (camera=): 10 */
        want = 10;
    want = cfg->depth ? cfg->depth : want > 8 ? want : 8;
    f->depth = 8;
    if (cfg->depth && mask && !(mask & 1u << cfg->depth)) {
        char depths[32], names[512] = "";
        say_depths(mask, depths, sizeof(depths));
        for (int i = 0; i < n; i++) {
            size_t k = strlen(names);
            snprintf(names + k, sizeof(names) - k, "%s%s", i ? ", " : "",
                     av_get_pix_fmt_name(list[i]));
        }
        snprintf(err, errlen, "--out-depth %d: %s writes %s bits (%s)%s", cfg->depth, c->name,
                 depths, names, c->pix_fmts || deep_raw ? "" : "; in .nut also 16 (rgb48le)");
        return -1;
    }
    /* the depth asked, else the source's where the encoder takes it, else the
     * next it takes above (prores_ks: 10 from 8), else its deepest */
    if (mask) {
        int d = want;
        while (d <= 16 && !(mask & 1u << d))
            d++;
        if (d > 16)
            for (d = 16; !(mask & 1u << d); d--)
                ;
        f->depth = d;
    }
    f->pix_fmt = f->depth > 8 ? pix_fmt_deep(c, cfg, f->depth)
                              : pix_fmt_8(c, cfg->width, cfg->height);
    f->matrix = written_matrix(cfg, &f->colorspace);
    return 0;
}

int encoder_is_yuv420(enum AVPixelFormat f)
{
    return f == AV_PIX_FMT_YUV420P || f == AV_PIX_FMT_YUV420P10LE || f == AV_PIX_FMT_YUV420P12LE ||
           f == AV_PIX_FMT_YUV420P16LE;
}

/* What the pixels are: the source's primaries and transfer where it named them
 * (the stage keeps both), the matrix written and limited range for YUV, RGB
 * full range. On the frame too: prores_ks writes the frame's into its header. */
void encoder_tag(AVCodecContext *e, AVFrame *frame, const WriterConfig *cfg,
                 const EncoderFormat *f)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f->pix_fmt);
    int rgb = d && (d->flags & AV_PIX_FMT_FLAG_RGB);
    int pri = cfg->src_primaries, trc = cfg->src_trc; /* 0, 2 and 3: reserved, unknown */
    if (cfg->tone_mapped)
        pri = AVCOL_PRI_BT709, trc = AVCOL_TRC_BT709;
    if (pri > 0 && pri != AVCOL_PRI_UNSPECIFIED && pri != AVCOL_PRI_RESERVED && pri < AVCOL_PRI_NB)
        e->color_primaries = frame->color_primaries = (enum AVColorPrimaries)pri;
    if (trc > 0 && trc != AVCOL_TRC_UNSPECIFIED && trc != AVCOL_TRC_RESERVED && trc < AVCOL_TRC_NB)
        e->color_trc = frame->color_trc = (enum AVColorTransferCharacteristic)trc;
    e->colorspace = frame->colorspace = rgb ? AVCOL_SPC_RGB : f->colorspace;
    e->color_range = frame->color_range = rgb ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG;
}

/* rgb48 rows into planes G, B, R of 16-bit samples, each scaled by num/den and
 * rounded. */
static void repack(const uint8_t *src, int stride, int w, int h, uint8_t *const dst[3],
                   const int dst_stride[3], uint32_t num, uint32_t den)
{
    for (int y = 0; y < h; y++) {
        const uint16_t *s = (const uint16_t *)(src + (size_t)y * stride);
        uint16_t *p[3];
        for (int k = 0; k < 3; k++)
            p[k] = (uint16_t *)(dst[k] + (size_t)y * dst_stride[k]);
        for (int x = 0; x < w; x++) {
            p[2][x] = (uint16_t)((s[3 * x] * num + den / 2) / den);
            p[0][x] = (uint16_t)((s[3 * x + 1] * num + den / 2) / den);
            p[1][x] = (uint16_t)((s[3 * x + 2] * num + den / 2) / den);
        }
    }
}

int encoder_conv_open(EncoderConv *c, const AVCodecContext *e, enum AVPixelFormat src,
                      ColourMatrix m)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(e->pix_fmt);
    int rgb = d->flags & AV_PIX_FMT_FLAG_RGB, planar = d->flags & AV_PIX_FMT_FLAG_PLANAR;
    *c = (EncoderConv){.src = src, .num = 65535};
    if (e->pix_fmt == src)
        return 0; /* rawvideo: as the stage made it */
    if (src == AV_PIX_FMT_RGB48LE && rgb && planar) {
        c->num = (1u << d->comp[0].depth) - 1; /* gbrp: ours, exactly rounded */
        return 0;
    }
    int flags = SWS_BICUBIC | SWS_ACCURATE_RND; /* bgr24: as before deep files */
    enum AVPixelFormat from = src;
    if (src == AV_PIX_FMT_RGB48LE) {
        /* through 16-bit planes: swscale reads 16-bit RGB as 8.8 fixed point (65280
         * is white: 65535 came out 943 of 940 at 10 bits), so they are scaled to it */
        from = AV_PIX_FMT_GBRP16LE, c->num = 65280;
        flags |= SWS_BITEXACT | SWS_FULL_CHR_H_INT;
        if (!(c->planes = av_frame_alloc()))
            return -1;
        c->planes->format = from, c->planes->width = e->width, c->planes->height = e->height;
        if (av_frame_get_buffer(c->planes, 0) < 0)
            return -1;
    }
    if (!(c->sws = sws_getContext(e->width, e->height, from, e->width, e->height, e->pix_fmt,
                                  flags, NULL, NULL, NULL)))
        return -1;
    if (!rgb) {
        const int *cs = sws_getCoefficients(m == MATRIX_BT709    ? SWS_CS_ITU709
                                            : m == MATRIX_BT2020 ? SWS_CS_BT2020
                                                                 : SWS_CS_ITU601);
        sws_setColorspaceDetails(c->sws, cs, 1, cs, 0, 0, 1 << 16, 1 << 16);
    }
    return 0;
}

void encoder_conv_run(EncoderConv *c, const uint8_t *src, int stride, AVFrame *dst)
{
    int w = dst->width, h = dst->height;
    if (c->planes) {
        repack(src, stride, w, h, c->planes->data, c->planes->linesize, c->num, 65535);
        sws_scale(c->sws, (const uint8_t *const *)c->planes->data, c->planes->linesize, 0, h,
                  dst->data, dst->linesize);
    } else if (c->sws) {
        sws_scale(c->sws, &src, &stride, 0, h, dst->data, dst->linesize);
    } else if (dst->format == c->src) {
        av_image_copy_plane(dst->data[0], dst->linesize[0], src, stride,
                            c->src == AV_PIX_FMT_RGB48LE ? 6 * w : 3 * w, h);
    } else {
        repack(src, stride, w, h, dst->data, dst->linesize, c->num, 65535);
    }
}

void encoder_conv_close(EncoderConv *c)
{
    sws_freeContext(c->sws);
    av_frame_free(&c->planes);
    c->sws = NULL;
}

const AVCodec *encoder_pick(const char *name, char *err, size_t errlen)
{
    const AVCodec *c = name ? avcodec_find_encoder_by_name(name) : NULL;
    if (!name && !(c = avcodec_find_encoder_by_name("libx264")))
        c = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
    if (!c || c->type != AVMEDIA_TYPE_VIDEO) {
        snprintf(err, errlen, c ? "-c: '%s' is not a video encoder" : "-c: unknown encoder '%s'",
                 name);
        return NULL;
    }
    return c;
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
    char keys[32][64], x265[512] = "", joined[1024];
    /* HDR kept: libx265 writes the mastering display and light levels as SEI, with
     * the user's own x265-params after them (theirs win) */
    if (strcmp(codec->name, "libx265") == 0 && encoder_keeps_hdr(cfg))
        hdrmeta_x265(&cfg->hdr, x265, sizeof(x265));
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
        if (x265[0] && strcmp(keys[i], "x265-params") == 0) {
            snprintf(joined, sizeof(joined), "%s:%s", x265, eq + 1);
            opts[n++] = (EncOpt){"--enc-opt", keys[i], joined};
            x265[0] = 0;
            continue;
        }
        opts[n++] = (EncOpt){"--enc-opt", keys[i], eq + 1};
    }
    if (x265[0])
        opts[n++] = (EncOpt){"the source's HDR metadata", "x265-params", x265};
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
            avlog_error_text(rc, why, sizeof(why));
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
        avlog_error_text(rc, why, sizeof(why));
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
