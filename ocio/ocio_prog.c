/* OpenColorIO programs built on the host (see ocio_prog.h). */
#include "ocio/ocio_prog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ocio_prog_init(OcioProg *p)
{
    memset(p, 0, sizeof(*p));
}

static int grow(OcioProg *p, size_t more)
{
    if (p->failed)
        return -1;
    if (!p->data)
        p->len = 1; /* room for the count */
    if (p->len + more > p->cap) {
        size_t cap = p->cap ? p->cap : 256;
        while (cap < p->len + more)
            cap *= 2;
        float *d = realloc(p->data, cap * sizeof(float));
        if (!d) {
            p->failed = 1;
            return -1;
        }
        p->data = d, p->cap = cap;
    }
    return 0;
}

int ocio_prog_add2(OcioProg *p, int kind, const float *head, size_t nh, const float *table,
                   size_t nt)
{
    size_t n = 2 + nh + nt;
    /* a record of a kind every pixel reads at one place is as long as the kind says
     * (colour/ocio_fn.h: ocio_op_params, which the CUDA stage's compiled kernel checks) */
    int want = ocio_op_params(kind);
    if (want >= 0 && (nh != (size_t)want || nt)) {
        p->failed = 1;
        return -1;
    }
    /* the powers (ocio_powf) take finite exponents: powf(1, inf) is 1, NaN NaN:
     * such a record is not evaluated (baked) */
    for (size_t i = 0;
         i < nh && (kind == OCIO_OP_GAMMA || kind == OCIO_OP_CDL || kind == OCIO_OP_SURROUND); i++)
        if (!isfinite(head[i]))
            return 1;
    if (n >= (1u << 24) || grow(p, n) < 0) { /* (a length a float holds exactly) */
        p->failed = 1;
        return -1;
    }
    float *d = p->data + p->len;
    d[0] = (float)kind, d[1] = (float)n;
    if (nh)
        memcpy(d + 2, head, nh * sizeof(float));
    if (nt)
        memcpy(d + 2 + nh, table, nt * sizeof(float));
    p->len += n;
    p->nops++;
    return 0;
}

int ocio_prog_add(OcioProg *p, int kind, const float *params, size_t n)
{
    return ocio_prog_add2(p, kind, params, n, NULL, 0);
}

float *ocio_prog_take(OcioProg *p, size_t *len)
{
    float *d = NULL;
    if (!p->failed && grow(p, 0) == 0) {
        d = p->data;
        d[0] = (float)p->nops;
        *len = p->len;
        p->data = NULL;
    }
    ocio_prog_free(p);
    return d;
}

void ocio_prog_free(OcioProg *p)
{
    free(p->data);
    ocio_prog_init(p);
}

/* ---- operations' parameters, as OCIO's renderers derive them ------------- */

int ocio_prog_matrix(OcioProg *p, const double m[16], const double off[4])
{
    /* OCIO's processor applied to RGB pixels reads alpha as 0 (its scanline
     * helper fills a missing alpha with 0), so the alpha column adds nothing
     * (its 0 · m, kept as a 0 term: ocio_matrix's sum, in OCIO's order); the
     * alpha row makes only alpha */
    int reads = m[3] != 0 || m[7] != 0 || m[11] != 0;
    if (p->alpha && reads)
        return 1;
    p->alpha = m[12] != 0 || m[13] != 0 || m[14] != 0 || off[3] != 0 || (p->alpha && m[15] != 0);
    float q[15];
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < 3; k++)
            q[5 * r + k] = (float)m[4 * r + k];
        q[5 * r + 3] = 0.0f;
        q[5 * r + 4] = (float)off[r];
    }
    return ocio_prog_add(p, OCIO_OP_MATRIX, q, 15);
}

int ocio_prog_range(OcioProg *p, int fwd, int no_clamp, int has_min, double min_in,
                    double min_out, int has_max, double max_in, double max_out)
{
    if (!fwd) { /* RangeOpData's inverse: in and out swapped */
        double t = min_in;
        min_in = min_out, min_out = t;
        t = max_in, max_in = max_out, max_out = t;
    }
    double scale = 1, offset = 0;
    if (has_min && has_max) {
        if (fabs(max_in - min_in) < 1e-6)
            return 1;
        scale = (max_out - min_out) / (max_in - min_in);
        offset = min_out - scale * min_in;
    }
    if (no_clamp) {
        if (!(has_min && has_max))
            return 1;
        const float s = (float)scale, o = (float)offset;
        const float q[15] = {s, 0, 0, 0, o, 0, s, 0, 0, o, 0, 0, s, 0, o};
        return ocio_prog_add(p, OCIO_OP_MATRIX, q, 15);
    }
    /* RangeOpData::scales(): an offset over 1e-6 or a scale that is not 1 */
    int scales = fabs(offset) > 1e-6 || fabs(scale - 1.0) > 1e-6;
    float q[5] = {0, (float)min_out, (float)max_out, (float)scale, (float)offset};
    q[0] = has_min && has_max ? (scales ? 4.0f : 3.0f) : has_min ? 1.0f : 2.0f;
    return ocio_prog_add(p, OCIO_OP_RANGE, q, 5);
}

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

int ocio_prog_log_camera(OcioProg *p, int fwd, double base, const double ls[3],
                         const double lo[3], const double ms[3], const double mo[3],
                         const double brk[3], int has_lin, const double lin[3])
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

