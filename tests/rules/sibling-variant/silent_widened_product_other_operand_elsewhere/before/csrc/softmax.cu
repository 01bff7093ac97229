#include <hip/hip_runtime.h>

__global__ void softmax_rows(const float* in, float* out, int vocab) {
  int token = blockIdx.x;
  const float* row = in + token * vocab;
  float m = row[0];
  for (int i = threadIdx.x; i < vocab; i += blockDim.x) m = fmaxf(m, row[i]);
  out[token] = m;
}

__global__ void write_lse(const float* lse, float* out, int heads) {
  int token = blockIdx.x;
  float* dst = out + token * heads + threadIdx.x;
  *dst = lse[token];
}
