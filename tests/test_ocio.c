/* OpenColorIO steps against OCIO's own CPU processor, computed here at test
 * time through the shim (no expected number typed in): cmath.h's log2, exp2,
 * pow and atan2 against libm in double; every camera log OCIO 2.1 has built
 * in, through ACES to SDR video and to HDR PQ 1000, on all 1,024 10-bit greys
 * and 100,000 random 16-bit colours; a config written here with 1D and 3D
 * LUT files (each interpolation) and CDLs; LUT files of several formats; a
 * step with an operation the program does not evaluate (baked, and said);
 * the names a config does not have, and files that are not there. Errors are
 * per channel, both sides clamped to [0,1] as the chain's output is. Skips
 * (77) in a build without OpenColorIO. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "colour/ocio.h"
#include "ocio/ocio_prog.h"
#include "ocio/ocio_step.h"
#include "tests/check.h"

static uint32_t seed = 12345;
static double rnd(void) /* [0, 1) */
{
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) / 16777216.0;
}

static void check_cmath(void)
{
    /* cmath.h (OCIO's logs, the red modifier's hue): a few units in the last
     * place of a float (2^-23 = 1.2e-7), over every exponent, denormals too */
    double f[3] = {0, 0, 0};
    for (int i = 0; i < 400000; i++) {
        float x = (float)ldexp(1.0 + rnd(), (int)(rnd() * 276) - 149), y = (float)((rnd() - 0.5) * 290);
        float a = (float)((rnd() - 0.5) * 50), b = (float)((rnd() - 0.5) * 50);
        f[0] = fmax(f[0], fabs(cm_log2f(x) - log2((double)x)) / fmax(1, fabs(log2((double)x))));
        if (exp2((double)y) >= 0x1p-126 && exp2((double)y) < 0x1p127) /* (normal results) */
            f[1] = fmax(f[1], fabs(cm_exp2f(y) - exp2((double)y)) / exp2((double)y));
        f[2] = fmax(f[2], fabs(cm_atan2f(a, b) - atan2((double)a, (double)b)) / fmax(1, fabs(atan2((double)a, (double)b))));
    }
    CHECK(f[0] < 4e-7 && f[1] < 4e-7 && f[2] < 2e-7, "float cmath against libm: log2 %.3g exp2 %.3g atan2 %.3g",
          f[0], f[1], f[2]);
    printf("float cmath against double libm: log2 %.3g exp2 %.3g atan2 %.3g (relative)\n", f[0], f[1], f[2]);
    /* OCIO's powf as the programs have it: x^p for x from 2^-24 to 2^8, p from
     * 0.1 to 4, by the size of the exponent p·log2 x; p = 1 is x */
    double pw[2] = {0, 0};
    int one = 1;
    for (int i = 0; i < 400000; i++) {
        float x = (float)ldexp(1.0 + rnd(), (int)(rnd() * 32) - 24), p = (float)(0.1 + rnd() * 3.9);
        double ref = pow((double)x, (double)p), e = fabs(ocio_powf(x, p) - ref) / ref;
        pw[fabs(p * log2((double)x)) > 10] = fmax(pw[fabs(p * log2((double)x)) > 10], e);
        one &= ocio_powf(x, 1.0f) == x;
    }
    CHECK(pw[0] < 1e-6 && pw[1] < 8e-6 && one && ocio_powf(0.0f, 2.0f) == 0.0f && ocio_powf(0.0f, 0.0f) == 1.0f &&
              ocio_powf(0.0f, -0.5f) == 1.0f / 0.0f && ocio_powf(0.5f, 0.0f) == 1.0f,
          "powf: %.3g where |p log2 x| <= 10, %.3g beyond; p = 1 %s x", pw[0], pw[1], one ? "is" : "is not");
    printf("powf against double libm: %.3g where |p log2 x| <= 10, %.3g beyond (relative)\n", pw[0], pw[1]);
    CHECK(cm_exp2f(-149.0f) == 0x1p-149f && cm_exp2f(-151.0f) == 0.0f && cm_exp2f(200.0f) == 1.0f / 0.0f &&
              cm_log2f(0.0f) == -150.0f && cm_log2f(0x1p-149f) == -149.0f && cm_log2f(1.0f / 0.0f) == 128.0f &&
              cm_atan2f(0.0f, -1.0f) == (float)CM_PI && cm_atan2f(-1.0f, 0.0f) == -(float)(CM_PI / 2) &&
              fabs(cm_atan2f(1.4e38f, 3.3e38f) - atan2(1.4e38, 3.3e38)) < 3e-7 &&
              fabs(cm_atan2f(0x1p-149f, 0x1p-148f) - atan2(0x1p-149, 0x1p-148)) < 3e-7,
          "float cmath at the ends");
}

