/* A queue of demuxed packets from the read thread (io/source.h) to one of its
 * consumers: the video decoder, the sound's decoder, the writer's stream copy.
 * ffplay's PacketQueue: packets with the serial of the seek they follow, a
 * count of bytes and seconds the reader reads to decide whether to go on, an
 * abort flag that ends every wait, and a flush (a seek) that drops what is
 * queued. FFmpeg stays behind this header (io/ only).
 *
 *   reader:   pktq_put(q, pkt, serial, read_ms, dur_s) ... pktq_finish(q)
 *   consumer: while ((rc = pktq_get(q, pkt, 1, &serial, &read_ms)) >= 0) ...
 *
 * The queue's slots grow to the most it has held at once (the reader bounds
 * that, io/source.c), never with the number of packets that pass through. */
#ifndef PINSTRIPE_IO_PACKETS_H
#define PINSTRIPE_IO_PACKETS_H

#include <stdint.h>

typedef struct PacketQueue PacketQueue;
struct AVPacket;

#define PKTQ_DRAIN (-1) /* a --loop pass ended here: drain the decoder, then go on */
#define PKTQ_END (-2)   /* every packet taken, and no more will come */
#define PKTQ_ABORT (-3) /* stopped */
#define PKTQ_EMPTY (-4) /* not waiting, and nothing there now */

/* NULL when out of memory. wake (may be NULL) is called, outside the queue's
 * lock, when a consumer finds the queue empty: the reader may be waiting. */
PacketQueue *pktq_create(void (*wake)(void *), void *wake_arg);
/* Accepts NULL; sets *q to NULL. */
void pktq_destroy(PacketQueue **q);

/* Reader: queue a reference to pkt (NULL: a drain marker), read at read_ms,
 * lasting dur_s seconds (0: unknown). Dropped after pktq_abort. 0, or -1
 * when out of memory. */
int pktq_put(PacketQueue *q, const struct AVPacket *pkt, int serial, double read_ms, double dur_s);
/* Reader: no more packets (until a flush). */
void pktq_finish(PacketQueue *q);
/* A seek: drop everything queued; what comes next carries `serial`. */
void pktq_flush(PacketQueue *q);
/* End every wait, now and later: a waiting get returns PKTQ_ABORT, puts are
 * dropped. What is queued can still be taken without waiting (the writer ends
 * its copied streams with the video from it). Any thread. */
void pktq_abort(PacketQueue *q);

/* Consumer: move the oldest packet into pkt (which it unreferences first).
 * block: wait for one. 0 with *serial and *read_ms (either may be NULL), or
 * PKTQ_DRAIN, PKTQ_END, PKTQ_ABORT, PKTQ_EMPTY. */
int pktq_get(PacketQueue *q, struct AVPacket *pkt, int block, int *serial, double *read_ms);

/* Consumer, after PKTQ_END: wait until a flush (a seek after the end) reopens
 * the queue, or an abort. 0 (get packets again), or PKTQ_ABORT. */
int pktq_wait_reopen(PacketQueue *q);

/* What is queued now: packets, bytes (with their bookkeeping) and seconds.
 * Any pointer may be NULL. Any thread. */
void pktq_level(PacketQueue *q, int *packets, int64_t *bytes, double *seconds);
int pktq_aborted(PacketQueue *q);

#endif
