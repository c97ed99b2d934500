/* The audio device: SDL2's audio API behind a plain C header (SDL stays in
 * audio/). The device pulls sound through a callback on SDL's own thread;
 * this module keeps the audio clock from it, as ffplay does: the stream time
 * now audible, from the time of the data handed over at the last callback,
 * less the device's buffering, advanced by the host clock since then.
 *
 *   AudioOut *ao = audio_out_open(48000, 2, pull, opaque, 100, &rate, &ch, err, sizeof err);
 *   double t = audio_out_clock(ao, clock_now_ms(), &serial);   // NAN: unknown
 *   audio_out_pause(ao, 1); audio_out_set_volume(ao, 80); audio_out_mute(ao, 1);
 *   audio_out_close(&ao);
 *
 * SDL_AUDIODRIVER picks the driver (disk writes the sound to SDL_DISKAUDIOFILE:
 * the tests use it). */
#ifndef PINSTRIPE_AUDIO_AUDIO_OUT_H
#define PINSTRIPE_AUDIO_AUDIO_OUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct AudioOut AudioOut;

/* Up to len bytes of s16 sound into buf, never waiting; returns the bytes
 * given, *pts the stream time of the first (NAN when none) and *serial its
 * serial. Called on the device's thread. */
typedef int (*AudioPull)(void *opaque, uint8_t *buf, int len, double *pts, int *serial);

/* Opens the default device for s16 sound at about `rate` Hz and `channels`
 * channels (the device may pick others: *got_rate, *got_channels) and starts
 * it. volume 0..100. NULL with a one-line reason in err (no device, no driver,
 * or a build without SDL2). */
AudioOut *audio_out_open(int rate, int channels, AudioPull pull, void *opaque, int volume,
                         int *got_rate, int *got_channels, char *err, size_t errlen);
/* The stream time (s) audible at now_ms (clock_now_ms) and its serial; NAN when
 * no sound has been played yet, or the last callback found none. */
double audio_out_clock(AudioOut *ao, double now_ms, int *serial);
void audio_out_pause(AudioOut *ao, int on);
void audio_out_set_volume(AudioOut *ao, int volume); /* 0..100 */
int audio_out_volume(const AudioOut *ao);
void audio_out_mute(AudioOut *ao, int on);
/* The device's driver name ("pulseaudio", "alsa", "disk", ...). */
const char *audio_out_driver(const AudioOut *ao);
/* Stops the device (no callback runs after this returns). Accepts NULL. */
void audio_out_close(AudioOut **ao);

#endif
