#include <torch/extension.h>

void attn(torch::Tensor& q, torch::Tensor& k, torch::Tensor& v) {
  const int n = q.size(1);
  const int n_kv = k.size(1);  // cross attention: may differ from n
  TORCH_CHECK(v.size(1) == n_kv, "v length must match k length");
  launch(q, k, v);
}
