/* The transforms 't' cycles through (see presets.h); the sample looks are
 * read from $PINSTRIPE_ASSETS/luts when it is set, else from the installed
 * looks beside the binary (BIN/../share/pinstripe/looks, found at run time
 * from /proc/self/exe: the prefix is chosen after configure, and a copied
 * tree keeps working), else from the source tree's assets/luts (a build
 * run where it was built). */
#include "app/presets.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/msg.h"
#include "look/chain.h"

const char *presets_looks_dir(char *buf, size_t len)
{
    const char *env = getenv("PINSTRIPE_ASSETS");
    char exe[PATH_MAX];
    struct stat st;
    ssize_t n = env && *env ? -1 : readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n > 0) {
        exe[n] = '\0';
        snprintf(buf, len, "%s/../share/pinstripe/looks", dirname(exe));
        if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
            return buf;
    }
    snprintf(buf, len, "%s/luts", env && *env ? env : PINSTRIPE_ASSETS);
    return buf;
}

void presets_fill(Looks *l, const Transform *first, const Options *o, int max)
{
    const char *first_spec = o->transform;
    static const struct {
        const char *kind, *file;
    } looks[] = {{"lut3d", "teal-orange"}, {"lut3d", "bleach-bypass"}, {"lut3d", "warm-film"},
                 {"lut1d", "s-curve"}};
    const int nnamed = transform_named_count(), nlooks = (int)(sizeof(looks) / sizeof(looks[0]));
    char dir[PATH_MAX + 64], spec[PATH_MAX + 256], err[512];
    presets_looks_dir(dir, sizeof(dir));
    int n = 0;
    max = max > LIVE_PRESETS_MAX ? LIVE_PRESETS_MAX : max;
    l->presets[n] = *first;
    if (strlen(first_spec) < sizeof(l->spec[0])) /* (else it cannot be adjusted) */
        snprintf(l->spec[n], sizeof(l->spec[n]), "%s", first_spec);
    n++;
    int left = 0;
    char why[600] = "";
    for (int i = 0; n < max && i < nnamed + nlooks; i++) {
        Transform t;
        if (i < nnamed)
            snprintf(spec, sizeof(spec), "%s", transform_named(i));
        else
            snprintf(spec, sizeof(spec), "%s=file=%s/%s.cube", looks[i - nnamed].kind, dir,
                     looks[i - nnamed].file);
        if (strcmp(spec, first->name) == 0)
            continue;
        if (transform_parse(spec, &t, err, sizeof(err)) < 0) { /* (a look: said below) */
            if (!left++)
                snprintf(why, sizeof(why), "%s.cube: %s", looks[i - nnamed].file,
                         strpbrk(dir, ":,") ? "its folder's name has ':' or ',', which a -t chain cannot hold" : err);
            continue;
        }
        if (i >= nnamed) /* show the look's file name, not its whole path */
            snprintf(t.name, sizeof(t.name), "%s %s.cube", looks[i - nnamed].kind, looks[i - nnamed].file);
        snprintf(l->spec[n], sizeof(l->spec[n]), "%s", spec);
        l->presets[n++] = t;
    }
    if (left)
        msg_say(o->quiet, "t: %d of the sample looks in '%s' left out (%s)", left, dir, why);
    l->n = n;
    live_look_init(&l->live, first, l->spec[0], o->compare_on ? o->compare_at : -1, o->scopes);
}