/* the CUDA kernel's curve search (halving) against the CPU's (counting): the
 * same segment for every x, on knots that rise with runs of equal ones, at
 * every knot, between, beyond, ±inf and NaN */
static void check_curve_search(void)
{
    float kn[140], xs[600];
    int bad = 0, cases = 0;
    for (int n = 2; n <= 130; n++) {
        float k = -3.0f;
        for (int i = 0; i < n; i++) {
            k += rnd() < 0.15 ? 0.0f : (float)(0.01 + rnd());
            kn[i] = k;
        }
        int nx = 0;
        for (int i = 0; i < n; i++) {
            xs[nx++] = kn[i];
            xs[nx++] = nextafterf(kn[i], -1.0f / 0.0f);
            xs[nx++] = kn[i] + (float)(0.5 * rnd());
        }
        xs[nx++] = -1.0f / 0.0f, xs[nx++] = 1.0f / 0.0f, xs[nx++] = NAN, xs[nx++] = -100.0f;
        for (int i = 0; i < nx; i++, cases++)
            bad += ocio_curve_seg_halve(kn, n, xs[i]) != ocio_curve_seg_count(kn, n, xs[i]);
    }
    CHECK(bad == 0 && cases > 20000, "curve segment by halving = by counting: %d of %d differ", bad,
          cases);
}

