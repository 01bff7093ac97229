#include <hip/hip_runtime.h>

// amax[row] = max(amax[row], |x|): the caller must pass a zeroed buffer.
__global__ void amax_kernel(float* amax, const float* x, int cols) {
  int row = blockIdx.x;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    atomicMax(reinterpret_cast<int*>(&amax[row]), __float_as_int(fabsf(x[row * cols + c])));
  }
}
