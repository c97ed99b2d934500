/* The -t parser and the transforms' maths (see chain.h). Every transform
 * becomes one chain step: an affine map of R,G,B in [0,1], or a table. */
#include "look/chain.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "look/chain_args.h"
#include "look/cube.h"
#include "look/find.h"

/* BT.709 luma weights, for saturation */
#define LR 0.2126
#define LG 0.7152
#define LB 0.0722

static void identity(double m[3][4])
{
    memset(m, 0, sizeof(double) * 12);
    m[0][0] = m[1][1] = m[2][2] = 1;
}

/* a·b for 3×4 affine maps (b first) */
static void compose(double out[3][4], double a[3][4], double b[3][4])
{
    double r[3][4];
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++) {
            double s = j == 3 ? a[i][3] : 0;
            for (int k = 0; k < 3; k++)
                s += a[i][k] * b[k][j];
            r[i][j] = s;
        }
    }
    memcpy(out, r, sizeof(r));
}

/* saturation s around BT.709 luma */
static void saturation(double m[3][4], double s)
{
    const double w[3] = {LR, LG, LB};
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < 3; k++)
            m[i][k] = (1 - s) * w[k] + (i == k ? s : 0);
        m[i][3] = 0;
    }
}

/* rotation by deg about the gray axis (1,1,1)/√3 (Rodrigues) */
static void hue_rotation(double m[3][4], double deg)
{
    double a = deg * M_PI / 180, c = cos(a), s = sin(a), t = 1 - c, u = 1 / sqrt(3.0);
    double k[3] = {u, u, u};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            m[i][j] = t * k[i] * k[j] + (i == j ? c : 0);
        m[i][3] = 0;
    }
    m[0][1] -= s * k[2], m[0][2] += s * k[1];
    m[1][0] += s * k[2], m[1][2] -= s * k[0];
    m[2][0] -= s * k[1], m[2][1] += s * k[0];
}

/* ---- the transforms -------------------------------------------------------- */

/* the transforms without options, also what 't' cycles through */
static const char *const named[] = {"none", "gray", "invert", "sepia"};

static int is_named(const char *name)
{
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
        if (strcmp(name, named[i]) == 0)
            return 1;
    return 0;
}

static int plain(Parser *ps, const char *name, const Args *a, Step *st)
{
    if (a->n > 0)
        return chain_fail(ps, a->key_at[0], "%s takes no options", name);
    identity(st->m);
    if (strcmp(name, "gray") == 0) {
        for (int i = 0; i < 3; i++)
            st->m[i][0] = 0.299, st->m[i][1] = 0.587, st->m[i][2] = 0.114;
    } else if (strcmp(name, "invert") == 0) {
        for (int i = 0; i < 3; i++)
            st->m[i][i] = -1, st->m[i][3] = 1;
    } else if (strcmp(name, "sepia") == 0) {
        const double s[3][3] = {{0.393, 0.769, 0.189}, {0.349, 0.686, 0.168}, {0.272, 0.534, 0.131}};
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                st->m[i][k] = s[i][k];
    }
    return 0;
}

static int eq(Parser *ps, const char *name, const Args *a, Step *st, Step *gamma_step,
              int *ngamma)
{
    static const Opt opts[] = {{"contrast", 1, -1000, 1000}, {"brightness", 0, -1, 1},
                               {"saturation", 1, 0, 3},      {"gamma", 1, 0.1, 10}};
    double v[4];
    if (chain_find_num(ps, a, name, opts, 4, v) < 0)
        return -1;
    double c[3][4], s[3][4];
    identity(c);
    for (int i = 0; i < 3; i++)
        c[i][i] = v[0], c[i][3] = 0.5 - 0.5 * v[0] + v[1]; /* (x − ½)·contrast + ½ + brightness */
    saturation(s, v[2]);
    compose(st->m, s, c);
    *ngamma = 0;
    if (v[3] != 1) {
        memset(gamma_step, 0, sizeof(*gamma_step));
        gamma_step->kind = CHAIN_LUT1D;
        gamma_step->interp = LUT_LINEAR;
        gamma_step->power = 1.0 / v[3];
        *ngamma = 1;
    }
    return 0;
}

static int hue(Parser *ps, const char *name, const Args *a, Step *st)
{
    static const Opt opts[] = {{"degrees", 0, -36000, 36000}, {"saturation", 1, -10, 10}};
    double v[2], r[3][4], s[3][4];
    if (chain_find_num(ps, a, name, opts, 2, v) < 0)
        return -1;
    hue_rotation(r, v[0]);
    saturation(s, v[1]);
    compose(st->m, s, r);
    return 0;
}

