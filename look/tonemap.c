/* Tone mapping's tables (see tonemap.h), built in double precision from the
 * published formulas: SMPTE ST 2084 (PQ), ITU-R BT.2100 (HLG, its OOTF),
 * ITU-R BT.2390 §5.4.1 (the EETF), ITU-R BT.1886 (the display), and FFmpeg's
 * tonemap filter (libavfilter/vf_tonemap.c) for hable, reinhard, mobius and
 * clip as it defines them. */
#include "look/tonemap.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const curve_names[TONE_NCURVES] = {"bt2390", "hable", "reinhard", "mobius",
                                                       "clip", "none"};

const char *tone_curve_name(ToneCurve c)
{
    return c >= 0 && c < TONE_NCURVES ? curve_names[c] : NULL;
}

int tone_curve_parse(const char *s)
{
    for (int i = 0; s && i < TONE_NCURVES; i++)
        if (strcmp(s, curve_names[i]) == 0)
            return i;
    return -1;
}

const char *tone_curve_names(void)
{
    return "bt2390|hable|reinhard|mobius|clip|none";
}

int tone_param_check(ToneCurve c, double p, char *err, size_t errlen)
{
    const char *why = NULL;
    if (!isfinite(p))
        why = "must be a finite number";
    else if (c == TONE_BT2390 || c == TONE_HABLE || c == TONE_NONE)
        why = "is not taken by this curve (reinhard, mobius and clip take one)";
    else if (c == TONE_REINHARD && !(p > 0 && p < 1))
        why = "must be in (0,1) for reinhard (its contrast; default 0.5)";
    else if (c == TONE_MOBIUS && !(p >= 0 && p <= 0.999))
        why = "must be in [0,0.999] for mobius (where it stops being linear; default 0.3)";
    else if (c == TONE_CLIP && !(p > 0 && p <= 1000))
        why = "must be in (0,1000] for clip (a gain; default 1)";
    if (!why)
        return 0;
    snprintf(err, errlen, "--tone-mapping-param %g %s", p, why);
    return -1;
}

int tone_is_hdr(const HdrSource *src)
{
    return src->transfer == TRANSFER_PQ || src->transfer == TRANSFER_HLG;
}

double tone_source_peak(const ToneSettings *ts, const HdrSource *src)
{
    if (ts->hdr_peak > 0)
        return ts->hdr_peak;
    return src->peak > 0 ? src->peak : TONE_PEAK_DEFAULT;
}

/* ---- the published formulas ------------------------------------------------ */

#define PQ_M1 (2610.0 / 16384.0)
#define PQ_M2 (2523.0 / 4096.0 * 128.0)
#define PQ_C1 (3424.0 / 4096.0)
#define PQ_C2 (2413.0 / 4096.0 * 32.0)
#define PQ_C3 (2392.0 / 4096.0 * 32.0)

double tone_pq_eotf(double e)
{
    if (e <= 0)
        return 0;
    double p = pow(e, 1.0 / PQ_M2);
    double n = p - PQ_C1 > 0 ? p - PQ_C1 : 0;
    return 10000.0 * pow(n / (PQ_C2 - PQ_C3 * p), 1.0 / PQ_M1);
}

double tone_pq_inverse(double nits)
{
    double y = nits / 10000.0 > 0 ? pow(nits / 10000.0, PQ_M1) : 0;
    return pow((PQ_C1 + PQ_C2 * y) / (1 + PQ_C3 * y), PQ_M2);
}

#define HLG_A 0.17883277
#define HLG_B (1 - 4 * HLG_A)

static double hlg_inverse_oetf(double e)
{
    double c = 0.5 - HLG_A * log(4 * HLG_A);
    return e <= 0.5 ? e * e / 3.0 : (exp((e - c) / HLG_A) + HLG_B) / 12.0;
}

