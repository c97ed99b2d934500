// The OpenCV shim (see cv_shim.h): the only file in pinstripe that includes OpenCV
// (and Qt, the toolkit of its windows).
#include "display/cv_shim.h"

#include <cstdio>

#include <opencv2/core.hpp>
#include <opencv2/highgui.hpp>
#include <opencv2/imgproc.hpp>
#ifdef PINSTRIPE_QT
#include <QApplication>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QPointer>
#include <QWidget>

#include <deque>
#endif

static cv::Mat wrap(uint8_t *bgr, int w, int h, int stride)
{
    return cv::Mat(h, w, CV_8UC3, bgr, (size_t)stride);
}

static cv::Scalar colour(unsigned rgb)
{
    return cv::Scalar(rgb & 0xff, (rgb >> 8) & 0xff, (rgb >> 16) & 0xff);
}

// The mouse dragged with its left button: highgui calls this on the thread that
// waits for keys (the main thread), in image pixels.
static struct {
    int down, x, y, dx, dy;
} drag;

static void on_mouse(int event, int x, int y, int flags, void *)
{
    if (event == cv::EVENT_LBUTTONDOWN) {
        drag.down = 1, drag.x = x, drag.y = y;
    } else if (event == cv::EVENT_LBUTTONUP) {
        drag.down = 0;
    } else if (event == cv::EVENT_MOUSEMOVE && drag.down && (flags & cv::EVENT_FLAG_LBUTTON)) {
        drag.dx += x - drag.x, drag.dy += y - drag.y;
        drag.x = x, drag.y = y;
    }
}

extern "C" int cvs_window_drag(int *dx, int *dy)
{
    *dx = drag.dx, *dy = drag.dy;
    drag.dx = drag.dy = 0;
    return *dx || *dy;
}

// Qt's highgui shows the picture in a QGraphicsView, which takes the keyboard's
// focus when clicked and from then on keeps the arrow keys (and Page Up/Down)
// to scroll itself: the window's key handler, and so waitKeyEx, no longer saw
// them (seeking, and zoom's panning, died after a click or a drag). The view
// is left without focus, so every key reaches the window.
#ifdef PINSTRIPE_QT
static QWidget *qt_window(const char *name)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->objectName() == QString::fromUtf8(name) || w->windowTitle() == QString::fromUtf8(name))
            return w;
    return nullptr;
}
#endif

// highgui's Qt window keeps one key: each press it sees overwrites the last,
// and one waitKey lets Qt handle every event that came since the call before.
// Keys pressed faster than the frames are shown (a held ], 2 2 2 typed quickly,
// or any burst while the display is slow) were lost. The window's presses are
// let through one per wait: the others wait here, copied, in order, and one is
// posted back to the window at the start of each wait. (Keys with Control
// alone are highgui's zoom, never a key: they pass.)
#ifdef PINSTRIPE_QT
namespace {
struct Replayed : QKeyEvent { // a held press, posted back
    using QKeyEvent::QKeyEvent;
};

struct KeyQueue : QObject {
    std::deque<Replayed *> held;
    QPointer<QWidget> window; // (null once Qt deletes it: a window closed by its user)
    bool passed = false;  // a press reached highgui in this wait
    bool pending = false; // a held press posted back, not yet delivered
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() != QEvent::KeyPress || o != window.data())
            return false;
        auto *k = static_cast<QKeyEvent *>(e);
        if (dynamic_cast<Replayed *>(k)) {
            pending = false, passed = true;
            return false;
        }
        if (k->modifiers() == Qt::ControlModifier)
            return false;
        if (!passed && !pending && held.empty()) {
            passed = true;
            return false;
        }
        if (held.size() < 256) // (at most 256 waiting: a key held down while the display hangs)
            held.push_back(new Replayed(k->type(), k->key(), k->modifiers(), k->nativeScanCode(),
                                        k->nativeVirtualKey(), k->nativeModifiers(), k->text(),
                                        k->isAutoRepeat(), k->count()));
        return true;
    }
    void wait_begins()
    {
        passed = false;
        pending = false; // (one not delivered in a whole wait is lost with its window)
        if (!window)
            drop();
        if (!held.empty() && window) {
            pending = true;
            QCoreApplication::postEvent(window, held.front()); // (Qt owns it now)
            held.pop_front();
        }
    }
    void drop()
    {
        for (Replayed *r : held)
            delete r;
        held.clear();
    }
    void watch(QWidget *w)
    {
        drop();
        window = w, passed = pending = false;
        if (w)
            w->installEventFilter(this);
    }
};
KeyQueue *key_queue; // (made once, on the display's thread; lives until exit)
} // namespace
#endif

static void keep_keys(const char *name)
{
#ifdef PINSTRIPE_QT
    QWidget *w = qt_window(name);
    if (w)
        for (QGraphicsView *v : w->findChildren<QGraphicsView *>())
            v->setFocusPolicy(Qt::NoFocus);
    if (!key_queue)
        key_queue = new KeyQueue;
    key_queue->watch(w);
#else
    (void)name;
#endif
}

// The picture's view is fitted to the image's ratio (KEEPRATIO) inside the
// window: the window's own client area is what a zoomed crop may fill.
extern "C" int cvs_window_area(const char *name, int *w, int *h)
{
#ifdef PINSTRIPE_QT
    QWidget *win = qt_window(name);
    if (!win || win->width() < 1 || win->height() < 1)
        return -1;
    *w = win->width(), *h = win->height();
    return 0;
#else
    (void)name, (void)w, (void)h;
    return -1;
#endif
}

