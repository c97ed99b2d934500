/* The stage thread (see stage_thread.h): keeps up to the stage's depth of
 * frames in flight, completes them in order, and re-lays the rings and the
 * stage when the input ring says the stream changed shape. */
#include "app/stage_thread.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/msg.h"
#include "app/view.h"
#include "stage/clock.h"

/* frames in flight at most (the stage may allow more; the rings are sized for this) */
#define MAX_DEPTH 16

struct StageThread {
    StageThreadConfig c;
    Transform look;    /* the live look (its generation), */
    Transform applied; /* what the stage applies now (the look with its tone map), */
    int look_gen, curve; /* the curve, */
    int made;          /* frames' "gen": + 1 at each change of the look or the curve */
    HdrSource src;     /* and the source it was made for */
    int said;          /* the changed transfer under --tone-mapping none */
    int gen;           /* the video's shape: its generation (app/view.h) */
    long long own;     /* its view until the window reports one for it */
    int crop_x, crop_y; /* zoomed: the crop's origin now */
    /* the last frame's completion; the stage's time between two (smoothed), less the
     * time spent waiting on the rings since (blocked_ms: a pause, a slow decoder) */
    double done_ms, every_ms, blocked_ms;
    pthread_t thread;
    int joined;
    int rc;
    char err[512];
};

/* The transform for the look, a curve and a frame's HDR: 0, or -1 with t->err set. */
static int transform_for(StageThread *t, int curve, const HdrSource *src, Transform *out)
{
    ToneSettings ts = *t->c.tone;
    ts.curve = (ToneCurve)curve;
    if (tone_apply(&t->look, &ts, src, out, t->err, sizeof(t->err)) < 0)
        return -1;
    t->applied = *out;
    t->curve = curve, t->src = *src;
    return 0;
}

/* The output for the window's view now (the input's size without one): the
 * view the display reported for this shape of the video, else the window the
 * display makes for it; the video fitted into it or, zoomed, a crop (view_rect). */
static void out_rect(const StageThread *t, const FrameFormat *in, int *crop, int *w, int *h,
                     int *x, int *y)
{
    long long want = t->c.view ? atomic_load(&t->c.view->want) : 0;
    long long area = t->c.view ? atomic_load(&t->c.view->area) : 0;
    long long zoom = t->c.view ? atomic_load(&t->c.view->zoom) : 0;
    if (t->c.view && view_gen(want) != t->gen)
        want = t->own;
    if (t->c.view && view_gen(area) != t->gen)
        area = t->own;
    view_rect(in->width, in->height, want, area, t->c.view ? t->c.view->screen_w : 0,
              t->c.view ? t->c.view->screen_h : 0, zoom, crop, w, h, x, y);
}

/* Make the stage again for sc (after the last one's frames are all done) and
 * tell the display through the output ring; shape: the video changed shape.
 * 0, or -1 with t->err set. */
static int remake(StageThread *t, StageConfig *sc, int shape)
{
    char note[256];
    int code;
    if (shape && t->c.view) {
        t->gen = (t->gen + 1) & 0x7fff;
        t->own = view_window(t->c.view, t->gen, sc->in.width, sc->in.height);
    }
    out_rect(t, &sc->in, &sc->crop, &sc->out_width, &sc->out_height, &sc->crop_x, &sc->crop_y);
    if (transform_for(t, t->curve, &t->src, &sc->transform) < 0)
        return -1;
    stage_destroy(t->c.stage);
    if (!(*t->c.stage = stage_create(sc, note, sizeof(note), t->err, sizeof(t->err), &code)))
        return -1;
    t->c.sc = *sc;
    t->crop_x = sc->crop_x, t->crop_y = sc->crop_y;
    FrameFormat out = stage_out_format(sc);
    if (t->c.view)
        atomic_store(&t->c.view->video, view_pack(t->gen, sc->in.width, sc->in.height));
    ring_write_reformat(t->c.out, out.layout, out.width, out.height);
    return 0;
}

/* Whether the window's view asks for another output size than the stage's, or
 * zoom was turned on or off. */
static int view_changed(const StageThread *t)
{
    int crop, w, h, x, y;
    if (!t->c.view)
        return 0;
    FrameFormat o = stage_out_format(&t->c.sc);
    out_rect(t, &t->c.sc.in, &crop, &w, &h, &x, &y);
    return w != o.width || h != o.height || crop != t->c.sc.crop;
}

/* Zoomed: the crop's origin for the next frame, where the display moved it, and
 * on the frame (for --stats). */
static void crop_next(StageThread *t, Stage *stage, FrameBuf *o)
{
    int crop, w, h, x, y;
    if (!(o->cropped = t->c.sc.crop))
        return;
    out_rect(t, &t->c.sc.in, &crop, &w, &h, &x, &y);
    FrameFormat f = stage_out_format(&t->c.sc);
    /* (else zoom was just turned off, or the crop's size changes with the next
     * stage: the last frames keep their origin) */
    if (crop && w == f.width && h == f.height) {
        t->crop_x = x, t->crop_y = y;
        stage_set_crop(stage, &t->crop_x, &t->crop_y);
    }
    o->crop_x = t->crop_x, o->crop_y = t->crop_y;
}