double tone_bt2390(double nits, double lw, double lmax)
{
    double pw = tone_pq_inverse(lw), max_lum = tone_pq_inverse(lmax) / pw;
    double e1 = tone_pq_inverse(nits) / pw;
    if (max_lum >= 1)
        return nits; /* the target holds the source: nothing to map */
    double ks = 1.5 * max_lum - 0.5;
    if (e1 > 1)
        e1 = 1; /* above the source's stated peak: its peak */
    double e2 = e1;
    if (e1 >= ks) {
        double t = (e1 - ks) / (1 - ks), t2 = t * t, t3 = t2 * t;
        e2 = (2 * t3 - 3 * t2 + 1) * ks + (t3 - 2 * t2 + t) * (1 - ks) + (-2 * t3 + 3 * t2) * max_lum;
    }
    return tone_pq_eotf(e2 * pw);
}

/* FFmpeg's hable (its constants, its normalisation by the peak's value) */
static double hable(double x)
{
    const double a = 0.15, b = 0.50, c = 0.10, d = 0.20, e = 0.02, f = 0.30;
    return (x * (x * a + b * c) + d * e) / (x * (x * a + b) + d * f) - e / f;
}

static double mobius(double x, double j, double peak)
{
    /* a source no brighter than the target has nothing to compress (FFmpeg's
     * formula turns negative there: black highlights) */
    if (x <= j || peak <= 1)
        return x;
    double a = -j * j * (peak - 1) / (j * j - 2 * j + peak);
    double b = (j * j - 2 * j * peak + peak) / (peak - 1 > 1e-6 ? peak - 1 : 1e-6);
    return (b * b + 2 * b * j + j * j) / (b - a) * (x + a) / (x + b);
}

/* curve(m) in units of the target's white; peak = source peak / target */
static double curve(ToneCurve c, double p, double m, double peak, double target)
{
    switch (c) {
    case TONE_HABLE: return hable(m) / hable(peak);
    case TONE_REINHARD: {
        double s = (1 - p) / p;
        return m / (m + s) * (peak + s) / peak;
    }
    case TONE_MOBIUS: return mobius(m, p, peak);
    case TONE_CLIP: return m * p < 1 ? m * p : 1;
    case TONE_BT2390: return tone_bt2390(m * target, peak * target, target) / target;
    default: return m;
    }
}

/* ---- primaries ---------------------------------------------------------- */

static void primaries_xy(int pri, double xy[4][2])
{
    static const double bt709[4][2] = {{0.64, 0.33}, {0.30, 0.60}, {0.15, 0.06}, {0.3127, 0.3290}};
    static const double bt2020[4][2] = {
        {0.708, 0.292}, {0.170, 0.797}, {0.131, 0.046}, {0.3127, 0.3290}};
    static const double p3[4][2] = {{0.680, 0.320}, {0.265, 0.690}, {0.150, 0.060}, {0.3127, 0.3290}};
    memcpy(xy, pri == PRIMARIES_BT2020 ? bt2020 : pri == PRIMARIES_P3 ? p3 : bt709,
           sizeof(double[4][2]));
}

static void invert3(const double a[3][3], double o[3][3])
{
    double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                 a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                 a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            int r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3;
            o[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det;
        }
}

/* RGB → XYZ for primaries pri (white Y = 1) */
static void rgb_to_xyz(int pri, double m[3][3])
{
    double xy[4][2], p[3][3], inv[3][3], w[3], s[3];
    primaries_xy(pri, xy);
    for (int k = 0; k < 3; k++) { /* columns: each primary's XYZ with Y = 1 */
        p[0][k] = xy[k][0] / xy[k][1];
        p[1][k] = 1;
        p[2][k] = (1 - xy[k][0] - xy[k][1]) / xy[k][1];
    }
    w[0] = xy[3][0] / xy[3][1], w[1] = 1, w[2] = (1 - xy[3][0] - xy[3][1]) / xy[3][1];
    invert3(p, inv);
    for (int r = 0; r < 3; r++)
        s[r] = inv[r][0] * w[0] + inv[r][1] * w[1] + inv[r][2] * w[2];
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++)
            m[r][k] = p[r][k] * s[k];
}

