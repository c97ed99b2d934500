/* The OpenColorIO steps of -t (see chain_args.h): camera=NAME (a camera log
 * through ACES to a display, with OCIO's built-in transforms), ocio= (a
 * config's colour spaces, or a display and view, with its looks) and
 * lut=file=F (every format OCIO reads). Each becomes one CHAIN_OCIO step whose
 * program (ocio/ocio_step.h) is built once for a process and kept, as LUT
 * files are (look/cube.h): the live keys re-parse chains. And cdl=: an ASC CDL
 * by value (CHAIN_CDL), its numbers in the step itself, never registered, so
 * that live grading's key presses build nothing that stays. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "look/chain.h"
#include "look/chain_args.h"
#include "look/out_tags.h"
#include "ocio/ocio_prog.h"
#include "ocio/ocio_step.h"

/* the cameras: pinstripe's name, OCIO 2.1's built-in transform to ACES2065-1 */
static const char *const cameras[][2] = {
    {"slog3", "SONY_SLOG3-SGAMUT3_to_ACES2065-1"},
    {"slog3-cine", "SONY_SLOG3-SGAMUT3.CINE_to_ACES2065-1"},
    {"slog3-venice", "SONY_SLOG3-SGAMUT3-VENICE_to_ACES2065-1"},
    {"slog3-cine-venice", "SONY_SLOG3-SGAMUT3.CINE-VENICE_to_ACES2065-1"},
    {"logc3", "ARRI_ALEXA-LOGC-EI800-AWG_to_ACES2065-1"},
    {"vlog", "PANASONIC_VLOG-VGAMUT_to_ACES2065-1"},
    {"clog2", "CANON_CLOG2-CGAMUT_to_ACES2065-1"},
    {"clog3", "CANON_CLOG3-CGAMUT_to_ACES2065-1"},
    {"log3g10", "RED_LOG3G10-RWG_to_ACES2065-1"},
    {"redlogfilm", "RED_REDLOGFILM-RWG_to_ACES2065-1"},
};
#define NCAMERAS (int)(sizeof(cameras) / sizeof(cameras[0]))

/* the displays a camera goes to: name, ACES output transform, display encoding;
 * and what comes out (Transform.out_*): the transfer, primaries and peak */
static const struct {
    const char *name, *aces, *display;
    int transfer, primaries;
    double peak;
} outputs[] = {
    {"sdr-video", "ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - SDR-VIDEO_1.0",
     "DISPLAY - CIE-XYZ-D65_to_REC.1886-REC.709", TRANSFER_SDR, PRIMARIES_BT709, 100},
    /* ACES's 1000-nit PQ output (its peak: 1000 cd/m²), limited to the BT.2020 gamut */
    {"hdr-pq-1000", "ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - HDR-VIDEO-1000nit-15nit-REC2020lim_1.1",
     "DISPLAY - CIE-XYZ-D65_to_REC.2100-PQ", TRANSFER_PQ, PRIMARIES_BT2020, 1000},
};
#define NOUTPUTS (int)(sizeof(outputs) / sizeof(outputs[0]))

int chain_camera_count(void)
{
    return NCAMERAS;
}

const char *chain_camera(int i, const char **ocio_style)
{
    if (ocio_style)
        *ocio_style = cameras[i][1];
    return cameras[i][0];
}

int chain_camera_output_count(void)
{
    return NOUTPUTS;
}

const char *chain_camera_output(int i, const char **aces, const char **display)
{
    if (aces)
        *aces = outputs[i].aces;
    if (display)
        *display = outputs[i].display;
    return outputs[i].name;
}

/* ---- the config, and the programs built, for the process ------------------ */

typedef struct Built {
    char *key; /* step_key's */
    float *prog;
    size_t len;
    int baked; /* a 65³ cube over [0,1]: it cannot read unclamped levels */
} Built;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *config_path; /* --ocio, or NULL: $OCIO */
static OcioCfg *config, *raw;
static Built *built;
static int nbuilt;

void chain_ocio_config(const char *path)
{
    pthread_mutex_lock(&lock);
    free(config_path);
    config_path = path && *path ? strdup(path) : NULL;
    ocio_cfg_close(&config);
    pthread_mutex_unlock(&lock);
}

/* the config a step uses (the raw one for camera= and lut=); NULL said */
static OcioCfg *cfg_for(Parser *ps, int needs_config)
{
    char err[512];
    OcioCfg **c = needs_config ? &config : &raw;
    if (!*c)
        *c = needs_config ? ocio_cfg_open(config_path, err, sizeof(err)) : ocio_cfg_raw(err, sizeof(err));
    if (!*c)
        snprintf(ps->err, ps->errlen, "-t: %s", err);
    return *c;
}

