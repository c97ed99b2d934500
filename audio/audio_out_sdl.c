/* audio_out.h on SDL2's audio API: one device, opened with a callback. */
#include "audio/audio_out.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL2/SDL.h>

#include "stage/clock.h"

struct AudioOut {
    SDL_AudioDeviceID dev;
    SDL_AudioSpec have;
    AudioPull pull;
    void *opaque;
    uint8_t *tmp; /* one callback's sound, allocated at open */
    int bps;      /* bytes a second */
    char driver[32];
    atomic_int volume, muted;
    pthread_mutex_t mu;
    double clk_pts, clk_ms; /* stream time audible at host time clk_ms */
    int clk_serial, valid, paused;
};

static void callback(void *userdata, Uint8 *stream, int len)
{
    AudioOut *ao = userdata;
    double now = clock_now_ms(), pts;
    int serial;
    memset(stream, 0, len); /* silence for s16 */
    int got = ao->pull(ao->opaque, ao->tmp, len > (int)ao->have.size ? (int)ao->have.size : len,
                       &pts, &serial);
    if (got > 0 && !atomic_load(&ao->muted))
        SDL_MixAudioFormat(stream, ao->tmp, AUDIO_S16SYS, got,
                           atomic_load(&ao->volume) * SDL_MIX_MAXVOLUME / 100);
    pthread_mutex_lock(&ao->mu);
    if (got > 0 && !isnan(pts)) {
        /* what is handed over now plays after the buffer the device is playing:
         * audible now is about one buffer before it (ffplay counts the same) */
        ao->clk_pts = pts - (double)len / ao->bps;
        ao->clk_ms = now;
        ao->clk_serial = serial;
        ao->valid = 1;
    } else {
        ao->valid = 0; /* nothing to play: the sound has run dry or ended */
    }
    pthread_mutex_unlock(&ao->mu);
}

AudioOut *audio_out_open(int rate, int channels, AudioPull pull, void *opaque, int volume,
                         int *got_rate, int *got_channels, char *err, size_t errlen)
{
    *got_rate = *got_channels = 0;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) < 0) {
        snprintf(err, errlen, "no audio device (SDL: %s)", SDL_GetError());
        return NULL;
    }
    AudioOut *ao = calloc(1, sizeof(*ao));
    if (!ao) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&ao->mu, NULL);
    ao->pull = pull, ao->opaque = opaque;
    atomic_store(&ao->volume, volume);
    SDL_AudioSpec want = {0};
    want.freq = rate;
    want.format = AUDIO_S16SYS;
    want.channels = (Uint8)(channels > 8 ? 8 : channels);
    /* about 10 ms a callback: a small buffer keeps the clock's error small */
    want.samples = 512;
    while (want.samples > 128 && want.samples * 100 > (unsigned)rate * 2)
        want.samples /= 2;
    want.callback = callback;
    want.userdata = ao;
    ao->dev = SDL_OpenAudioDevice(NULL, 0, &want, &ao->have,
                                  SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE);
    if (ao->dev == 0) {
        snprintf(err, errlen, "no audio device (SDL: %s)", SDL_GetError());
        goto fail;
    }
    if (ao->have.format != AUDIO_S16SYS || !(ao->tmp = malloc(ao->have.size))) {
        snprintf(err, errlen, "the audio device: %s", ao->tmp ? "no s16 sound" : "out of memory");
        goto fail;
    }
    const char *drv = SDL_GetCurrentAudioDriver();
    snprintf(ao->driver, sizeof(ao->driver), "%s", drv ? drv : "?");
    ao->bps = ao->have.freq * ao->have.channels * 2;
    *got_rate = ao->have.freq, *got_channels = ao->have.channels;
    SDL_PauseAudioDevice(ao->dev, 0); /* devices open paused */
    return ao;
fail:
    if (ao->dev)
        SDL_CloseAudioDevice(ao->dev);
    free(ao->tmp);
    pthread_mutex_destroy(&ao->mu);
    free(ao);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    return NULL;
}

double audio_out_clock(AudioOut *ao, double now_ms, int *serial)
{
    pthread_mutex_lock(&ao->mu);
    double t = NAN;
    *serial = ao->clk_serial;
    if (ao->valid)
        t = ao->paused ? ao->clk_pts : ao->clk_pts + (now_ms - ao->clk_ms) / 1000.0;
    pthread_mutex_unlock(&ao->mu);
    return t;
}

void audio_out_pause(AudioOut *ao, int on)
{
    double now = clock_now_ms();
    pthread_mutex_lock(&ao->mu);
    if (on && !ao->paused && ao->valid)
        ao->clk_pts += (now - ao->clk_ms) / 1000.0; /* frozen where it stopped */
    if (!on)
        ao->clk_ms = now; /* runs on from there */
    ao->paused = on;
    pthread_mutex_unlock(&ao->mu);
    SDL_PauseAudioDevice(ao->dev, on);
}

void audio_out_set_volume(AudioOut *ao, int volume)
{
    atomic_store(&ao->volume, volume < 0 ? 0 : volume > 100 ? 100 : volume);
}

int audio_out_volume(const AudioOut *ao)
{
    return atomic_load(&((AudioOut *)ao)->volume);
}

void audio_out_mute(AudioOut *ao, int on)
{
    atomic_store(&ao->muted, on);
}

const char *audio_out_driver(const AudioOut *ao)
{
    return ao->driver;
}

void audio_out_close(AudioOut **pao)
{
    AudioOut *ao = pao ? *pao : NULL;
    if (!ao)
        return;
    SDL_CloseAudioDevice(ao->dev); /* waits for a callback in progress */
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    free(ao->tmp);
    pthread_mutex_destroy(&ao->mu);
    free(ao);
    *pao = NULL;
}
