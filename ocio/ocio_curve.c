/* OpenColorIO's RGB curves as program records (see ocio_prog.h): each curve's
 * control points fitted to quadratic segments as OCIO 2.1 fits them
 * (OpenColorIO v2.1.2, ops/gradingrgbcurve/GradingBSplineCurve.cpp:
 * EstimateSlopes, FitSpline, AdjustSlopes; all in float as there): slopes
 * estimated where none are given, one quadratic an interval where it meets
 * both end slopes and two (a knot inserted) elsewhere, the slopes scaled once
 * where a segment would turn back, and the segments fitted again. The record
 * of a curve is n knots, its ends' lines, the knots, then each of its n − 1
 * segments' first knot and A, B, C (colour/ocio_fn.h's ocio_curve evaluates it). */
#include "ocio/ocio_prog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POINTS 64
#define MAX_KNOTS (2 * MAX_POINTS)

typedef struct Fit {
    int nk;
    float knots[MAX_KNOTS], A[MAX_KNOTS], B[MAX_KNOTS], C[MAX_KNOTS];
} Fit;

static void estimate_slopes(const float *x, const float *y, int n, float *s)
{
    float S[MAX_POINTS], L[MAX_POINTS];
    for (int k = 0; k + 1 < n; k++) {
        float dx = x[k + 1] - x[k], dy = y[k + 1] - y[k];
        S[k] = dy / dx;
        L[k] = sqrtf(dx * dx + dy * dy);
    }
    if (n == 2) {
        s[0] = s[1] = S[0];
        return;
    }
    /* collinear runs share their summed length */
    for (int i = 0;;) {
        int j = i;
        float dl = L[i];
        while (j < n - 2 && fabsf(S[j + 1] - S[j]) < 1e-6f) {
            dl += L[j + 1];
            j++;
        }
        for (int k = i; k <= j; k++)
            L[k] = dl;
        if (j >= n - 3)
            break;
        i = j + 1;
    }
    for (int k = 1; k + 1 < n; k++)
        s[k] = (L[k] * S[k] + L[k - 1] * S[k - 1]) / (L[k] + L[k - 1]);
    float last = 0.5f * (3.f * S[n - 2] - s[n - 2]);
    s[n - 1] = last > 0.01f ? last : 0.01f;
    float first = 0.5f * (3.f * S[0] - s[1]);
    s[0] = first > 0.01f ? first : 0.01f;
}

static void push(Fit *f, float a, float b, float c)
{
    f->A[f->nk - 1] = a, f->B[f->nk - 1] = b, f->C[f->nk - 1] = c;
}

static void fit_spline(const float *x, const float *y, int n, const float *s, Fit *f)
{
    f->nk = 1;
    f->knots[0] = x[0];
    for (int i = 0; i + 1 < n; i++) {
        float dx = x[i + 1] - x[i], S = (y[i + 1] - y[i]) / dx;
        if (fabsf((s[i] + s[i + 1]) - 2.f * S) < 1e-6f) {
            push(f, 0.5f * (s[i + 1] - s[i]) / dx, s[i], y[i]);
        } else {
            float aa = s[i] - S, bb = s[i + 1] - S, xi;
            if (aa * bb >= 0.f)
                xi = (x[i] + x[i + 1]) * 0.5f;
            else if (fabsf(aa) > fabsf(bb))
                xi = x[i + 1] + aa * dx / (s[i + 1] - s[i]);
            else
                xi = x[i] + bb * dx / (s[i + 1] - s[i]);
            float sbar = (2.f * S - s[i + 1]) + (s[i + 1] - s[i]) * (xi - x[i]) / dx;
            float eta = (sbar - s[i]) / (xi - x[i]);
            push(f, 0.5f * eta, s[i], y[i]);
            f->knots[f->nk++] = xi;
            push(f, 0.5f * (s[i + 1] - sbar) / (x[i + 1] - xi), sbar,
                 y[i] + s[i] * (xi - x[i]) + 0.5f * eta * (xi - x[i]) * (xi - x[i]));
        }
        f->knots[f->nk++] = x[i + 1];
    }
}

