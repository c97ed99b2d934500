/* What the window shows (app/view.c): the video fitted into the view, and zoom
 * (issue 26): the crop's size and origin, 'z' and the arrows, dragging; the
 * overlay's lines broken to fit the frame (display/overlay.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/view.h"
#include "display/cv_shim.h"
#include "display/overlay.h"
#include "display/scopes.h"
#include "tests/check.h"

/* The scopes' marks in the shown signal's units (issue 53): SDR RGB in percent of
 * full range (no video levels' 16 and 235); PQ in cd/m² where ST 2084 puts them
 * (100 at 0.5081, 1000 at 0.7518, 10000 at 1: BT.2100's table); HLG on a 1000 cd/m²
 * display, 203 (reference white) at 75% (BT.2408) and its peak at 1 */
static void check_marks(void)
{
    double at[SCOPE_MARKS_MAX];
    char label[SCOPE_MARKS_MAX][16];
    int n = scopes_marks(TRANSFER_SDR, at, label);
    CHECK(n == 5 && at[0] == 0 && at[4] == 1 && !strcmp(label[4], "100%") && !strcmp(label[2], "50%"),
          "SDR marks: %d, %s at %g", n, label[n - 1], at[n - 1]);
    for (int i = 0; i < n; i++)
        CHECK(!strstr(label[i], "235") && !strstr(label[i], "16"), "SDR mark '%s'", label[i]);
    const struct { int tf; double nits, at, tol; } want[] = {
        {TRANSFER_PQ, 100, 0.5081, 0.0005}, {TRANSFER_PQ, 1000, 0.7518, 0.0005},
        {TRANSFER_PQ, 10000, 1.0, 1e-9},    {TRANSFER_PQ, 0, 0.0, 1e-6},
        {TRANSFER_HLG, 203, 0.75, 0.005},   {TRANSFER_HLG, 1000, 1.0, 1e-6}};
    for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
        n = scopes_marks(want[w].tf, at, label);
        int found = 0;
        for (int i = 0; i < n; i++)
            if (atof(label[i]) == want[w].nits) {
                found = 1;
                CHECK(fabs(at[i] - want[w].at) <= want[w].tol, "%s %g cd/m2 at %.5f, want %.4f",
                      want[w].tf == TRANSFER_PQ ? "PQ" : "HLG", want[w].nits, at[i], want[w].at);
            }
        CHECK(found, "no %g cd/m2 mark", want[w].nits);
    }
}

/* Key b's line on a 640-pixel frame: every line of it fits (but a word wider
 * than the frame), the words all there in their order, one line where it fits */
static void check_wrap(void)
{
    const char *b = "b: looks/clip-000084.cube, the chain (65^3, SDR in, SDR out; max 4.75, p99 2.30 "
                    "LSB10 against it); looks/clip-000084.cc, its CDL decision";
    const char *in[3] = {"fps 25.0", b, "a-word-wider-than-a-small-frame-of-a-few-pixels then more"};
    char out[OVERLAY_LINES][OVERLAY_LINE_MAX];
    int tw, th, base;
    cvs_text_size(b, 0.5, 1, &tw, &th, &base);
    if (tw <= 0) {
        printf("test_view: no text measure in this build (no OpenCV): the overlay's wrap unchecked\n");
        return;
    }
    int full = tw;
    for (int room = 200; room <= 2 * full; room += room < 640 ? 300 : full) {
        int n = overlay_wrap(in, 3, room, 0.5, 1, out, OVERLAY_LINES);
        char joined[3][2 * OVERLAY_LINE_MAX] = {{0}};
        int line = -1, k = 0;
        for (int i = 0; i < n; i++) {
            int cont = out[i][0] == ' ';
            line += !cont;
            CHECK(line >= 0 && line < 3, "room %d: line %d a continuation of nothing", room, i);
            if (line < 0 || line > 2)
                break;
            strcat(joined[line], cont ? out[i] + 1 : out[i]); /* (its space kept: the break's) */
            cvs_text_size(out[i], 0.5, 1, &tw, &th, &base);
            CHECK(tw <= room || !strchr(out[i] + 2 * cont, ' '), "room %d: '%s' %d wide", room, out[i],
                  tw);
            k++;
        }
        for (int j = 0; j < 3; j++)
            CHECK(strcmp(joined[j], in[j]) == 0, "room %d: line %d became '%s'", room, j, joined[j]);
        CHECK(room < full || n == 3, "room %d: %d lines for 3 that fit", room, n);
    }
}

/* a display whose mouse was dragged by (drag_dx, drag_dy) since last asked */
static int drag_dx, drag_dy;
static int fake_drag(int *dx, int *dy)
{
    *dx = drag_dx, *dy = drag_dy;
    drag_dx = drag_dy = 0;
    return *dx || *dy;
}

static void rect(int vw, int vh, long long want, long long zoom, int crop, int w, int h, int x, int y)
{
    int c, gw, gh, gx, gy;
    view_rect(vw, vh, want, 0, 1920, 1080, zoom, &c, &gw, &gh, &gx, &gy);
    CHECK(c == crop && gw == w && gh == h && gx == x && gy == y,
          "%dx%d in %dx%d, zoom %d at (%d, %d): crop %d %dx%d at (%d, %d), wanted crop %d %dx%d at "
          "(%d, %d)", vw, vh, view_w(want), view_h(want), view_gen(zoom), view_w(zoom),
          view_h(zoom), c, gw, gh, gx, gy, crop, w, h, x, y);
}

