/* The live look (see live.h): the handoff and the keys that change it. */
#include "grade/live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/msg.h"
#include "writer/still.h"
#include "grade/cdl_grade.h"
#include "look/chain.h"
#include "look/cube.h"

void live_look_init(LiveLook *l, const Transform *t, const char *text, double compare,
                    int scopes)
{
    pthread_mutex_init(&l->mu, NULL);
    atomic_init(&l->compare, compare);
    atomic_init(&l->scopes, scopes);
    atomic_init(&l->gen, 0);
    l->t = *t;
    snprintf(l->text, sizeof(l->text), "%s", text);
}

void live_look_destroy(LiveLook *l)
{
    pthread_mutex_destroy(&l->mu);
}

void live_look_set(LiveLook *l, const Transform *t, const char *text)
{
    pthread_mutex_lock(&l->mu);
    l->t = *t;
    snprintf(l->text, sizeof(l->text), "%s", text);
    atomic_store(&l->gen, (atomic_load(&l->gen) + 1) & 0x3fffffff);
    pthread_mutex_unlock(&l->mu);
}

int live_look_take(LiveLook *l, int *gen, Transform *t)
{
    if (atomic_load(&l->gen) == *gen)
        return 0;
    pthread_mutex_lock(&l->mu);
    *t = l->t;
    *gen = atomic_load(&l->gen);
    pthread_mutex_unlock(&l->mu);
    return 1;
}

/* The overlay's name of an adjusted chain: its text, each file= without its
 * directories. */
static void short_name(const char *text, char *out, size_t outlen)
{
    size_t o = 0;
    for (const char *s = text; *s && o + 1 < outlen;) {
        if (strncmp(s, "file=", 5) == 0) {
            const char *end = s + 5 + strcspn(s + 5, ":,");
            const char *slash = s + 5;
            for (const char *q = s + 5; q < end; q++)
                if (*q == '/')
                    slash = q + 1;
            int n = snprintf(out + o, outlen - o, "file=%.*s", (int)(end - slash), slash);
            o = n < 0 ? o : o + (size_t)n >= outlen ? outlen - 1 : o + (size_t)n;
            s = end;
            continue;
        }
        out[o++] = *s++;
    }
    out[o] = '\0';
}

static void use_preset(LiveKeys *k, int i)
{
    Looks *l = k->looks;
    k->preset = i;
    k->adj_ok = l->items[i].spec[0] && adjust_begin(&k->adj, l->items[i].spec) == 0;
    snprintf(k->text, sizeof(k->text), "%s", l->items[i].spec);
    snprintf(k->name, sizeof(k->name), "%s", l->items[i].name);
}

/* Look i as a Transform into *t: a look's file is read when first shown (its
 * text becomes lut1d= or lut3d= by its contents). 0, or -1 with err set. */
static int take_look(Looks *l, int i, Transform *t, char *err, size_t errlen)
{
    LookItem *it = &l->items[i];
    if (i == 0) {
        *t = l->first;
        return 0;
    }
    if (it->is_file) {
        char why[512], spec[ADJUST_TEXT_MAX + 16];
        const Lut *lut = lut_get(it->spec, why, sizeof(why));
        if (!lut)
            return snprintf(err, errlen, "%s", why), -1;
        snprintf(spec, sizeof(spec), "lut%dd=file=%s", lut->dim, it->spec);
        if (strlen(spec) >= sizeof(it->spec))
            return snprintf(err, errlen, "%s: its path is too long for -t", it->name), -1;
        memcpy(it->spec, spec, strlen(spec) + 1);
        it->is_file = 0;
    }
    if (transform_parse(it->spec, t, err, errlen) < 0)
        return -1;
    snprintf(t->name, sizeof(t->name), "%s", it->name);
    return 0;
}

/* While -o writes the HDR that -t's own output makes (app/outfile.c: the file
 * is tagged so, and not tone-mapped), a look that makes another transfer
 * would put its frames under those tags: 1 with why. */
static int other_output(const LiveKeys *k, const Transform *t, char *why, size_t whylen)
{
    static const char *const tf[] = {"SDR", "PQ", "HLG"};
    const HdrSource sdr = {TRANSFER_SDR, PRIMARIES_BT709, 0}, *src = k->shown ? &k->shown_src : &sdr;
    const Transform *first = &k->looks->first;
    HdrSource file = tone_source(first, src), made = tone_source(t, src);
    if (!k->writing || !first->out_set || !tone_is_hdr(&file) || made.transfer == file.transfer)
        return 0;
    snprintf(why, whylen, "%s makes %s, and the file being written is %s", t->name, tf[made.transfer % 3],
             tf[file.transfer % 3]);
    return 1;
}

