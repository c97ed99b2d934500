/* FrameRing: a fixed ring of frame slots handed from one producer thread to
 * one consumer thread (ffplay's FrameQueue). Slots and their memory are
 * allocated once, in ring_create; nothing is allocated per frame.
 *
 * Producer:  ring_write_begin(r, &f) → fill f → ring_write_end(r)   ... ring_write_eof(r)
 * Consumer:  ring_read_begin(r, &f)  → use f  → ring_read_end(r)
 *
 * Either side may hold several slots at once (the CUDA stage keeps frames in
 * flight): *_begin hands out slots in ring order, *_end publishes or releases
 * the oldest one held. One mutex and one condition variable; ring_abort wakes
 * every wait, which then returns RING_ABORTED. Both sides may call
 * ring_abort, ring_fill and ring_size from any thread. */
#ifndef PINSTRIPE_DECODE_RING_H
#define PINSTRIPE_DECODE_RING_H

#include <stddef.h>

#include "stage/alloc.h"
#include "stage/frame.h"

typedef struct FrameRing FrameRing;
struct AVFrame;

#define RING_EOF (-1)     /* the producer said end of stream and the ring is empty */
#define RING_ABORTED (-2) /* ring_abort was called */
#define RING_REFORMAT (-3) /* every frame before a geometry change has been read: re-lay
                            * the ring (ring_reformat), then read on */

/* nslots ≥ 1 slots of fmt's size in `mem` memory; NULL with a reason in err. */
FrameRing *ring_create(int nslots, const FrameFormat *fmt, HostMemKind mem, char *err,
                       size_t errlen);
/* The same with blocks of at least min_bytes (a re-lay that fits keeps them). */
FrameRing *ring_create_sized(int nslots, const FrameFormat *fmt, size_t min_bytes,
                             HostMemKind mem, char *err, size_t errlen);
/* Accepts NULL; sets *r to NULL. No thread may be using the ring. */
void ring_destroy(FrameRing **r);

/* Live mode: a full ring does not block ring_write_begin; it drops its oldest
 * published frame that the reader has not taken yet, and counts it. (When the
 * reader holds every slot, the writer waits as usual.) The writer must hold no
 * slot when it calls ring_write_begin in this mode. */
void ring_set_drop_oldest(FrameRing *r, int on);
long long ring_drops(FrameRing *r);

/* Wait for a free slot (blocks while the ring is full). 0 or RING_ABORTED. */
int ring_write_begin(FrameRing *r, FrameBuf **slot);
/* Instead of filling the slot: point it at f's planes, plain planes of f's
 * strides at the ring's size: the decoder's own buffer in the ring's layout
 * (device_layout −1), or a CUDA surface in device_layout (PIX_NV12, PIX_P016). The slot keeps a
 * reference to f's buffers until the reader releases it (ring_read_end); the
 * next ring_write_begin of that slot points it back at its own block.
 * 0, or -1 (out of memory). */
int ring_write_ref(FrameRing *r, FrameBuf *slot, const struct AVFrame *f, int device_layout);
/* Room for `counts` 32-bit scope counts in a slot the writer holds (its
 * scope_block, in the ring's host memory, kept with the slot and grown only
 * when too small; freed with the ring). 0, or -1 (out of memory). */
int ring_slot_scopes(FrameRing *r, FrameBuf *slot, size_t counts);
/* Publish the oldest slot taken with ring_write_begin. */
void ring_write_end(FrameRing *r);
/* No more frames will be written; readers drain what is there, then see RING_EOF. */
void ring_write_eof(FrameRing *r);

/* A change of geometry mid-stream (ffplay's re-configuration): the frames
 * written from now on have another layout or size. The writer, holding no
 * slot, calls ring_write_reformat and goes on writing: its next
 * ring_write_begin waits until the reader has taken every frame written before
 * (ring_read_begin then says RING_REFORMAT), released them all, and re-laid
 * the slots with ring_reformat. Bands are kept (at most one per row). */
void ring_write_reformat(FrameRing *r, PixLayout layout, int width, int height);
/* The reader, holding no slot, after RING_REFORMAT: frees the slots' memory
 * and allocates it again at the new geometry (every slot at once, as at
 * create), unless the new frames fit the blocks it has (ring_create_sized):
 * then only the slots' layout changes. 0, or -1 with the reason in err (the
 * ring is then aborted). */
int ring_reformat(FrameRing *r, char *err, size_t errlen);
/* The slots' format now (it changes only in ring_reformat). */
FrameFormat ring_format(FrameRing *r);

/* Wait for the next published slot. 0, RING_EOF, RING_ABORTED or RING_REFORMAT. */
int ring_read_begin(FrameRing *r, FrameBuf **slot);
/* Release the oldest slot taken with ring_read_begin. */
void ring_read_end(FrameRing *r);
/* Published slots not yet taken by the reader: what ring_read_begin would hand out now. */
int ring_readable(FrameRing *r);

void ring_abort(FrameRing *r);
int ring_aborted(FrameRing *r);
/* Slots published and not yet released. */
int ring_fill(FrameRing *r);
int ring_size(const FrameRing *r);
HostMemKind ring_memory(const FrameRing *r);

#endif
