/* PINSTRIPE_FAULT (fault.h): parsed once, then counted per site. */
#include "stage/fault.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FAULTS 8

static struct {
    char site[16];
    long long n;
    atomic_llong seen;
} faults[MAX_FAULTS];
static int nfaults;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void parse(void)
{
    const char *env = getenv("PINSTRIPE_FAULT");
    while (env && *env && nfaults < MAX_FAULTS) {
        size_t len = strcspn(env, ",");
        char item[64];
        snprintf(item, sizeof(item), "%.*s", (int)(len < sizeof(item) ? len : sizeof(item) - 1),
                 env);
        char *colon = strchr(item, ':');
        long long n = colon ? atoll(colon + 1) : 0;
        if (colon && n > 0 && colon - item < (long)sizeof(faults[0].site)) {
            *colon = '\0';
            snprintf(faults[nfaults].site, sizeof(faults[0].site), "%s", item);
            faults[nfaults++].n = n;
        } else {
            fprintf(stderr, "pinstripe: PINSTRIPE_FAULT: '%s' is not SITE:N (N from 1); ignored\n",
                    item);
        }
        env += len + (env[len] == ',');
    }
}

int fault_hit(const char *site)
{
    pthread_once(&once, parse);
    for (int i = 0; i < nfaults; i++)
        if (strcmp(faults[i].site, site) == 0 &&
            atomic_fetch_add(&faults[i].seen, 1) + 1 == faults[i].n)
            return 1;
    return 0;
}
