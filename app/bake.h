/* --bake-lut FILE: the whole -t chain, as the stage would apply it to INPUT's
 * kind of picture (its transfer, primaries, peak: tone mapping and OpenColorIO
 * steps included), written as a .cube 3D table of --bake-size points a side
 * (red fastest), without playing; then the table, read back and interpolated
 * tetrahedrally as FFmpeg's lut3d does, is measured against the chain on every
 * 8th 10-bit code, the 1,024 greys and 100,000 colours, and one line on
 * standard output says its mean, p99 and max in 10-bit codes. The file is
 * written beside its path and renamed: a run that fails leaves none. */
#ifndef PINSTRIPE_APP_BAKE_H
#define PINSTRIPE_APP_BAKE_H

#include "options/options.h"
#include "app/player.h"

/* EXIT_OK, or the exit code with its line said */
int bake_run(const Options *o);

#endif
