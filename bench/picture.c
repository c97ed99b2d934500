/* bench_picture (picture.h). */
#include "bench/picture.h"

void bench_picture(FrameBuf *f, int seed)
{
    unsigned s = 1234u + (unsigned)seed;
    int w = f->fmt.width, h = f->fmt.height;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            s = s * 1103515245u + 12345u;
            frame_row(f, 0, y)[x] = (uint8_t)(16 + (x * 219 / w + y * 64 / h + (int)(s >> 28)) % 220);
        }
    for (int y = 0; y < (h + 1) / 2; y++)
        for (int x = 0; x < (w + 1) / 2; x++) {
            frame_row(f, 1, y)[x] = (uint8_t)(16 + x * 224 / ((w + 1) / 2));
            frame_row(f, 2, y)[x] = (uint8_t)(240 - y * 224 / ((h + 1) / 2));
        }
}
