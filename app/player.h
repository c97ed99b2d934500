/* The player: wires decoder thread → input ring → stage thread → output ring
 * → main-thread display loop (and writer), and turns what happens into an
 * exit code. */
#ifndef PINSTRIPE_APP_PLAYER_H
#define PINSTRIPE_APP_PLAYER_H

#include "options/options.h"

enum {
    EXIT_OK = 0,
    EXIT_USAGE = 1,
    EXIT_INPUT = 2,
    EXIT_RUNTIME = 3,
    EXIT_INTERRUPTED = 130,
};

/* Runs to the end of the input (or q, or SIGINT); returns the exit code. */
int player_run(const Options *o);

#endif
