/* The player's sound: one audio stream of the input, decoded on its own thread
 * with libavcodec and resampled with libswresample to what the audio device
 * takes (signed 16-bit, interleaved), into a FIFO of about a second that the
 * device's callback empties (audio_pull). Packets come from the decode
 * thread, which reads the input (decoder_play_audio); each carries the serial
 * of the video it goes with, so a seek (audio_flush) drops what is queued and
 * the sound resumes in step. FFmpeg stays behind this header.
 *
 *   AudioDecoder *a = audio_open(dec, -1, err, sizeof err);  // best stream; NULL: none or failure
 *   audio_start(a, rate, channels);      // the device's format
 *   decoder_play_audio(dec, a);          // before decoder_start
 *   ... the device's callback: audio_pull(a, buf, len, &pts, &serial) ...
 *   audio_close(&a);                     // after the decode thread has ended
 *
 * Every buffer is allocated at open or start (the conversion buffer grows only
 * for a frame longer than any before, which decoders bound). */
#ifndef PINSTRIPE_IO_AUDIO_H
#define PINSTRIPE_IO_AUDIO_H

#include <stddef.h>
#include <stdint.h>

typedef struct AudioDecoder AudioDecoder;
struct Decoder;
struct AVPacket;

#define AUDIO_ERR_NONE (-1)  /* the input has no audio stream (or not that one) */
#define AUDIO_ERR_OTHER (-2) /* it has one, and it cannot be decoded */

/* Stream `index` of the decoder's input (-1: the best audio stream). NULL with
 * a one-line reason in err and AUDIO_ERR_* in *code. */
AudioDecoder *audio_open(struct Decoder *d, int index, char *err, size_t errlen, int *code);
/* The stream's own rate and channel count (to ask the device for), its index,
 * and a few words on it ("stream #1, aac 48000 Hz stereo"; desc may be NULL). */
void audio_source(const AudioDecoder *a, int *rate, int *channels, int *index, char *desc,
                  size_t len);
/* Start decoding into the device's format: rate, channels, s16 interleaved.
 * 0, or -1 with the reason in err. */
int audio_start(AudioDecoder *a, int rate, int channels, char *err, size_t errlen);

/* From the decode thread: a packet of this stream, the serial of the video
 * around it, and the seconds added to its timestamps (--loop). Waits while
 * the queue is full (the device plays on), unless aborted or flushed. */
void audio_push(AudioDecoder *a, const struct AVPacket *pkt, int serial, double offset_s);
/* No more packets: decode what is queued, then the FIFO runs dry. */
void audio_eof(AudioDecoder *a);
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