/* A baked step is a cube over [0,1]³: samples read at data or legal levels,
 * unclamped (super-whites, footroom, colours out of the gamut), would be clamped
 * at its edges without a word. 0, or −1 said. */
static int unclamped_bake(Parser *ps, const char *name, int baked, int levels)
{
    if (!baked || levels == CHAIN_LEVELS_TAGGED)
        return 0;
    snprintf(ps->err, ps->errlen, "-t %s: an operation of this step is not evaluated exactly, and the "
                                  "cube it is baked into reads [0,1] only: range=data and range=legal "
                                  "cannot be used with it (range=tagged can)", name);
    return -1;
}

/* A step's key among the programs built: every field of s and the config's path,
 * each written with its length first, so no two steps share one */
static char *step_key(const char *cfg, const OcioStep *s)
{
    const char *f[12] = {cfg, s->in, s->out, s->display, s->view, s->looks, s->file, s->cccid};
    for (int i = 0; i < s->nbuiltin && i < 4; i++)
        f[8 + i] = s->builtin[i];
    size_t len = 64;
    for (int i = 0; i < 12; i++)
        len += 24 + (f[i] ? strlen(f[i]) : 0);
    char *k = malloc(len);
    if (!k)
        return NULL;
    int at = snprintf(k, len, "%d %d %d %d;", s->kind, s->interp, s->inverse, s->nbuiltin);
    for (int i = 0; i < 12; i++)
        at += snprintf(k + at, len - (size_t)at, "%zu:%s;", f[i] ? strlen(f[i]) : (size_t)0, f[i] ? f[i] : "");
    return k;
}

int chain_ocio_programs(void)
{
    pthread_mutex_lock(&lock);
    int n = nbuilt;
    pthread_mutex_unlock(&lock);
    return n;
}

/* The registry (under lock): the program kept under key, or NULL */
static const Built *found(const char *key)
{
    for (int i = 0; i < nbuilt; i++)
        if (!strcmp(built[i].key, key))
            return &built[i];
    return NULL;
}

/* key (taken) and prog kept for the process; NULL when out of memory (both
 * freed) */
static const Built *add(char *key, float *prog, size_t len, int baked)
{
    Built *b = realloc(built, sizeof(Built) * (size_t)(nbuilt + 1));
    if (!b) {
        free(key), free(prog);
        return NULL;
    }
    built = b;
    built[nbuilt] = (Built){key, prog, len, baked};
    return &built[nbuilt++];
}

