// The CUDA backend's private parts, shared by its two files: stage_cuda.cu
// (making the stage, waiting for frames, ending it) and stage_cuda_submit.cu
// (queuing a frame's work on the stripes' streams). See stage_cuda.cu.
#ifndef PINSTRIPE_GPU_STAGE_CUDA_H
#define PINSTRIPE_GPU_STAGE_CUDA_H

#include <cuda_runtime.h>

#include "gpu/cuda_check.h"
#include "gpu/device_tables.h"
#include "gpu/jit.h"
#include "gpu/kernels.h"
#include "colour/resample.h"
#include "colour/scale_px.h"
#include "gpu/scope_cuda.h"
#include "stage/stage_common.h"

#define MAX_DEPTH 8    // frames in flight, at most
#define MAX_SETS 4     // stream/buffer sets, at most
#define MAX_STREAMS 32 // stripes beyond this share a set's streams round-robin

// PINSTRIPE_FAULT (stage/fault.h): this pass through `site` fails as `what` would
#define INJECT(site, what)                                                                         \
    do {                                                                                           \
        if (fault_hit(site)) {                                                                     \
            stage_set_error(s, "%s failed: injected fault (PINSTRIPE_FAULT=%s:N)", what, site);    \
            goto fail;                                                                             \
        }                                                                                          \
    } while (0)

// A CUDA call checked where it happens (CK, gpu/cuda_check.h): on failure the call,
// the place and CUDA's message in the stage's error, and the function's exit label
#define CK_ERROR s->error
#define CK_ERRLEN sizeof(s->error)

// Events of stripe k: ev[EV_PER_STRIPE * k + i]; i = 0..3 timed (before upload, after
// upload, after kernel, after download), i = 4 untimed (after download)
#define EV_PER_STRIPE 8
#define EV_DONE 4
#define EV_H 5 // resampling: after the horizontal pass
#define EV_V 6 // resampling: after the vertical pass
#define EV_S 7 // --scope: after the stripe's rows were counted (gpu/scope_cuda.h)

typedef struct InFlight {
    cudaEvent_t *ev;
    double submit_ms;
    int set;
    int timed;         // this frame has the timed events
    int crop_y;        // a crop's origin row (zoom): the rows its vertical passes read
    ScopeDevice scope; // --scope: counted after each stripe's download, packed on scope_stream
    int scoped;        // this frame's rows are counted (on count_streams: EV_S)
} InFlight;

typedef struct CudaStage {
    int nstripes, nstreams, nsets, depth;
    int time_every; // timed events on one frame in time_every
    cudaStream_t streams[MAX_SETS][MAX_STREAMS];
    uint8_t *d_in[MAX_SETS], *d_out[MAX_SETS];
    size_t in_bytes, out_bytes;
    uint16_t *d_dither; // the dither pattern on the device (NULL: none)
    InFlight slots[MAX_DEPTH];
    int head, count;
    unsigned long long seq;                  // frames submitted
    cudaStream_t scope_stream;               // the scopes' packing, once every stripe is counted
    cudaStream_t count_streams[MAX_STREAMS]; // stripe k's counting (the lowest priority)
    cudaEvent_t decoded; // device input: the decoder's copy into its surface, done
    cudaEvent_t epoch;   // a reference event: host time epoch_ms
    double epoch_ms;
    DeviceTables tables; // LUTs on the device, each uploaded on first use
    ColourJit *jit;      // pair kernels compiled for the chains' OpenColorIO programs
    // resampling (stage_scales): the weights, on the host and the device
    int scaled;
    ScaleHPlan plan[2]; // the horizontal pass's cut: a pixel a turn, two (scale_h_plan)
    ResampleAxis rh, rv;
    ScaleAxis dh, dv;
    void *d_tables;
    float *d_h[MAX_SETS]; // rows of the horizontal pass: in height × out width × 3
    int prev[MAX_SETS];   // the slot of the set's last frame (-1: none)
} CudaStage;

static inline int nevents(const CudaStage *cs)
{
    return EV_PER_STRIPE * cs->nstripes;
}

int cuda_submit(Stage *s, const FrameBuf *in, FrameBuf *out);

#endif
