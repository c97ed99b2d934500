/* The values of the options that take words or numbers of their own (see
 * option_values.h). */
#include "options/option_values.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "colour/resample.h"
#include "scope/scope.h"
#include "look/tonemap.h"

/* --window-size, --window-scale and the graph's flags: parsed, checked, exclusive. */
static int check_window(Options *o, char *err, size_t errlen)
{
    o->scale_filter = strcmp(o->scale, "none") == 0      ? -1
                      : strcmp(o->scale, "bicubic") == 0 ? SCALE_MITCHELL
                                                         : scale_filter_parse(o->scale);
    if (o->scale_filter < 0 && strcmp(o->scale, "none")) {
        snprintf(err, errlen, "--scale: '%s' is not bilinear, bicubic, mitchell, catrom, "
                 "lanczos or none", o->scale);
        return -1;
    }
    if (strcmp(o->scale_linear, "yes") && strcmp(o->scale_linear, "no")) {
        snprintf(err, errlen, "--scale-linear: '%s' is not yes or no", o->scale_linear);
        return -1;
    }
    int given = o->compare && !strncmp(o->compare, "split=", 6); /* --compare split[=F] */
    const char *cf = given ? o->compare + 6 : "0.5";
    char *cend = NULL; /* F: a plain decimal in 0..1 */
    o->compare_at = strtod(cf, &cend), o->compare_on = o->compare != NULL;
    if (o->compare && ((!given && strcmp(o->compare, "split")) || cend == cf || *cend ||
                       strspn(cf, "0123456789.") != strlen(cf) || o->compare_at > 1)) {
        snprintf(err, errlen, "--compare: '%s' is not split or split=F with F in 0..1", o->compare);
        return -1;
    }
    if (o->overlay_graph && o->no_overlay_graph) {
        snprintf(err, errlen, "--overlay-graph and --no-overlay-graph: give one or the other");
        return -1;
    }
    if (o->window_size && o->window_scale) {
        snprintf(err, errlen, "--window-size and --window-scale: give one or the other");
        return -1;
    }
    if (o->window_size) {
        int w, h, end = 0;
        if (sscanf(o->window_size, "%dx%d%n", &w, &h, &end) != 2 || o->window_size[end] ||
            w < 1 || h < 1 || w > 16384 || h > 16384) {
            snprintf(err, errlen, "--window-size: '%s' is not WxH with W and H in 1..16384",
                     o->window_size);
            return -1;
        }
        o->window_w = w, o->window_h = h;
    }
    if (o->window_scale) {
        char *end;
        errno = 0;
        double f = strtod(o->window_scale, &end);
        if (errno || end == o->window_scale || *end || !(f >= 0.05 && f <= 8)) {
            snprintf(err, errlen, "--window-scale: '%s' is not a number in 0.05..8",
                     o->window_scale);
            return -1;
        }
        o->window_scale_f = f;
    }
    return 0;
}

/* A plain decimal number (no sign, hex, spaces, inf or nan): 0, or -1. */
static int parse_decimal(const char *text, double *out)
{
    char *end;
    if (!((text[0] >= '0' && text[0] <= '9') || text[0] == '.') || strpbrk(text, "xXpP"))
        return -1;
    errno = 0;
    *out = strtod(text, &end);
    return errno || end == text || *end ? -1 : 0;
}

/* A cd/m² value in [1, 10000]: a display or a source dimmer than 1 cd/m² is
 * not one to tone-map for. */
static int parse_nits(const char *flag, const char *text, double *out, char *err, size_t errlen)
{
    double v;
    if (parse_decimal(text, &v) < 0 || !(v >= 1 && v <= 10000)) {
        snprintf(err, errlen, "%s: '%s' is not a luminance in cd/m² in 1..10000", flag, text);
        return -1;
    }
    *out = v;
    return 0;
}