/* The stream changed size or pixel format: the decoder waits while the input
 * ring is re-laid, the stage is made again at the new geometry, and the display
 * is told through the output ring (it re-lays it when it has shown every frame
 * before). No frame in flight. 0, or -1 with err set. */
static int reshape(StageThread *t)
{
    if (ring_reformat(t->c.in, t->err, sizeof(t->err)) < 0)
        return -1;
    StageConfig sc = t->c.sc;
    sc.in = ring_format(t->c.in);
    sc.stripes = sc.stripes > sc.in.height ? sc.in.height : sc.stripes;
    return remake(t, &sc, 1);
}

/* Whether frame i, read now with n frames ahead of it being made, would be
 * shown late (later than its due time by more than half its duration: the
 * display drops at a whole one, app/show.c's wait_due) were it made, and a newer frame waits
 * to be made instead: the stage, the slowest step, then makes the frames that
 * can be on time, and the picture keeps the clock (ffplay drops before its
 * filters). Made at the rate frames complete */
static int late(StageThread *t, const FrameBuf *i, int n)
{
    if (!t->c.clock || ring_readable(t->c.in) == 0 || !(t->every_ms > 0))
        return 0;
    double due = play_clock_due(t->c.clock, i->pts, i->serial);
    double dur = i->duration > 0 ? (double)i->duration * t->c.clock->tb_ms : 40.0;
    return !isnan(due) && clock_now_ms() + (n + 1) * t->every_ms > due + dur / 2;
}

/* a frame completed now: the time between completions the stage took, smoothed
 * (the waits on the rings left out: a pause, a slow decoder) */
static void completed(StageThread *t)
{
    double now = clock_now_ms(), d = now - t->done_ms - t->blocked_ms;
    if (t->done_ms > 0 && d > 0)
        t->every_ms = t->every_ms > 0 ? 0.8 * t->every_ms + 0.2 * d : d;
    t->done_ms = now, t->blocked_ms = 0;
}

static int depth_of(const Stage *s)
{
    return stage_depth(s) > MAX_DEPTH ? MAX_DEPTH : stage_depth(s);
}

