#include <torch/extension.h>

void topk_softmax(torch::Tensor& out, torch::Tensor& gating, int topk) {
  TORCH_CHECK(gating.dim() == 2, "gating must be [tokens, experts]");
  launch(out, gating, topk);  // expect: guard-removed
}
