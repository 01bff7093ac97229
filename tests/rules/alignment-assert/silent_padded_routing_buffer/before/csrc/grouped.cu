#include <torch/extension.h>

torch::Tensor grouped_gemm(torch::Tensor a, torch::Tensor sorted_ids, int64_t block_m) {
  TORCH_CHECK(block_m % 4 == 0, "block_m must be a multiple of 4");
  return a;
}