static void *stage_main(void *arg)
{
    StageThread *t = arg;
    FrameRing *in = t->c.in, *out = t->c.out;
    FrameBuf *ins[MAX_DEPTH], *outs[MAX_DEPTH];
    int depth = depth_of(*t->c.stage), head = 0, n = 0, eof = 0;
    /* the stage was made with the first look, the settings' curve and the
     * source's HDR as the decoder saw it at open */
    t->look_gen = -1;
    live_look_take(&t->c.looks->live, &t->look_gen, &t->look);
    t->applied = t->c.sc.transform;
    if (t->c.sc.out_yuv && atomic_load(&t->c.looks->live.scopes))
        msg_say(t->c.quiet, "--scope: nothing is counted on the encoder's 4:2:0 path (-o without "
                "a window); --enc-path bgr counts the frames written");
    t->curve = atomic_load(t->c.tone_curve);
    t->src = t->c.hdr;
    if (t->c.view)
        t->own = view_window(t->c.view, 0, t->c.sc.in.width, t->c.sc.in.height);
    for (;;) {
        Stage *stage = *t->c.stage;
        /* the window's view changed size: the frames in flight are finished at the
         * old size, then the stage is made again at the new one */
        int resize = !eof && view_changed(t);
        /* Complete the oldest frame when the stage is full, at the end, or when no input
         * is waiting: a finished frame is never held back for the next decoded one. */
        if (n > 0 && (n == depth || eof || resize || ring_readable(in) == 0)) {
            FrameBuf *i = ins[head], *o = outs[head];
            if (!o) { /* dropped (late): released, in its turn */
                ring_read_end(in);
                head = (head + 1) % depth;
                n--;
                continue;
            }
            o->t = i->t;
            if (stage_wait(stage, &o->t) < 0) {
                snprintf(t->err, sizeof(t->err), "%s", stage_error(stage));
                break;
            }
            o->pts = i->pts, o->duration = i->duration;
            o->index = i->index, o->serial = i->serial;
            o->capture_ms = i->capture_ms;
            /* the signal tone-mapped (the overlay's words): the chain's own output
             * where it makes one (camera=…:output=hdr-pq-1000), else the frame's */
            HdrSource made = tone_source(&t->applied, &(HdrSource){i->transfer, i->primaries, i->hdr_peak});
            o->transfer = made.transfer, o->primaries = made.primaries, o->hdr_peak = (float)made.peak;
            ring_read_end(in);
            ring_write_end(out);
            completed(t);
            head = (head + 1) % depth;
            n--;
            continue;
        }
        if (eof) {
            ring_write_eof(out);
            return NULL;
        }
        if (resize) {
            StageConfig sc = t->c.sc;
            if (remake(t, &sc, 0) < 0)
                break;
            depth = depth_of(*t->c.stage);
            head = 0;
            continue;
        }
        FrameBuf *i, *o;
        double w0 = clock_now_ms(); /* (waits on the rings: not the stage's time) */
        int rc = ring_read_begin(in, &i);
        if (rc == RING_EOF) {
            eof = 1;
            continue;
        }
        if (rc == RING_REFORMAT) { /* every frame before it is done (n == 0 here) */
            if (reshape(t) < 0)
                break;
            depth = depth_of(*t->c.stage);
            head = 0;
            continue;
        }
        int making = 0; /* (frames in flight that are being made) */
        for (int k = 0; k < n; k++)
            making += outs[(head + k) % depth] != NULL;
        if (rc == 0 && late(t, i, making)) { /* (not made: its input slot kept until its turn) */
            int slot = (head + n) % depth;
            ins[slot] = i, outs[slot] = NULL;
            n++;
            atomic_fetch_add(&t->c.clock->drops, 1);
            continue;
        }
        if (rc != 0 || ring_write_begin(out, &o) != 0)
            return NULL; /* aborted; stage_destroy waits for frames in flight */
        t->blocked_ms += clock_now_ms() - w0;
        /* the look changed ('t', the adjustment keys), 'h' was pressed, or the frame's
         * HDR is not what the transform was made for: this frame on uses a new one */
        int look = live_look_take(&t->c.looks->live, &t->look_gen, &t->look);
        int curve = atomic_load(t->c.tone_curve);
        t->made += look || curve != t->curve; /* what the user changed (not the source's HDR) */
        HdrSource src = {i->transfer, i->primaries, i->hdr_peak};
        if (look || curve != t->curve || src.transfer != t->src.transfer ||
            src.primaries != t->src.primaries || src.peak != t->src.peak) {
            if (src.transfer != t->src.transfer && curve == TONE_NONE && t->c.writing && !t->said) {
                static const char *const tf[] = {"SDR", "PQ", "HLG"};
                msg_say(t->c.quiet, "frame %lld: the input's transfer changes from %s to %s; with "
                        "--tone-mapping none the file keeps its first tags (%s)", (long long)i->index,
                        tf[t->src.transfer], tf[src.transfer], tf[t->c.hdr.transfer]);
                t->said = 1;
            }
            Transform tr;
            if (transform_for(t, curve, &src, &tr) < 0)
                break;
            stage_set_transform(stage, &tr);
        }
        crop_next(t, stage, o);
        o->look_gen = t->made;
        int scopes = atomic_load(&t->c.looks->live.scopes); /* --scope, 'w': room in the slot */
        if (ring_slot_scopes(out, o, stage_scope_need(&t->c.sc, scopes)) < 0) {
            snprintf(t->err, sizeof(t->err), "out of memory for the scopes' counts");
            break;
        }
        stage_set_scopes(stage, scopes);
        double cmp = atomic_load(&t->c.looks->live.compare); /* --compare split, 'c' */
        o->compare_on = cmp >= 0, o->compare_at = cmp >= 0 ? cmp : 0;
        stage_set_compare(stage, o->compare_on, o->compare_at);
        if (stage_submit(stage, i, o) < 0) {
            snprintf(t->err, sizeof(t->err), "%s", stage_error(stage));
            break;
        }
        /* key g: this frame again, as the stage makes it now, at the video's size (both
         * stages only read the input) */
        StageConfig still = t->c.sc;
        still.transform = t->applied;
        still.compare = o->compare_on, still.compare_at = o->compare_at;
        o->still = live_still_render(&t->c.looks->still, &still, i, t->c.quiet) > 0;
        int slot = (head + n) % depth;
        ins[slot] = i, outs[slot] = o;
        n++;
    }
    t->rc = -1;
    t->c.failed(t->c.arg);
    return NULL;
}

StageThread *stage_thread_start(const StageThreadConfig *cfg, char *err, size_t errlen)
{
    StageThread *t = calloc(1, sizeof(*t));
    if (t) {
        t->c = *cfg;
        if (pthread_create(&t->thread, NULL, stage_main, t) == 0)
            return t;
        free(t);
    }
    snprintf(err, errlen, "cannot start the stage thread");
    return NULL;
}

int stage_thread_join(StageThread *t, char *err, size_t errlen)
{
    if (!t->joined) {
        pthread_join(t->thread, NULL);
        t->joined = 1;
    }
    if (t->rc < 0)
        snprintf(err, errlen, "%s", t->err);
    return t->rc;
}

void stage_thread_free(StageThread **pt)
{
    StageThread *t = pt ? *pt : NULL;
    if (!t)
        return;
    if (!t->joined)
        pthread_join(t->thread, NULL);
    free(t);
    *pt = NULL;
}
