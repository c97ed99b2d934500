// The operations of an OpenColorIO processor into program records (the C++
// half of ocio/ocio_shim.h, with ocio_shim.cpp): each operation's data read
// through OCIO's API and handed to the builders (colour/ops/), which derive
// the parameters OCIO 2.1's CPU renderers derive. The forms the program does not
// evaluate are named, for the step to be baked (ocio/ocio_step.c). And the
// corrections a .ccc or .cdl holds, read the same way, for the line that asks
// for one. Called from ocio_shim.cpp's entry points, which catch every exception;
// and the colour space a step's output is in (ocio_step_output), which catches its own.
#include <OpenColorIO/OpenColorIO.h>

#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "ocio/ocio_prog.h"
#include "ocio/ocio_shim.h"
}

namespace OCIO = OCIO_NAMESPACE;

namespace {

bool forward(const OCIO::ConstTransformRcPtr &t)
{
    return t->getDirection() == OCIO::TRANSFORM_DIR_FORWARD;
}

// The program builders (ocio/ocio_prog.h) return 0, 1 (not evaluated) or −1
// (out of memory: p->failed says so)
bool ok(int rc)
{
    return rc == 0;
}

bool add_matrix(OcioProg *p, const OCIO::ConstMatrixTransformRcPtr &t)
{
    double m[16], off[4];
    t->getMatrix(m);
    t->getOffset(off);
    return forward(t) && ok(ocio_prog_matrix(p, m, off));
}

bool add_range(OcioProg *p, const OCIO::ConstRangeTransformRcPtr &t)
{
    bool hmin = t->hasMinInValue() && t->hasMinOutValue(),
         hmax = t->hasMaxInValue() && t->hasMaxOutValue();
    return ok(ocio_prog_range(p, forward(t), t->getStyle() == OCIO::RANGE_NO_CLAMP, hmin,
                              hmin ? t->getMinInValue() : 0, hmin ? t->getMinOutValue() : 0, hmax,
                              hmax ? t->getMaxInValue() : 0, hmax ? t->getMaxOutValue() : 0));
}

bool add_log_camera(OcioProg *p, const OCIO::ConstLogCameraTransformRcPtr &t)
{
    double ls[3], lo[3], ms[3], mo[3], brk[3], lin[3];
    t->getLogSideSlopeValue(ls);
    t->getLogSideOffsetValue(lo);
    t->getLinSideSlopeValue(ms);
    t->getLinSideOffsetValue(mo);
    t->getLinSideBreakValue(brk);
    bool has_lin = t->getLinearSlopeValue(lin);
    return ok(ocio_prog_log_camera(p, forward(t), t->getBase(), ls, lo, ms, mo, brk, has_lin, lin));
}

bool add_exponent(OcioProg *p, const OCIO::ConstExponentTransformRcPtr &t)
{
    double g[4];
    t->getValue(g);
    switch (t->getNegativeStyle()) {
    case OCIO::NEGATIVE_CLAMP: return ok(ocio_prog_exponent(p, forward(t), OCIO_GAMMA_BASIC, g));
    case OCIO::NEGATIVE_MIRROR: return ok(ocio_prog_exponent(p, forward(t), OCIO_GAMMA_MIRROR, g));
    case OCIO::NEGATIVE_PASS_THRU: return ok(ocio_prog_exponent(p, forward(t), OCIO_GAMMA_PASS, g));
    default: return false;
    }
}

bool add_moncurve(OcioProg *p, const OCIO::ConstExponentWithLinearTransformRcPtr &t)
{
    double g[4], o[4];
    t->getGamma(g);
    t->getOffset(o);
    OCIO::NegativeStyle ns = t->getNegativeStyle();
    if (ns != OCIO::NEGATIVE_MIRROR && ns != OCIO::NEGATIVE_LINEAR)
        return false;
    return ok(ocio_prog_moncurve(p, forward(t), ns == OCIO::NEGATIVE_MIRROR, g, o));
}

bool add_lut1d(OcioProg *p, const OCIO::ConstLut1DTransformRcPtr &t)
{
    if (!forward(t) || t->getOutputRawHalfs())
        return false;
    unsigned long n = t->getLength();
    std::vector<float> tab(3 * n);
    for (unsigned long i = 0; i < n; i++)
        t->getValue(i, tab[3 * i], tab[3 * i + 1], tab[3 * i + 2]);
    return ok(ocio_prog_lut1d(p, tab.data(), n, t->getInputHalfDomain(),
                              t->getHueAdjust() == OCIO::HUE_DW3));
}

bool add_lut3d(OcioProg *p, const OCIO::ConstLut3DTransformRcPtr &t)
{
    unsigned long n = t->getGridSize();
    if (!forward(t) || n < 2 || n > 129)
        return false;
    std::vector<float> tab(3 * n * n * n);
    for (unsigned long r = 0; r < n; r++)
        for (unsigned long g = 0; g < n; g++)
            for (unsigned long b = 0; b < n; b++) {
                float *d = &tab[3 * ((r * n + g) * n + b)];
                t->getValue(r, g, b, d[0], d[1], d[2]);
            }
    OCIO::Interpolation in = t->getInterpolation();
    return ok(ocio_prog_lut3d(p, tab.data(), n,
                              in == OCIO::INTERP_TETRAHEDRAL || in == OCIO::INTERP_BEST));
}

bool add_cdl(OcioProg *p, const OCIO::ConstCDLTransformRcPtr &t)
{
    double sl[3], of[3], pw[3];
    t->getSlope(sl);
    t->getOffset(of);
    t->getPower(pw);
    return ok(
        ocio_prog_cdl(p, forward(t), t->getStyle() == OCIO::CDL_ASC, sl, of, pw, t->getSat()));
}

bool add_fixed(OcioProg *p, const OCIO::ConstFixedFunctionTransformRcPtr &t, std::string &name)
{
    std::vector<double> par(t->getNumParams());
    if (!par.empty())
        t->getParams(par.data());
    const char *style = OCIO::FixedFunctionStyleToString(t->getStyle());
    if (ok(ocio_prog_fixed(p, style, forward(t), par.data(), (int)par.size())))
        return true;
    name = std::string("FixedFunction ") + style + (forward(t) ? "" : " (inverse)");
    return false;
}

bool add_curves(OcioProg *p, const OCIO::ConstGradingRGBCurveTransformRcPtr &t, std::string &name)
{
    name = std::string("GradingRGBCurve ") + OCIO::GradingStyleToString(t->getStyle()) +
           (forward(t) ? "" : " (inverse)");
    if (!forward(t) || (t->getStyle() == OCIO::GRADING_LIN && !t->getBypassLinToLog()))
        return false;
    OCIO::ConstGradingRGBCurveRcPtr v = t->getValue();
    const OCIO::RGBCurveType order[4] = {OCIO::RGB_RED, OCIO::RGB_GREEN, OCIO::RGB_BLUE,
                                         OCIO::RGB_MASTER};
    std::vector<float> pts[4][3];
    OcioCurve cv[4];
    for (int i = 0; i < 4; i++) {
        OCIO::ConstGradingBSplineCurveRcPtr c = v->getCurve(order[i]);
        size_t n = c->getNumControlPoints();
        for (size_t k = 0; k < n; k++) {
            pts[i][0].push_back(c->getControlPoint(k).m_x);
            pts[i][1].push_back(c->getControlPoint(k).m_y);
            pts[i][2].push_back(c->getSlope(k));
        }
        cv[i] = OcioCurve{(int)n, pts[i][0].data(), pts[i][1].data(), pts[i][2].data()};
    }
    return ok(ocio_prog_curves(p, cv));
}

const char *type_name(OCIO::TransformType t)
{
    using namespace OCIO;
    switch (t) {
    case TRANSFORM_TYPE_EXPOSURE_CONTRAST: return "ExposureContrast";
    case TRANSFORM_TYPE_GRADING_PRIMARY: return "GradingPrimary";
    case TRANSFORM_TYPE_GRADING_TONE: return "GradingTone";
    case TRANSFORM_TYPE_MATRIX: return "Matrix";
    case TRANSFORM_TYPE_RANGE: return "Range";
    case TRANSFORM_TYPE_LOG: return "Log";
    case TRANSFORM_TYPE_LOG_AFFINE: return "LogAffine";
    case TRANSFORM_TYPE_LOG_CAMERA: return "LogCamera";
    case TRANSFORM_TYPE_EXPONENT: return "Exponent";
    case TRANSFORM_TYPE_EXPONENT_WITH_LINEAR: return "ExponentWithLinear";
    case TRANSFORM_TYPE_LUT1D: return "Lut1D";
    case TRANSFORM_TYPE_LUT3D: return "Lut3D";
    case TRANSFORM_TYPE_CDL: return "CDL";
    case TRANSFORM_TYPE_FIXED_FUNCTION: return "FixedFunction";
    case TRANSFORM_TYPE_GRADING_RGB_CURVE: return "GradingRGBCurve";
    default: return "an operation";
    }
}

} // namespace

