#include <hip/hip_runtime.h>

__global__ void add_bias(float* x, const float* bias, int ld, int cols) {
  int row = blockIdx.x;
  float* dst = x + row * ld;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[c] += bias[c];
}

__global__ void add_bias_wide(float* x, const float* bias, int64_t ld, int cols) {
  int row = blockIdx.x;
  float* dst = x + row * ld;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[c] += bias[c];
}

__global__ void scale_rows(float* x, const float* s, int ld, int cols) {
  const int64_t row = blockIdx.x;
  float* dst = x + row * ld;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[c] *= s[blockIdx.x];
}