static int matrix(Parser *ps, const char *name, const Args *a, Step *st)
{
    static const Opt opts[] = {
        {"rr", 1, -2, 2}, {"rg", 0, -2, 2}, {"rb", 0, -2, 2}, {"ro", 0, -1, 1},
        {"gr", 0, -2, 2}, {"gg", 1, -2, 2}, {"gb", 0, -2, 2}, {"go", 0, -1, 1},
        {"br", 0, -2, 2}, {"bg", 0, -2, 2}, {"bb", 1, -2, 2}, {"bo", 0, -1, 1},
    };
    double v[12];
    if (chain_find_num(ps, a, name, opts, 12, v) < 0)
        return -1;
    for (int i = 0; i < 12; i++)
        st->m[i / 4][i % 4] = v[i];
    return 0;
}

static int swap(Parser *ps, const char *name, const Args *a, Step *st)
{
    const char *order = "bgr";
    int olen = 3;
    for (int i = 0; i < a->n; i++) {
        if (a->klen[i] != 5 || strncmp(a->key[i], "order", 5) != 0)
            return chain_fail(ps, a->key_at[i], "unknown option '%.*s' for %s", a->klen[i], a->key[i],
                        name);
        order = a->val[i], olen = a->vlen[i];
    }
    int used[3] = {0, 0, 0};
    memset(st->m, 0, sizeof(st->m));
    for (int c = 0; c < 3; c++) {
        const char *p = olen == 3 ? strchr("rgb", order[c]) : NULL;
        if (!p || !order[c] || used[p - "rgb"]++)
            return chain_fail(ps, a->n ? a->val_at[a->n - 1] : name,
                        "swap: order must be r, g and b in some order");
        st->m[c][p - "rgb"] = 1; /* output channel c takes input channel order[c] */
    }
    return 0;
}

/* The interpolation arg i names for a dim-D table into st->interp (i < 0: the
 * default). 0, or -1 said. */
static int interp_of(Parser *ps, const char *name, const Args *a, int i, int dim, Step *st)
{
    const char *names3[] = {"nearest", "trilinear", "tetrahedral"};
    const char *names1[] = {"nearest", "linear"};
    int n = dim == 3 ? 3 : 2, j = 0;
    const char **names = dim == 3 ? names3 : names1;
    st->interp = dim == 3 ? LUT_TETRAHEDRAL : LUT_LINEAR;
    if (i < 0)
        return 0;
    while (j < n && !(strlen(names[j]) == (size_t)a->vlen[i] &&
                      strncmp(names[j], a->val[i], a->vlen[i]) == 0))
        j++;
    if (j == n)
        return chain_fail(ps, a->val_at[i], "%s: interp must be %s%s", name,
                    dim == 3 ? "nearest, trilinear or tetrahedral" : "nearest or linear",
                    strcmp(name, "look") ? "" : dim == 3 ? " (a 3D look)" : " (a 1D look)");
    st->interp = j;
    return 0;
}

/* lut3d, lut1d (dim 3, 1: file=) and look (dim 0: NAME found by look_find,
 * 1D or 3D by its contents) */