// One operation of the optimized group into p; false (with its name) when the
// program does not evaluate it
bool ocio_add_op(OcioProg *p, const OCIO::ConstTransformRcPtr &t, std::string &name)
{
    using namespace OCIO;
    name = "";
    switch (t->getTransformType()) {
    case TRANSFORM_TYPE_MATRIX:
        if (add_matrix(p, DynamicPtrCast<const MatrixTransform>(t)))
            return true;
        name = forward(DynamicPtrCast<const MatrixTransform>(t))
                   ? "Matrix (its alpha column on the alpha an earlier matrix made)"
                   : "Matrix (inverse)";
        return false;
    case TRANSFORM_TYPE_RANGE:
        if (add_range(p, DynamicPtrCast<const RangeTransform>(t)))
            return true;
        name = "Range without clamp, one-sided";
        return false;
    case TRANSFORM_TYPE_LOG: {
        ConstLogTransformRcPtr l = DynamicPtrCast<const LogTransform>(t);
        const double one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
        return ok(ocio_prog_log(p, forward(t), l->getBase(), one, zero, one, zero));
    }
    case TRANSFORM_TYPE_LOG_AFFINE: {
        ConstLogAffineTransformRcPtr l = DynamicPtrCast<const LogAffineTransform>(t);
        double ls[3], lo[3], ms[3], mo[3];
        l->getLogSideSlopeValue(ls);
        l->getLogSideOffsetValue(lo);
        l->getLinSideSlopeValue(ms);
        l->getLinSideOffsetValue(mo);
        return ok(ocio_prog_log(p, forward(t), l->getBase(), ls, lo, ms, mo));
    }
    case TRANSFORM_TYPE_LOG_CAMERA:
        return add_log_camera(p, DynamicPtrCast<const LogCameraTransform>(t));
    case TRANSFORM_TYPE_EXPONENT:
        if (add_exponent(p, DynamicPtrCast<const ExponentTransform>(t)))
            return true;
        name = "Exponent";
        return false;
    case TRANSFORM_TYPE_EXPONENT_WITH_LINEAR:
        if (add_moncurve(p, DynamicPtrCast<const ExponentWithLinearTransform>(t)))
            return true;
        name = "ExponentWithLinear";
        return false;
    case TRANSFORM_TYPE_LUT1D:
        if (add_lut1d(p, DynamicPtrCast<const Lut1DTransform>(t)))
            return true;
        name = "Lut1D (inverse, raw halfs or an odd size)";
        return false;
    case TRANSFORM_TYPE_LUT3D:
        if (add_lut3d(p, DynamicPtrCast<const Lut3DTransform>(t)))
            return true;
        name = "Lut3D (inverse, or over 129 a side)";
        return false;
    case TRANSFORM_TYPE_CDL: return add_cdl(p, DynamicPtrCast<const CDLTransform>(t));
    case TRANSFORM_TYPE_FIXED_FUNCTION:
        return add_fixed(p, DynamicPtrCast<const FixedFunctionTransform>(t), name);
    case TRANSFORM_TYPE_GRADING_RGB_CURVE:
        return add_curves(p, DynamicPtrCast<const GradingRGBCurveTransform>(t), name);
    default: name = type_name(t->getTransformType()); return false;
    }
}