/* the step's program against OCIO on n RGB triples; max and mean in 10-bit codes */
static int compare(const OcioCfg *c, const OcioStep *s, const float *in, size_t n, double *max,
                   double *mean, char *note, size_t notelen)
{
    char err[512];
    float *prog = NULL, *ref = malloc(12 * n);
    size_t len;
    if (!ref || ocio_step_build(c, s, &prog, &len, note, notelen, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        free(ref);
        return -1;
    }
    memcpy(ref, in, 12 * n);
    if (ocio_step_apply(c, s, ref, n, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        free(prog), free(ref);
        return -1;
    }
    double sum = 0;
    *max = 0;
    for (size_t i = 0; i < n; i++) {
        float v[3] = {in[3 * i], in[3 * i + 1], in[3 * i + 2]};
        ocio_run(prog, v);
        for (int k = 0; k < 3; k++) {
            double d = fabs((double)ocio_clamp01(v[k]) - ocio_clamp01(ref[3 * i + k])) * 1023;
            sum += d;
            *max = fmax(*max, d);
        }
    }
    *mean = sum / (3.0 * (double)n);
    free(prog), free(ref);
    return 0;
}

/* 1,024 10-bit greys, then random 16-bit colours, every 7th with two channels
 * equal (ties decide a hue-adjusted table's order): n triples */
static float *colours(size_t n)
{
    float *in = malloc(12 * n);
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            in[3 * i + k] = i < 1024 ? (float)i / 1023.0f : (float)(int)(rnd() * 65536) / 65535.0f;
        if (i >= 1024 && i % 7 == 0)
            in[3 * i + i % 3] = in[3 * i + (i + 1) % 3];
    }
    return in;
}

static void check_cameras(const OcioCfg *raw)
{
    static const char *const cams[] = {
        "SONY_SLOG3-SGAMUT3", "SONY_SLOG3-SGAMUT3.CINE", "SONY_SLOG3-SGAMUT3-VENICE",
        "SONY_SLOG3-SGAMUT3.CINE-VENICE", "ARRI_ALEXA-LOGC-EI800-AWG", "PANASONIC_VLOG-VGAMUT",
        "CANON_CLOG2-CGAMUT", "CANON_CLOG3-CGAMUT", "RED_LOG3G10-RWG", "RED_REDLOGFILM-RWG"};
    static const char *const outs[2][2] = {
        {"ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - SDR-VIDEO_1.0",
         "DISPLAY - CIE-XYZ-D65_to_REC.1886-REC.709"},
        {"ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - HDR-VIDEO-1000nit-15nit-REC2020lim_1.1",
         "DISPLAY - CIE-XYZ-D65_to_REC.2100-PQ"}};
    size_t n = 101024;
    float *in = colours(n);
    double all_max = 0, all_mean = 0;
    for (size_t k = 0; k < sizeof(cams) / sizeof(cams[0]); k++) {
        for (int o = 0; o < 2; o++) {
            char first[128], note[512];
            snprintf(first, sizeof(first), "%s_to_ACES2065-1", cams[k]);
            OcioStep s = {.kind = OCIO_STEP_BUILTINS, .builtin = {first, outs[o][0], outs[o][1]},
                          .nbuiltin = 3};
            double max = 99, mean = 99;
            CHECK(compare(raw, &s, in, n, &max, &mean, note, sizeof(note)) == 0, "%s", first);
            /* the bound is max 2, mean 0.25 LSB10; the program is OCIO's
             * own arithmetic, its logs within a few float units of its libm's */
            CHECK(max <= 0.25 && mean <= 0.001 && !note[0],
                  "%s to %s: max %.4f mean %.6f LSB10 %s", cams[k], o ? "PQ" : "SDR", max, mean, note);
            all_max = fmax(all_max, max), all_mean = fmax(all_mean, mean);
            if (k == 1 || k == 4 || k == 5)
                printf("%-32s %s: max %.4f mean %.6f LSB10\n", cams[k], o ? "hdr-pq-1000" : "sdr-video",
                       max, mean);
        }
    }
    printf("every camera, both outputs: max %.4f LSB10, mean at most %.6f\n", all_max, all_mean);
    free(in);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* small LUT files of several formats, and a config that uses them */
static void write_luts(const char *dir)
{
    char p[512], buf[1 << 16];
    size_t at;
    /* .spi1d: a curve over [−0.125, 1.125] */
    at = (size_t)snprintf(buf, sizeof(buf), "Version 1\nFrom -0.125 1.125\nLength 33\nComponents 3\n{\n");
    for (int i = 0; i < 33; i++) {
        double x = -0.125 + 1.25 * i / 32.0, y = x > 0 ? pow(x, 0.8) : x;
        at += (size_t)snprintf(buf + at, sizeof(buf) - at, "%.7f %.7f %.7f\n", y, y * 0.97, pow(fabs(x), 1.1));
    }
    snprintf(buf + at, sizeof(buf) - at, "}\n");
    snprintf(p, sizeof(p), "%s/curve.spi1d", dir);
    write_file(p, buf);
    /* .spi3d, 9 a side (index order r g b, then values) */
    at = (size_t)snprintf(buf, sizeof(buf), "SPILUT 1.0\n3 3\n9 9 9\n");
    for (int r = 0; r < 9; r++)
        for (int g = 0; g < 9; g++)
            for (int b = 0; b < 9; b++)
                at += (size_t)snprintf(buf + at, sizeof(buf) - at, "%d %d %d %.6f %.6f %.6f\n", r, g, b,
                                       pow(r / 8.0, 1.2) * 0.9 + 0.05 * g / 8.0, g / 8.0 * (1 - 0.2 * b / 8.0),
                                       sqrt(b / 8.0) * 0.95 + 0.02 * r / 8.0);
    snprintf(p, sizeof(p), "%s/look.spi3d", dir);
    write_file(p, buf);
    /* .cube, 5 a side, red fastest */
    at = (size_t)snprintf(buf, sizeof(buf), "TITLE \"t\"\nLUT_3D_SIZE 5\n");
    for (int b = 0; b < 5; b++)
        for (int g = 0; g < 5; g++)
            for (int r = 0; r < 5; r++)
                at += (size_t)snprintf(buf + at, sizeof(buf) - at, "%.6f %.6f %.6f\n", r / 4.0 * 0.9 + b * 0.02,
                                       g / 4.0 * g / 4.0, 1 - (1 - b / 4.0) * 0.8);
    snprintf(p, sizeof(p), "%s/look.cube", dir);
    write_file(p, buf);
    /* a CTF 1D table with OCIO's hue adjustment (dw3): R, G, B curves apart */
    at = (size_t)snprintf(buf, sizeof(buf), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                            "<ProcessList id=\"h\" version=\"1.4\">\n"
                                            "<LUT1D inBitDepth=\"32f\" outBitDepth=\"32f\" hueAdjust=\"dw3\">\n"
                                            "<Array dim=\"65 3\">\n");
    for (int i = 0; i < 65; i++)
        at += (size_t)snprintf(buf + at, sizeof(buf) - at, "%.7f %.7f %.7f\n", pow(i / 64.0, 0.5),
                               pow(i / 64.0, 0.6), pow(i / 64.0, 0.7));
    snprintf(buf + at, sizeof(buf) - at, "</Array>\n</LUT1D>\n</ProcessList>\n");
    snprintf(p, sizeof(p), "%s/hue.ctf", dir);
    write_file(p, buf);
    /* CDLs: .cc, and a .ccc of two */
    snprintf(p, sizeof(p), "%s/grade.cc", dir);
    write_file(p, "<ColorCorrection id=\"one\"><SOPNode><Slope>1.2 0.9 1.05</Slope><Offset>-0.02 0.01 0.03"
                  "</Offset><Power>0.8 1.1 1.3</Power></SOPNode><SatNode><Saturation>1.4</Saturation>"
                  "</SatNode></ColorCorrection>\n");
    snprintf(p, sizeof(p), "%s/grades.ccc", dir);
    write_file(p, "<ColorCorrectionCollection>"
                  "<ColorCorrection id=\"a\"><SOPNode><Slope>1 1 1</Slope><Offset>0 0 0</Offset>"
                  "<Power>2 2 2</Power></SOPNode></ColorCorrection>"
                  "<ColorCorrection id=\"b\"><SOPNode><Slope>4 0 0.5</Slope><Offset>-0.1 0.2 0</Offset>"
                  "<Power>0.2 5 1</Power></SOPNode><SatNode><Saturation>0</Saturation></SatNode>"
                  "</ColorCorrection></ColorCorrectionCollection>\n");
    snprintf(p, sizeof(p), "%s/config.ocio", dir);
    snprintf(buf, sizeof(buf),
             "ocio_profile_version: 2\nsearch_path: \"%s\"\nroles:\n  default: raw\n"
             "file_rules:\n  - !<Rule> {name: Default, colorspace: raw}\n"
             "displays:\n  sRGB:\n    - !<View> {name: Raw, colorspace: raw}\n    - !<View> {name: Film, colorspace: film}\n"
             "active_displays: [sRGB]\nactive_views: [Raw, Film]\n"
             "looks:\n  - !<Look> {name: warm, process_space: raw, transform: !<FileTransform> {src: grade.cc}}\n"
             "colorspaces:\n"
             "  - !<ColorSpace> {name: raw, isdata: false}\n"
             "  - !<ColorSpace>\n    name: film\n    from_scene_reference: !<GroupTransform>\n      children:\n"
             "        - !<FileTransform> {src: curve.spi1d, interpolation: linear}\n"
             "        - !<FileTransform> {src: look.spi3d, interpolation: tetrahedral}\n"
             "        - !<FileTransform> {src: grade.cc}\n"
             "  - !<ColorSpace>\n    name: film nearest (v2)\n    from_scene_reference: !<GroupTransform>\n      children:\n"
             "        - !<FileTransform> {src: curve.spi1d, interpolation: nearest}\n"
             "        - !<FileTransform> {src: look.spi3d, interpolation: linear}\n"
             "        - !<FileTransform> {src: grades.ccc, cccid: b}\n",
             dir);
    write_file(p, buf);
}

static void check_config(const char *dir)
{
    char path[512], err[512], note[512];
    snprintf(path, sizeof(path), "%s/config.ocio", dir);
    OcioCfg *c = ocio_cfg_open(path, err, sizeof(err));
    CHECK(c != NULL, "config: %s", err);
    if (!c)
        return;
    size_t n = 51024;
    float *in = colours(n);
    const char *to[] = {"film", "film nearest (v2)"};
    for (int i = 0; i < 2; i++) {
        OcioStep s = {.kind = OCIO_STEP_SPACES, .in = "raw", .out = to[i]};
        double max = 99, mean = 99;
        CHECK(compare(c, &s, in, n, &max, &mean, note, sizeof(note)) == 0 && max <= 1.0 && !note[0],
              "config raw -> %s: max %.4f mean %.6f LSB10 %s", to[i], max, mean, note);
        printf("config raw -> %s: max %.4f mean %.6f LSB10\n", to[i], max, mean);
    }
    OcioStep dv = {.kind = OCIO_STEP_DISPLAY, .in = "raw", .display = "sRGB", .view = "Film", .looks = "warm"};
    double max = 99, mean = 99;
    CHECK(compare(c, &dv, in, n, &max, &mean, note, sizeof(note)) == 0 && max <= 1.0,
          "config display sRGB view Film looks warm: max %.4f", max);
    /* names it does not have: one line naming the name and the ones there are */
    float *prog;
    size_t len;
    OcioStep bad = {.kind = OCIO_STEP_SPACES, .in = "raw", .out = "S-Log3"};
    CHECK(ocio_step_build(c, &bad, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0 &&
              strstr(err, "no colour space 'S-Log3'") && strstr(err, "film nearest (v2)") && !strchr(err, '\n'),
          "an unknown space: '%s'", err);
    OcioStep badv = {.kind = OCIO_STEP_DISPLAY, .in = "raw", .display = "sRGB", .view = "Log"};
    CHECK(ocio_step_build(c, &badv, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0 &&
              strstr(err, "no view 'Log'") && strstr(err, "Raw, Film"),
          "an unknown view: '%s'", err);
    OcioStep badl = {.kind = OCIO_STEP_SPACES, .in = "raw", .out = "film", .looks = "cold"};
    CHECK(ocio_step_build(c, &badl, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0 &&
              strstr(err, "no look 'cold'") && strstr(err, "warm"),
          "an unknown look: '%s'", err);
    ocio_cfg_close(&c);
    free(in);
}

static void check_files(const OcioCfg *raw, const char *dir)
{
    static const struct {
        const char *file, *cccid;
        int interp, inverse;
    } files[] = {{"look.cube", NULL, OCIO_INTERP_TETRAHEDRAL, 0}, {"look.cube", NULL, OCIO_INTERP_LINEAR, 0},
                 {"look.spi3d", NULL, OCIO_INTERP_DEFAULT, 0},    {"curve.spi1d", NULL, OCIO_INTERP_LINEAR, 0},
                 {"curve.spi1d", NULL, OCIO_INTERP_LINEAR, 1},    {"grade.cc", NULL, 0, 0},
                 {"grades.ccc", "a", 0, 0},                       {"grades.ccc", "b", 0, 0},
                 {"grades.ccc", "1", 0, 0},                       {"hue.ctf", NULL, 0, 0}};
    size_t n = 21024;
    float *in = colours(n);
    char path[512], note[512], err[512];
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, files[i].file);
        OcioStep s = {.kind = OCIO_STEP_FILE, .file = path, .cccid = files[i].cccid,
                      .interp = files[i].interp, .inverse = files[i].inverse};
        double max = 99, mean = 99;
        CHECK(compare(raw, &s, in, n, &max, &mean, note, sizeof(note)) == 0 && max <= 1.0 && !note[0],
              "%s cccid %s interp %d inverse %d: max %.4f %s", files[i].file,
              files[i].cccid ? files[i].cccid : "-", files[i].interp, files[i].inverse, max, note);
    }
    float *prog;
    size_t len;
    snprintf(path, sizeof(path), "%s/missing.cube", dir);
    OcioStep miss = {.kind = OCIO_STEP_FILE, .file = path};
    CHECK(ocio_step_build(raw, &miss, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0 &&
              strstr(err, "missing.cube") && !strchr(err, '\n'),
          "a missing file: '%s'", err);
    snprintf(path, sizeof(path), "%s/grades.ccc", dir);
    OcioStep noid = {.kind = OCIO_STEP_FILE, .file = path, .cccid = "zz"};
    CHECK(ocio_step_build(raw, &noid, &prog, &len, note, sizeof(note), err, sizeof(err)) < 0 &&
              strstr(err, "zz"),
          "a cccid that is not there: '%s'", err);
    /* ACES 1.3's gamut compression: an operation the program does not evaluate */
    OcioStep gc = {.kind = OCIO_STEP_BUILTINS, .builtin = {"ACES-LMT - ACES 1.3 Reference Gamut Compression"},
                   .nbuiltin = 1};
    double max = 99, mean = 99;
    CHECK(compare(raw, &gc, in, n, &max, &mean, note, sizeof(note)) == 0 && strstr(note, "GamutComp") &&
              strstr(note, "baked") && max < 4,
          "a baked step: max %.4f, note '%s'", max, note);
    printf("baked: %s\n", note);
    free(in);
}

/* The builders make what the reader takes, at the sizes' ends (a 1D table of
 * 2, 65,536 half-float codes, 1,048,576 entries, OpenColorIO's most; a 3D of
 * 2 and 129 a side); the reader refuses a record cut short, one of another
 * length, a table whose size is not its length's, an unknown kind */
static void check_reader(void)
{
    static const size_t n1[] = {2, 65536, 1048576};
    static const size_t n3[] = {2, 129};
    float *rgb = calloc(3 * 129 * 129 * 129, sizeof(float));
    CHECK(rgb != NULL, "out of memory");
    if (!rgb)
        return;
    OcioProg p;
    for (int i = 0; i < 5; i++) {
        ocio_prog_init(&p);
        int rc = i < 3 ? ocio_prog_lut1d(&p, rgb, n1[i], i == 1, 0)
                       : ocio_prog_lut3d(&p, rgb, n3[i - 3], 1);
        double m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, off[4] = {0};
        rc = rc ? rc : ocio_prog_matrix(&p, m, off);
        size_t len = 0;
        float *prog = rc == 0 ? ocio_prog_take(&p, &len) : NULL;
        CHECK(prog && ocio_prog_check(prog, (int)len),
              "table %d: built %d, not taken by the reader", i, rc);
        if (prog) {
            int at = 1 + (int)prog[2]; /* the matrix after the table */
            CHECK(!ocio_prog_check(prog, (int)len - 1), "table %d: a program cut short taken", i);
            prog[at + 1] -= 1.0f;
            CHECK(!ocio_record_check(prog, (int)len, at), "table %d: a matrix of 16 floats", i);
            prog[at + 1] += 1.0f, prog[at] = 99.0f;
            CHECK(!ocio_record_check(prog, (int)len, at), "table %d: kind 99 taken", i);
            prog[3] += 1.0f; /* the table's size one more than its length holds */
            CHECK(!ocio_record_check(prog, (int)len, 1), "table %d: its size not its length's", i);
        }
        free(prog);
        ocio_prog_free(&p);
    }
    free(rgb);
}

int main(void)
{
    if (!ocio_available()) {
        printf("built without OpenColorIO: skipped\n");
        return 77;
    }
    char dir[] = "/tmp/pinstripe-ocio-XXXXXX", err[512];
    if (!mkdtemp(dir))
        return 1;
    check_cmath();
    check_curve_search();
    check_reader();
    OcioCfg *raw = ocio_cfg_raw(err, sizeof(err));
    CHECK(raw != NULL, "raw config: %s", err);
    if (raw) {
        check_cameras(raw);
        write_luts(dir);
        check_config(dir);
        check_files(raw, dir);
        ocio_cfg_close(&raw);
    }
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return CHECK_DONE();
}
