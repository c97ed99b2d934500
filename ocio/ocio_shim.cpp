// OpenColorIO behind a C face (see ocio_shim.h), with ocio/ocio_ops.cpp the
// only code that includes OpenColorIO: configs, the names they hold, the
// processor a step asks for. A step's processor is optimized as OCIO's own CPU
// processor is (OPTIMIZATION_DEFAULT), and the operations of that optimized
// processor (createGroupTransform) become a program's records
// (ocio/ocio_ops.cpp). Every entry point catches everything: no exception
// leaves these files.
#include "ocio/ocio_shim.h"

#include <OpenColorIO/OpenColorIO.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

extern "C" {
#include "ocio/ocio_prog.h"
}

namespace OCIO = OCIO_NAMESPACE;

struct OcioCpu {
    OCIO::ConstCPUProcessorRcPtr cpu;
};

struct OcioCfg {
    OCIO::ConstConfigRcPtr cfg;
    std::string path;
};

// In ocio/ocio_ops.cpp: the colour space a step's output is in (ocio_step_output), and
// a .ccc's or .cdl's corrections, for a step that named none: which there are
int ocio_output_space(const OCIO::ConstConfigRcPtr &cfg, const OcioStep *s, OcioOutput *o);
std::string ocio_cdl_ids(const char *file);

namespace {

void say(char *err, size_t errlen, const std::string &s)
{
    if (err && errlen)
        std::snprintf(err, errlen, "%s", s.c_str());
}

// OCIO's messages can run over lines: one line, its first, trimmed, and where it
// says why a file's formats failed ("'iridas_cube' failed with: … Found 100,
// expected 35937."), the first format's reason after a colon
std::string first_line(const char *what)
{
    std::string all = what ? what : "", s = all;
    size_t nl = s.find('\n');
    if (nl != std::string::npos)
        s.resize(nl);
    while (!s.empty() && (s.back() == ' ' || s.back() == '.'))
        s.pop_back();
    const std::string with = " failed with: ";
    size_t at = nl == std::string::npos ? std::string::npos : all.find(with, nl);
    if (at != std::string::npos) {
        std::string why = all.substr(at + with.size());
        size_t next = why.find("    '"); // (the next format's)
        if (next != std::string::npos)
            why.resize(next);
        std::string one; // (its spaces and line breaks as single spaces)
        for (char c : why)
            if (!(c == ' ' || c == '\n' || c == '\t') || (!one.empty() && one.back() != ' '))
                one += c == '\n' || c == '\t' ? ' ' : c;
        while (!one.empty() && (one.back() == ' ' || one.back() == '.'))
            one.pop_back();
        if (!one.empty())
            s += ": " + one;
    }
    return s;
}

std::string join(const std::vector<std::string> &v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); i++)
        s += (i ? ", " : "") + v[i];
    return s;
}

std::vector<std::string> spaces(const OCIO::ConstConfigRcPtr &c)
{
    std::vector<std::string> v;
    for (int i = 0; i < c->getNumColorSpaces(); i++)
        v.push_back(c->getColorSpaceNameByIndex(i));
    return v;
}

std::vector<std::string> displays(const OCIO::ConstConfigRcPtr &c)
{
    std::vector<std::string> v;
    for (int i = 0; i < c->getNumDisplays(); i++)
        v.push_back(c->getDisplay(i));
    return v;
}

std::vector<std::string> views(const OCIO::ConstConfigRcPtr &c, const char *display)
{
    std::vector<std::string> v;
    for (int i = 0; i < c->getNumViews(display); i++)
        v.push_back(c->getView(display, i));
    return v;
}

std::vector<std::string> looks(const OCIO::ConstConfigRcPtr &c)
{
    std::vector<std::string> v;
    for (int i = 0; i < c->getNumLooks(); i++)
        v.push_back(c->getLookNameByIndex(i));
    return v;
}

bool has(const std::vector<std::string> &v, const char *s)
{
    for (const std::string &x : v)
        if (x == s)
            return true;
    return false;
}

// ---- the names a step uses, checked so that a wrong one is said plainly ----

