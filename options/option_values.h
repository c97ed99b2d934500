/* The values of the options that take words or numbers of their own
 * (--scale, --window-size, --compare, --scope, the HDR options): parsed into
 * Options' fields and checked, each failure one line. Private to options/options.c. */
#ifndef PINSTRIPE_OPTIONS_OPTION_VALUES_H
#define PINSTRIPE_OPTIONS_OPTION_VALUES_H

#include <stddef.h>

#include "options/options.h"

/* 0, or -1 with one line in err. */
int options_check_values(Options *o, char *err, size_t errlen);

#endif
