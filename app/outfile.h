/* What -o's writer is told of the run: the file, the encoder's settings and
 * the source (its timing, depth, chroma, tags and HDR metadata), from the
 * options and the decoder's view of the input. */
#ifndef PINSTRIPE_APP_OUTFILE_H
#define PINSTRIPE_APP_OUTFILE_H

#include "options/options.h"
#include "report/progress.h"
#include "decode/decoder.h"
#include "writer/writer.h"

struct Source;

/* live: the recording starts with its first frame. t, ts: the chain and the
 * tone mapping the stage applies: an HDR picture (the source's, or the chain's
 * own: camera=…:output=hdr-pq-1000) tone-mapped makes a BT.709 SDR file; kept,
 * an HDR one, tagged as the chain's display where it names one. */
void outfile_config(const Options *o, const DecoderInfo *di, struct Source *src, int live,
                    const Transform *t, const ToneSettings *ts, WriterConfig *wc);
/* With -o, a chain that makes HDR writes it as such (the output named is the
 * file's): ts's curve becomes none. */
void outfile_tone(const Options *o, const Transform *t, ToneSettings *ts);
/* Says once that the window shows the HDR signal written (windowed: a window). */
void outfile_say_window(const Options *o, const Transform *t, int windowed);

/* Close -o's writer (NULL: none) at the end of a run: its frames and bytes into
 * pr, finished; interrupted: the sound ends with the picture. A run with
 * --start/--end whose range held no frame (decoded 0) says so in one line and
 * leaves no file: -2. 0, or -1 said (unless write_failed: said already). */
int outfile_close(Writer **w, const Options *o, Progress *pr, int interrupted, int write_failed,
                  long long decoded, const char *url);

#endif
