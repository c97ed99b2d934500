/* The player's sound: one audio stream of the input, decoded on its own thread
 * with libavcodec and resampled with libswresample to what the audio device
 * takes (signed 16-bit, interleaved), into a FIFO of half a second that the
 * device's callback empties (audio_pull). Packets come from the read thread
 * (io/source.h) through a queue of their own; each carries the serial of the
 * seek it follows, so a seek (audio_flush) drops what is decoded and queued
 * and the sound resumes in step. FFmpeg stays behind this header.
 *
 *   AudioDecoder *a = audio_open(src, -1, err, sizeof err, &code); // best stream; NULL: none or failure
 *   audio_start(a, rate, channels);      // the device's format; before source_start
 *   ... the device's callback: audio_pull(a, buf, len, &pts, &serial) ...
 *   audio_close(&a);                     // before source_close
 *
 * Every buffer is allocated at open or start (the conversion buffer grows only
 * for a frame longer than any before, which decoders bound). */
#ifndef PINSTRIPE_IO_AUDIO_H
#define PINSTRIPE_IO_AUDIO_H

#include <stddef.h>
#include <stdint.h>

typedef struct AudioDecoder AudioDecoder;
struct Source;

#define AUDIO_ERR_NONE (-1)  /* the input has no audio stream (or not that one) */
#define AUDIO_ERR_OTHER (-2) /* it has one, and it cannot be decoded */

/* Stream `index` of the source (-1: the best audio stream), its packets routed
 * to the sound's queue (before source_start). NULL with a one-line reason in
 * err and AUDIO_ERR_* in *code. */
AudioDecoder *audio_open(struct Source *src, int index, char *err, size_t errlen, int *code);
/* The stream's own rate and channel count (to ask the device for), its index,
 * and a few words on it ("stream #1, aac 48000 Hz stereo"; desc may be NULL). */
void audio_source(const AudioDecoder *a, int *rate, int *channels, int *index, char *desc,
                  size_t len);
/* Start decoding into the device's format: rate, channels, s16 interleaved.
 * 0, or -1 with the reason in err. */
int audio_start(AudioDecoder *a, int rate, int channels, char *err, size_t errlen);

/* A seek: what is queued or decoded is dropped; only packets of `serial` play
 * from now on. Any thread. */
void audio_flush(AudioDecoder *a, int serial);
/* Wake and end every wait (stop). Any thread. */
void audio_abort(AudioDecoder *a);

/* From the device's callback: up to len bytes of sound, never waiting. Returns
 * the bytes copied (the caller fills the rest with silence); *pts is the
 * stream time (seconds) of the first byte and *serial its serial (NAN and 0
 * when nothing was copied). */
int audio_pull(AudioDecoder *a, uint8_t *buf, int len, double *pts, int *serial);

/* Joins the thread. Accepts NULL; sets *a to NULL. */
void audio_close(AudioDecoder **a);

#endif