bool check_names(const OcioCfg *c, const OcioStep *s, std::string &why)
{
    const std::string in = c->path.empty() ? "the raw config" : "'" + c->path + "'";
    if (s->kind == OCIO_STEP_SPACES || s->kind == OCIO_STEP_DISPLAY) {
        std::vector<std::string> sp = spaces(c->cfg);
        const char *names[2] = {s->in, s->kind == OCIO_STEP_SPACES ? s->out : nullptr};
        for (const char *n : names) {
            if (!n)
                continue;
            if (!*n || !c->cfg->getColorSpace(n)) {
                why = std::string("no colour space '") + n + "' in " + in +
                      " (it has: " + join(sp) + ")";
                return false;
            }
        }
    }
    if (s->kind == OCIO_STEP_DISPLAY) {
        std::vector<std::string> ds = displays(c->cfg);
        const char *d = s->display && *s->display ? s->display : c->cfg->getDefaultDisplay();
        if (!has(ds, d)) {
            why = std::string("no display '") + d + "' in " + in + " (it has: " + join(ds) + ")";
            return false;
        }
        std::vector<std::string> vs = views(c->cfg, d);
        const char *v = s->view && *s->view ? s->view : c->cfg->getDefaultView(d);
        if (!has(vs, v)) {
            why = std::string("no view '") + v + "' for display '" + d + "' in " + in +
                  " (it has: " + join(vs) + ")";
            return false;
        }
    }
    if ((s->kind == OCIO_STEP_SPACES || s->kind == OCIO_STEP_DISPLAY) && s->looks && *s->looks) {
        std::vector<std::string> ls = looks(c->cfg);
        std::string all = s->looks;
        size_t at = 0;
        while (at <= all.size()) { // OCIO's look syntax: names joined by , : or |, each maybe +/-
            size_t end = all.find_first_of(",:|", at);
            std::string n = all.substr(at, end == std::string::npos ? std::string::npos : end - at);
            while (!n.empty() && (n[0] == ' ' || n[0] == '+' || n[0] == '-'))
                n.erase(0, 1);
            while (!n.empty() && n.back() == ' ')
                n.pop_back();
            if (!n.empty() && !has(ls, n.c_str())) {
                why = "no look '" + n + "' in " + in +
                      (ls.empty() ? " (it has none)" : " (it has: " + join(ls) + ")");
                return false;
            }
            if (end == std::string::npos)
                break;
            at = end + 1;
        }
    }
    return true;
}

OCIO::ConstProcessorRcPtr processor(const OcioCfg *c, const OcioStep *s)
{
    switch (s->kind) {
    case OCIO_STEP_SPACES:
        if (s->looks && *s->looks) {
            OCIO::LookTransformRcPtr lt = OCIO::LookTransform::Create();
            lt->setSrc(s->in);
            lt->setDst(s->out);
            lt->setLooks(s->looks);
            return c->cfg->getProcessor(lt);
        }
        return c->cfg->getProcessor(s->in, s->out);
    case OCIO_STEP_DISPLAY: {
        const char *d = s->display && *s->display ? s->display : c->cfg->getDefaultDisplay();
        const char *v = s->view && *s->view ? s->view : c->cfg->getDefaultView(d);
        OCIO::DisplayViewTransformRcPtr dv = OCIO::DisplayViewTransform::Create();
        dv->setSrc(s->in);
        dv->setDisplay(d);
        dv->setView(v);
        if (s->looks && *s->looks) {
            OCIO::LegacyViewingPipelineRcPtr vp = OCIO::LegacyViewingPipeline::Create();
            vp->setDisplayViewTransform(dv);
            vp->setLooksOverrideEnabled(true);
            vp->setLooksOverride(s->looks);
            return vp->getProcessor(c->cfg, c->cfg->getCurrentContext());
        }
        return c->cfg->getProcessor(dv);
    }
    case OCIO_STEP_BUILTINS: {
        OCIO::GroupTransformRcPtr g = OCIO::GroupTransform::Create();
        for (int i = 0; i < s->nbuiltin; i++) {
            OCIO::BuiltinTransformRcPtr b = OCIO::BuiltinTransform::Create();
            b->setStyle(s->builtin[i]);
            g->appendTransform(b);
        }
        return c->cfg->getProcessor(g);
    }
    case OCIO_STEP_CDL: {
        OCIO::CDLTransformRcPtr t = OCIO::CDLTransform::Create();
        t->setStyle(OCIO::CDL_ASC);
        t->setSlope(s->cdl);
        t->setOffset(s->cdl + 3);
        t->setPower(s->cdl + 6);
        t->setSat(s->cdl[9]);
        return c->cfg->getProcessor(t);
    }
    default: {
        OCIO::FileTransformRcPtr f = OCIO::FileTransform::Create();
        f->setSrc(s->file);
        if (s->cccid && *s->cccid)
            f->setCCCId(s->cccid);
        f->setCDLStyle(OCIO::CDL_ASC); // CDLs as the ASC has them: clamped
        static const OCIO::Interpolation interp[] = {OCIO::INTERP_DEFAULT, OCIO::INTERP_NEAREST,
                                                     OCIO::INTERP_LINEAR, OCIO::INTERP_TETRAHEDRAL,
                                                     OCIO::INTERP_BEST};
        f->setInterpolation(interp[s->interp >= 0 && s->interp <= 4 ? s->interp : 0]);
        f->setDirection(s->inverse ? OCIO::TRANSFORM_DIR_INVERSE : OCIO::TRANSFORM_DIR_FORWARD);
        try {
            return c->cfg->getProcessor(f);
        } catch (const OCIO::Exception &e) { // (a .ccc or .cdl without cccid: its ids said)
            if ((s->cccid && *s->cccid) || !std::strstr(e.what(), "cccid"))
                throw;
            throw OCIO::Exception(ocio_cdl_ids(s->file).c_str());
        }
    }
    }
}

