/* Which of the stage's layouts a decoded pixel format lands in, and whether it
 * can be copied plane by plane or must go through libswscale once. */
#ifndef PINSTRIPE_DECODE_PIXFMT_H
#define PINSTRIPE_DECODE_PIXFMT_H

#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>

#include "stage/frame.h"

typedef struct PixChoice {
    PixLayout layout;
    enum AVPixelFormat av_layout; /* the libav format of `layout` */
    int copy;                     /* 1: same format, plane copy; 0: swscale */
    int full_range;               /* implied by the format (the yuvj family) */
    int depth;                    /* bits of the slot's samples (FrameBuf.depth) */
} PixChoice;

PixChoice pixfmt_choose(enum AVPixelFormat src);
enum AVPixelFormat pixfmt_av(PixLayout layout);
/* The frame's colour matrix and range, mapped onto ours. */
ColourMatrix pixfmt_matrix(enum AVColorSpace cs);
/* A transfer tag as the stage knows transfers (PQ, HLG; anything else SDR). */
ColourTransfer pixfmt_transfer(enum AVColorTransferCharacteristic t);
/* Primaries as the stage knows them (BT.2020, P3 D65; anything else BT.709). */
ColourPrimaries pixfmt_primaries(enum AVColorPrimaries p);

#endif
