/* The looks 't' cycles through (see presets.h), and --list-looks. */
#include "grade/presets.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/msg.h"
#include "look/chain.h"
#include "look/cube.h"
#include "look/find.h"
#include "ocio/ocio_shim.h"

static const char *const dir_what[LOOKS_NDIRS] = {"the current folder (-t look= only)",
                                                   "your looks", "the installed looks"};

/* Whether -t's text is the look at path (so 't' does not show it twice). */
static int is_first(const char *first_spec, const char *path, const char *name)
{
    char s[PATH_MAX + 64];
    for (int d = 1; d <= 3; d += 2) {
        snprintf(s, sizeof(s), "lut%dd=file=%s", d, path);
        if (strcmp(first_spec, s) == 0)
            return 1;
    }
    snprintf(s, sizeof(s), "look=%s", name);
    return strcmp(first_spec, s) == 0;
}

int presets_fill(Looks *l, const Transform *first, const Options *o, int all)
{
    const char *first_spec = o->transform;
    char dir[LOOKS_NDIRS][PATH_MAX], **names[LOOKS_NDIRS] = {NULL};
    int count[LOOKS_NDIRS] = {0}, total = 1 + (all ? transform_named_count() : 0);
    for (int d = LOOKS_USER; all && d < LOOKS_NDIRS; d++)
        total += count[d] = looks_names(looks_dir(d, dir[d], sizeof(dir[d])), &names[d]);
    memset(l, 0, sizeof(*l));
    if (!(l->items = calloc((size_t)total, sizeof(*l->items)))) {
        for (int d = 0; d < LOOKS_NDIRS; d++)
            looks_names_free(names[d], count[d]);
        msg_fail("out of memory for %d looks", total);
        return -1;
    }
    LookItem *it = &l->items[0];
    l->first = *first;
    snprintf(it->name, sizeof(it->name), "%s", first->name);
    if (strlen(first_spec) < sizeof(it->spec)) /* (else it cannot be adjusted) */
        snprintf(it->spec, sizeof(it->spec), "%s", first_spec);
    int n = 1, left = 0;
    char why[PATH_MAX + 128] = "";
    for (int d = LOOKS_USER; d < LOOKS_NDIRS; d++) { /* the user's looks first */
        for (int i = 0; i < count[d]; i++) {
            char path[PATH_MAX + 300];
            int len = snprintf(path, sizeof(path), "%s/%s.cube", dir[d], names[d][i]);
            if (is_first(first_spec, path, names[d][i]))
                continue;
            if (strpbrk(path, ":,") || len >= (int)sizeof(it->spec) - 16) { /* (said below) */
                if (!left++)
                    snprintf(why, sizeof(why), "'%s': %s", path, strpbrk(path, ":,")
                             ? "a -t chain cannot hold a path with ':' or ','" : "its path is too long");
                continue;
            }
            it = &l->items[n++];
            snprintf(it->name, sizeof(it->name), "%s.cube%s", names[d][i],
                     d == LOOKS_USER ? " (yours)" : "");
            snprintf(it->spec, sizeof(it->spec), "%s", path);
            it->is_file = 1;
        }
        looks_names_free(names[d], count[d]);
    }
    for (int i = 0; all && i < transform_named_count(); i++) {
        if (strcmp(transform_named(i), first->name) == 0)
            continue;
        it = &l->items[n++];
        snprintf(it->name, sizeof(it->name), "%s", transform_named(i));
        snprintf(it->spec, sizeof(it->spec), "%s", transform_named(i));
    }
    if (left)
        msg_say(o->quiet, "t: %d look%s left out (%s)", left, left > 1 ? "s" : "", why);
    l->n = n;
    live_look_init(&l->live, first, l->items[0].spec, o->compare_on ? o->compare_at : -1, o->scopes);
    return 0;
}