/* 1 when a slope was scaled */
static int adjust_slopes(const float *x, const float *y, int n, const Fit *f, float *s)
{
    int adjusted = 0, j = 1; /* f->knots[j]: the interval's inserted knot, or x_{i+1} */
    for (int i = 0; i + 1 < n; i++) {
        float xi = f->knots[j];
        int inserted = xi != x[i + 1];
        float dx = x[i + 1] - x[i], dy = y[i + 1] - y[i];
        float sbar = (2.f * dy - (xi - x[i]) * s[i] - (x[i + 1] - xi) * s[i + 1]) / dx;
        if (sbar < 0.f) {
            float sec = dy / dx;
            float blend = ((xi - x[i]) * s[i] + (x[i + 1] - xi) * s[i + 1]) / dx;
            float aim = 0.01f * 0.5f * (s[i] + s[i + 1]);
            if (aim > sec)
                aim = sec;
            float adj = (2.f * sec - aim) / blend;
            s[i] *= adj;
            s[i + 1] *= adj;
            adjusted = 1;
        }
        j += inserted ? 2 : 1;
    }
    return adjusted;
}

/* one curve's record into out (at most 1 + OCIO_CURVE_ENDS + 5·MAX_KNOTS floats); its length, or
 * 0 when it cannot be fitted (too many points, x not increasing) */
static size_t curve(const OcioCurve *cv, float *out)
{
    int n = cv->n, identity = 1, given = 0;
    if (n < 1 || n > MAX_POINTS)
        return 0;
    float s[MAX_POINTS];
    for (int i = 0; i < n; i++) {
        s[i] = cv->s ? cv->s[i] : 0.0f;
        identity = identity && cv->x[i] == cv->y[i] && s[i] == 0.0f;
        given = given || s[i] != 0.0f;
        if (i && !(cv->x[i] > cv->x[i - 1]))
            return 0;
    }
    if (identity) {
        out[0] = 0.0f;
        return 1;
    }
    if (n < 2)
        return 0;
    if (!given)
        estimate_slopes(cv->x, cv->y, n, s);
    Fit f;
    fit_spline(cv->x, cv->y, n, s, &f);
    if (adjust_slopes(cv->x, cv->y, n, &f, s))
        fit_spline(cv->x, cv->y, n, s, &f);
    int k = f.nk - 1;
    for (int i = 1; i < f.nk; i++) /* (the kernel's search halves: knots that fell would
                                    * give it another segment than the CPU's count) */
        if (!(f.knots[i] >= f.knots[i - 1]))
            return 0;
    out[0] = (float)f.nk;
    ocio_curve_ends(f.nk, f.knots, f.A, f.B, f.C, out + 1);
    float *kn = out + 1 + OCIO_CURVE_ENDS, *sg = kn + f.nk;
    memcpy(kn, f.knots, sizeof(float) * f.nk);
    for (int i = 0; i < k; i++)
        sg[4 * i] = f.knots[i], sg[4 * i + 1] = f.A[i], sg[4 * i + 2] = f.B[i],
               sg[4 * i + 3] = f.C[i];
    return 1 + OCIO_CURVE_ENDS + (size_t)f.nk + 4 * (size_t)k;
}

int ocio_prog_curves(OcioProg *p, const OcioCurve curves[4])
{
    float rec[4 * (1 + OCIO_CURVE_ENDS + 5 * MAX_KNOTS)];
    size_t len = 0;
    for (int i = 0; i < 4; i++) {
        size_t n = curve(&curves[i], rec + len);
        if (!n)
            return 1;
        len += n;
    }
    return ocio_prog_add(p, OCIO_OP_CURVES, rec, len);
}
