#include <hip/hip_runtime.h>

// One block per token: reads a strided [tokens, groups, group_size] input and writes it packed.
__global__ void group_scale_pack_kernel(const float* __restrict__ src, float* __restrict__ packed, int src_stride,
                                        int groups, int group_size, float scale) {
  const int tok = blockIdx.x;
  const int g = threadIdx.y;
  // The source row is addressed in 64 bits...
  const int64_t src_off = static_cast<int64_t>(tok) * src_stride + static_cast<int64_t>(g) * group_size;
  // ...the packed copy of the same rows is not, though it is every bit as large.
  const int dst_off = tok * (groups * group_size) + g * group_size;  // expect[warn]: int32-index-overflow
  for (int i = threadIdx.x; i < group_size; i += blockDim.x) packed[dst_off + i] = src[src_off + i] * scale;
}
