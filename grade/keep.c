/* Key b (see keep.h): the files named, then written on a thread. */
#include "grade/keep.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "look/bake.h"

enum { KEEP_SIZE = 65 }; /* --bake-size's default: FFmpeg's lut3d and OBS read it */

static void *keep_thread(void *arg)
{
    Keep *k = arg;
    char err[1200], cc_line[1600] = "";
    double max = 0, p99 = 0, mean = 0;
    if (k->with_cc) {
        char desc[2400];
        snprintf(desc, sizeof(desc), "%s: the decision; without the rest of the chain", k->title);
        if (cdl_write_cc(k->cc, k->cc_tmp, k->id, desc, &k->cdl, err, sizeof(err)) == 0)
            snprintf(cc_line, sizeof(cc_line), "; %s, its CDL decision%s", k->cc, k->cc_note);
        else
            snprintf(cc_line, sizeof(cc_line), "; the CDL decision not written: %s", err);
    } else {
        snprintf(cc_line, sizeof(cc_line), "; no .cc: the chain has no cdl= step of numbers (k, j, ',' and '.' "
                 "make one)");
    }
    if (look_bake(&k->t, KEEP_SIZE, k->cube, k->cube_tmp, k->title, k->comment, &max, &p99, &mean, err,
                  sizeof(err)) == 0)
        snprintf(k->line, sizeof(k->line), "b: %s, the chain (%d^3, %s; max %.2f, p99 %.2f LSB10 against it)%s",
                 k->cube, KEEP_SIZE, k->kind, max, p99, cc_line);
    else
        snprintf(k->line, sizeof(k->line), "b: the chain not baked: %s%s", err, cc_line);
    atomic_store(&k->done, 1);
    return NULL;
}

static int exists(const char *path)
{
    return access(path, F_OK) == 0 || errno != ENOENT;
}

int keep_start(Keep *k, const Transform *t, const char *text, const CdlValues *cdl, const char *cc_note,
               const char *kind, const char *dir, const char *stem, long long frame, char *why, size_t whylen)
{
    if (k->running)
        return snprintf(why, whylen, "b: a bake is on its way already"), -1;
    char base[1300];
    for (int n = 1;; n++) { /* a name neither file has */
        int len = n == 1 ? snprintf(base, sizeof(base), "%s/%s-%06lld", dir, stem, frame)
                         : snprintf(base, sizeof(base), "%s/%s-%06lld-%d", dir, stem, frame, n);
        if (len < 0 || (size_t)len >= sizeof(base))
            return snprintf(why, whylen, "b: the path in '%s' is too long", dir), -1;
        snprintf(k->cube, sizeof(k->cube), "%s.cube", base);
        snprintf(k->cc, sizeof(k->cc), "%s.cc", base);
        if (!exists(k->cube) && !exists(k->cc))
            break;
        if (n == 1000)
            return snprintf(why, whylen, "b: '%s' and a thousand more are there already", k->cube), -1;
    }
    snprintf(k->cube_tmp, sizeof(k->cube_tmp), "%s.part%ld", k->cube, (long)getpid());
    snprintf(k->cc_tmp, sizeof(k->cc_tmp), "%s.part%ld", k->cc, (long)getpid());
    snprintf(k->id, sizeof(k->id), "%s-%06lld", stem, frame);
    snprintf(k->title, sizeof(k->title), "pinstripe -t %s", text);
    snprintf(k->kind, sizeof(k->kind), "%s", kind);
    snprintf(k->cc_note, sizeof(k->cc_note), "%s", cc_note);
    snprintf(k->comment, sizeof(k->comment), "baked by pinstripe with key b: %s", kind);
    k->t = *t;
    k->with_cc = cdl != NULL;
    if (cdl)
        k->cdl = *cdl;
    k->line[0] = 0;
    atomic_store(&k->done, 0);
    int e = pthread_create(&k->th, NULL, keep_thread, k);
    if (e)
        return snprintf(why, whylen, "b: cannot start its thread: %s", strerror(e)), -1;
    k->running = 1;
    return 0;
}

const char *keep_finish(Keep *k)
{
    if (!k->running)
        return NULL;
    pthread_join(k->th, NULL);
    k->running = 0;
    return k->line;
}

const char *keep_poll(Keep *k)
{
    return k->running && atomic_load(&k->done) ? keep_finish(k) : NULL;
}
