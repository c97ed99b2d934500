/* A chain's CDL decision graded with keys (see cdl_grade.h). The text is split
 * as transform_parse splits it: steps at ',' and a step's options at ':'
 * (neither after a backslash), a step's name before its first '='. */
#include "grade/cdl_grade.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade/adjust.h"

enum { SLOPE, OFFSET, POWER, SAT };

static const struct {
    const char *key;
    double def, lo, hi, step;
} params[4] = {
    {"slope", 1, 0, 10, 0.02},
    {"offset", 0, -1, 1, 0.005},
    {"power", 1, 0.02, 10, 0.02},
    {"sat", 1, 0, 4, 0.05},
};

void cdl_control_name(int c, char *out, size_t outlen)
{
    static const char *const ch[4] = {"", " R", " G", " B"};
    c = c < 0 ? 0 : c >= CDL_CONTROLS ? CDL_CONTROLS - 1 : c;
    snprintf(out, outlen, "%s%s", params[c / 4].key, c / 4 == SAT ? "" : ch[c % 4]);
}

static void identity(CdlValues *v)
{
    for (int c = 0; c < 3; c++)
        v->slope[c] = 1, v->offset[c] = 0, v->power[c] = 1;
    v->sat = 1;
}

static double *param(CdlValues *v, int p)
{
    return p == SLOPE ? v->slope : p == OFFSET ? v->offset : p == POWER ? v->power : &v->sat;
}

void cdl_control_value(const CdlValues *v, int c, char *out, size_t outlen)
{
    c = c < 0 ? 0 : c >= CDL_CONTROLS ? CDL_CONTROLS - 1 : c;
    int p = c / 4, ch = p == SAT ? 0 : c % 4 - 1;
    const double *x = param((CdlValues *)v, p);
    int three = ch < 0 && !(x[0] == x[1] && x[1] == x[2]);
    size_t o = 0;
    for (int k = three ? 0 : ch < 0 ? 0 : ch, n = 0; n < (three ? 3 : 1) && o < outlen; k++, n++) {
        char num[40];
        adjust_number(x[k], num, sizeof(num));
        o += (size_t)snprintf(out + o, outlen - o, "%s%s", n ? "/" : "", num);
    }
}

/* The next c in [s, end) with no backslash before it, or end. */
static const char *next(const char *s, const char *end, char c)
{
    for (const char *p = s; p < end; p++) {
        if (*p == '\\' && p + 1 < end)
            p++;
        else if (*p == c)
            return p;
    }
    return end;
}

static int named(const char *s, const char *end, const char *name)
{
    size_t n = strlen(name);
    return (size_t)(end - s) >= n && strncmp(s, name, n) == 0 && (s + n == end || s[n] == '=');
}

/* The step the keys grade: [*b, *e) of text, the last cdl step without file=;
 * 0 when there is none. */
static int graded(const char *text, const char **b, const char **e)
{
    const char *end = text + strlen(text);
    int found = 0;
    for (const char *s = text; s <= end;) {
        const char *stop = next(s, end, ',');
        if (named(s, stop, "cdl")) {
            int file = 0;
            const char *o = s + 3 + (s + 3 < stop);
            for (const char *q = o; q < stop;) {
                const char *qs = next(q, stop, ':');
                file |= named(q, qs, "file");
                q = qs + 1;
            }
            if (!file)
                *b = s, *e = stop, found = 1;
        }
        s = stop + 1;
    }
    return found;
}

/* The values of step [s, e) into v; its other options (mix=, range=), each
 * with its ':', appended to rest. */
