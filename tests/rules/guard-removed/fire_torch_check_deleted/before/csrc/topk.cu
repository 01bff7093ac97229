#include <torch/extension.h>

void topk_softmax(torch::Tensor& out, torch::Tensor& gating, int topk) {
  TORCH_CHECK(gating.dim() == 2, "gating must be [tokens, experts]");
  TORCH_CHECK(topk <= gating.size(1), "topk larger than expert count");
  launch(out, gating, topk);
}
