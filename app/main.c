/* pinstripe's entry point: parse options, run the player, exit with its code. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "options/options.h"
#include "app/bake.h"
#include "app/player.h"
#include "grade/presets.h"

/* glibc raises its mmap threshold each time a large block is freed, so the
 * packets and codec buffers that come and go in every frame (100 kB to a few
 * MB) move from mmap into the heaps of the decoder's threads, whose resident
 * size then creeps up for minutes towards a high-water mark: +2.5 MB over 10
 * minutes of the H200 soak with 16 decoder threads, none of it a leak (flat
 * with the threshold fixed). Fixing the thresholds at glibc's defaults keeps
 * them mapped and returned on free, and trims the heaps, so memory tracks what
 * is live; no cost measurable in the frame rate (RELIABILITY.md, "Soak"). */
static void malloc_policy(void)
{
#ifdef __GLIBC__
    const char *keep = getenv("PINSTRIPE_MALLOC_DYNAMIC"); /* 1: glibc's own policy, to measure */
    if (keep && *keep == '1')
        return;
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}

int main(int argc, char **argv)
{
    malloc_policy();
    Options o;
    char err[512];
    if (options_parse(argc, argv, &o, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinstripe: %s\n", err);
        return EXIT_USAGE;
    }
    if (o.help) {
        options_help("pinstripe");
        return EXIT_OK;
    }
    if (o.version) {
        printf("pinstripe %s\n", PINSTRIPE_VERSION);
        return EXIT_OK;
    }
    if (o.ocio && *o.ocio && access(o.ocio, R_OK) != 0) { /* (used or not: said now) */
        fprintf(stderr, "pinstripe: --ocio %s: %s\n", o.ocio, strerror(errno));
        return EXIT_USAGE;
    }
    if (o.list_ocio)
        return presets_list_ocio(o.ocio);
    if (o.list_looks)
        return presets_list(o.ocio);
    if (o.webcam && o.input) {
        fprintf(stderr, "pinstripe: --webcam %s and INPUT '%s': give one or the other\n", o.webcam,
                o.input);
        return EXIT_USAGE;
    }
    if (!o.input && !o.webcam) {
        fprintf(stderr, "pinstripe: no input given (usage: pinstripe [options] INPUT; see --help)\n");
        return EXIT_USAGE;
    }
    if (o.bake_lut)
        return bake_run(&o);
    return player_run(&o);
}
