/* OpenColorIO's Log, LogAffine and LogCamera (ops/log/: LogOpCPU.cpp, with
 * their parameters derived as LogUtils.cpp derives them), a channel at a time.
 *   Log: forward (1: lin → log), k: log2f(max(FLT_MIN, x))·k or exp2f(x·k)
 *   LogAffine: forward, then per channel (fwd) m, b, klog, kb, or (inv) kinv,
 *     −kb, −b, 1/m
 *   LogCamera: forward, then per channel (fwd) m, b, kb, linb, klog, linear
 *     slope, linear offset, or (inv) log break, 1/linear slope, −linear offset,
 *     −kb, kinv, −b, 1/m */
#ifndef PINSTRIPE_COLOUR_OPS_LOG_H
#define PINSTRIPE_COLOUR_OPS_LOG_H

#include "colour/ocio_fn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OCIO_LOG_PARAMS 2
#define OCIO_LOG_FLAGS 1
#define OCIO_LOG_AFFINE_PARAMS 13
#define OCIO_LOG_AFFINE_FLAGS 1
#define OCIO_LOG_CAMERA_PARAMS 22
#define OCIO_LOG_CAMERA_FLAGS 1

OCIO_FN float ocio_log1(int fwd, const float *q, float x)
{
    return fwd ? ocio_log2f(ocio_maxf(OCIO_FLT_MIN, x)) * q[1] : ocio_exp2f(x * q[1]);
}

/* k: the channel's parameters */
OCIO_FN float ocio_log_affine1(int fwd, const float *k, float x)
{
    if (fwd)
        return cm_fma(ocio_log2f(ocio_maxf(OCIO_FLT_MIN, cm_fma(x, k[0], k[1]))), k[2], k[3]);
    return (ocio_exp2f((x + k[1]) * k[0]) + k[2]) * k[3];
}

OCIO_FN float ocio_log_camera1(int fwd, const float *k, float x)
{
    /* (every parameter read first: see ocio_gamma) */
    const float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5], k6 = k[6];
    if (fwd) {
        float lg = cm_fma(ocio_log2f(ocio_maxf(OCIO_FLT_MIN, cm_fma(x, k0, k1))), k4, k2);
        return x < k3 ? k5 * x + k6 : lg;
    }
    float ex = (ocio_exp2f((x + k3) * k4) + k5) * k6;
    return x < k0 ? k1 * (x + k2) : ex;
}

OCIO_CHANNEL_FORMS(log, q[0] != 0.0f, 0, 0, ocio_log1)
OCIO_CHANNEL_FORMS(log_affine, q[0] != 0.0f, 1, 4, ocio_log_affine1)
OCIO_CHANNEL_FORMS(log_camera, q[0] != 0.0f, 1, 7, ocio_log_camera1)
OCIO_FIXED_CHECK(log, LOG)
OCIO_FIXED_CHECK(log_affine, LOG_AFFINE)
OCIO_FIXED_CHECK(log_camera, LOG_CAMERA)

#ifndef __CUDACC__
/* Log and LogAffine: logSlope, logOffset, linSlope, linOffset per channel and base */
int ocio_prog_log(OcioProg *p, int fwd, double base, const double ls[3], const double lo[3],
                  const double ms[3], const double mo[3]);
/* LogCamera: as ocio_prog_log, with linSideBreak, and linearSlope when has_lin */
int ocio_prog_log_camera(OcioProg *p, int fwd, double base, const double ls[3], const double lo[3],
                         const double ms[3], const double mo[3], const double brk[3], int has_lin,
                         const double lin[3]);
#ifdef OCIO_PROG_BUILD
#define LOG2_10 ((float)3.3219280948873623478703194294894)
#define LOG10_2 ((float)0.3010299956639811952137388947245)

int ocio_prog_log(OcioProg *p, int fwd, double base, const double ls[3], const double lo[3],
                  const double ms[3], const double mo[3])
{
    int simple = 1;
    for (int c = 0; c < 3; c++)
        simple = simple && ls[c] == 1 && lo[c] == 0 && ms[c] == 1 && mo[c] == 0;
    float fb = (float)base;
    if (simple && (fb == 2.0f || fb == 10.0f)) { /* LogOpCPU's Log2 and Log10 renderers */
        float q[2] = {fwd ? 1.0f : 0.0f, fb == 2.0f ? 1.0f : fwd ? LOG10_2 : LOG2_10};
        return ocio_prog_add(p, OCIO_OP_LOG, q, 2);
    }
    float q[13], l2b = log2f(fb);
    q[0] = fwd ? 1.0f : 0.0f;
    for (int c = 0; c < 3; c++) {
        float *k = q + 1 + 4 * c;
        if (fwd) {
            k[0] = (float)ms[c], k[1] = (float)mo[c];
            k[2] = (float)(ls[c] / (double)l2b), k[3] = (float)lo[c];
        } else {
            k[0] = l2b / (float)ls[c], k[1] = -(float)lo[c];
            k[2] = -(float)mo[c], k[3] = 1.0f / (float)ms[c];
        }
    }
    return ocio_prog_add(p, OCIO_OP_LOG_AFFINE, q, 13);
}

int ocio_prog_log_camera(OcioProg *p, int fwd, double base, const double ls[3], const double lo[3],
                         const double ms[3], const double mo[3], const double brk[3], int has_lin,
                         const double lin[3])
{
    float fb = (float)base, l2b = log2f(fb), q[22];
    q[0] = fwd ? 1.0f : 0.0f;
    for (int c = 0; c < 3; c++) {
        /* LogUtils.cpp: the straight part's slope (the log part's at the break,
         * unless given), the break on the log side, the straight part's offset */
        float slope = has_lin
                          ? (float)lin[c]
                          : (float)(ls[c] * ms[c] / ((ms[c] * brk[c] + mo[c]) * log((double)fb)));
        float lsb = log2f((float)(ms[c] * brk[c] + mo[c]));
        lsb *= (float)ls[c] / l2b;
        lsb += (float)lo[c];
        float loff = lsb - slope * (float)brk[c];
        float *k = q + 1 + 7 * c;
        if (fwd) {
            k[0] = (float)ms[c], k[1] = (float)mo[c], k[2] = (float)lo[c], k[3] = (float)brk[c];
            k[4] = (float)(ls[c] / (double)l2b), k[5] = slope, k[6] = loff;
        } else {
            k[0] = lsb, k[1] = 1.0f / slope, k[2] = -loff, k[3] = -(float)lo[c];
            k[4] = l2b / (float)ls[c], k[5] = -(float)mo[c], k[6] = 1.0f / (float)ms[c];
        }
    }
    return ocio_prog_add(p, OCIO_OP_LOG_CAMERA, q, 22);
}
#endif
#endif

#ifdef __cplusplus
}
#endif

#endif
