#include <torch/all.h>

void rope_1way(torch::Tensor& q, torch::Tensor& cos_sin)
{
    // cos_sin must be fp32: bf16 angles lose precision before the multiply.
    TORCH_CHECK(cos_sin.scalar_type() == at::kFloat, "cos_sin must be float32");
    launch_rope_1way(q, cos_sin);
}