static void read_step(const char *s, const char *e, CdlValues *v, char *rest, size_t restlen)
{
    size_t r = 0;
    identity(v);
    rest[0] = 0;
    for (const char *q = s + 3 + (s + 3 < e); q < e;) {
        const char *qs = next(q, e, ':');
        int p = 0;
        while (p < 4 && !named(q, qs, params[p].key))
            p++;
        if (p < 4) {
            double *x = param(v, p);
            char *after;
            const char *n = q + strlen(params[p].key) + 1;
            for (int c = 0; c < (p == SAT ? 1 : 3); c++) {
                x[c] = strtod(n, &after);
                if (*after == '/' && after < qs)
                    n = after + 1;
                else if (c == 0 && p != SAT) /* one number for the three */
                    x[1] = x[2] = x[0], c = 3;
            }
        } else if (r + (size_t)(qs - q) + 2 < restlen) {
            r += (size_t)snprintf(rest + r, restlen - r, ":%.*s", (int)(qs - q), q);
        }
        q = qs + 1;
    }
}

int cdl_grade_find(const char *text, CdlValues *v, char *rest, size_t restlen)
{
    const char *b, *e;
    char own[ADJUST_TEXT_MAX];
    if (rest && restlen)
        rest[0] = 0;
    if (!graded(text, &b, &e)) {
        identity(v);
        return 0;
    }
    read_step(b, e, v, rest ? rest : own, rest ? restlen : sizeof(own));
    return 1;
}

/* The step's text: cdl, then each value that is not its default, then rest. */
static int write_step(const CdlValues *v, const char *rest, char *out, size_t outlen)
{
    int o = snprintf(out, outlen, "cdl"), first = 1;
    for (int p = 0; p < 4 && o >= 0 && (size_t)o < outlen; p++) {
        const double *x = param((CdlValues *)v, p);
        int n = p == SAT || (x[0] == x[1] && x[1] == x[2]) ? 1 : 3;
        if (n == 1 && x[0] == params[p].def)
            continue;
        o += snprintf(out + o, outlen - (size_t)o, "%c%s=", first ? '=' : ':', params[p].key);
        first = 0;
        for (int c = 0; c < n && o >= 0 && (size_t)o < outlen; c++) {
            char num[40];
            adjust_number(x[c], num, sizeof(num));
            o += snprintf(out + o, outlen - (size_t)o, "%s%s", c ? "/" : "", num);
        }
    }
    if (o >= 0 && (size_t)o < outlen) /* (rest's first ':' is '=' when no value came before) */
        o += snprintf(out + o, outlen - (size_t)o, "%s%s", first && rest[0] ? "=" : "", rest + (first && rest[0]));
    return o < 0 || (size_t)o >= outlen ? -1 : 0;
}

/* x + d on the step's grid (not off by an ulp), kept within [lo, hi] in the
 * direction it moves: a value beyond the keys' range (cdl= takes more) is not
 * pulled back by a press away from it, and stays where it is. */
static double stepped(double x, double d, double lo, double hi)
{
    char buf[40];
    snprintf(buf, sizeof(buf), "%.10g", x + d);
    double y = strtod(buf, NULL), top = x > hi ? x : hi, bottom = x < lo ? x : lo;
    return d > 0 ? (y > top ? top : y) : (y < bottom ? bottom : y);
}