void live_keys_init(LiveKeys *k, Looks *looks)
{
    memset(k, 0, sizeof(*k));
    k->looks = looks;
    use_preset(k, 0);
    double c = atomic_load(&looks->live.compare);
    k->compare_at = c >= 0 ? c : 0.5;
}

static void note(LiveKeys *k, double now_ms, const char *what)
{
    snprintf(k->note, sizeof(k->note), "%s", what);
    k->note_until_ms = now_ms + 2000;
    k->fresh = 1;
}

static void name_stem(const char *url, char *stem, size_t len);

/* A key's new chain (its text, parsed into t, a its adjustment) becomes the
 * look from the next frame on; what is the note. 1. */
static int take_text(LiveKeys *k, const Adjust *a, const char *text, const Transform *t, double now_ms,
                     const char *what)
{
    k->adj = *a;
    snprintf(k->text, sizeof(k->text), "%s", text);
    short_name(text, k->name, sizeof(k->name));
    live_look_set(&k->looks->live, t, text);
    note(k, now_ms, what);
    return 1;
}

/* k, j: the next (previous) CDL control; ',' '.': step it down (up). */
static int cdl_key(LiveKeys *k, int key, double now_ms)
{
    char what[200], text[ADJUST_TEXT_MAX], err[512], name[24], num[130];
    if (key == 'k' || key == 'K' || key == 'j' || key == 'J') {
        CdlValues v;
        k->cdl_control = (k->cdl_control + (key == 'k' || key == 'K' ? 1 : CDL_CONTROLS - 1)) % CDL_CONTROLS;
        cdl_grade_find(k->text, &v, NULL, 0);
        cdl_control_name(k->cdl_control, name, sizeof(name));
        cdl_control_value(&v, k->cdl_control, num, sizeof(num));
        snprintf(what, sizeof(what), "CDL: %s %s (, and . step it)", name, num);
        note(k, now_ms, what);
        return 1;
    }
    if (!k->adj_ok) {
        note(k, now_ms, "this chain's text is too long to grade");
        return 1;
    }
    if (cdl_grade_step(k->text, k->cdl_control, key == '.' ? 1 : -1, text, sizeof(text), what, sizeof(what)) < 0) {
        note(k, now_ms, what);
        return 1;
    }
    Transform t;
    Adjust a;
    if (transform_parse(text, &t, err, sizeof(err)) < 0 || adjust_begin(&a, text) < 0) {
        note(k, now_ms, strstr(err, "more than") ? "cannot grade: the chain would have more than 8 steps"
                                                 : "cannot grade this chain");
        return 1;
    }
    return take_text(k, &a, text, &t, now_ms, what);
}

/* b: the chain baked and its CDL decision, as files (keep.h), for the frame shown. */
static int keep_key(LiveKeys *k, double now_ms)
{
    static const char *const tf[] = {"SDR", "PQ", "HLG"};
    char why[1600], err[512], stem[256], kind[200], rest[ADJUST_TEXT_MAX], cc_note[500];
    Transform look, t;
    CdlValues v;
    if (!k->dir || !k->shown)
        return note(k, now_ms, "b: no frame shown yet"), 1;
    if (!k->text[0])
        return note(k, now_ms, "b: this chain's text is too long to keep"), 1;
    ToneSettings ts = *k->tone;
    ts.curve = (ToneCurve)atomic_load(k->tone_curve);
    if (transform_parse(k->text, &look, err, sizeof(err)) < 0 ||
        tone_apply(&look, &ts, &k->shown_src, &t, err, sizeof(err)) < 0) {
        snprintf(why, sizeof(why), "b: %s", err);
        return note(k, now_ms, why), 1;
    }
    HdrSource made = tone_source(&look, &k->shown_src);
    int in = k->shown_src.transfer, out = t.chain.tone.on ? TRANSFER_SDR : made.transfer;
    int with_cc = cdl_grade_find(k->text, &v, rest, sizeof(rest));
    snprintf(kind, sizeof(kind), "%s in, %s out%s", tf[in >= 0 && in < 3 ? in : 0], tf[out >= 0 && out < 3 ? out : 0],
             t.chain.tone.on ? " (tone-mapped, as the window shows it)" : "");
    snprintf(cc_note, sizeof(cc_note), " (without the step's %.400s: a .cc holds the decision alone)",
             rest[0] ? rest + 1 : "");
    name_stem(k->url, stem, sizeof(stem));
    if (keep_start(&k->keep, &t, k->text, with_cc ? &v : NULL, rest[0] ? cc_note : "", kind, k->dir, stem,
                   k->shown_index, why, sizeof(why)) < 0)
        return note(k, now_ms, why), 1;
    note(k, now_ms, "b: baking the chain…");
    return 1;
}

