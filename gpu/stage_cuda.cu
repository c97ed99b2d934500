/* The CUDA backend (issue 3 fills this in): until then it reports that no
 * device is usable, so --backend auto falls back to the CPU backend. */
#include <cuda_runtime.h>

#include "gpu/stage_impl.h"

static int cuda_init(Stage *s)
{
    stage_set_error(s, "the CUDA stage is not implemented yet");
    return STAGE_ERR_NODEV;
}
static int cuda_depth(const Stage *s) { (void)s; return 1; }
static int cuda_submit(Stage *s, const FrameBuf *in, FrameBuf *out) { (void)s; (void)in; (void)out; return -1; }
static int cuda_wait(Stage *s, StageTimings *t) { (void)s; (void)t; return -1; }
static void cuda_uninit(Stage *s) { (void)s; }

extern "C" const StageOps stage_cuda_ops = {
    "cuda", HOST_MEM_PINNED, cuda_init, cuda_depth, cuda_submit, cuda_wait, cuda_uninit,
};
