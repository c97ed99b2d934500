/* overlay_draw (see overlay.h). */
#include "display/overlay.h"

#include "display/cv_shim.h"

void overlay_draw(FrameBuf *f, const char *const *lines, int n)
{
    int w = f->fmt.width, h = f->fmt.height;
    double scale = h / 1400.0 < w / 1800.0 ? h / 1400.0 : w / 1800.0; /* fits 1080p and up */
    if (scale < 0.35)
        scale = 0.35;
    int thick = scale >= 0.7 ? 2 : 1;
    int pad = (int)(8 * scale + 2), boxw = 0, lineh = 0;
    for (int i = 0; i < n; i++) {
        int tw, th, base;
        cvs_text_size(lines[i], scale, thick, &tw, &th, &base);
        if (tw > boxw)
            boxw = tw;
        if (th + base > lineh)
            lineh = th + base;
    }
    lineh += pad / 2;
    cvs_blend_rect(f->data[0], w, h, f->stride[0], 0, 0, boxw + 2 * pad, n * lineh + 2 * pad,
                   0x000000, 0.6);
    for (int i = 0; i < n; i++)
        cvs_draw_text(f->data[0], w, h, f->stride[0], lines[i], pad, pad + (i + 1) * lineh - pad / 2,
                      scale, thick, 0xffffff);
}