int live_keys_key(LiveKeys *k, int key, double now_ms)
{
    Looks *l = k->looks;
    char what[128], text[ADJUST_TEXT_MAX], err[512];
    if (key == 't' || key == 'T') { /* the next preset, unadjusted */
        Transform t;
        char passed[512] = ""; /* the first look that could not be read, said with the next */
        for (int tries = 0, i = k->preset; tries < l->n; tries++) {
            i = (i + 1) % l->n;
            if (take_look(l, i, &t, passed[0] ? err : passed, sizeof(err)) == 0 &&
                !other_output(k, &t, passed[0] ? err : passed, sizeof(err))) {
                use_preset(k, i);
                live_look_set(&l->live, &t, k->text);
                snprintf(what, sizeof(what), "look %d of %d: %s", i + 1, l->n, l->items[i].name);
                note(k, now_ms, what);
                break;
            }
        }
        if (passed[0]) { /* (the note holds 160 bytes: the reason on a line of its own) */
            char both[sizeof(passed) + sizeof(what)];
            snprintf(both, sizeof(both), "%s (passed: %s)", k->note, passed);
            note(k, now_ms, both);
        }
        return 1;
    }
    if (key == 'g' || key == 'G') { /* a still of the next frame the stage makes */
        int idle = STILL_IDLE;
        if (!atomic_compare_exchange_strong(&l->still.state, &idle, STILL_ASKED))
            note(k, now_ms, "a still is on its way already");
        return 1;
    }
    if (key == 'w' || key == 'W') { /* the scopes: off, each alone in turn, off */
        static const int cycle[5] = {0, SCOPE_WAVEFORM, SCOPE_PARADE, SCOPE_VECTOR, SCOPE_HIST};
        int now = atomic_load(&l->live.scopes), i = 0;
        while (i < 5 && cycle[i] != now)
            i++;
        atomic_store(&l->live.scopes, i < 4 ? cycle[i + 1] : 0); /* (a --scope list: off) */
        return 1;
    }
    if (key == 'c' || key == 'C' || key == '[' || key == ']') { /* before/after */
        double c = atomic_load(&l->live.compare);
        if (key == '[' || key == ']')
            live_keys_drag(k, key == '[' ? -1 : 1, 20); /* a twentieth of the width */
        else
            atomic_store(&l->live.compare, c >= 0 ? -1.0 : k->compare_at);
        return 1;
    }
    if (key == 'k' || key == 'K' || key == 'j' || key == 'J' || key == ',' || key == '.')
        return cdl_key(k, key, now_ms);
    if (key == 'b' || key == 'B')
        return keep_key(k, now_ms);
    Adjust a = k->adj;
    int rc = adjust_key(&a, key, what, sizeof(what));
    if (rc == 0)
        return 0;
    if (!k->adj_ok) {
        note(k, now_ms, "this chain's text is too long to adjust");
        return 1;
    }
    if (rc < 0) {
        note(k, now_ms, what);
        return 1;
    }
    Transform t;
    if (adjust_text(&a, text, sizeof(text)) < 0 || transform_parse(text, &t, err, sizeof(err)) < 0) {
        /* (the error's column is in text the user never typed) */
        note(k, now_ms, strstr(err, "more than") || adjust_text(&a, text, sizeof(text)) < 0
                            ? "cannot adjust: the chain would have more than 8 steps"
                            : "cannot adjust this chain");
        return 1;
    }
    return take_text(k, &a, text, &t, now_ms, what);
}

int live_keys_comparing(const LiveKeys *k)
{
    return atomic_load(&k->looks->live.compare) >= 0;
}

void live_keys_drag(LiveKeys *k, int dx, int width)
{
    if (!live_keys_comparing(k) || width <= 0 || dx == 0)
        return;
    double c = k->compare_at + (double)dx / width;
    k->compare_at = c < 0 ? 0 : c > 1 ? 1 : c;
    atomic_store(&k->looks->live.compare, k->compare_at);
}

const char *live_keys_note(const LiveKeys *k, double now_ms)
{
    return now_ms < k->note_until_ms ? k->note : "";
}

const char *live_keys_fresh_note(LiveKeys *k)
{
    int fresh = k->fresh;
    k->fresh = 0;
    return fresh ? k->note : NULL;
}

/* Files named after the input: its file name without directories or extension. */
static void name_stem(const char *url, char *stem, size_t len)
{
    const char *base = strrchr(url, '/') ? strrchr(url, '/') + 1 : url;
    snprintf(stem, len, "%.200s", base[0] ? base : "pinstripe"); /* (room for -N…png) */
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem)
        *dot = '\0';
    for (char *c = stem; *c; c++) /* (a URL's ?, :, & … are no file name) */
        *c = strchr("?*:&|<>\"\\", *c) ? '_' : *c;
}