OCIO::ConstProcessorRcPtr optimized(const OcioCfg *c, const OcioStep *s)
{
    return processor(c, s)->getOptimizedProcessor(OCIO::OPTIMIZATION_DEFAULT);
}

} // namespace

// One operation of an optimized group into p (ocio/ocio_ops.cpp); false, with its
// name, when the program does not evaluate it
bool ocio_add_op(OcioProg *p, const OCIO::ConstTransformRcPtr &t, std::string &name);

namespace {

// f() under one catch: an exception becomes −1 and one line in err. OCIO's own
// log is off: its warnings (a 1D file given tetrahedral interpolation, which it
// then reads linearly) are not pinstripe's lines, and its errors come as
// exceptions
template <class F> int guarded(char *err, size_t errlen, F f)
{
    try {
        static bool quiet = (OCIO::SetLoggingLevel(OCIO::LOGGING_LEVEL_NONE), true);
        (void)quiet;
        return f();
    } catch (const std::exception &e) {
        say(err, errlen, first_line(e.what()));
    } catch (...) {
        say(err, errlen, "OpenColorIO failed");
    }
    return -1;
}

} // namespace

extern "C" {

int ocio_available(void)
{
    return 1;
}

const char *ocio_version(void)
{
    return OCIO::GetVersion();
}

OcioCfg *ocio_cfg_open(const char *path, char *err, size_t errlen)
{
    const char *p = path && *path ? path : std::getenv("OCIO");
    if (!p || !*p) {
        say(err, errlen, "no OpenColorIO config: give --ocio FILE or set $OCIO");
        return nullptr;
    }
    OcioCfg *c = new (std::nothrow) OcioCfg;
    if (c && guarded(err, errlen, [&]() {
                 c->path = p;
                 c->cfg = OCIO::Config::CreateFromFile(p);
                 c->cfg->validate();
                 return 0;
             }) == 0)
        return c;
    std::string why = c ? err : "out of memory";
    say(err, errlen, std::string("OpenColorIO config '") + p + "': " + why);
    delete c;
    return nullptr;
}

OcioCfg *ocio_cfg_raw(char *err, size_t errlen)
{
    OcioCfg *c = new (std::nothrow) OcioCfg;
    if (c && guarded(err, errlen, [&]() {
                 c->cfg = OCIO::Config::CreateRaw();
                 return 0;
             }) == 0)
        return c;
    delete c;
    return nullptr;
}

void ocio_cfg_close(OcioCfg **c)
{
    if (c) {
        delete *c;
        *c = nullptr;
    }
}

const char *ocio_cfg_path(const OcioCfg *c)
{
    return c->path.c_str();
}

void ocio_cfg_list(const OcioCfg *c, FILE *out)
{
    try {
        std::fprintf(out, "config: %s (OpenColorIO %s)\ncolour spaces:\n",
                     c->path.empty() ? "raw" : c->path.c_str(), OCIO::GetVersion());
        for (const std::string &s : spaces(c->cfg))
            std::fprintf(out, "  %s\n", s.c_str());
        std::fprintf(out, "displays and their views (* the defaults):\n");
        const char *dd = c->cfg->getDefaultDisplay();
        for (const std::string &d : displays(c->cfg)) {
            std::fprintf(out, "  %s%s\n", d.c_str(), d == dd ? " *" : "");
            const char *dv = c->cfg->getDefaultView(d.c_str());
            for (const std::string &v : views(c->cfg, d.c_str()))
                std::fprintf(out, "    %s%s\n", v.c_str(), v == dv ? " *" : "");
        }
        std::vector<std::string> ls = looks(c->cfg);
        std::fprintf(out, "looks:%s\n", ls.empty() ? " none" : "");
        for (const std::string &l : ls)
            std::fprintf(out, "  %s\n", l.c_str());
    } catch (...) {
    }
}

int ocio_cfg_nlooks(const OcioCfg *c)
{
    try {
        return c->cfg->getNumLooks();
    } catch (...) {
        return 0;
    }
}

const char *ocio_cfg_look(const OcioCfg *c, int i)
{
    try {
        const char *s = c->cfg->getLookNameByIndex(i);
        return s ? s : "";
    } catch (...) {
        return "";
    }
}

int ocio_step_output(const OcioCfg *c, const OcioStep *s, OcioOutput *o)
{
    return ocio_output_space(c->cfg, s, o);
}

} // extern "C"

