/* Run statistics (see stats.h). */
#include "report/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HIST_MIN_MS 1e-4 /* 0.1 µs */
#define HIST_RATIO 1.001
#define HIST_BINS 23100 /* up to ~1e-4 · 1.001^23100 ≈ 1e6 ms */

struct Histogram {
    long long count, zero;
    unsigned bins[HIST_BINS];
};

Histogram *hist_create(void)
{
    return calloc(1, sizeof(Histogram));
}

void hist_destroy(Histogram **h)
{
    free(*h);
    *h = NULL;
}

void hist_add(Histogram *h, double ms)
{
    h->count++;
    if (!(ms > HIST_MIN_MS)) { /* also NaN */
        h->zero++;
        return;
    }
    int i = (int)(log(ms / HIST_MIN_MS) / log(HIST_RATIO));
    h->bins[i < HIST_BINS ? i : HIST_BINS - 1]++;
}

long long hist_count(const Histogram *h)
{
    return h->count;
}

double hist_quantile(const Histogram *h, double q)
{
    if (h->count == 0)
        return 0;
    long long rank = (long long)ceil(q * h->count); /* the nearest-rank definition */
    if (rank < 1)
        rank = 1;
    long long seen = h->zero;
    if (seen >= rank)
        return 0;
    for (int i = 0; i < HIST_BINS; i++) {
        seen += h->bins[i];
        if (seen >= rank) /* the bin's geometric middle */
            return HIST_MIN_MS * pow(HIST_RATIO, i + 0.5);
    }
    return HIST_MIN_MS * pow(HIST_RATIO, HIST_BINS);
}

static const char *names[STAT_COUNT] = {"decode", "upload",  "kernel",  "download", "band",
                                        "stage",  "display", "present", "latency"};

struct Stats {
    Histogram *h[STAT_COUNT];
    long long frames, drops, decode_errors;
    FILE *f;
    char path[1024];
    double t0;
    int hash;
    Histogram *av;   /* |A−V| of the frames shown with sound */
    double av_next;  /* the next frame's A−V (ms), NAN: none */
    double present_next; /* the next frame's present_ms, NAN: none */
    char chain[2048];    /* the look's -t text at the end ("" : not said) */
};

void stats_set_chain(Stats *s, const char *text)
{
    snprintf(s->chain, sizeof(s->chain), "%s", text);
}

/* s as a JSON string: quotes, backslashes and control characters escaped */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void stats_set_present(Stats *s, double ms)
{
    s->present_next = ms;
}

void stats_set_av(Stats *s, double ms)
{
    s->av_next = ms;
}

double stats_av_quantile(const Stats *s, double q)
{
    return hist_count(s->av) > 0 ? hist_quantile(s->av, q) : NAN;
}

void stats_hash_frames(Stats *s, int on)
{
    s->hash = on;
}

/* FNV-1a 64 over the frame's visible bytes (packed BGR: width × 3 a row). */
static unsigned long long frame_hash(const FrameBuf *f)
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (int y = 0; y < f->fmt.height; y++) {
        const uint8_t *row = frame_row(f, 0, y);
        for (int x = 0; x < f->fmt.width * 3; x++)
            h = (h ^ row[x]) * 0x100000001b3ULL;
    }
    return h;
}

Stats *stats_create(const char *path, char *err, size_t errlen)
{
    Stats *s = calloc(1, sizeof(*s));
    if (!s)
        goto oom;
    for (int i = 0; i < STAT_COUNT; i++)
        if (!(s->h[i] = hist_create()))
            goto oom;
    if (!(s->av = hist_create()))
        goto oom;
    s->av_next = s->present_next = NAN;
    if (path) {
        snprintf(s->path, sizeof(s->path), "%s", path);
        if (!(s->f = fopen(path, "w"))) {
            snprintf(err, errlen, "cannot create '%s': %s", path, strerror(errno));
            stats_destroy(&s);
            return NULL;
        }
        fputs("{\"frames\":[", s->f);
    }
    return s;
oom:
    snprintf(err, errlen, "stats: out of memory");
    stats_destroy(&s);
    return NULL;
}

