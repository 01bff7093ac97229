#include <hip/hip_runtime.h>

// A grid-stride fill: the block index times a compile-time tile is the classic launch shape.
__global__ void fill_kernel(float* out, int n, float v) {
  const int idx = blockIdx.x * 256 + threadIdx.x;
  if (idx < n) out[idx] = v;
}
