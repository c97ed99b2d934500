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

/* live: the recording starts with its first frame. tone_mapped: the stage
 * tone-maps an HDR source (the file is BT.709 SDR). */
void outfile_config(const Options *o, const DecoderInfo *di, struct Source *src, int live,
                    int tone_mapped, WriterConfig *wc);

/* Close -o's writer (NULL: none) at the end of a run: its frames and bytes into
 * pr, finished; interrupted: the sound ends with the picture. A run with
 * --start/--end whose range held no frame (decoded 0) says so in one line and
 * leaves no file: -2. 0, or -1 said (unless write_failed: said already). */
int outfile_close(Writer **w, const Options *o, Progress *pr, int interrupted, int write_failed,
                  long long decoded, const char *url);

#endif
