#include <torch/extension.h>

void attn(torch::Tensor& q, torch::Tensor& k, torch::Tensor& v) {
  const int n = q.size(1);
  TORCH_CHECK(k.size(1) == n && v.size(1) == n, "k/v length must equal q length");
  launch(q, k, v);
}
