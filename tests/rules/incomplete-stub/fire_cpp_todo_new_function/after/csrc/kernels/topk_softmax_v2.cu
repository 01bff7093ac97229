#include <hip/hip_runtime.h>

template <typename T>
__device__ inline float warp_max(float v)
{
    // TODO: use DPP row_bcast instead of shuffles on gfx942  // expect: incomplete-stub
    for(int off = 32; off > 0; off >>= 1)
        v = fmaxf(v, __shfl_xor(v, off));
    // FIXME: wave32 on gfx12 needs off = 16
    return v;
}