static int lut(Parser *ps, const char *name, const Args *a, Step *st, int dim, const char *look)
{
    char path[1024] = "", why[512];
    int interp = -1; /* the arg giving it */
    for (int i = 0; i < a->n; i++) {
        if (!look && a->klen[i] == 4 && strncmp(a->key[i], "file", 4) == 0) {
            snprintf(path, sizeof(path), "%.*s", a->vlen[i], a->val[i]);
        } else if (a->klen[i] == 6 && strncmp(a->key[i], "interp", 6) == 0) {
            if (dim && interp_of(ps, name, a, i, dim, st) < 0) /* (a look's: once read) */
                return -1;
            interp = i;
        } else if (a->klen[i] == 3 && strncmp(a->key[i], "mix", 3) == 0) {
            char buf[64];
            snprintf(buf, sizeof(buf), "%.*s", a->vlen[i], a->val[i]);
            if (a->vlen[i] >= (int)sizeof(buf) || chain_decimal(buf, &st->mix) < 0 || st->mix < 0 ||
                st->mix > 1)
                return chain_fail(ps, a->val_at[i], "%s: mix must be a number in 0..1, not '%s'", name,
                            buf);
            st->has_mix = 1;
        } else {
            return chain_fail(ps, a->key_at[i], "unknown option '%.*s' for %s", a->klen[i],
                        a->key[i], name);
        }
    }
    if (look && !*look)
        return chain_fail(ps, ps->step, "look needs a name: look=NAME[:mix=M]");
    if (look && look_find(look, path, sizeof(path), ps->err, ps->errlen) < 0)
        return -1;
    if (!path[0])
        return chain_fail(ps, ps->step, "%s needs file=PATH.cube", name);
    if (!(st->lut = lut_get(path, why, sizeof(why)))) {
        snprintf(ps->err, ps->errlen, "-t %s: %s", name, why);
        return -1;
    }
    if (dim && st->lut->dim != dim) {
        snprintf(ps->err, ps->errlen, "-t %s: '%s' is a %dD LUT, not %dD", name, path,
                 st->lut->dim, dim);
        return -1;
    }
    if (interp_of(ps, name, a, interp, st->lut->dim, st) < 0)
        return -1;
    st->kind = st->lut->dim == 3 ? CHAIN_LUT3D : CHAIN_LUT1D;
    return 0;
}

static void to_op(const Step *st, ChainOp *op)
{
    memset(op, 0, sizeof(*op));
    op->kind = st->kind;
    op->interp = st->interp;
    if (st->kind == CHAIN_AFFINE) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++)
                op->m[i][j] = (float)st->m[i][j];
        return;
    }
    op->mix = st->has_mix ? (float)st->mix : 1.0f;
    if (st->kind == CHAIN_OCIO) {
        op->lut = st->prog;
        op->size = (int)st->prog_len;
        return;
    }
    if (st->kind == CHAIN_CDL) {
        memcpy(op->cdl, st->cdl, sizeof(op->cdl));
        return;
    }
    if (st->power > 0) { /* a table the stage builds: no registry entry per value */
        op->size = GAMMA_TABLE_SIZE;
        op->power = st->power;
        for (int c = 0; c < 3; c++)
            op->scale[c] = (float)(GAMMA_TABLE_SIZE - 1);
        return;
    }
    op->size = st->lut->size;
    op->lut = st->lut->data;
    for (int c = 0; c < 3; c++) {
        op->min[c] = st->lut->dmin[c];
        op->scale[c] = (float)((op->size - 1) / ((double)st->lut->dmax[c] - st->lut->dmin[c]));
    }
}

/* How the chain reads the source (Chain.levels): as a range= on its first step
 * or on its camera= step says; else at the camera= step's data levels wherever
 * it is (the steps in front of it then work on the signal it reads: the log
 * signal); else as its first step reads (an OpenColorIO step as the file is
 * tagged). A range= anywhere else cannot apply, nor two that differ: refused.
 * 0, or −1 said */
static int chain_levels(Parser *ps, const Step *steps, int n, int *levels)
{
    int cam = -1, ranged = -1;
    for (int i = 0; i < n && cam < 0; i++)
        cam = steps[i].camera ? i : -1;
    for (int i = 0; i < n; i++) {
        if (!steps[i].range_at)
            continue;
        if (i != 0 && i != cam)
            return chain_fail(ps, steps[i].range_at,
                              "range= says how the source is read: it applies on the chain's first "
                              "step or on its camera= step, not on a later one");
        if (ranged >= 0 && steps[i].levels != steps[ranged].levels)
            return chain_fail(ps, steps[i].range_at,
                              "a second range=, not the first step's: the source is read one way");
        ranged = ranged < 0 ? i : ranged;
    }
    int first = steps[0].kind == CHAIN_OCIO || steps[0].kind == CHAIN_CDL;
    *levels = ranged >= 0 ? steps[ranged].levels
              : cam >= 0  ? steps[cam].levels
              : first     ? steps[0].levels
                          : CHAIN_LEVELS_TAGGED;
    return 0;
}