int cdl_grade_step(const char *text, int c, int dir, char *out, size_t outlen, char *what, size_t whatlen)
{
    const char *b, *e, *end = text + strlen(text);
    char rest[ADJUST_TEXT_MAX], step[ADJUST_TEXT_MAX], name[24], num[130];
    CdlValues v;
    int have = graded(text, &b, &e);
    if (have) {
        read_step(b, e, &v, rest, sizeof(rest));
    } else { /* a new step: before a last eq, else at the end ("none": instead of it) */
        identity(&v);
        rest[0] = 0;
        const char *last = text;
        for (const char *s = text; s < end; s = next(s, end, ',') + 1)
            last = s;
        if (!strcmp(text, "none") || !text[0])
            b = text, e = end;
        else if (named(last, end, "eq"))
            b = e = last;
        else
            b = e = end;
    }
    c = c < 0 ? 0 : c >= CDL_CONTROLS ? CDL_CONTROLS - 1 : c;
    int p = c / 4, ch = p == SAT ? 0 : c % 4 - 1; /* ch −1: the three */
    double *x = param(&v, p), d = dir < 0 ? -params[p].step : params[p].step;
    /* the channel, up to the end of its range; the master, the three by the whole
     * step (their differences kept: none moves unless all can) */
    int master = ch < 0 && p != SAT, from = ch < 0 ? 0 : ch, to = master ? 2 : from, changed = 1;
    double y[3];
    for (int k = from; k <= to; k++) {
        y[k] = stepped(x[k], d, params[p].lo, params[p].hi);
        changed &= master ? y[k] == stepped(x[k], d, -1e300, 1e300) : y[k] != x[k];
    }
    for (int k = from; k <= to && changed; k++)
        x[k] = y[k];
    cdl_control_name(c, name, sizeof(name));
    cdl_control_value(&v, c, num, sizeof(num));
    snprintf(what, whatlen, "CDL %s %s", name, num);
    if (!changed) {
        size_t w = strlen(what);
        snprintf(what + w, whatlen - w, ": the end of its range");
        return -1;
    }
    if (write_step(&v, rest, step, sizeof(step)) < 0)
        return snprintf(what, whatlen, "cannot grade: the chain's text would be too long"), -1;
    int pre = (int)(b - text), n;
    if (have || b == e) /* (a new step: joined with ',' to the one before or after it) */
        n = snprintf(out, outlen, "%.*s%s%s%s%s", pre, text, b == e && b == end && pre ? "," : "", step,
                     b == e && b < end ? "," : "", e);
    else
        n = snprintf(out, outlen, "%s", step);
    if (n < 0 || (size_t)n >= outlen)
        return snprintf(what, whatlen, "cannot grade: the chain's text would be too long"), -1;
    return 1;
}

/* x's three (or one) numbers, space-separated, into out. */
static void triple(const double *x, int n, char *out, size_t outlen)
{
    size_t o = 0;
    for (int c = 0; c < n && o < outlen; c++) {
        char num[40];
        adjust_number(x[c], num, sizeof(num));
        o += (size_t)snprintf(out + o, outlen - o, "%s%s", c ? " " : "", num);
    }
}

/* s with XML's five special characters as entities, and bytes outside
 * printable ASCII as '?', into out. */
static void xml_text(const char *s, char *out, size_t outlen)
{
    size_t o = 0;
    for (; *s && o + 7 < outlen; s++) {
        const char *ent = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;"
                          : *s == '\'' ? "&apos;" : NULL;
        if (ent)
            o += (size_t)snprintf(out + o, outlen - o, "%s", ent);
        else
            out[o++] = *s >= 0x20 && *s < 0x7f ? *s : '?';
    }
    out[o] = 0;
}

int cdl_write_cc(const char *path, const char *tmp, const char *id, const char *desc, const CdlValues *v,
                 char *err, size_t errlen)
{
    char sl[128], of[128], pw[128], sat[40], xid[1600], xdesc[4000];
    triple(v->slope, 3, sl, sizeof(sl)), triple(v->offset, 3, of, sizeof(of));
    triple(v->power, 3, pw, sizeof(pw)), triple(&v->sat, 1, sat, sizeof(sat));
    xml_text(id, xid, sizeof(xid)), xml_text(desc, xdesc, sizeof(xdesc));
    FILE *f = fopen(tmp, "w");
    if (!f)
        return snprintf(err, errlen, "'%s': %s", path, strerror(errno)), -1;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<ColorCorrection xmlns=\"urn:ASC:CDL:v1.2\" id=\"%s\">\n"
            "    <Description>%s</Description>\n"
            "    <SOPNode>\n"
            "        <Slope>%s</Slope>\n"
            "        <Offset>%s</Offset>\n"
            "        <Power>%s</Power>\n"
            "    </SOPNode>\n"
            "    <SatNode>\n"
            "        <Saturation>%s</Saturation>\n"
            "    </SatNode>\n"
            "</ColorCorrection>\n",
            xid, xdesc, sl, of, pw, sat);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "'%s': %s", path, strerror(errno ? errno : EIO));
        unlink(tmp);
        return -1;
    }
    return 0;
}
