/* libFuzzer target: the -t chain parser on any text; what it accepts is run on
 * a few pixels. Inputs that name files are skipped (no filesystem access). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "look/chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char spec[1024];
    if (size >= sizeof spec)
        return 0;
    memcpy(spec, data, size);
    spec[size] = '\0';
    if (strstr(spec, "file"))
        return 0;
    Transform t;
    char err[256];
    if (transform_parse(spec, &t, err, sizeof err) == 0) {
        transform_tables(&t);
        for (int v = 0; v < 256; v += 51) {
            float rgb[3] = {v / 255.0f, (255 - v) / 255.0f, v / 510.0f};
            colour_apply_chain(&t.chain, rgb);
            for (int c = 0; c < 3; c++)
                if (!(rgb[c] >= 0.0f && rgb[c] <= 1.0f))
                    abort();
        }
    } else if (!err[0]) {
        abort(); /* a refusal always says why */
    }
    return 0;
}
