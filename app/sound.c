/* The player's sound (see sound.h): the decoder for the chosen stream, the
 * device at the rate and channels it takes, and the device's callback pulling
 * from the decoder's FIFO. */
#include "app/sound.h"

#include <stdint.h>

#include "report/msg.h"
#include "app/player.h"
#include "io/avlog.h"

static int pull_sound(void *opaque, uint8_t *buf, int len, double *pts, int *serial)
{
    return audio_pull(opaque, buf, len, pts, serial);
}

int sound_open(const Options *o, Source *src, AudioDecoder **dec, AudioOut **out)
{
    char err[512], desc[128];
    int code, rate, channels, index, got_rate, got_ch;
    *out = NULL;
    if (!(*dec = audio_open(src, (int)o->audio_stream, err, sizeof(err), &code))) {
        if (o->audio_stream >= 0) {
            msg_fail("%s", err);
            return EXIT_USAGE;
        }
        if (code == AUDIO_ERR_OTHER)
            msg_say(o->quiet, "%s: playing without sound", err);
        return EXIT_OK;
    }
    audio_source(*dec, &rate, &channels, &index, desc, sizeof(desc));
    /* the sound libraries' own complaints while SDL tries its drivers (ALSA with
     * no card prints a dozen lines) are not shown; -v shows them */
    avlog_stderr_off();
    *out = audio_out_open(rate, channels, pull_sound, *dec, (int)o->volume, &got_rate, &got_ch,
                          err, sizeof(err));
    avlog_stderr_on();
    if (!*out) {
        msg_say(o->quiet, "%s: playing without sound", err);
        audio_close(dec);
        return EXIT_OK;
    }
    if (audio_start(*dec, got_rate, got_ch, err, sizeof(err)) < 0) {
        msg_fail("%s", err);
        return EXIT_RUNTIME;
    }
    if (o->verbose)
        msg_say(o->quiet, "sound: %s, played at %d Hz, %d channel%s (%s)", desc, got_rate, got_ch,
                got_ch == 1 ? "" : "s", audio_out_driver(*out));
    return EXIT_OK;
}