void live_keys_still(LiveKeys *k, const FrameBuf *f, const char *dir, const char *url, double tb,
                     double start_s, int quiet)
{
    LiveStill *s = &k->looks->still;
    if (atomic_load(&s->state) != STILL_READY ||
        !(f->still || f->serial != s->frame.serial || f->index >= s->frame.index))
        return;
    long long index = (long long)s->frame.index;
    double t_s = (double)s->frame.pts * tb - start_s;
    char stem[256], path[1400], err[1600];
    name_stem(url, stem, sizeof(stem));
    if (still_write_png(&s->frame, dir, stem, index, path, sizeof(path), err, sizeof(err)) == 0)
        msg_say(quiet, "still: %s (frame %lld, %.3f s)", path, index, t_s);
    else
        msg_say(quiet, "%s", err);
    atomic_store(&s->state, STILL_IDLE);
}

void live_keys_files(LiveKeys *k, const char *dir, const char *url, const ToneSettings *tone,
                     atomic_int *tone_curve, int writing, int quiet)
{
    k->dir = dir, k->url = url, k->tone = tone, k->tone_curve = tone_curve, k->quiet = quiet;
    k->writing = writing;
}

void live_keys_shown(LiveKeys *k, const FrameBuf *f, const HdrSource *src)
{
    k->shown = 1;
    k->shown_index = (long long)f->index;
    k->shown_src = *src;
}

void live_keys_poll(LiveKeys *k, double now_ms)
{
    const char *line = keep_poll(&k->keep);
    if (line) {
        note(k, now_ms, line);
        k->fresh = 0; /* (said here, with the overlay or not) */
        msg_say(k->quiet, "%s", line);
    }
}

void live_keys_finish(LiveKeys *k, const char *curve, int quiet)
{
    const char *line = keep_finish(&k->keep);
    if (line)
        msg_say(quiet, "%s", line);
    if (atomic_load(&k->looks->still.state) != STILL_IDLE)
        msg_say(quiet, "still: not taken (no frame was shown after g)");
    if ((strcmp(k->text, k->looks->items[0].spec) == 0 && !curve) || !k->text[0])
        return;
    /* single quotes for a shell; a quote inside becomes '\'' */
    char q[2 * ADJUST_TEXT_MAX];
    size_t o = 0;
    for (const char *s = k->text; *s && o + 5 < sizeof(q); s++) {
        if (*s == '\'')
            memcpy(q + o, "'\\''", 4), o += 4;
        else
            q[o++] = *s;
    }
    q[o] = '\0';
    msg_say(quiet, "the chain at quit: -t '%s'%s%s", q, curve ? " --tone-mapping " : "",
            curve ? curve : "");
}

/* Render `in` with sc into s->buf (grown when too small). 0, or -1 with err set. */
static int still_into(LiveStill *s, const StageConfig *sc, const FrameBuf *in, char *err,
                      size_t errlen)
{
    char note[256];
    int code = 0, rc = -1;
    FrameFormat of = stage_out_format(sc);
    size_t bytes = frame_bytes(&of);
    if (in->on_device) {
        snprintf(err, errlen, "a still needs the frame in host memory (not with --hwdec cuda)");
        return -1;
    }
    if (bytes > s->cap) {
        free(s->buf);
        s->cap = (s->buf = malloc(bytes)) ? bytes : 0;
    }
    if (!s->buf) {
        snprintf(err, errlen, "out of memory for a %dx%d still", of.width, of.height);
        return -1;
    }
    Stage *st = stage_create(sc, note, sizeof(note), err, errlen, &code);
    if (!st)
        return -1;
    memset(&s->frame, 0, sizeof(s->frame));
    frame_wrap(&s->frame, &of, s->buf);
    s->frame.index = in->index, s->frame.pts = in->pts, s->frame.serial = in->serial;
    if (stage_submit(st, in, &s->frame) == 0 && stage_wait(st, NULL) == 0)
        rc = 0;
    else
        snprintf(err, errlen, "%s", stage_error(st));
    stage_destroy(&st);
    return rc;
}

int live_still_render(LiveStill *s, const StageConfig *cfg, const FrameBuf *in, int quiet)
{
    if (atomic_load(&s->state) != STILL_ASKED)
        return 0;
    char err[512];
    StageConfig sc = *cfg; /* the same look, split and dither, at the video's size, on the CPU */
    sc.backend = STAGE_CPU, sc.threads = 0;
    sc.out_width = sc.out_height = sc.crop = sc.out_yuv = 0, sc.out_depth = 8;
    if (still_into(s, &sc, in, err, sizeof(err)) == 0) {
        atomic_store(&s->state, STILL_READY);
        return 1;
    }
    msg_say(quiet, "still: %s", err);
    atomic_store(&s->state, STILL_IDLE);
    return -1;
}

void live_still_free(LiveStill *s)
{
    free(s->buf);
    s->buf = NULL;
    s->cap = 0;
}
