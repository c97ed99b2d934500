/* --bake-lut (bake.h): INPUT's kind of picture, its tone map, the table (look/bake.h). */
#include "app/bake.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decode/decoder.h"
#include "io/hdrmeta.h"
#include "io/source.h"
#include "look/bake.h"
#include "look/chain.h"
#include "look/tonemap.h"
#include "report/msg.h"

/* INPUT's kind of picture: its transfer, primaries and peak. EXIT_OK, or the
 * exit code said. */
static int input_kind(const Options *o, HdrSource *src)
{
    char err[1024];
    int code;
    SourceOptions sopt = {.format = o->format, .loop = 1};
    struct Source *s = source_open(o->input, &sopt, err, sizeof(err), &code);
    if (!s) {
        msg_fail("%s", err);
        return code == SOURCE_ERR_USAGE ? EXIT_USAGE : EXIT_INPUT;
    }
    DecoderOptions dopt = {.reshape = 1};
    Decoder *d = decoder_open(s, &dopt, err, sizeof(err), &code);
    if (!d) {
        msg_fail("%s", err);
        source_close(&s);
        return EXIT_INPUT;
    }
    const DecoderInfo *di = decoder_info(d);
    *src = (HdrSource){di->transfer, di->colour_primaries, hdrmeta_peak(&di->hdr)};
    decoder_close(&d);
    source_close(&s);
    return EXIT_OK;
}

static char part[4200]; /* a signal while it is written: this goes, exit 128 + sig */

static void on_signal(int sig)
{
    if (part[0])
        unlink(part);
    _exit(128 + sig);
}

int bake_run(const Options *o)
{
    const char *path = o->bake_lut, *dot = strrchr(path, '.');
    int n = (int)o->bake_size;
    char err[1024];
    int clf = dot && !strcasecmp(dot, ".clf");
    if (!dot || (strcasecmp(dot, ".cube") && !clf)) {
        msg_fail("--bake-lut %s: the table is written as .cube (a 3D table) or .clf (a shaper and a 3D "
                 "table)", path);
        return EXIT_USAGE;
    }
    if (!o->input) {
        msg_fail("--bake-lut needs INPUT: the kind of picture the chain is baked for");
        return EXIT_USAGE;
    }
    if (o->output) {
        msg_fail("--bake-lut writes a table, not a video: leave -o %s out", o->output);
        return EXIT_USAGE;
    }
    struct stat in_st, out_st;
    if (stat(o->input, &in_st) == 0 && stat(path, &out_st) == 0 && in_st.st_dev == out_st.st_dev &&
        in_st.st_ino == out_st.st_ino) {
        msg_fail("--bake-lut %s: that is the input", path);
        return EXIT_USAGE;
    }
    /* its folder, before any work */
    const char *slash = strrchr(path, '/');
    char dir[4096];
    snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    if (access(dir, W_OK) != 0) {
        msg_fail("--bake-lut %s: cannot write in '%s': %s", path, dir, strerror(errno));
        return EXIT_USAGE;
    }
    chain_ocio_config(o->ocio);
    Transform look, t;
    if (transform_parse(o->transform, &look, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_USAGE;
    }
    HdrSource src;
    int code = input_kind(o, &src);
    if (code != EXIT_OK)
        return code;
    ToneSettings ts = options_tone(o);
    if (tone_apply(&look, &ts, &src, &t, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    if (t.chain.nops == 0 && !t.chain.tone.on) { /* (no -t, or one of no step: an identity) */
        msg_fail("--bake-lut %s: -t %s does nothing to %s (no step, no tone mapping): nothing to "
                 "bake; give the chain with -t",
                 path, o->transform, o->input);
        return EXIT_USAGE;
    }
    /* in, and out: the chain's own display (camera=), else the source's; tone-mapped or not */
    static const char *const tf[] = {"SDR", "PQ", "HLG"};
    HdrSource made = tone_source(&look, &src);
    int out_tf = t.chain.tone.on ? TRANSFER_SDR : made.transfer;
    char title[600], comment[600];
    snprintf(title, sizeof(title), "pinstripe -t %s", o->transform);
    snprintf(comment, sizeof(comment), "baked by pinstripe for %s: %s in, %s out%s", o->input, tf[src.transfer],
             tf[out_tf], t.chain.tone.on ? " (tone-mapped, as the window shows it)" : "");
    double max = 0, p99 = 0, mean = 0;
    snprintf(part, sizeof(part), "%s.part%ld", path, (long)getpid());
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    int rc = look_bake(&t, n, path, part, title, comment, &max, &p99, &mean, err, sizeof(err));
    part[0] = 0; /* (renamed, or removed) */
    if (rc < 0) {
        msg_fail("--bake-lut: %s", err);
        return EXIT_RUNTIME;
    }
    printf("pinstripe: -t %s baked into '%s' (%s%d^3, tetrahedral) for %s: against the chain on every "
           "8th 10-bit code, the 1,024 greys and 100,000 colours: mean %.3f, p99 %.2f, max %.2f LSB10\n",
           o->transform, path, clf ? "a 4096-point shaper, then " : "", n, o->input, mean, p99, max);
    return EXIT_OK;
}
