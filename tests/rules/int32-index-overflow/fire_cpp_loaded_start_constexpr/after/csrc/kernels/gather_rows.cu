#include <hip/hip_runtime.h>

// Copies the first row of every packed sequence; rows are kHidden wide.
template <typename T>
__global__ void gather_first_rows(const T* src, T* dst, const int* seq_starts) {
  constexpr int kHidden = 8192;
  const int b = blockIdx.x;
  const int seq_start = seq_starts[b];
  const int src_off = seq_start * kHidden;  // expect[red]: int32-index-overflow
  for (int c = threadIdx.x; c < kHidden; c += blockDim.x) {
    dst[b * kHidden + c] = src[src_off + c];
  }
}
