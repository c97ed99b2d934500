/* Transform constructors and the -t parser (see transform.h). */
#include "gpu/transform.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct Named {
    const char *name;
    double m[3][4]; /* real-valued R,G,B affine map; offsets in 0..255 units */
} Named;

static const Named named[] = {
    {"none", {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}},
    {"gray", {{0.299, 0.587, 0.114, 0}, {0.299, 0.587, 0.114, 0}, {0.299, 0.587, 0.114, 0}}},
    {"invert", {{-1, 0, 0, 255}, {0, -1, 0, 255}, {0, 0, -1, 255}}},
    {"sepia", {{0.393, 0.769, 0.189, 0}, {0.349, 0.686, 0.168, 0}, {0.272, 0.534, 0.131, 0}}},
};

static void build(Transform *t, const Named *n)
{
    memset(t, 0, sizeof(*t));
    snprintf(t->name, sizeof(t->name), "%s", n->name);
    t->identity = 1;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 4; c++) {
            t->affine.m[r][c] = (int32_t)lround(n->m[r][c] * COLOUR_ONE);
            if (n->m[r][c] != (c == r ? 1.0 : 0.0))
                t->identity = 0;
        }
    }
}

int transform_parse(const char *spec, Transform *t, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcmp(spec, named[i].name) == 0) {
            build(t, &named[i]);
            return 0;
        }
    }
    snprintf(err, errlen, "-t: unknown transform '%s' (known: %s)", spec, transform_names());
    return -1;
}

int transform_named_count(void)
{
    return (int)(sizeof(named) / sizeof(named[0]));
}

const char *transform_named(int i)
{
    return named[i].name;
}

const char *transform_names(void)
{
    return "none, gray, invert, sepia";
}