/* The HDR options: parsed and checked. */
static int check_tone(Options *o, char *err, size_t errlen)
{
    if ((o->tone_curve = tone_curve_parse(o->tone_mapping)) < 0) {
        snprintf(err, errlen, "--tone-mapping: '%s' is not %s", o->tone_mapping,
                 tone_curve_names());
        return -1;
    }
    o->tone_param_f = NAN;
    if (o->tone_param) {
        double v;
        if (parse_decimal(o->tone_param, &v) < 0) {
            snprintf(err, errlen, "--tone-mapping-param: '%s' is not a number", o->tone_param);
            return -1;
        }
        if (tone_param_check((ToneCurve)o->tone_curve, v, err, errlen) < 0)
            return -1;
        o->tone_param_f = v;
    }
    if (parse_nits("--target-peak", o->target_peak, &o->target_peak_f, err, errlen) < 0 ||
        (o->hdr_peak && parse_nits("--hdr-peak", o->hdr_peak, &o->hdr_peak_f, err, errlen) < 0))
        return -1;
    if (strcmp(o->gamut_mapping, "compress") && strcmp(o->gamut_mapping, "clip")) {
        snprintf(err, errlen, "--gamut-mapping: '%s' is not compress or clip", o->gamut_mapping);
        return -1;
    }
    o->gamut_clip = strcmp(o->gamut_mapping, "clip") == 0;
    if (strcmp(o->lut_space, "display") && strcmp(o->lut_space, "source")) {
        snprintf(err, errlen, "--lut-space: '%s' is not display or source", o->lut_space);
        return -1;
    }
    o->lut_first = strcmp(o->lut_space, "source") == 0;
    return 0;
}

/* --scope: a comma list of waveform, parade, vectorscope, histogram. */
static int check_scope(Options *o, char *err, size_t errlen)
{
    static const char *const names[] = {"waveform", "parade", "vectorscope", "histogram"};
    o->scopes = 0;
    for (const char *s = o->scope; s && *s;) {
        size_t n = strcspn(s, ","), k = 0;
        while (k < 4 && !(strlen(names[k]) == n && strncmp(s, names[k], n) == 0))
            k++;
        if (k == 4) {
            snprintf(err, errlen, "--scope: '%.*s' is not waveform, parade, vectorscope or "
                     "histogram", (int)n, s);
            return -1;
        }
        o->scopes |= 1 << k;
        s += n + (s[n] == ',');
        if (s[-1] == ',' && !*s) {
            snprintf(err, errlen, "--scope: '%s' ends with a comma", o->scope);
            return -1;
        }
    }
    if (o->scope_log && !o->scope) /* counts to write: every scope's */
        o->scopes = SCOPE_ALL;
    if (o->scope && !o->scopes) {
        snprintf(err, errlen, "--scope: give waveform, parade, vectorscope or histogram");
        return -1;
    }
    return 0;
}

int options_hwdec(const Options *o)
{
    /* auto: cuda's way (which says why not, where NVDEC cannot) unless --backend cpu */
    if (strcmp(o->hwdec, "cuda") == 0)
        return 1;
    return strcmp(o->hwdec, "auto") == 0 && strcmp(o->backend, "cpu") != 0 ? 2 : 0;
}

