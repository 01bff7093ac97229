#include <hip/hip_runtime.h>

// One block per (batch, step): mixes every head's vector by a per-head gate.
__global__ void head_gate_mix_kernel(const float* __restrict__ vec, const float* __restrict__ gate,
                                     float* __restrict__ out, int steps, int n_heads) {
  constexpr int HEAD_DIM = 128;
  const int b = blockIdx.x;
  const int t = blockIdx.y;
  const int h = threadIdx.y;
  // The head vectors carry HEAD_DIM floats each: widened.
  const int64_t v_off = (static_cast<int64_t>(b) * steps + t) * n_heads * HEAD_DIM + h * HEAD_DIM;
  // One gate per (batch, step, head): HEAD_DIM times smaller than the vectors.
  const int g_off = b * steps * n_heads + t * n_heads + h;  // expect[note]: int32-index-overflow
  for (int i = threadIdx.x; i < HEAD_DIM; i += blockDim.x) out[v_off + i] = vec[v_off + i] * gate[g_off];
}