/* the link's zoom: on, and the crop's origin it gives a 640x360 view of 1280x720 */
static void zoom_is(ViewLink *l, int on, int x, int y)
{
    long long z = atomic_load(&l->zoom);
    int c, w, h, gx, gy;
    view_rect(1280, 720, atomic_load(&l->want), atomic_load(&l->area), 0, 0, z, &c, &w, &h, &gx,
              &gy);
    CHECK((view_gen(z) & 1) == on && (!on || (gx == x && gy == y)),
          "zoom %d at (%d, %d), wanted %d at (%d, %d)", view_gen(z) & 1, gx, gy, on, x, y);
}

int main(void)
{
    /* unzoomed: the video fitted into the view (view_fit) */
    rect(3840, 2160, view_pack(0, 1152, 648), 0, 0, 1152, 648, 0, 0);
    rect(1920, 1080, view_pack(0, 1000, 300), 0, 0, 533, 300, 0, 0);
    rect(360, 640, view_pack(0, 1152, 648), 0, 0, 365, 648, 0, 0);
    /* zoomed: the view's size at 1:1, around the centre, inside the video */
    rect(3840, 2160, view_pack(0, 1152, 648), view_zoom_pack(1, 1920, 1080), 1, 1152, 648, 1344, 756);
    rect(3840, 2160, view_pack(0, 1152, 648), view_zoom_pack(1, 0, 0), 1, 1152, 648, 0, 0);
    rect(3840, 2160, view_pack(0, 1152, 648), view_zoom_pack(1, 9999, 9999), 1, 1152, 648, 2688, 1512);
    /* a view larger than the video on one axis: that axis whole */
    rect(640, 360, view_pack(0, 1000, 300), view_zoom_pack(1, 320, 180), 1, 640, 300, 0, 30);
    /* larger than the screen: the screen; no view: the video */
    rect(3840, 2160, view_pack(0, 8000, 8000), view_zoom_pack(1, 1920, 1080), 1, 1920, 1080, 960, 540);
    rect(640, 360, 0, view_zoom_pack(1, 5, 5), 1, 640, 360, 0, 0);
    /* a 1-pixel view */
    rect(21, 13, view_pack(0, 1, 1), view_zoom_pack(1, 20, 0), 1, 1, 1, 20, 0);
    /* the window's area, not the view: a 1280x100 strip shown 640x50 in a 640x360
     * window zooms to 640x100, its whole height */
    int c, w, h, x, y;
    view_rect(1280, 100, view_pack(0, 640, 50), view_pack(0, 640, 360), 0, 0,
              view_zoom_pack(1, 640, 50), &c, &w, &h, &x, &y);
    CHECK(c == 1 && w == 640 && h == 100 && x == 320 && y == 0, "strip zoomed: %dx%d at (%d, %d)",
          w, h, x, y);
    view_rect(1280, 100, view_pack(0, 640, 50), view_pack(0, 640, 360), 0, 0, 0, &c, &w, &h, &x,
              &y); /* unzoomed: the view */
    CHECK(c == 0 && w == 640 && h == 50, "strip fitted: %dx%d", w, h);

    /* keys and dragging on a link: a 1280x720 video in a 640x360 view */
    ViewLink l;
    memset(&l, 0, sizeof(l));
    Options o;
    memset(&o, 0, sizeof(o));
    l.o = &o;
    atomic_init(&l.want, view_pack(0, 640, 360));
    atomic_init(&l.video, view_pack(0, 1280, 720));
    atomic_init(&l.zoom, 0);
    atomic_init(&l.area, 0);
    DisplayDriver d = {.name = "fake", .drag = fake_drag};
    CHECK(view_key(&l, 'L', 'L') == 0, "an arrow unzoomed is not the view's (it seeks)");
    drag_dx = 50;
    view_drag(&l, &d); /* unzoomed: dropped, not kept for later */
    zoom_is(&l, 0, 0, 0);
    CHECK(view_key(&l, 'z', 0) == 1, "z is the view's");
    zoom_is(&l, 1, 320, 180); /* centred */
    view_drag(&l, &d);
    zoom_is(&l, 1, 320, 180); /* the drag from before zoom is gone */
    CHECK(view_key(&l, 0x1000014, 'R') == 1, "an arrow zoomed moves the crop");
    zoom_is(&l, 1, 400, 180); /* an eighth of 640 */
    view_key(&l, 0xff54, 'D');
    zoom_is(&l, 1, 400, 225); /* an eighth of 360 */
    drag_dx = -100, drag_dy = 30;
    view_drag(&l, &d); /* the picture moves with the mouse: the crop the other way */
    zoom_is(&l, 1, 500, 195);
    for (int i = 0; i < 20; i++)
        view_key(&l, 0, 'L');
    zoom_is(&l, 1, 0, 195); /* stopped at the edge */
    view_key(&l, 0, 'R');
    zoom_is(&l, 1, 80, 195); /* and back from it at once */
    drag_dx = -5000, drag_dy = -5000;
    view_drag(&l, &d);
    zoom_is(&l, 1, 640, 360); /* the far corner */
    CHECK(view_key(&l, 'Z', 0) == 1, "Z too");
    zoom_is(&l, 0, 0, 0);
    CHECK(view_key(&l, 'L', 'L') == 0, "unzoomed again: arrows seek");
    drag_dx = 10;
    view_drag(&l, &d);
    zoom_is(&l, 0, 0, 0);
    view_key(&l, 'z', 0); /* on again: centred, not where it was */
    zoom_is(&l, 1, 320, 180);
    check_wrap();
    check_marks();
    if (!check_failures)
        printf("test_view: fitted, cropped, moved by keys and drags, held inside the video; the overlay's "
               "lines fit; the scopes' marks in the signal's units\n");
    return CHECK_DONE();
}
