#include <torch/extension.h>

#include "amax_reduce.cuh"

// One thread per token: folds |x| of its row into out[0] through the shared helper.
__global__ void token_amax_kernel(const float* x, int tokens, int width, float* result) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= tokens) return;
  float m = 0.f;
  for (int c = 0; c < width; ++c) m = fmaxf(m, fabsf(x[t * width + c]));
  fold_max(result, m);
}

void token_amax(torch::Tensor& x, torch::Tensor& out) {
  const int tokens = x.size(0), width = x.size(1);
  token_amax_kernel<<<(tokens + 255) / 256, 256>>>(x.data_ptr<float>(), tokens, width, out.data_ptr<float>());
}
