#include <hip/hip_runtime.h>

// The product only bounds a loop and is compared, it never offsets a pointer.
__global__ void count_kernel(const int* flags, int* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int limit = row * cols;
  int hits = 0;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) hits += (i < limit);
  atomicAdd(out, hits);
}
