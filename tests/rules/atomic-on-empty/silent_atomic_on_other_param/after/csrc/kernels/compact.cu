#include <torch/extension.h>

// Writes every kept index to `out` (plain stores) and counts them in `count` (atomic).
__global__ void compact_kernel(const int* keep, int n, int* out, int* count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && keep[i]) {
    const int slot = atomicAdd(count, 1);
    out[slot] = i;
  }
}

torch::Tensor compact(torch::Tensor keep) {
  const int n = keep.size(0);
  torch::Tensor out = torch::empty({n}, keep.options());
  torch::Tensor count = torch::zeros({1}, keep.options());
  compact_kernel<<<(n + 255) / 256, 256>>>(keep.data_ptr<int>(), n, out.data_ptr<int>(), count.data_ptr<int>());
  return out;
}
