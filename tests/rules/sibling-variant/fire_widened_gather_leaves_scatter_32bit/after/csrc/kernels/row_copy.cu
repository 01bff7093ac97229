#include <hip/hip_runtime.h>

__global__ void gather_rows(const float* src, float* dst, const int* index, int stride, int cols) {
  int row = index[blockIdx.x];
  int col = threadIdx.x;
  if (col >= cols) return;
  int64_t offset = static_cast<int64_t>(row) * stride + col;
  dst[blockIdx.x * cols + col] = src[offset];
}

__global__ void scatter_rows(const float* src, float* dst, const int* index, int stride, int cols) {
  int row = index[blockIdx.x];
  int col = threadIdx.x;
  if (col >= cols) return;
  int offset = row * stride + col;  // expect: sibling-variant
  dst[offset] = src[blockIdx.x * cols + col];
}

__global__ void zero_rows(float* dst, const int* index, int stride, int cols) {
  int row = index[blockIdx.x];
  if (threadIdx.x < cols) dst[stride * row + threadIdx.x] = 0.0f;  // the same product, commuted
}