extern "C" int cvs_window_open(const char *name, int width, int height, char *err, size_t errlen)
{
    try {
        cv::namedWindow(name, cv::WINDOW_NORMAL | cv::WINDOW_KEEPRATIO | cv::WINDOW_GUI_NORMAL);
        cv::resizeWindow(name, width, height);
        cv::setMouseCallback(name, on_mouse);
        keep_keys(name);
        return 0;
    } catch (const cv::Exception &e) {
        std::snprintf(err, errlen, "cannot open a window: %s", e.what());
        return -1;
    }
}

extern "C" int cvs_window_show(const char *name, const uint8_t *bgr, int w, int h, int stride,
                               char *err, size_t errlen)
{
    try {
        cv::imshow(name, wrap(const_cast<uint8_t *>(bgr), w, h, stride));
        return 0;
    } catch (const cv::Exception &e) {
        std::snprintf(err, errlen, "imshow failed: %s", e.what());
        return -1;
    }
}

extern "C" int cvs_wait_key(int ms)
{
    try {
#ifdef PINSTRIPE_QT
        if (key_queue)
            key_queue->wait_begins();
#endif
        return ms > 0 ? cv::waitKeyEx(ms) : cv::pollKey();
    } catch (const cv::Exception &) {
        return -1;
    }
}

extern "C" int cvs_window_visible(const char *name)
{
    try {
        return cv::getWindowProperty(name, cv::WND_PROP_VISIBLE) > 0 ? 1 : 0;
    } catch (const cv::Exception &) {
        return 0;
    }
}

extern "C" void cvs_window_close(const char *name)
{
    try {
#ifdef PINSTRIPE_QT
        if (key_queue)
            key_queue->watch(nullptr); // (the window goes)
#endif
        cv::destroyWindow(name);
        cv::pollKey(); // let the GUI backend process the close
    } catch (const cv::Exception &) {
    }
}

extern "C" void cvs_window_fullscreen(const char *name, int on)
{
    try {
        cv::setWindowProperty(name, cv::WND_PROP_FULLSCREEN,
                              on ? cv::WINDOW_FULLSCREEN : cv::WINDOW_NORMAL);
    } catch (const cv::Exception &) {
    }
}

extern "C" void cvs_window_resize(const char *name, int width, int height)
{
    try {
        cv::resizeWindow(name, width, height);
    } catch (const cv::Exception &) {
    }
}

extern "C" void cvs_text_size(const char *text, double scale, int thickness, int *w, int *h,
                              int *baseline)
{
    int base = 0;
    cv::Size s = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, thickness, &base);
    *w = s.width, *h = s.height, *baseline = base;
}

extern "C" void cvs_draw_text(uint8_t *bgr, int w, int h, int stride, const char *text, int x,
                              int y, double scale, int thickness, unsigned rgb)
{
    cv::Mat m = wrap(bgr, w, h, stride);
    cv::putText(m, text, cv::Point(x, y), cv::FONT_HERSHEY_SIMPLEX, scale, colour(rgb),
                thickness, cv::LINE_AA);
}

extern "C" void cvs_blend_rect(uint8_t *bgr, int w, int h, int stride, int x, int y, int rw,
                               int rh, unsigned rgb, double alpha)
{
    cv::Rect r = cv::Rect(x, y, rw, rh) & cv::Rect(0, 0, w, h);
    if (r.empty())
        return;
    cv::Mat roi = wrap(bgr, w, h, stride)(r);
    roi.convertTo(roi, -1, 1.0 - alpha, 0.0); // in place: no per-frame allocation
    if (rgb) // (black adds nothing: a pass saved)
        roi += colour(rgb) * alpha;
}

extern "C" int cvs_window_image_size(const char *name, int *w, int *h)
{
    try {
        cv::Rect r = cv::getWindowImageRect(name);
        if (r.width <= 0 || r.height <= 0)
            return -1;
        *w = r.width, *h = r.height;
        return 0;
    } catch (const cv::Exception &) {
        return -1;
    }
}

extern "C" void cvs_fill_rects(uint8_t *bgr, int w, int h, int stride, const CvsRect *r, int n)
{
    /* what cv::rectangle(FILLED) does, without its per-call checks: the graph
     * fills ~500 rectangles a few pixels wide a frame (0.10 → 0.02 ms at 1080p) */
    const cv::Rect all(0, 0, w, h);
    for (int i = 0; i < n; i++) {
        cv::Rect c = cv::Rect(r[i].x, r[i].y, r[i].w, r[i].h) & all;
        const uint8_t px[3] = {(uint8_t)(r[i].rgb & 0xff), (uint8_t)((r[i].rgb >> 8) & 0xff),
                               (uint8_t)(r[i].rgb >> 16)};
        for (int y = c.y; y < c.y + c.height; y++) {
            uint8_t *p = bgr + (size_t)y * stride + (size_t)c.x * 3;
            for (int x = 0; x < c.width; x++, p += 3)
                p[0] = px[0], p[1] = px[1], p[2] = px[2];
        }
    }
}

extern "C" void cvs_polyline(uint8_t *bgr, int w, int h, int stride, const int *xs, const int *ys,
                             int n, int thickness, unsigned rgb)
{
    cv::Mat m = wrap(bgr, w, h, stride);
    for (int i = 1; i < n; i++) /* segment by segment: cv::polylines would build a vector */
        cv::line(m, cv::Point(xs[i - 1], ys[i - 1]), cv::Point(xs[i], ys[i]), colour(rgb), thickness,
                 cv::LINE_8);
}
