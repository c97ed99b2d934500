/* HDR metadata: the mastering display (SMPTE ST 2086) and content light
 * levels (MaxCLL, MaxFALL) of a stream, read from the container's stream side
 * data or from the frames' (HEVC's SEI), and written back: as stream side data
 * for the muxer (Matroska carries it) and as libx265's master-display and
 * max-cll settings (its SEI, which FFmpeg 5.1's libx265 wrapper does not make
 * from side data). FFmpeg stays behind this header. */
#ifndef PINSTRIPE_IO_HDRMETA_H
#define PINSTRIPE_IO_HDRMETA_H

#include <stddef.h>

struct AVFrame;
struct AVStream;
struct AVFormatContext;

typedef struct HdrMeta {
    int has_mdcv;          /* the mastering display's: */
    double prim[3][2];     /* R, G, B primaries x, y (CIE 1931) */
    double white[2];       /* white point x, y */
    double min_lum, max_lum; /* cd/m² */
    int has_cll;
    unsigned max_cll, max_fall; /* cd/m² */
} HdrMeta;

/* What f or st carries, over what m had (fields it does not carry stay). */
void hdrmeta_from_frame(const struct AVFrame *f, HdrMeta *m);
void hdrmeta_from_stream(const struct AVStream *st, HdrMeta *m);
/* The first frame's metadata of stream `index` of a seekable file that fmt
 * has open, read through a second opening of it (the SEI of HEVC is in the
 * frames only); nothing for live inputs and pipes. */
void hdrmeta_probe(const struct AVFormatContext *fmt, int index, HdrMeta *m);
/* The peak the content says it reaches: MaxCLL, else the mastering
 * display's peak, else 0. */
double hdrmeta_peak(const HdrMeta *m);
/* The stream's side data for the muxer. 0, or -1 (out of memory). */
int hdrmeta_to_stream(const HdrMeta *m, struct AVStream *st);
/* libx265's settings for it ("master-display=G(...)B(...)R(...)WP(...)L(...)
 * :max-cll=C,F"), "" when there is none. */
void hdrmeta_x265(const HdrMeta *m, char *buf, size_t len);

#endif
