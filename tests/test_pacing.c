/* The pacing clock: pts → wall time, variable frame rate, a seek (new serial),
 * a pts jump forwards and backwards, and a pause. */
#include <math.h>

#include "app/pacing.h"
#include "tests/check.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

int main(void)
{
    PaceClock c;
    pace_init(&c, 1, 90000); /* MPEG-TS time base */
    double due = pace_due(&c, 900000, 0, 5000.0);
    CHECK(NEAR(due, 5000.0), "first frame anchors: %f", due);
    due = pace_due(&c, 900000 + 3000, 0, 5001.0); /* 1/30 s later */
    CHECK(NEAR(due, 5000.0 + 100.0 / 3), "next frame: %f", due);
    due = pace_due(&c, 900000 + 3000 + 1500, 0, 5002.0); /* variable rate: 1/60 s */
    CHECK(NEAR(due, 5050.0), "variable rate: %f", due);
    /* a pts jump of 10 s: re-anchors at now instead of waiting 10 s */
    due = pace_due(&c, 900000 + 900000, 0, 5060.0);
    CHECK(NEAR(due, 5060.0), "jump forward: %f", due);
    due = pace_due(&c, 900000 + 900000 + 3000, 0, 5070.0);
    CHECK(NEAR(due, 5060.0 + 100.0 / 3), "after the jump: %f", due);
    /* a jump backwards re-anchors too */
    due = pace_due(&c, 0, 0, 5100.0);
    CHECK(NEAR(due, 5100.0), "jump backward: %f", due);
    /* a seek (new serial) re-anchors even when the pts looks continuous */
    due = pace_due(&c, 3000, 1, 6000.0);
    CHECK(NEAR(due, 6000.0), "seek: %f", due);
    /* a pause of 2 s shifts what comes next */
    pace_shift(&c, 2000.0);
    due = pace_due(&c, 6000, 1, 8010.0);
    CHECK(NEAR(due, 8000.0 + 100.0 / 3), "after a pause: %f", due);
    return CHECK_DONE();
}
