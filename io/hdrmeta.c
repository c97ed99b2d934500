/* HDR metadata in and out of FFmpeg (see hdrmeta.h). */
#include "io/hdrmeta.h"

#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/mastering_display_metadata.h>

static void from_mdcv(const AVMasteringDisplayMetadata *d, HdrMeta *m)
{
    if (d->has_primaries) {
        for (int k = 0; k < 3; k++)
            for (int c = 0; c < 2; c++)
                m->prim[k][c] = av_q2d(d->display_primaries[k][c]);
        m->white[0] = av_q2d(d->white_point[0]), m->white[1] = av_q2d(d->white_point[1]);
    }
    if (d->has_luminance)
        m->min_lum = av_q2d(d->min_luminance), m->max_lum = av_q2d(d->max_luminance);
    if (d->has_primaries || d->has_luminance)
        m->has_mdcv = 1;
}

static void from_cll(const AVContentLightMetadata *c, HdrMeta *m)
{
    m->has_cll = 1;
    m->max_cll = c->MaxCLL, m->max_fall = c->MaxFALL;
}

void hdrmeta_from_frame(const AVFrame *f, HdrMeta *m)
{
    const AVFrameSideData *sd = av_frame_get_side_data(f, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA);
    if (sd && sd->size >= sizeof(AVMasteringDisplayMetadata))
        from_mdcv((const AVMasteringDisplayMetadata *)sd->data, m);
    sd = av_frame_get_side_data(f, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL);
    if (sd && sd->size >= sizeof(AVContentLightMetadata))
        from_cll((const AVContentLightMetadata *)sd->data, m);
}

void hdrmeta_from_stream(const AVStream *st, HdrMeta *m)
{
    size_t size = 0;
    const uint8_t *p =
        av_stream_get_side_data(st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size);
    if (p && size >= sizeof(AVMasteringDisplayMetadata))
        from_mdcv((const AVMasteringDisplayMetadata *)p, m);
    p = av_stream_get_side_data(st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size);
    if (p && size >= sizeof(AVContentLightMetadata))
        from_cll((const AVContentLightMetadata *)p, m);
}

void hdrmeta_probe(const AVFormatContext *fmt, int index, HdrMeta *m)
{
    if (!fmt->pb || !(fmt->pb->seekable & AVIO_SEEKABLE_NORMAL) || !fmt->iformat ||
        (fmt->iformat->flags & AVFMT_NOFILE) || !fmt->url || strcmp(fmt->url, "-") == 0)
        return;
    AVFormatContext *ic = NULL;
    AVCodecContext *dec = NULL;
    AVPacket *pkt = av_packet_alloc();
    AVFrame *f = av_frame_alloc();
    const AVCodec *codec = avcodec_find_decoder(fmt->streams[index]->codecpar->codec_id);
    if (!pkt || !f || !codec ||
        avformat_open_input(&ic, fmt->url, fmt->iformat, NULL) < 0 || index >= (int)ic->nb_streams ||
        !(dec = avcodec_alloc_context3(codec)) ||
        avcodec_parameters_to_context(dec, ic->streams[index]->codecpar) < 0)
        goto done;
    dec->thread_count = 1;
    if (avcodec_open2(dec, codec, NULL) < 0)
        goto done;
    /* a few packets: the first frame, or nothing */
    for (int n = 0, got = 0; !got && n < 256 && av_read_frame(ic, pkt) >= 0; av_packet_unref(pkt)) {
        if (pkt->stream_index != index)
            continue;
        n++;
        if (avcodec_send_packet(dec, pkt) < 0)
            break;
        while (!got && avcodec_receive_frame(dec, f) >= 0) {
            hdrmeta_from_frame(f, m);
            got = 1;
        }
    }
done:
    av_packet_free(&pkt);
    av_frame_free(&f);
    avcodec_free_context(&dec);
    avformat_close_input(&ic);
}

double hdrmeta_peak(const HdrMeta *m)
{
    if (m->has_cll && m->max_cll > 0)
        return m->max_cll;
    if (m->has_mdcv && m->max_lum > 0)
        return m->max_lum;
    return 0;
}

static AVRational q(double v, int den)
{
    return (AVRational){(int)(v * den + 0.5), den};
}

int hdrmeta_to_stream(const HdrMeta *m, AVStream *st)
{
    if (m->has_mdcv) {
        AVMasteringDisplayMetadata *d = av_mastering_display_metadata_alloc();
        if (!d)
            return -1;
        for (int k = 0; k < 3; k++)
            for (int c = 0; c < 2; c++)
                d->display_primaries[k][c] = q(m->prim[k][c], 50000);
        d->white_point[0] = q(m->white[0], 50000), d->white_point[1] = q(m->white[1], 50000);
        d->min_luminance = q(m->min_lum, 10000), d->max_luminance = q(m->max_lum, 10000);
        d->has_primaries = d->has_luminance = 1;
        if (av_stream_add_side_data(st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, (uint8_t *)d,
                                    sizeof(*d)) < 0) {
            av_free(d);
            return -1;
        }
    }
    if (m->has_cll) {
        size_t size = 0;
        AVContentLightMetadata *c = av_content_light_metadata_alloc(&size);
        if (!c)
            return -1;
        c->MaxCLL = m->max_cll, c->MaxFALL = m->max_fall;
        if (av_stream_add_side_data(st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, (uint8_t *)c, size) < 0) {
            av_free(c);
            return -1;
        }
    }
    return 0;
}

void hdrmeta_x265(const HdrMeta *m, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    if (m->has_mdcv) /* x265: G, B, R in units of 0.00002, luminance in 0.0001 cd/m² */
        n = (size_t)snprintf(buf, len, "master-display=G(%.0f,%.0f)B(%.0f,%.0f)R(%.0f,%.0f)"
                                       "WP(%.0f,%.0f)L(%.0f,%.0f)",
                             m->prim[1][0] * 50000, m->prim[1][1] * 50000, m->prim[2][0] * 50000,
                             m->prim[2][1] * 50000, m->prim[0][0] * 50000, m->prim[0][1] * 50000,
                             m->white[0] * 50000, m->white[1] * 50000, m->max_lum * 10000,
                             m->min_lum * 10000);
    if (m->has_cll && n < len)
        snprintf(buf + n, len - n, "%smax-cll=%u,%u", n ? ":" : "", m->max_cll, m->max_fall);
}
