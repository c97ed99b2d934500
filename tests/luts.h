/* Test helper: random .cube files (a 3D LUT with a non-zero domain minimum and
 * a 1D LUT) written to /tmp, and the -t chains that use them, so tests can run
 * the float chain path without the repository's assets. */
#ifndef PINSTRIPE_TESTS_LUTS_H
#define PINSTRIPE_TESTS_LUTS_H

#include <stdio.h>
#include <unistd.h>

#define TEST_CHAINS 5
static char test_chain[TEST_CHAINS][512];

static void test_luts_make(void)
{
    char p3[64], p1[64];
    snprintf(p3, sizeof p3, "/tmp/pinstripe-test-%d-3d.cube", (int)getpid());
    snprintf(p1, sizeof p1, "/tmp/pinstripe-test-%d-1d.cube", (int)getpid());
    unsigned s = 99;
    FILE *f = fopen(p3, "w");
    fprintf(f, "LUT_3D_SIZE 17\nDOMAIN_MIN 0.02 0 0.01\nDOMAIN_MAX 1 0.98 1\n");
    for (int i = 0; i < 17 * 17 * 17; i++) {
        float v[3];
        for (int c = 0; c < 3; c++) {
            s = s * 1103515245u + 12345u;
            v[c] = (float)((s >> 8) % 1100) / 1000.0f - 0.05f; /* a little outside [0,1] too */
        }
        fprintf(f, "%.6f %.6f %.6f\n", v[0], v[1], v[2]);
    }
    fclose(f);
    f = fopen(p1, "w");
    fprintf(f, "LUT_1D_SIZE 256\n");
    for (int i = 0; i < 256; i++) {
        s = s * 1103515245u + 12345u;
        fprintf(f, "%.6f %.6f %.6f\n", i / 255.0, (s >> 8) % 1000 / 999.0, 1 - i / 255.0);
    }
    fclose(f);
    snprintf(test_chain[0], 512, "eq=contrast=1.3:brightness=0.05:saturation=1.2:gamma=1.4,hue=degrees=30");
    snprintf(test_chain[1], 512, "lut3d=file=%s:interp=tetrahedral", p3);
    snprintf(test_chain[2], 512, "lut3d=file=%s:interp=trilinear:mix=0.37,matrix=rr=0.9:gb=0.2:bo=0.05", p3);
    snprintf(test_chain[3], 512, "swap=order=gbr,lut3d=file=%s:interp=nearest", p3);
    snprintf(test_chain[4], 512, "lut1d=file=%s,eq=gamma=0.7,lut1d=file=%s:interp=nearest:mix=0.8", p1, p1);
}

static void test_luts_remove(void)
{
    char p[64];
    snprintf(p, sizeof p, "/tmp/pinstripe-test-%d-3d.cube", (int)getpid());
    remove(p);
    snprintf(p, sizeof p, "/tmp/pinstripe-test-%d-1d.cube", (int)getpid());
    remove(p);
}

#endif
