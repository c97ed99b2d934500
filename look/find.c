/* Looks by name (see find.h). */
#include "look/find.h"

#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *looks_dir(int i, char *buf, size_t len)
{
    buf[0] = '\0';
    if (i == LOOKS_HERE) {
        snprintf(buf, len, ".");
    } else if (i == LOOKS_USER) {
        const char *x = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
        if (x && x[0] == '/')
            snprintf(buf, len, "%s/pinstripe/looks", x);
        else if (home && *home)
            snprintf(buf, len, "%s/.config/pinstripe/looks", home);
    } else if (i == LOOKS_INSTALLED) {
        const char *env = getenv("PINSTRIPE_ASSETS");
        char exe[PATH_MAX];
        ssize_t n = env && *env ? -1 : readlink("/proc/self/exe", exe, sizeof(exe) - 1);
        if (n > 0) {
            exe[n] = '\0';
            snprintf(buf, len, "%s/../share/pinstripe/looks", dirname(exe));
            if (is_dir(buf))
                return buf;
        }
        snprintf(buf, len, "%s/luts", env && *env ? env : PINSTRIPE_ASSETS);
    }
    return buf;
}

static int ends_cube(const char *s)
{
    size_t n = strlen(s);
    return n > 5 && strcmp(s + n - 5, ".cube") == 0;
}

int look_find(const char *name, char *path, size_t len, char *err, size_t errlen)
{
    if (!*name || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) {
        snprintf(err, errlen, "-t look: '%s' is not a look's name (a file's name without "
                              "folders; for a path, lut3d=file= or lut1d=file=)", name);
        return -1;
    }
    char dirs[LOOKS_NDIRS][PATH_MAX], tried[3 * PATH_MAX + 64] = "";
    for (int i = 0; i < LOOKS_NDIRS; i++) {
        struct stat st;
        if (!*looks_dir(i, dirs[i], sizeof(dirs[i])))
            continue;
        snprintf(path, len, "%s/%s%s", dirs[i], name, ends_cube(name) ? "" : ".cube");
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            return 0;
        size_t t = strlen(tried);
        snprintf(tried + t, sizeof(tried) - t, "%s%s", t ? ", " : "", dirs[i]);
    }
    snprintf(err, errlen, "-t look: no %s%s in %s (pinstripe --list-looks shows the looks found)",
             name, ends_cube(name) ? "" : ".cube", tried);
    return -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int looks_names(const char *dir, char ***names)
{
    *names = NULL;
    DIR *d = *dir ? opendir(dir) : NULL;
    if (!d)
        return 0;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char p[PATH_MAX];
        struct stat st;
        snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
        if (!ends_cube(e->d_name) || stat(p, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (n == cap) {
            char **more = realloc(*names, sizeof(char *) * (size_t)(cap = cap ? 2 * cap : 16));
            if (!more)
                break;
            *names = more;
        }
        if (!((*names)[n] = strndup(e->d_name, strlen(e->d_name) - 5)))
            break;
        n++;
    }
    closedir(d);
    if (n)
        qsort(*names, (size_t)n, sizeof(char *), by_name);
    return n;
}

void looks_names_free(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}
