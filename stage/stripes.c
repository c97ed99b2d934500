/* Stripe geometry (see stripes.h). */
#include "stage/stripes.h"

static int boundary(int height, int n, int k, int even)
{
    if (k >= n)
        return height;
    int b = (int)((long long)k * height / n);
    return even ? b & ~1 : b;
}

void stripe_rows(int height, int n, int k, int even, int *y0, int *y1)
{
    *y0 = boundary(height, n, k, even);
    *y1 = boundary(height, n, k + 1, even);
}

int stripe_needs_even(PixLayout layout)
{
    /* 4:2:0 chroma rows must not be split; other planar layouts follow the same
     * rule, so their bands and an out_yuv stage's stripes agree (only the
     * packed ones are free: called here, not through frame.c, which calls us) */
    return layout != PIX_BGR24 && layout != PIX_RGB48;
}
