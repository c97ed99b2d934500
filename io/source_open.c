/* Opening an input with libavformat (io/source.h's first step): the format by
 * name (-f), a camera's options, a live input's short probing, and errors
 * said in one line naming the input. */
#include "io/source_open.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>

#include "io/avlog.h"

static int is_plain_path(const char *url)
{
    /* "proto:..." is a URL for libavformat; a path with a slash before any colon is a path. */
    const char *colon = strchr(url, ':');
    const char *slash = strchr(url, '/');
    return !colon || (slash && slash < colon);
}

int source_open_format(AVFormatContext **fmt, int *unbuffered, const char *url,
                       const SourceOptions *opt, char *err, size_t errlen, int *code)
{
    const char *format = opt->format;
    char why[256];
    const AVInputFormat *ifmt = NULL;
    if (format && !(ifmt = av_find_input_format(format))) {
#ifdef PINSTRIPE_HAVE_AVDEVICE
        snprintf(err, errlen, "-f: unknown input format '%s'", format);
#else
        snprintf(err, errlen, "-f: unknown input format '%s' (this build has no libavdevice: "
                 "cameras and lavfi need -DPINSTRIPE_AVDEVICE=ON)", format);
#endif
        *code = SOURCE_ERR_USAGE;
        return -1;
    }
    if (ifmt && !strcmp(ifmt->name, "rawvideo") && opt->input_format &&
        av_get_pix_fmt(opt->input_format) == AV_PIX_FMT_NONE) {
        snprintf(err, errlen, "--input-format '%s': not a pixel format FFmpeg knows (p010le, yuv420p10le, ...)",
                 opt->input_format);
        *code = SOURCE_ERR_USAGE;
        return -1;
    }
    struct stat fst;
    int stat_err = is_plain_path(url) ? (stat(url, &fst) == 0 ? 0 : errno) : -1;
    /* a file on disk: nothing to gain from dropping what probing read */
    int regular = stat_err == 0 && S_ISREG(fst.st_mode);
    if (!format && stat_err >= 0) {
        if (stat_err) {
            snprintf(err, errlen, "cannot open '%s': %s", url, strerror(stat_err));
            return -1;
        }
        if (S_ISDIR(fst.st_mode)) {
            snprintf(err, errlen, "cannot open '%s': it is a directory", url);
            return -1;
        }
    }
    AVDictionary *dict = NULL;
    if (opt->video_size)
        av_dict_set(&dict, "video_size", opt->video_size, 0);
    if (opt->framerate)
        av_dict_set(&dict, "framerate", opt->framerate, 0);
    if (opt->input_format) /* (rawvideo's is its pixel_format: -f rawvideo --video-size WxH) */
        av_dict_set(&dict, ifmt && !strcmp(ifmt->name, "rawvideo") ? "pixel_format" : "input_format",
                    opt->input_format, 0);
    /* A live source: no probing delay, and what probing read is dropped (it is
     * stale by the time the first frame shows). A file given --live keeps every
     * frame: it is read at its own rate instead (the decoder's realtime wait). */
    *unbuffered = opt->live && !regular;
    if (*unbuffered) {
        av_dict_set(&dict, "fflags", "nobuffer", 0);
        av_dict_set(&dict, "probesize", "32768", 0);
        av_dict_set(&dict, "analyzeduration", "0", 0);
    }
    int rc = avformat_open_input(fmt, url, ifmt, &dict);
    av_dict_free(&dict);
    if (rc < 0) {
        avlog_error_text(rc, why, sizeof(why));
        if (format)
            snprintf(err, errlen, "cannot open '%s' as %s: %s", url, format, why);
        else
            snprintf(err, errlen, "cannot open '%s': %s", url, why);
        return -1;
    }
    if ((rc = avformat_find_stream_info(*fmt, NULL)) < 0) {
        avlog_error_text(rc, why, sizeof(why));
        snprintf(err, errlen, "cannot read '%s': %s", url, why);
        return -1;
    }
    return 0;
}
