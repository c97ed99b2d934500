/* pinstripe's entry point: parse options, run the player, exit with its code. */
#include <stdio.h>

#include "app/options.h"
#include "app/player.h"

int main(int argc, char **argv)
{
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
    if (o.webcam && o.input) {
        fprintf(stderr, "pinstripe: --webcam %s and INPUT '%s': give one or the other\n", o.webcam,
                o.input);
        return EXIT_USAGE;
    }
    if (!o.input && !o.webcam) {
        fprintf(stderr, "pinstripe: no input given (usage: pinstripe [options] INPUT; see --help)\n");
        return EXIT_USAGE;
    }
    return player_run(&o);
}
