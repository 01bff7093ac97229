#include <hip/hip_runtime.h>

__global__ void paged_decode_kernel(const float* q, float* out, int stride_q, int head_dim) {
  int token = blockIdx.x;
  int lane = threadIdx.x;
  const float* q_row = q + (long)token * stride_q + lane;
  out[token * head_dim + lane] = q_row[0] * 2.0f;
}

__global__ void paged_decode_kernel_opt(const float* q, float* out, int stride_q, int head_dim) {
  int token = blockIdx.x;
  int lane = threadIdx.x * 2;
  const float* q_row = q + token * head_dim + lane;  // expect: sibling-variant
  out[token * head_dim + lane] = q_row[0] * 2.0f;
  out[token * head_dim + lane + 1] = q_row[1] * 2.0f;
}