void stats_frame(Stats *s, const FrameBuf *f, double display_ms, double shown_ms, int in_fill,
                 int out_fill, long long drops)
{
    const FrameTimings *t = &f->t;
    double latency = f->capture_ms > 0 ? shown_ms - f->capture_ms : 0;
    double v[STAT_COUNT] = {t->decode_ms, t->upload_ms, t->kernel_ms, t->download_ms,
                            t->work_ms,   t->stage_ms,  display_ms,   s->present_next,
                            latency};
    /* stripe timings only from frames that were timed (CUDA: one in StageConfig.time_every) */
    int have[STAT_COUNT];
    for (int i = 0; i < STAT_COUNT; i++) {
        have[i] = t->timed || (i != STAT_UPLOAD && i != STAT_KERNEL && i != STAT_DOWNLOAD &&
                               i != STAT_WORK);
        have[i] &= i != STAT_PRESENT || !isnan(s->present_next);
        if (have[i])
            hist_add(s->h[i], v[i]);
    }
    if (s->frames == 0)
        s->t0 = shown_ms;
    s->frames++;
    if (s->f) {
        fprintf(s->f, "%s\n{\"index\":%lld,\"pts\":%lld,\"serial\":%d,\"shown_ms\":%.3f",
                s->frames > 1 ? "," : "", (long long)f->index, (long long)f->pts, f->serial,
                shown_ms - s->t0);
        for (int i = 0; i < STAT_COUNT; i++)
            if (have[i])
                fprintf(s->f, ",\"%s_ms\":%.4f", names[i], v[i]);
            else
                fprintf(s->f, ",\"%s_ms\":null", names[i]);
        fprintf(s->f, ",\"in_fill\":%d,\"out_fill\":%d,\"dropped\":%lld,\"width\":%d,\"height\":%d,"
                "\"gen\":%d", in_fill, out_fill, drops, f->fmt.width, f->fmt.height, f->look_gen);
        if (f->cropped)
            fprintf(s->f, ",\"crop_x\":%d,\"crop_y\":%d", f->crop_x, f->crop_y);
        if (s->hash && f->fmt.layout == PIX_BGR24)
            fprintf(s->f, ",\"hash\":\"%016llx\"", frame_hash(f));
        if (!isnan(s->av_next))
            fprintf(s->f, ",\"av_ms\":%.3f", s->av_next);
        fputc('}', s->f);
    }
    if (!isnan(s->av_next))
        hist_add(s->av, fabs(s->av_next));
    s->av_next = s->present_next = NAN;
}

void stats_set_drops(Stats *s, long long total)
{
    s->drops = total;
}

void stats_set_decode_errors(Stats *s, long long n)
{
    s->decode_errors = n;
}

double stats_quantile(const Stats *s, StatKind k, double q)
{
    return hist_quantile(s->h[k], q);
}

int stats_finish(Stats *s, FILE *out, double wall_ms, const char *backend, int threads, char *err,
                 size_t errlen)
{
    double fps = wall_ms > 0 ? s->frames * 1000.0 / wall_ms : 0;
    char thr[32] = "", errs[48] = "";
    if (threads > 0)
        snprintf(thr, sizeof(thr), " (%d thread%s)", threads, threads == 1 ? "" : "s");
    if (s->decode_errors > 0)
        snprintf(errs, sizeof(errs), ", %lld decode error%s", s->decode_errors,
                 s->decode_errors == 1 ? "" : "s");
    if (out) {
        fprintf(out, "pinstripe: %lld frames in %.2f s (%.1f fps), %lld dropped%s, %s backend%s\n",
                s->frames, wall_ms / 1000, fps, s->drops, errs, backend, thr);
        fprintf(out, "  ms per frame    median      p99\n");
        for (int i = 0; i < STAT_COUNT; i++)
            if (hist_quantile(s->h[i], 0.99) > 0)
                fprintf(out, "  %-12s %9.3f %9.3f\n", names[i], hist_quantile(s->h[i], 0.5),
                        hist_quantile(s->h[i], 0.99));
        if (hist_count(s->av) > 0)
            fprintf(out, "  %-12s %9.3f %9.3f\n", "|A-V|", hist_quantile(s->av, 0.5),
                    hist_quantile(s->av, 0.99));
    }
    if (!s->f)
        return 0;
    fprintf(s->f, "\n],\n\"summary\":{\"frames\":%lld,\"dropped\":%lld,\"wall_s\":%.4f,"
                  "\"fps\":%.3f,\"decode_errors\":%lld,\"backend\":\"%s\",\"threads\":%d",
            s->frames, s->drops, wall_ms / 1000, fps, s->decode_errors, backend, threads);
    for (int i = 0; i < STAT_COUNT; i++)
        fprintf(s->f, ",\"%s_ms\":{\"median\":%.4f,\"p99\":%.4f}", names[i],
                hist_quantile(s->h[i], 0.5), hist_quantile(s->h[i], 0.99));
    if (hist_count(s->av) > 0)
        fprintf(s->f, ",\"av_abs_ms\":{\"median\":%.4f,\"p99\":%.4f,\"frames\":%lld}",
                hist_quantile(s->av, 0.5), hist_quantile(s->av, 0.99), hist_count(s->av));
    if (s->chain[0]) {
        fputs(",\"chain\":", s->f);
        json_string(s->f, s->chain);
    }
    fputs("}}\n", s->f);
    int bad = ferror(s->f);
    if (fclose(s->f) != 0)
        bad = 1;
    s->f = NULL;
    if (bad) {
        snprintf(err, errlen, "cannot write '%s': %s", s->path, strerror(errno));
        return -1;
    }
    return 0;
}

void stats_destroy(Stats **ps)
{
    Stats *s = ps ? *ps : NULL;
    if (!s)
        return;
    if (s->f)
        fclose(s->f);
    for (int i = 0; i < STAT_COUNT; i++)
        hist_destroy(&s->h[i]);
    hist_destroy(&s->av);
    free(s);
    *ps = NULL;
}