static void gamut_matrix(int pri, double g[3][3], double lum[3])
{
    double a[3][3], b[3][3], binv[3][3];
    rgb_to_xyz(pri, a);
    rgb_to_xyz(PRIMARIES_BT709, b);
    invert3(b, binv);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            g[r][c] = binv[r][0] * a[0][c] + binv[r][1] * a[1][c] + binv[r][2] * a[2][c];
    for (int k = 0; k < 3; k++)
        lum[k] = a[1][k];
}

#define COMPRESS_THRESHOLD 0.8

/* The farthest each BT.709 channel's distance (M − c)/M goes for colours of
 * the source's gamut: its primaries and the edges between them. */
static void gamut_limits(const double g[3][3], double lim[3])
{
    lim[0] = lim[1] = lim[2] = 0;
    for (int e = 0; e < 3; e++)
        for (int i = 0; i <= 64; i++) {
            double src[3] = {0, 0, 0}, l[3];
            src[e] = 1 - i / 64.0, src[(e + 1) % 3] = i / 64.0;
            for (int r = 0; r < 3; r++)
                l[r] = g[r][0] * src[0] + g[r][1] * src[1] + g[r][2] * src[2];
            double m = fmax(l[0], fmax(l[1], l[2]));
            for (int c = 0; c < 3; c++)
                lim[c] = fmax(lim[c], (m - l[c]) / m);
        }
}

/* ---- the registry ------------------------------------------------------- */

typedef struct Key {
    int transfer, primaries, curve, compress;
    double param, peak, target;
} Key;

#define MAX_TONES 64

static pthread_mutex_t tones_mu = PTHREAD_MUTEX_INITIALIZER;
static struct {
    Key key;
    ToneMap tm;
} tones[MAX_TONES];
static int ntones;

static float *build(const Key *k, ToneMap *tm)
{
    const int n = TONE_SIZE, stride = n + 1;
    float *t = malloc(sizeof(float) * 4 * (size_t)stride);
    if (!t)
        return NULL;
    float *eotf = t, *ootf = t + stride, *ratio = t + 2 * stride, *oetf = t + 3 * stride;
    double peak = k->peak / k->target, g[3][3], lum[3], lim[3];
    int hlg = k->transfer == TRANSFER_HLG;
    /* HLG's system gamma for a display of the source's peak (BT.2100 Table 5, note 5f) */
    double gamma = 1.2 + 0.42 * log10(k->peak / 1000.0);
    for (int i = 0; i < n; i++) {
        double e = i / (double)(n - 1), q = e;
        eotf[i] = (float)(hlg ? hlg_inverse_oetf(e) : tone_pq_eotf(e) / k->target);
        double ys = q * q * q * q;
        if (ys == 0)
            ys = pow(0.5 / (n - 1), 4); /* the limit where gamma < 1 */
        ootf[i] = (float)(peak * pow(ys, gamma - 1));
        if (gamma > 1 && i == 0)
            ootf[i] = 0;
        oetf[i] = (float)pow(q * q * q * q, 1 / 2.4);
    }
    gamut_matrix(k->primaries, g, lum);
    double gmax = 1;
    for (int r = 0; r < 3; r++) {
        double s = 0;
        for (int c = 0; c < 3; c++)
            s += g[r][c] > 0 ? g[r][c] : 0;
        gmax = fmax(gmax, s);
    }
    double mmax = (hlg ? peak : 10000.0 / k->target) * gmax, qmax = pow(mmax, 0.25);
    for (int i = 0; i < n; i++) {
        double q = i / (double)(n - 1) * qmax, m = q * q * q * q;
        if (m < 1e-9)
            m = 1e-9; /* the ratio's limit at 0 */
        ratio[i] = (float)(curve((ToneCurve)k->curve, k->param, m, peak, k->target) / m);
    }
    eotf[n] = eotf[n - 1], ootf[n] = ootf[n - 1], ratio[n] = ratio[n - 1], oetf[n] = oetf[n - 1];

    memset(tm, 0, sizeof(*tm));
    tm->on = 1;
    tm->flags = (hlg ? TONE_HLG : 0) | (k->compress ? TONE_COMPRESS : 0);
    tm->size = n;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
            tm->gamut[r][c] = (float)g[r][c];
        tm->ootf_w[r] = (float)lum[r];
    }
    tm->ratio_scale = (float)((n - 1) / qmax);
    tm->thr = (float)COMPRESS_THRESHOLD;
    gamut_limits(g, lim);
    for (int c = 0; c < 3; c++) {
        /* s so that the limit's distance lands on 1: thr + (L−thr)/(1 + (L−thr)/s) = 1 */
        double L = lim[c] * 1.0001, thr = COMPRESS_THRESHOLD;
        tm->inv_s[c] = L > 1 ? (float)((L - 1) / ((L - thr) * (1 - thr))) : 0.0f;
    }
    tm->lut = t;
    return t;
}

