/* libFuzzer target: the .cube parser must refuse or accept any bytes without
 * crashing, leaking or reading out of bounds, and what it accepts is sane. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "look/cube.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Lut l;
    char err[256];
    if (cube_parse((const char *)data, size, "fuzz.cube", &l, err, sizeof err) == 0) {
        size_t n = l.dim == 3 ? (size_t)l.size * l.size * l.size : (size_t)l.size;
        if (l.size < 2 || (l.dim != 1 && l.dim != 3))
            abort();
        for (size_t i = 0; i < 3 * n; i++)
            if (!isfinite(l.data[i]))
                abort();
        lut_free(&l);
    }
    return 0;
}
