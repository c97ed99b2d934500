/* The OpenColorIO shim of a build without OpenColorIO (see ocio_shim.h): every
 * call fails with one line saying so (tools/install-deps.sh installs
 * libopencolorio-dev; CMake then builds ocio/ocio_shim.cpp instead). */
#include "ocio/ocio_shim.h"

#include <string.h>

#include <stdio.h>

#define NONE "this pinstripe was built without OpenColorIO (install libopencolorio-dev and rebuild)"

static void say(char *err, size_t errlen)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", NONE);
}

int ocio_available(void)
{
    return 0;
}

const char *ocio_version(void)
{
    return "none";
}

OcioCfg *ocio_cfg_open(const char *path, char *err, size_t errlen)
{
    (void)path;
    say(err, errlen);
    return NULL;
}

OcioCfg *ocio_cfg_raw(char *err, size_t errlen)
{
    say(err, errlen);
    return NULL;
}

void ocio_cfg_close(OcioCfg **c)
{
    if (c)
        *c = NULL;
}

const char *ocio_cfg_path(const OcioCfg *c)
{
    (void)c;
    return "";
}

void ocio_cfg_list(const OcioCfg *c, FILE *out)
{
    (void)c, (void)out;
}

int ocio_cfg_nlooks(const OcioCfg *c)
{
    (void)c;
    return 0;
}

const char *ocio_cfg_look(const OcioCfg *c, int i)
{
    (void)c, (void)i;
    return "";
}

int ocio_step_program(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *missing,
                      size_t missinglen, char *err, size_t errlen)
{
    (void)c, (void)s, (void)len;
    *prog = NULL;
    if (missing && missinglen)
        missing[0] = 0;
    say(err, errlen);
    return -1;
}

int ocio_step_cdl(const OcioCfg *c, const OcioStep *s, float **prog, size_t *len, char *err,
                  size_t errlen)
{
    (void)c, (void)s, (void)len;
    *prog = NULL;
    say(err, errlen);
    return -1;
}

int ocio_step_apply(const OcioCfg *c, const OcioStep *s, float *rgb, size_t n, char *err,
                    size_t errlen)
{
    (void)c, (void)s, (void)rgb, (void)n;
    say(err, errlen);
    return -1;
}

OcioCpu *ocio_cpu_create(const OcioCfg *c, const OcioStep *s, char *err, size_t errlen)
{
    (void)c, (void)s;
    say(err, errlen);
    return NULL;
}

void ocio_cpu_apply(const OcioCpu *p, float *rgb, size_t n)
{
    (void)p, (void)rgb, (void)n;
}

void ocio_cpu_destroy(OcioCpu **p)
{
    if (p)
        *p = NULL;
}

int ocio_step_output(const OcioCfg *c, const OcioStep *s, OcioOutput *o)
{
    (void)c, (void)s;
    memset(o, 0, sizeof(*o));
    return -1;
}
