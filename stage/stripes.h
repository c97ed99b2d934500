/* Stripe geometry: which rows of a frame stripe k of n covers.
 *
 * Stripe k covers rows [k*H/n, (k+1)*H/n), boundaries rounded down to an even
 * row when the layout is planar (so no 4:2:0 chroma row is split between
 * stripes);
 * the last stripe ends at H. Boundaries never decrease, so every row belongs
 * to exactly one stripe; rounding may leave a stripe empty (y0 == y1), and an
 * empty stripe is skipped. */
#ifndef PINSTRIPE_STAGE_STRIPES_H
#define PINSTRIPE_STAGE_STRIPES_H

#include "stage/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows [*y0, *y1) of stripe k of n for a frame of `height` rows; 1 ≤ n. */
void stripe_rows(int height, int n, int k, int even, int *y0, int *y1);
/* Whether stripes of this layout must start on even rows. */
int stripe_needs_even(PixLayout layout);

#ifdef __cplusplus
}
#endif

#endif