namespace {

// The step's processor as a program: its optimized operations (as OCIO's own CPU
// processor has them), or, one_cdl, its operations as the step has them when
// they are one CDL (else 1). 0; 1 when an operation is not evaluated (missing
// names it); −1 said in err
int to_program(const OcioCfg *c, const OcioStep *s, bool one_cdl, float **prog, size_t *len,
               char *missing, size_t missinglen, char *err, size_t errlen)
{
    *prog = nullptr;
    say(missing, missinglen, "");
    OcioProg p;
    ocio_prog_init(&p);
    int rc = guarded(err, errlen, [&]() {
        std::string why;
        if (!check_names(c, s, why)) {
            say(err, errlen, why);
            return -1;
        }
        // (not optimized, a CDL stays one CDL)
        OCIO::ConstProcessorRcPtr proc = one_cdl ? processor(c, s) : optimized(c, s);
        OCIO::GroupTransformRcPtr g = proc->createGroupTransform();
        if (one_cdl && (g->getNumTransforms() != 1 ||
                        g->getTransform(0)->getTransformType() != OCIO::TRANSFORM_TYPE_CDL))
            return 1;
        for (int i = 0; i < g->getNumTransforms(); i++) {
            std::string name;
            if (!ocio_add_op(&p, g->getTransform(i), name)) {
                if (p.failed)
                    break;
                say(missing, missinglen, name.empty() ? "an operation" : name);
                return 1;
            }
        }
        if (!(*prog = ocio_prog_take(&p, len))) {
            say(err, errlen, "OpenColorIO: out of memory for a program");
            return -1;
        }
        return 0;
    });
    ocio_prog_free(&p);
    return rc;
}

} // namespace

extern "C" {

int ocio_step_program(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *missing,
                      size_t missinglen, char *err, size_t errlen)
{
    return to_program(c, s, false, prog, len, missing, missinglen, err, errlen);
}

int ocio_step_cdl(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *err,
                  size_t errlen)
{
    return to_program(c, s, true, prog, len, nullptr, 0, err, errlen);
}

int ocio_step_apply(const OcioCfg *c, const OcioStep *s, float *rgb, size_t n, char *err,
                    size_t errlen)
{
    return guarded(err, errlen, [&]() {
        std::string why;
        if (!check_names(c, s, why)) {
            say(err, errlen, why);
            return -1;
        }
        OCIO::PackedImageDesc img(rgb, (long)n, 1, 3);
        optimized(c, s)->getDefaultCPUProcessor()->apply(img);
        return 0;
    });
}

OcioCpu *ocio_cpu_create(const OcioCfg *c, const OcioStep *s, char *err, size_t errlen)
{
    OcioCpu *p = new (std::nothrow) OcioCpu;
    if (p && guarded(err, errlen, [&]() {
                 std::string why;
                 if (!check_names(c, s, why)) {
                     say(err, errlen, why);
                     return -1;
                 }
                 p->cpu = optimized(c, s)->getDefaultCPUProcessor();
                 return 0;
             }) == 0)
        return p;
    delete p;
    return nullptr;
}

void ocio_cpu_apply(const OcioCpu *p, float *rgb, size_t n)
{
    try {
        OCIO::PackedImageDesc img(rgb, (long)n, 1, 3);
        p->cpu->apply(img);
    } catch (...) {
    }
}

void ocio_cpu_destroy(OcioCpu **p)
{
    if (p) {
        delete *p;
        *p = nullptr;
    }
}

} // extern "C"