void presets_free(Looks *l)
{
    if (!l->items) /* (presets_fill failed or did not run) */
        return;
    live_look_destroy(&l->live);
    live_still_free(&l->still);
    free(l->items);
    l->items = NULL;
    l->n = 0;
}

int presets_list(const char *ocio_config)
{
    char dir[LOOKS_NDIRS][PATH_MAX], **names[LOOKS_NDIRS];
    int count[LOOKS_NDIRS];
    printf("-t look=NAME takes the first NAME.cube of these folders; 't' in the window cycles\n"
           "-t, then your looks, the installed looks and none, gray, invert, sepia\n");
    for (int d = 0; d < LOOKS_NDIRS; d++)
        count[d] = looks_names(looks_dir(d, dir[d], sizeof(dir[d])), &names[d]);
    for (int d = 0; d < LOOKS_NDIRS; d++) {
        printf("%s: %s%s\n", dir_what[d], dir[d][0] ? dir[d] : "(none: HOME is not set)",
               count[d] ? "" : " (no .cube files)");
        for (int i = 0; i < count[d]; i++) {
            char path[PATH_MAX + 300], err[600], what[700];
            Lut lut;
            snprintf(path, sizeof(path), "%s/%s.cube", dir[d], names[d][i]);
            if (cube_load(path, &lut, err, sizeof(err)) == 0) {
                snprintf(what, sizeof(what), "%dD, size %d", lut.dim, lut.size);
                lut_free(&lut);
            } else {
                snprintf(what, sizeof(what), "cannot be used: %s", err);
            }
            int before = -1; /* the folder whose look of that name -t look= takes instead */
            for (int e = 0; e < d && before < 0; e++)
                for (int j = 0; j < count[e] && before < 0; j++)
                    if (strcmp(names[e][j], names[d][i]) == 0)
                        before = e;
            printf("  %-24s %s%s%s\n", names[d][i], what, before >= 0 ? "; look= takes the one in " : "",
                   before >= 0 ? dir_what[before] : "");
        }
    }
    for (int d = 0; d < LOOKS_NDIRS; d++)
        looks_names_free(names[d], count[d]);
    if (ocio_available() && ((ocio_config && *ocio_config) || getenv("OCIO"))) {
        char err[512];
        OcioCfg *c = ocio_cfg_open(ocio_config, err, sizeof(err));
        if (!c) {
            msg_fail("%s", err);
            return 1;
        }
        int n = ocio_cfg_nlooks(c);
        printf("OpenColorIO looks of %s (-t ocio=...:looks=NAME):%s\n", ocio_cfg_path(c), n ? "" : " none");
        for (int i = 0; i < n; i++)
            printf("  %-24s (an OCIO look)\n", ocio_cfg_look(c, i));
        ocio_cfg_close(&c);
    }
    return 0;
}

int presets_list_ocio(const char *ocio_config)
{
    char err[512];
    const char *env = getenv("OCIO");
    int none = !(ocio_config && *ocio_config) && !(env && *env);
    OcioCfg *c = none ? NULL : ocio_cfg_open(ocio_config, err, sizeof(err));
    if (!c && !none) { /* (a config named that cannot be read: said) */
        msg_fail("--list-ocio: %s", err);
        return 1;
    }
    if (c)
        ocio_cfg_list(c, stdout);
    else
        printf("no OpenColorIO config (give --ocio FILE or set $OCIO for -t ocio=): "
               "the cameras and outputs built in\n");
    ocio_cfg_close(&c);
    printf("cameras (-t camera=NAME, without a config; OpenColorIO's built-in transforms):\n");
    for (int i = 0; i < chain_camera_count(); i++) {
        const char *style, *name = chain_camera(i, &style);
        printf("  %-20s %s\n", name, style);
    }
    printf("outputs (-t camera=NAME:output=O):\n");
    for (int i = 0; i < chain_camera_output_count(); i++) {
        const char *aces, *display, *name = chain_camera_output(i, &aces, &display);
        printf("  %-20s %s, then %s\n", name, aces, display);
    }
    return 0;
}