/* --progress-format, --progress: a known format; only with -o. */
static int check_progress(const Options *o, char *err, size_t errlen)
{
    int json = strcmp(o->progress_format, "json") == 0;
    if (!json && strcmp(o->progress_format, "human") != 0) {
        snprintf(err, errlen, "--progress-format: '%s' is not human or json", o->progress_format);
        return -1;
    }
    if (!o->output && (json || strcmp(o->progress_to, "-") != 0)) {
        snprintf(err, errlen, "--progress%s: the progress of writing a file; give -o FILE",
                 json ? "-format json" : "");
        return -1;
    }
    if (!*o->progress_to) {
        snprintf(err, errlen, "--progress: give a file name, or - for standard error");
        return -1;
    }
    /* never over the input, the output, or standard output (-o -: the video) */
    struct stat pg, st;
    int exists = strcmp(o->progress_to, "-") != 0 && stat(o->progress_to, &pg) == 0;
    const char *same = NULL;
    if (o->output && strcmp(o->progress_to, o->output) == 0 && strcmp(o->output, "-") != 0)
        same = "-o";
    else if (exists && o->input && stat(o->input, &st) == 0 && st.st_dev == pg.st_dev && st.st_ino == pg.st_ino)
        same = "the input";
    else if (exists && o->output && strcmp(o->output, "-") != 0 && stat(o->output, &st) == 0 &&
             st.st_dev == pg.st_dev && st.st_ino == pg.st_ino)
        same = "-o";
    else if (exists && o->output && strcmp(o->output, "-") == 0 && fstat(STDOUT_FILENO, &st) == 0 &&
             st.st_dev == pg.st_dev && st.st_ino == pg.st_ino && !S_ISCHR(st.st_mode))
        same = "standard output, where -o - writes the video";
    else if (exists && o->output && strcmp(o->output, "-") == 0 && S_ISCHR(pg.st_mode) &&
             fstat(STDOUT_FILENO, &st) == 0 && st.st_rdev == pg.st_rdev && S_ISCHR(st.st_mode))
        same = "standard output, where -o - writes the video";
    if (same) {
        snprintf(err, errlen, "--progress '%s': the same file as %s", o->progress_to, same);
        return -1;
    }
    return 0;
}

/* A time as ffmpeg's -ss takes it: seconds (90, 1.5), or [[hh:]mm:]ss[.ms] with
 * mm and ss under 60 after a colon. 0, or -1. */
static int parse_time(const char *text, double *out)
{
    double part[3], v = 0;
    int n = 0;
    for (const char *p = text;; n++) {
        const char *colon = strchr(p, ':');
        char buf[64];
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        if (n == 3 || len == 0 || len >= sizeof(buf))
            return -1;
        memcpy(buf, p, len), buf[len] = '\0';
        if (parse_decimal(buf, &part[n]) < 0 || strpbrk(buf, "eE") || (colon && strchr(buf, '.')))
            return -1; /* (only the seconds have a fraction) */
        if (!colon)
            break;
        p = colon + 1;
    }
    for (int i = 0; i <= n; i++) {
        if (i > 0 && part[i] >= 60)
            return -1;
        v = v * 60 + part[i];
    }
    *out = v;
    return isfinite(v) && v < 1e9 ? 0 : -1;
}

/* --start, --end: parsed, the end after the start, not with a camera. */
static int check_range(Options *o, char *err, size_t errlen)
{
    const char *bad = o->start && parse_time(o->start, &o->start_s) < 0 ? "--start"
                      : o->end && parse_time(o->end, &o->end_s) < 0     ? "--end"
                                                                         : NULL;
    if (bad) {
        snprintf(err, errlen, "%s: '%s' is not a time (seconds, or [[hh:]mm:]ss[.ms])", bad,
                 bad[2] == 's' ? o->start : o->end);
        return -1;
    }
    if (o->end && o->end_s <= o->start_s) {
        snprintf(err, errlen, "--end %s is not after --start %s", o->end, o->start ? o->start : "0");
        return -1;
    }
    if ((o->start || o->end) && (o->webcam || o->live)) {
        snprintf(err, errlen, "--start/--end: a part of a file; not with %s", o->webcam ? "--webcam" : "--live");
        return -1;
    }
    return 0;
}

int options_check_values(Options *o, char *err, size_t errlen)
{
    if (check_tone(o, err, errlen) < 0 || check_scope(o, err, errlen) < 0 ||
        check_progress(o, err, errlen) < 0 || check_range(o, err, errlen) < 0)
        return -1;
    return check_window(o, err, errlen);
}
