/* A minimal check macro for pinstripe's unit tests: counts failures, prints
 * where, and main returns the count (ctest reads non-zero as failure). */
#ifndef PINSTRIPE_TESTS_CHECK_H
#define PINSTRIPE_TESTS_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            if (check_failures++ < 20) {                                                       \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);       \
                fprintf(stderr, __VA_ARGS__);                                                  \
                fputc('\n', stderr);                                                           \
            }                                                                                  \
        }                                                                                      \
    } while (0)

#define CHECK_DONE()                                                                           \
    (check_failures ? (fprintf(stderr, "%d checks failed\n", check_failures), 1) : 0)

#endif
