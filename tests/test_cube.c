/* The .cube parser: good files (comments, blank lines, CRLF, TITLE, DOMAIN,
 * 1D and 3D, red fastest) and every kind of malformed file, refused with the
 * line number and reason. And the -t chain parser's errors, with columns. */
#include <string.h>

#include "look/chain.h"
#include "look/cube.h"
#include "tests/check.h"

static int parse(const char *text, Lut *l, char *err, size_t errlen)
{
    return cube_parse(text, strlen(text), "t.cube", l, err, errlen);
}

static void bad(const char *text, const char *want)
{
    Lut l;
    char err[256] = "";
    int rc = parse(text, &l, err, sizeof err);
    CHECK(rc < 0, "accepted: %s", text);
    CHECK(strstr(err, want) != NULL, "error '%s' lacks '%s'", err, want);
}

static void bad_t(const char *spec, const char *want)
{
    Transform t;
    char err[256] = "";
    CHECK(transform_parse(spec, &t, err, sizeof err) < 0, "-t %s accepted", spec);
    CHECK(strstr(err, want) != NULL, "-t %s: '%s' lacks '%s'", spec, err, want);
}

int main(void)
{
    char err[256];
    Lut l;
    /* 2³, red fastest: entry i = (r + 2g + 4b) */
    const char *good = "# comment\r\n\r\nTITLE \"two\"\r\nLUT_3D_SIZE 2\r\nDOMAIN_MIN 0 0 0\r\n"
                       "DOMAIN_MAX 1 2 4\r\n0 0 0\r\n1 0 0\r\n0 1 0\r\n1 1 0\r\n"
                       "0 0 1\r\n1 0 1\r\n0 1 1\r\n  1 1 1  \r\n# trailing comment\r\n";
    CHECK(parse(good, &l, err, sizeof err) == 0, "%s", err);
    CHECK(l.dim == 3 && l.size == 2 && strcmp(l.title, "two") == 0, "header");
    CHECK(l.data[3 * 1 + 0] == 1 && l.data[3 * 2 + 1] == 1 && l.data[3 * 4 + 2] == 1,
          "red fastest");
    CHECK(l.dmax[1] == 2 && l.dmax[2] == 4, "domain");
    lut_free(&l);
    CHECK(parse("LUT_1D_SIZE 2\n0 0 0\n1 1 1", &l, err, sizeof err) == 0, "1D: %s", err);
    CHECK(l.dim == 1 && l.size == 2 && l.data[3] == 1, "1D data");
    lut_free(&l);
    CHECK(parse("DOMAIN_MIN -0.5 -0.5 -0.5\nLUT_1D_SIZE 2\n0 0 0\n1e0 1 +1", &l, err,
                sizeof err) == 0, "non-zero domain min: %s", err);
    CHECK(l.dmin[0] == -0.5f, "domain min");
    lut_free(&l);

    bad("LUT_3D_SIZE 2\n0 0 0\n", "t.cube:2: 1 entries, LUT_3D_SIZE 2 needs 8");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 1 1\n0 0 0\n", "t.cube:4: more entries");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 x 1\n", "t.cube:3: not a number");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 nan 1\n", "t.cube:3: not a finite number");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 inf 1\n", "not a finite number");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 1\n", "t.cube:3: too few numbers");
    bad("LUT_1D_SIZE 2\n0 0 0\n1 1 1 1\n", "too many numbers");
    bad("LUT_3D_SIZE 1\n0 0 0\n", "t.cube:1: LUT_3D_SIZE 1 out of range 2..256");
    bad("LUT_3D_SIZE 257\n", "out of range 2..256");
    bad("LUT_1D_SIZE 65537\n", "out of range 2..65536");
    bad("LUT_3D_SIZE 2.5\n", "out of range");
    bad("LUT_1D_SIZE 2\n0 0 0\nTITLE \"late\"\n1 1 1\n", "t.cube:3: keyword 'TITLE' after the data");
    bad("0 0 0\n", "t.cube:1: data before LUT_3D_SIZE");
    bad("# nothing\n", "no LUT_3D_SIZE or LUT_1D_SIZE");
    bad("LUT_3D_SIZE 2\nLUT_1D_SIZE 2\n", "t.cube:2: a second LUT size");
    bad("LUT_1D_SIZE 2\nDOMAIN_MAX 1 0 1\n0 0 0\n1 1 1\n", "DOMAIN_MAX must exceed");
    bad("LUT_1D_SIZE 2\nFOO 1\n", "t.cube:2: unknown keyword 'FOO'");
    bad("LUT_1D_SIZE 2\nDOMAIN_MIN 0 0\n", "t.cube:2: DOMAIN_MIN: too few numbers");
    CHECK(cube_load("/nonexistent/x.cube", &l, err, sizeof err) < 0 &&
              strstr(err, "cannot open '/nonexistent/x.cube'"),
          "missing file: %s", err);

    /* the chain parser */
    Transform t;
    CHECK(transform_parse("none", &t, err, sizeof err) == 0 && t.identity && t.chain.nops == 0,
          "none");
    CHECK(transform_parse("invert", &t, err, sizeof err) == 0 && t.chain.nops == 1 &&
              t.chain.ops[0].kind == CHAIN_AFFINE,
          "invert is one affine step");
    CHECK(transform_parse("eq=contrast=1.2:saturation=1.3,hue=degrees=20", &t, err, sizeof err) == 0 &&
              t.chain.nops == 2,
          "eq,hue: %s", err);
    CHECK(transform_parse("eq=gamma=2", &t, err, sizeof err) == 0 && t.chain.nops == 2 &&
              t.chain.ops[1].kind == CHAIN_LUT1D,
          "eq gamma is a table step");
    /* 8 steps, the most a chain has; eq with a gamma takes two */
    CHECK(transform_parse("invert,invert,invert,invert,invert,invert,invert,invert", &t, err,
                          sizeof err) == 0 && t.chain.nops == 8, "8 steps refused: %s", err);
    CHECK(transform_parse("invert,invert,invert,invert,invert,invert,invert,invert,gray", &t,
                          err, sizeof err) < 0 && strstr(err, "more than 8"), "9 steps accepted");
    CHECK(transform_parse("invert,invert,invert,invert,invert,invert,invert,eq=gamma=2", &t, err,
                          sizeof err) < 0 && strstr(err, "gamma"), "8 steps + a gamma accepted");
    CHECK(transform_parse("invert,invert,invert,invert,invert,invert,eq=gamma=2", &t, err,
                          sizeof err) == 0 && t.chain.nops == 8, "7 steps and a gamma: %s", err);
    CHECK(transform_parse("swap=order=rgb", &t, err, sizeof err) == 0 && t.identity == 0 &&
              t.chain.ops[0].m[0][0] == 1.0f && t.chain.ops[0].m[0][2] == 0.0f,
          "swap=order=rgb is a plain copy");
    bad_t("eq=contrst=1.2", "-t: unknown option 'contrst' for eq (at column 4)");
    bad_t("gray,sepa", "unknown transform 'sepa'");
    bad_t("gray,sepa", "(at column 6)");
    bad_t("eq=contrast=abc", "contrast: 'abc' is not a number (at column 13)");
    bad_t("eq=saturation=9", "saturation=9 is outside 0..3");
    bad_t("eq=contrast", "expected key=value");
    bad_t("gray,", "missing transform after ','");
    bad_t("", "empty transform");
    bad_t("invert=x=1", "invert takes no options");
    bad_t("swap=order=rrb", "order must be r, g and b");
    bad_t("lut3d", "lut3d needs file=PATH.cube");
    bad_t("lut3d=file=/nonexistent.cube", "cannot open '/nonexistent.cube'");
    bad_t("lut3d=file=x.cube:interp=cubic", "interp must be nearest, trilinear or tetrahedral");
    bad_t("gray,gray,gray,gray,gray,gray,gray,gray,gray", "more than 8 steps");
    lut_registry_clear();
    return CHECK_DONE();
}
