/* The player's sound, in a window (not live, not -an): the input's audio
 * stream decoded (io/audio.h, its packets from the read thread) and played on
 * the default device (audio/), whose clock then paces the picture. */
#ifndef PINSTRIPE_APP_SOUND_H
#define PINSTRIPE_APP_SOUND_H

#include "options/options.h"
#include "audio/audio_out.h"
#include "io/audio.h"
#include "io/source.h"

/* Before source_start. No audio stream: nothing said, *dec and *out NULL. A
 * stream that cannot be played, or no device: one line, and the video plays
 * on silently (NULLs). Returns EXIT_OK, or EXIT_USAGE (-ast names no audio
 * stream) or EXIT_RUNTIME, its line said. */
int sound_open(const Options *o, Source *src, AudioDecoder **dec, AudioOut **out);

#endif