HdrSource tone_source(const Transform *look, const HdrSource *src)
{
    if (look->out_set)
        return (HdrSource){look->out_transfer, look->out_primaries, look->out_peak};
    return *src;
}

int tone_apply(const Transform *look, const ToneSettings *ts, const HdrSource *frame_src,
               Transform *out, char *err, size_t errlen)
{
    *out = *look;
    HdrSource own = tone_source(look, frame_src);
    const HdrSource *src = &own;
    if (!tone_is_hdr(src) || ts->curve == TONE_NONE)
        return 0;
    Key k;
    memset(&k, 0, sizeof(k)); /* padding too: keys are compared with memcmp */
    k.transfer = src->transfer;
    k.primaries = src->primaries;
    k.curve = ts->curve;
    k.compress = !ts->gamut_clip;
    k.param = isnan(ts->param) ? (ts->curve == TONE_REINHARD ? 0.5
                                  : ts->curve == TONE_MOBIUS ? 0.3
                                                             : 1.0)
                               : ts->param;
    if (ts->curve == TONE_HABLE || ts->curve == TONE_BT2390)
        k.param = 0;
    k.peak = tone_source_peak(ts, src);
    k.target = ts->target_peak;
    pthread_mutex_lock(&tones_mu);
    int i = 0;
    while (i < ntones && memcmp(&tones[i].key, &k, sizeof(k)) != 0)
        i++;
    if (i == ntones) {
        if (ntones == MAX_TONES || !build(&k, &tones[i].tm)) {
            pthread_mutex_unlock(&tones_mu);
            snprintf(err, errlen, "tone mapping: %s",
                     ntones == MAX_TONES ? "more than 64 different tone maps in one run"
                                         : "out of memory");
            return -1;
        }
        tones[i].key = k;
        ntones++;
    }
    out->chain.tone = tones[i].tm;
    pthread_mutex_unlock(&tones_mu);
    out->chain.tone_at = ts->lut_first || look->out_set ? look->chain.nops : 0;
    out->chain.tone_own = look->out_set;
    out->identity = 0;
    return 0;
}

void tone_describe(const ToneSettings *ts, const HdrSource *src, char *buf, size_t len)
{
    if (!tone_is_hdr(src)) {
        snprintf(buf, len, "%s", "");
        return;
    }
    const char *tf = src->transfer == TRANSFER_PQ ? "PQ" : "HLG";
    if (ts->curve == TONE_NONE)
        snprintf(buf, len, "HDR %s kept", tf);
    else
        snprintf(buf, len, "HDR %s %.0f nit -> SDR, %s", tf, tone_source_peak(ts, src),
                 curve_names[ts->curve]);
}

void tone_registry_clear(void)
{
    pthread_mutex_lock(&tones_mu);
    for (int i = 0; i < ntones; i++)
        free((void *)tones[i].tm.lut);
    ntones = 0;
    pthread_mutex_unlock(&tones_mu);
}
