/* An OpenColorIO step's program (see ocio_step.h): the processor's own
 * operations where the program evaluates every one of them, else the whole
 * step baked into a 65³ cube from OCIO's CPU processor, with a line that names
 * the operation and the bake's error on a 10-bit grid. */
#include "ocio/ocio_step.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ocio/ocio_prog.h"

#define BAKE 65

/* the cube over [0,1]³ (blue fastest, as colour/ocio_lut.h reads it) through OCIO */
static float *bake(const OcioCfg *c, const OcioStep *s, size_t *len, char *err, size_t errlen)
{
    size_t n = (size_t)BAKE * BAKE * BAKE;
    float *t = malloc(3 * n * sizeof(float));
    if (!t) {
        snprintf(err, errlen, "out of memory for a baked OpenColorIO step");
        return NULL;
    }
    for (int r = 0; r < BAKE; r++)
        for (int g = 0; g < BAKE; g++)
            for (int b = 0; b < BAKE; b++) {
                float *d = t + 3 * (((size_t)r * BAKE + g) * BAKE + b);
                d[0] = (float)r / (BAKE - 1), d[1] = (float)g / (BAKE - 1),
                d[2] = (float)b / (BAKE - 1);
            }
    OcioProg p;
    ocio_prog_init(&p);
    float *prog = NULL;
    if (ocio_step_apply(c, s, t, n, err, errlen) == 0 && ocio_prog_lut3d(&p, t, BAKE, 1) == 0)
        prog = ocio_prog_take(&p, len);
    else if (p.failed)
        snprintf(err, errlen, "out of memory for a baked OpenColorIO step");
    ocio_prog_free(&p);
    free(t);
    return prog;
}

double ocio_step_error(const OcioCfg *c, const OcioStep *s, const float *prog)
{
    /* every 8th 10-bit code a side (offset by 4), and the 1,024 greys */
    size_t n = 128 * 128 * 128 + 1024, k = 0;
    float *in = malloc(6 * n * sizeof(float)), *ref = in ? in + 3 * n : NULL;
    if (!in)
        return -1;
    for (int r = 4; r < 1024; r += 8)
        for (int g = 4; g < 1024; g += 8)
            for (int b = 4; b < 1024; b += 8, k += 3)
                in[k] = r / 1023.f, in[k + 1] = g / 1023.f, in[k + 2] = b / 1023.f;
    for (int i = 0; i < 1024; i++, k += 3)
        in[k] = in[k + 1] = in[k + 2] = i / 1023.f;
    for (size_t i = 0; i < 3 * n; i++)
        ref[i] = in[i];
    double worst = -1;
    char err[256];
    if (ocio_step_apply(c, s, ref, n, err, sizeof(err)) == 0) {
        worst = 0;
        for (size_t i = 0; i < 3 * n; i += 3) {
            float v[3] = {in[i], in[i + 1], in[i + 2]};
            ocio_run(prog, v);
            for (int ch = 0; ch < 3; ch++) { /* both clamped to [0,1], as the chain's output is */
                float a = ocio_clamp01(v[ch]), b = ocio_clamp01(ref[i + ch]);
                double d = fabs((double)a - (double)b) * 1023.0;
                worst = d > worst ? d : worst;
            }
        }
    }
    free(in);
    return worst;
}

int ocio_step_build(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *note,
                    size_t notelen, char *err, size_t errlen)
{
    char missing[256];
    note[0] = 0;
    int rc = ocio_step_program(c, s, prog, len, missing, sizeof(missing), err, errlen);
    if (rc <= 0)
        return rc;
    if (!(*prog = bake(c, s, len, err, errlen)))
        return -1;
    snprintf(note, notelen,
             "%s is not evaluated exactly: the step is baked into a %d^3 cube (max %.2f LSB10 "
             "on a 10-bit grid)",
             missing, BAKE, ocio_step_error(c, s, *prog));
    return 0;
}