int transform_parse(const char *spec, Transform *t, char *err, size_t errlen)
{
    Parser ps = {spec, spec, err, errlen};
    Step steps[CHAIN_MAX_OPS];
    int n = 0;
    memset(t, 0, sizeof(*t));
    snprintf(t->name, sizeof(t->name), "%s", spec);
    const char *s = spec, *end = spec + strlen(spec);
    if (s == end)
        return chain_fail(&ps, s, "empty transform");
    while (s <= end) {
        const char *stop = chain_step_end(s, end), *comma = stop < end ? stop : NULL;
        const char *eqs = memchr(s, '=', (size_t)(stop - s));
        const char *name_end = eqs ? eqs : stop;
        char name[32];
        if (name_end == s)
            return chain_fail(&ps, s, "missing transform name");
        snprintf(name, sizeof(name), "%.*s", (int)(name_end - s), s);
        Args a;
        const char *args = eqs ? eqs + 1 : stop;
        char look[256] = "";
        if ((!strcmp(name, "look") || !strcmp(name, "camera")) && eqs) { /* NAME[:key=value...] */
            const char *colon = memchr(args, ':', (size_t)(stop - args));
            const char *name_stop = colon ? colon : stop;
            if (name_stop - args >= (int)sizeof(look))
                return chain_fail(&ps, args, "%s: a name of at most %d bytes", name, (int)sizeof(look) - 1);
            snprintf(look, sizeof(look), "%.*s", (int)(name_stop - args), args);
            args = colon ? colon + 1 : stop;
        }
        if (chain_split_args(&ps, args, stop, &a) < 0)
            return -1;
        if (n + 1 > CHAIN_MAX_OPS) /* (eq with a gamma takes two: checked below) */
            return chain_fail(&ps, s, "more than %d steps", CHAIN_MAX_OPS);
        Step *st = &steps[n], spare;
        memset(st, 0, sizeof(*st));
        ps.step = s;
        st->kind = CHAIN_AFFINE;
        int rc, extra = 0;
        if (is_named(name))
            rc = plain(&ps, name, &a, st);
        else if (!strcmp(name, "eq"))
            rc = eq(&ps, name, &a, st, n + 1 < CHAIN_MAX_OPS ? &steps[n + 1] : &spare, &extra);
        else if (!strcmp(name, "hue"))
            rc = hue(&ps, name, &a, st);
        else if (!strcmp(name, "matrix"))
            rc = matrix(&ps, name, &a, st);
        else if (!strcmp(name, "swap"))
            rc = swap(&ps, name, &a, st);
        else if (!strcmp(name, "lut3d"))
            rc = lut(&ps, name, &a, st, 3, NULL);
        else if (!strcmp(name, "lut1d"))
            rc = lut(&ps, name, &a, st, 1, NULL);
        else if (!strcmp(name, "look"))
            rc = lut(&ps, name, &a, st, 0, look);
        else if (!strcmp(name, "ocio") || !strcmp(name, "camera") || !strcmp(name, "lut") ||
                 !strcmp(name, "cdl"))
            rc = chain_ocio(&ps, name, &a, st, look);
        else
            return chain_fail(&ps, s, "unknown transform '%s' (known: none, gray, invert, sepia, eq, "
                                      "hue, matrix, swap, lut3d, lut1d, look, lut, ocio, camera, cdl)",
                              name);
        if (rc < 0)
            return -1;
        if (n + 1 + extra > CHAIN_MAX_OPS)
            return chain_fail(&ps, s, "more than %d steps (eq's gamma takes two)", CHAIN_MAX_OPS);
        if (strcmp(name, "none") != 0)
            n += 1 + extra;
        if (!comma)
            break;
        s = comma + 1;
        if (s == end)
            return chain_fail(&ps, s, "missing transform after ','");
    }
    if (n == 0) {
        t->identity = 1;
        return 0;
    }
    t->chain.nops = n;
    if (chain_levels(&ps, steps, n, &t->chain.levels) < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        to_op(&steps[i], &t->chain.ops[i]);
        if (steps[i].out_set) { /* the last signal made is the chain's output */
            t->out_set = 1, t->out_transfer = steps[i].out_transfer,
            t->out_primaries = steps[i].out_primaries, t->out_peak = steps[i].out_peak;
            t->out_srgb = steps[i].out_srgb, t->out_untagged = steps[i].out_untagged;
            snprintf(t->out_note, sizeof(t->out_note), "%s", steps[i].out_note);
        }
    }
    return 0;
}

void transform_tables(Transform *t)
{
    for (int i = 0; i < t->chain.nops; i++) {
        ChainOp *op = &t->chain.ops[i];
        const Lut *l = op->power > 0 && !op->lut ? lut_get_power(op->power, op->size) : NULL;
        if (l)
            op->lut = l->data;
    }
}

int transform_named_count(void)
{
    return (int)(sizeof(named) / sizeof(named[0]));
}

const char *transform_named(int i)
{
    return named[i];
}
