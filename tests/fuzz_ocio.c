/* libFuzzer target: OpenColorIO's config and LUT loading through the shim
 * (ocio/ocio_shim.h) must refuse or accept any bytes without crashing, leaking
 * or letting an exception out. The first byte picks what the rest is written
 * as: an .ocio config (opened, listed, a space-to-space step built), or a LUT
 * file of one of several formats (its step built, and run on a few colours). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "colour/ocio.h"
#include "ocio/ocio_step.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const ext[] = {"ocio", "cube", "spi1d", "spi3d", "cc", "ccc", "clf", "csp", "3dl", "cdl"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *e = ext[data[0] % (sizeof(ext) / sizeof(ext[0]))];
    char path[64], err[512], note[512];
    snprintf(path, sizeof(path), "/tmp/pinstripe-fuzz-%d.%s", (int)getpid(), e);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    float *prog = NULL;
    size_t len = 0;
    if (!strcmp(e, "ocio")) {
        OcioCfg *c = ocio_cfg_open(path, err, sizeof(err));
        if (c) {
            FILE *null = fopen("/dev/null", "w");
            if (null) {
                ocio_cfg_list(c, null);
                fclose(null);
            }
            OcioStep s = {.kind = OCIO_STEP_DISPLAY, .in = "raw"};
            if (ocio_step_build(c, &s, &prog, &len, note, sizeof(note), err, sizeof(err)) == 0)
                free(prog);
            ocio_cfg_close(&c);
        }
    } else {
        OcioCfg *raw = ocio_cfg_raw(err, sizeof(err));
        OcioStep s = {.kind = OCIO_STEP_FILE, .file = path, .cccid = "a"};
        if (raw && ocio_step_program(raw, &s, &prog, &len, note, sizeof(note), err, sizeof(err)) == 0) {
            float v[3] = {0.2f, 0.5f, 0.9f};
            ocio_run(prog, v);
            free(prog);
        }
        ocio_cfg_close(&raw);
    }
    unlink(path);
    return 0;
}