// A .ccc's or .cdl's corrections, for a step that named none: which there are
std::string ocio_cdl_ids(const char *file)
{
    OCIO::GroupTransformRcPtr g = OCIO::CDLTransform::CreateGroupFromFile(file);
    std::vector<std::string> ids;
    for (int i = 0; i < g->getNumTransforms(); i++) {
        OCIO::ConstCDLTransformRcPtr t =
            OCIO::DynamicPtrCast<const OCIO::CDLTransform>(g->getTransform(i));
        const char *id = t ? t->getID() : nullptr;
        ids.push_back(id && *id ? std::string(id) : "#" + std::to_string(i));
    }
    std::string all;
    for (size_t i = 0; i < ids.size(); i++)
        all += (i ? ", " : "") + ids[i];
    return "'" + std::string(file) + "' holds " + std::to_string(ids.size()) +
           " corrections: name one with cccid= (its id, or its index from 0): " + all;
}

namespace {
void copy(char *dst, size_t n, const char *s)
{
    snprintf(dst, n, "%s", s ? s : "");
}
} // namespace

// The colour space a step's output is in (ocio_shim.cpp's ocio_step_output)
int ocio_output_space(const OCIO::ConstConfigRcPtr &cfg, const OcioStep *s, OcioOutput *o)
{
    memset(o, 0, sizeof(*o));
    try {
        const char *space = s->kind == OCIO_STEP_SPACES ? s->out : nullptr;
        if (s->kind == OCIO_STEP_DISPLAY) {
            const char *d = s->display && *s->display ? s->display : cfg->getDefaultDisplay();
            const char *v = s->view && *s->view ? s->view : cfg->getDefaultView(d);
            space = cfg->getDisplayViewColorSpaceName(d, v);
            if (space && !strcmp(space, OCIO::OCIO_VIEW_USE_DISPLAY_NAME))
                space = d;
            copy(o->display, sizeof(o->display), d), copy(o->view, sizeof(o->view), v);
        }
        OCIO::ConstColorSpaceRcPtr cs = space && *space ? cfg->getColorSpace(space) : nullptr;
        if (!cs)
            return -1;
        copy(o->space, sizeof(o->space), cs->getName());
        copy(o->encoding, sizeof(o->encoding), cs->getEncoding());
        copy(o->family, sizeof(o->family), cs->getFamily());
        o->data = cs->isData();
        o->display_ref = cs->getReferenceSpaceType() == OCIO::REFERENCE_SPACE_DISPLAY;
        return 0;
    } catch (...) {
        return -1;
    }
}
