/* An ocio= step's output signal from its colour space (see out_tags.h). */
#include "look/out_tags.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* whether lowercase s holds word w (not inside a longer run of letters) */
static int has(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w)) {
        int before = p > s && isalpha((unsigned char)p[-1]) && isalpha((unsigned char)w[0]);
        int after = isalpha((unsigned char)p[n]) && isalpha((unsigned char)w[n - 1]);
        if (!before && !after)
            return 1;
    }
    return 0;
}

/* the N of "N nits" (or "N-nit"), else 0 */
static double nits(const char *s)
{
    for (const char *p = strstr(s, "nit"); p; p = strstr(p + 1, "nit")) {
        const char *q = p;
        while (q > s && (q[-1] == ' ' || q[-1] == '-' || q[-1] == '_'))
            q--;
        const char *e = q;
        while (q > s && isdigit((unsigned char)q[-1]))
            q--;
        if (q < e)
            return atof(q);
    }
    return 0;
}

void out_tags(const OcioOutput *o, Step *st)
{
    char all[1100];
    snprintf(all, sizeof(all), "%s | %s | %s | %s", o->display, o->space, o->family, o->view);
    for (char *p = all; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    const char *enc = o->encoding;
    st->out_set = 1, st->out_transfer = TRANSFER_SDR, st->out_primaries = PRIMARIES_BT709;
    st->out_peak = 0, st->out_srgb = 0, st->out_untagged = 0, st->out_note[0] = 0;
    int scene = o->data || !strcmp(enc, "scene-linear") || !strcmp(enc, "log") ||
                !strcmp(enc, "data") ||
                (!enc[0] && !o->display_ref && !o->display[0] &&
                 (has(all, "linear") || has(all, "log")));
    int p3 = has(all, "p3"), hdr = 0;
    if (scene) {
        snprintf(st->out_note, sizeof(st->out_note),
                 "'%s' is not a display's signal (%s): the file gets no colour tags", o->space,
                 o->data ? "data" : enc[0] ? enc : "linear or log");
    } else if (has(all, "pq") || has(all, "st2084") || has(all, "2084")) {
        st->out_transfer = TRANSFER_PQ, hdr = 1;
    } else if (has(all, "hlg")) {
        st->out_transfer = TRANSFER_HLG, hdr = 1;
    } else if (p3 || has(all, "2020") || has(all, "dci")) {
        snprintf(st->out_note, sizeof(st->out_note),
                 "'%s' (%s): no tag fits a wide-gamut SDR display: the file gets no colour tags",
                 o->space, o->display[0] ? o->display : "out=");
    } else if (has(all, "srgb")) {
        st->out_srgb = 1;
    } else if (!(has(all, "1886") || has(all, "709") || has(all, "rec709") || has(all, "bt709"))) {
        snprintf(st->out_note, sizeof(st->out_note),
                 "cannot tell what '%s' encodes (%s): the file gets no colour tags", o->space,
                 enc[0] ? enc : "no encoding given");
    }
    if (hdr) {
        st->out_primaries = p3 ? PRIMARIES_P3 : PRIMARIES_BT2020;
        double n = nits(all);
        st->out_peak = n >= 100 && n <= 10000 ? n : 1000;
    }
    st->out_untagged = st->out_note[0] != 0;
}
