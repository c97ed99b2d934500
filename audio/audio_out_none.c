/* audio_out.h for builds without SDL2: there is no device. */
#include "audio/audio_out.h"

#include <math.h>
#include <stdio.h>

AudioOut *audio_out_open(int rate, int channels, AudioPull pull, void *opaque, int volume,
                         int *got_rate, int *got_channels, char *err, size_t errlen)
{
    (void)rate, (void)channels, (void)pull, (void)opaque, (void)volume;
    *got_rate = *got_channels = 0;
    snprintf(err, errlen, "built without SDL2 (no sound)");
    return NULL;
}

double audio_out_clock(AudioOut *ao, double now_ms, int *serial)
{
    (void)ao, (void)now_ms;
    *serial = 0;
    return NAN;
}

void audio_out_pause(AudioOut *ao, int on)
{
    (void)ao, (void)on;
}

void audio_out_set_volume(AudioOut *ao, int volume)
{
    (void)ao, (void)volume;
}

int audio_out_volume(const AudioOut *ao)
{
    (void)ao;
    return 0;
}

void audio_out_mute(AudioOut *ao, int on)
{
    (void)ao, (void)on;
}

const char *audio_out_driver(const AudioOut *ao)
{
    (void)ao;
    return "none";
}

void audio_out_close(AudioOut **ao)
{
    if (ao)
        *ao = NULL;
}