/* the step's program, built or found, for samples read at `levels`; 0, or −1 said */
static int program(Parser *ps, const char *name, const OcioStep *s, int levels, Step *st)
{
    char note[512], err[512], *key = NULL;
    int rc = -1;
    pthread_mutex_lock(&lock);
    OcioCfg *c = cfg_for(ps, s->kind == OCIO_STEP_SPACES || s->kind == OCIO_STEP_DISPLAY);
    if (c && !(key = step_key(c != raw ? ocio_cfg_path(c) : "", s)))
        snprintf(ps->err, ps->errlen, "-t %s: out of memory", name);
    const Built *b = key ? found(key) : NULL;
    if (b) {
        st->prog = b->prog, st->prog_len = b->len;
        rc = unclamped_bake(ps, name, b->baked, levels);
        goto end;
    }
    float *prog = NULL;
    size_t len = 0;
    if (!key)
        goto end;
    if (ocio_step_build(c, s, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0) {
        snprintf(ps->err, ps->errlen, "-t %s: %s", name, err);
        goto end;
    }
    b = add(key, prog, len, note[0] != 0);
    key = NULL; /* (the registry's now, or freed) */
    if (!b) {
        snprintf(ps->err, ps->errlen, "-t %s: out of memory", name);
        goto end;
    }
    if ((rc = unclamped_bake(ps, name, b->baked, levels)) < 0)
        goto end;
    if (note[0])
        fprintf(stderr, "pinstripe: -t %s: %s\n", name, note);
    st->prog = prog, st->prog_len = len;
end:
    if (rc == 0 && (s->kind == OCIO_STEP_SPACES || s->kind == OCIO_STEP_DISPLAY)) {
        OcioOutput o; /* (what it makes: -o's tags, the tone map) */
        if (ocio_step_output(c, s, &o) == 0)
            out_tags(&o, st);
    }
    free(key);
    pthread_mutex_unlock(&lock);
    return rc;
}

/* ---- the steps' options ----------------------------------------------------- */

static int is(const Args *a, int i, const char *key)
{
    return strlen(key) == (size_t)a->klen[i] && !strncmp(a->key[i], key, (size_t)a->klen[i]);
}

/* mix=M (0..1) and range=data|legal|tagged, common to the three steps; 1 when
 * option i is one of them, 0 when not, −1 said (an empty value is said for every
 * option here) */
static int common(Parser *ps, const char *name, const Args *a, int i, Step *st, int *levels)
{
    char v[64];
    if (a->vlen[i] == 0)
        return chain_fail(ps, a->val_at[i], "%s: %.*s= needs a value", name, a->klen[i], a->key[i]);
    if (is(a, i, "mix")) {
        if (chain_value(ps, a, i, v, sizeof(v)) < 0)
            return -1;
        if (chain_decimal(v, &st->mix) < 0 || st->mix < 0 || st->mix > 1)
            return chain_fail(ps, a->val_at[i], "%s: mix must be a number in 0..1, not '%s'", name, v);
        st->has_mix = 1;
        return 1;
    }
    if (is(a, i, "range")) {
        if (chain_value(ps, a, i, v, sizeof(v)) < 0)
            return -1;
        st->range_at = a->key[i];
        if (!strcmp(v, "data"))
            *levels = CHAIN_LEVELS_DATA;
        else if (!strcmp(v, "legal"))
            *levels = CHAIN_LEVELS_LEGAL;
        else if (!strcmp(v, "tagged"))
            *levels = CHAIN_LEVELS_TAGGED;
        else
            return chain_fail(ps, a->val_at[i], "%s: range must be data, legal or tagged, not '%s'",
                              name, v);
        return 1;
    }
    return 0;
}

static int unknown(Parser *ps, const char *name, const Args *a, int i)
{
    return chain_fail(ps, a->key_at[i], "unknown option '%.*s' for %s", a->klen[i], a->key[i], name);
}

static int camera(Parser *ps, const char *name, const Args *a, Step *st, const char *cam, int *levels)
{
    const char *style = NULL;
    char v[64];
    for (int i = 0; i < NCAMERAS; i++)
        if (!strcmp(cam, cameras[i][0]))
            style = cameras[i][1];
    if (!style) {
        char known[512] = "";
        for (int i = 0; i < NCAMERAS; i++)
            snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%s", i ? ", " : "", cameras[i][0]);
        return chain_fail(ps, ps->step, "camera: no camera '%s' (known: %s)", cam, known);
    }
    *levels = CHAIN_LEVELS_DATA; /* the curves are defined on code values */
    int o = 0;
    for (int i = 0; i < a->n; i++) {
        int rc = common(ps, name, a, i, st, levels);
        if (rc < 0)
            return -1;
        if (rc)
            continue;
        if (!is(a, i, "output"))
            return unknown(ps, name, a, i);
        if (chain_value(ps, a, i, v, sizeof(v)) < 0)
            return -1;
        for (o = 0; o < NOUTPUTS && strcmp(v, outputs[o].name); o++)
            ;
        if (o == NOUTPUTS)
            return chain_fail(ps, a->val_at[i], "camera: no output '%s' (known: sdr-video, hdr-pq-1000)", v);
    }
    st->out_set = 1, st->out_transfer = outputs[o].transfer, st->out_primaries = outputs[o].primaries;
    st->out_peak = outputs[o].peak;
    OcioStep s = {.kind = OCIO_STEP_BUILTINS, .builtin = {style, outputs[o].aces, outputs[o].display},
                  .nbuiltin = 3};
    return program(ps, name, &s, *levels, st);
}

/* A CDL step's record (ChainOp.cdl) from a program of one CDL operation
 * (ocio_prog_cdl's); 0, or −1 when prog is not one */
static int cdl_record(const float *prog, size_t len, float rec[CHAIN_CDL_LEN])
{
    if (len != 3 + CHAIN_CDL_LEN || prog[0] != 1.0f || prog[1] != (float)OCIO_OP_CDL ||
        prog[2] != (float)(2 + CHAIN_CDL_LEN))
        return -1;
    memcpy(rec, prog + 3, sizeof(float) * CHAIN_CDL_LEN);
    return 0;
}

/* cdl=file=F[:cccid=ID]: the file's CDL by value (the same record as cdl='s
 * numbers: the same bytes for the same numbers); a file whose transform is
 * not one CDL is a program, as lut=file= makes it. 0, or −1 said */
static int cdl_file(Parser *ps, const char *name, const OcioStep *s, int levels, Step *st)
{
    char err[512];
    float *prog = NULL;
    size_t len = 0;
    pthread_mutex_lock(&lock);
    OcioCfg *c = cfg_for(ps, 0);
    int rc = c ? ocio_step_cdl(c, s, &prog, &len, err, sizeof(err)) : -1;
    pthread_mutex_unlock(&lock);
    if (rc == 0 && cdl_record(prog, len, st->cdl) < 0)
        rc = 1;
    free(prog);
    if (rc == 1) {
        st->kind = CHAIN_OCIO;
        return program(ps, name, s, levels, st);
    }
    if (rc < 0 && c)
        snprintf(ps->err, ps->errlen, "-t %s: %s", name, err);
    return rc;
}

/* cdl=slope=S:offset=O:power=P:sat=N (each of the first three one number or
 * three joined by /: R/G/B), or cdl=file=F[:cccid=ID]: ASC CDL 1.2, OCIO's
 * CDL_ASC style (clamped) */
static int cdl(Parser *ps, const char *name, const Args *a, Step *st)
{
    static const char *const keys[] = {"slope", "offset", "power", "sat", "file", "cccid"};
    char file[512] = "", cccid[256] = "", v[160];
    double val[4][3] = {{1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}};
    int levels = CHAIN_LEVELS_TAGGED, have[6] = {0};
    for (int i = 0; i < a->n; i++) {
        int rc = common(ps, name, a, i, st, &levels), k = 0;
        if (rc < 0)
            return -1;
        if (rc)
            continue;
        while (k < 6 && !is(a, i, keys[k]))
            k++;
        if (k == 6)
            return unknown(ps, name, a, i);
        have[k] = 1;
        char *buf[6] = {v, v, v, v, file, cccid};
        size_t len[6] = {sizeof(v), sizeof(v), sizeof(v), sizeof(v), sizeof(file), sizeof(cccid)};
        if (chain_value(ps, a, i, buf[k], len[k]) < 0)
            return -1;
        if (k >= 4)
            continue;
        /* one number, or (not sat) three joined by / */
        double x[3];
        int n = 0;
        for (char *s = v, *slash;; s = slash + 1) {
            if ((slash = strchr(s, '/')))
                *slash = 0;
            if (n == 3 || chain_decimal(s, &x[n++]) < 0 || !(fabs(x[n - 1]) <= 3.4e38))
                n = -1; /* (a fourth, a word, or beyond a float) */
            if (slash)
                *slash = '/';
            if (!slash || n < 0)
                break;
        }
        if (n != 1 && (n != 3 || k == 3))
            return chain_fail(ps, a->val_at[i], "cdl: %s must be a number%s, not '%.*s'", keys[k],
                              k == 3 ? "" : " or three joined by / (R/G/B)", a->vlen[i], a->val[i]);
        for (int c = 0; c < 3; c++) {
            double y = x[n == 3 ? c : 0];
            /* sat up to 100: beyond, OpenColorIO's own float sums drift off the
             * ASC's (a grey is no longer kept) */
            if (k == 2 ? !(y > 0) : k == 3 ? !(y >= 0 && y <= 100) : k != 1 && !(y >= 0))
                return chain_fail(ps, a->val_at[i], "cdl: %s must be %s, not '%.*s'", keys[k],
                                  k == 2 ? "above 0" : k == 3 ? "in 0..100" : "0 or more", a->vlen[i], a->val[i]);
            val[k][c] = y;
        }
    }
    st->kind = CHAIN_CDL; /* (by value: grade/live.c changes these numbers on a key press) */
    st->levels = levels;
    if (have[4]) { /* a file, read by OpenColorIO (forced to the ASC's style) */
        const char *dot = strrchr(file, '.');
        if (have[0] || have[1] || have[2] || have[3])
            return chain_fail(ps, ps->step, "cdl: file= or numbers (slope, offset, power, sat), not both");
        if (!dot || (strcasecmp(dot, ".cdl") && strcasecmp(dot, ".cc") && strcasecmp(dot, ".ccc")))
            return chain_fail(ps, ps->step, "cdl: '%s' is not a CDL file (.cdl, .cc or .ccc)", file);
        OcioStep s = {.kind = OCIO_STEP_FILE, .file = file, .cccid = cccid};
        return cdl_file(ps, name, &s, levels, st);
    }
    if (have[5])
        return chain_fail(ps, ps->step, "cdl: cccid= goes with file=");
    OcioProg p;
    ocio_prog_init(&p);
    size_t len = 0;
    int made = ocio_prog_cdl(&p, 1, 1, val[0], val[1], val[2], val[3][0]);
    float *prog = made == 0 ? ocio_prog_take(&p, &len) : NULL;
    ocio_prog_free(&p);
    int rc = prog ? cdl_record(prog, len, st->cdl) : -1;
    free(prog);
    return rc < 0 ? chain_fail(ps, ps->step, "cdl: out of memory") : 0;
}

int chain_ocio(Parser *ps, const char *name, const Args *a, Step *st, const char *cam_name)
{
    if (!strcmp(name, "cdl"))
        return cdl(ps, name, a, st);
    char vals[5][512], file[512] = "", interp[32] = "", cccid[256] = "", inverse[16] = "";
    /* each option's text, and which step takes it (lut: 1, ocio: 0) */
    const struct {
        const char *key;
        char *buf;
        size_t len;
        int lut;
    } opt[9] = {{"in", vals[0], sizeof(vals[0]), 0},   {"out", vals[1], sizeof(vals[1]), 0},
                {"display", vals[2], sizeof(vals[2]), 0}, {"view", vals[3], sizeof(vals[3]), 0},
                {"looks", vals[4], sizeof(vals[4]), 0}, {"file", file, sizeof(file), 1},
                {"interp", interp, sizeof(interp), 1}, {"cccid", cccid, sizeof(cccid), 1},
                {"inverse", inverse, sizeof(inverse), 1}};
    int levels = CHAIN_LEVELS_TAGGED, have[9] = {0}, lut = !strcmp(name, "lut");
    st->kind = CHAIN_OCIO;
    if (!strcmp(name, "camera")) { /* camera=NAME[:output=O][:range=R][:mix=M] */
        if (!cam_name || !*cam_name)
            return chain_fail(ps, ps->step, "camera needs a name: camera=NAME (see --help)");
        st->camera = 1;
        int rc = camera(ps, name, a, st, cam_name, &levels);
        st->levels = levels;
        return rc;
    }
    for (int i = 0; i < a->n; i++) {
        int rc = common(ps, name, a, i, st, &levels), k = 0;
        if (rc < 0)
            return -1;
        if (rc)
            continue;
        while (k < 9 && !is(a, i, opt[k].key))
            k++;
        if (k == 9 || opt[k].lut != lut)
            return unknown(ps, name, a, i);
        if (chain_value(ps, a, i, opt[k].buf, opt[k].len) < 0)
            return -1;
        have[k] = 1;
    }
    OcioStep s = {0};
    st->levels = levels;
    if (!strcmp(name, "lut")) {
        static const char *const in[] = {"default", "nearest", "linear", "tetrahedral", "best"};
        if (!have[5])
            return chain_fail(ps, ps->step, "lut needs file=PATH (any LUT or CDL file OpenColorIO reads)");
        s.kind = OCIO_STEP_FILE, s.file = file, s.cccid = cccid;
        s.interp = OCIO_INTERP_TETRAHEDRAL; /* as lut3d= has it: a .cube gives lut3d='s bytes */
        if (interp[0]) {
            int k = 0;
            while (k < 5 && strcmp(interp, in[k]))
                k++;
            if (k == 5)
                return chain_fail(ps, ps->step, "lut: interp must be nearest, linear, tetrahedral, best or "
                                                "default, not '%s'", interp);
            s.interp = k;
        }
        if (inverse[0] && strcmp(inverse, "0") && strcmp(inverse, "1"))
            return chain_fail(ps, ps->step, "lut: inverse must be 0 or 1, not '%s'", inverse);
        s.inverse = inverse[0] == '1';
        return program(ps, name, &s, levels, st);
    }
    if (!have[0])
        return chain_fail(ps, ps->step, "ocio needs in=SPACE, then out=SPACE or display=D:view=V");
    if (have[1] && (have[2] || have[3]))
        return chain_fail(ps, ps->step, "ocio: out= or display=/view=, not both");
    s.kind = have[1] ? OCIO_STEP_SPACES : OCIO_STEP_DISPLAY;
    s.in = vals[0], s.out = have[1] ? vals[1] : NULL;
    s.display = have[2] ? vals[2] : NULL, s.view = have[3] ? vals[3] : NULL;
    s.looks = have[4] ? vals[4] : NULL;
    return program(ps, name, &s, levels, st);
}