int ocio_prog_exponent(OcioProg *p, int fwd, int style, const double g[3])
{
    float q[16] = {(float)style};
    for (int c = 0; c < 3; c++)
        q[1 + 5 * c] = fwd ? (float)g[c] : (float)(1.0 / g[c]);
    return ocio_prog_add(p, OCIO_OP_GAMMA, q, 16);
}

int ocio_prog_moncurve(OcioProg *p, int fwd, int mirror, const double g[3], const double o[3])
{
    float q[16];
    q[0] = (float)(fwd ? (mirror ? OCIO_GAMMA_MON_MIRROR_FWD : OCIO_GAMMA_MON_FWD)
                       : (mirror ? OCIO_GAMMA_MON_MIRROR_REV : OCIO_GAMMA_MON_REV));
    for (int c = 0; c < 3; c++) { /* GammaOpUtils.cpp, in double */
        double G = g[c] > 1.0 + 1e-6 ? g[c] : 1.0 + 1e-6, O = o[c] > 1e-6 ? o[c] : 1e-6;
        float *k = q + 1 + 5 * c;
        if (fwd) {
            k[0] = (float)G, k[1] = (float)(O / (1 + O)), k[2] = (float)(O / (G - 1));
            k[3] = (float)(((G - 1) / O) * pow(O * G / ((G - 1) * (1 + O)), G));
            k[4] = (float)(1 / (1 + O));
        } else {
            k[0] = (float)(1 / G), k[1] = (float)O;
            k[2] = (float)pow(O * G / ((G - 1) * (1 + O)), G);
            k[3] = (float)(pow((G - 1) / O, G - 1) * pow((1 + O) / G, G));
            k[4] = (float)(1 + O);
        }
    }
    return ocio_prog_add(p, OCIO_OP_GAMMA, q, 16);
}

int ocio_prog_cdl(OcioProg *p, int fwd, int clamp, const double slope[3],
                  const double offset[3], const double power[3], double sat)
{
    /* CDLOpCPU.cpp: the reverse renderer keeps 1/max(x, 0.01), in float */
    float q[12] = {fwd ? 0.0f : 1.0f, clamp ? 1.0f : 0.0f};
    for (int c = 0; c < 3; c++) {
        float s = (float)slope[c], w = (float)power[c];
        q[2 + c] = fwd ? s : 1.0f / (s > 0.01f ? s : 0.01f);
        q[5 + c] = (float)offset[c];
        q[8 + c] = fwd ? w : 1.0f / (w > 0.01f ? w : 0.01f);
    }
    float fs = (float)sat;
    q[11] = fwd ? fs : 1.0f / (fs > 0.01f ? fs : 0.01f);
    return ocio_prog_add(p, OCIO_OP_CDL, q, 12);
}

int ocio_prog_fixed(OcioProg *p, const char *style, int fwd, const double *par, int npar)
{
    int glow10 = !strcmp(style, "ACES_Glow10"), glow03 = !strcmp(style, "ACES_Glow03");
    if ((glow10 || glow03) && fwd) {
        float q[2] = {glow10 ? 0.05f : 0.075f, glow10 ? 0.08f : 0.1f};
        return ocio_prog_add(p, OCIO_OP_GLOW, q, 2);
    }
    if (!strcmp(style, "ACES_RedMod10") && fwd) { /* width 135° */
        float q[3] = {1.f - 0.82f, 0.03f, 1.6976527263135504f};
        return ocio_prog_add(p, OCIO_OP_RED_MOD, q, 3);
    }
    if (!strcmp(style, "ACES_DarkToDim10")) {
        float q[5] = {1e-10f, 0.27222871678091454f, 0.67408176581114831f, 0.053689517407937051f,
                      fwd ? 0.9811f - 1.f : 1.0192640913260627f - 1.f};
        return ocio_prog_add(p, OCIO_OP_SURROUND, q, 5);
    }
    if (!strcmp(style, "REC2100_Surround") && npar == 1) {
        float gamma = fwd ? (float)par[0] : (float)(1.0 / par[0]);
        float q[5] = {1e-4f, 0.2627f, 0.6780f, 0.0593f, gamma - 1.f};
        return ocio_prog_add(p, OCIO_OP_SURROUND, q, 5);
    }
    return 1;
}

static float sanitize(float v) /* OCIO's SanitizeFloat */
{
    if (isnan(v))
        return 0.0f;
    if (isinf(v))
        return v > 0 ? 3.402823466e+38f : -3.402823466e+38f;
    return v;
}

static int add_table(OcioProg *p, int kind, const float *head, size_t nh, const float *rgb,
                     size_t n)
{
    if (ocio_prog_add2(p, kind, head, nh, rgb, n) < 0)
        return -1;
    float *t = p->data + p->len - n;
    for (size_t i = 0; i < n; i++)
        t[i] = sanitize(t[i]);
    return 0;
}

int ocio_prog_lut1d(OcioProg *p, const float *rgb, size_t n, int half, int hue)
{
    if (n < 2 || (half && n != 65536))
        return 1;
    float q[3] = {(float)n, half ? 1.0f : 0.0f, hue ? 1.0f : 0.0f};
    return add_table(p, OCIO_OP_LUT1D, q, 3, rgb, 3 * n);
}

int ocio_prog_lut3d(OcioProg *p, const float *rgb, size_t n, int tetrahedral)
{
    if (n < 2 || n > 129)
        return 1;
    float q[2] = {(float)n, tetrahedral ? 1.0f : 0.0f};
    return add_table(p, OCIO_OP_LUT3D, q, 2, rgb, 3 * n * n * n);
}
