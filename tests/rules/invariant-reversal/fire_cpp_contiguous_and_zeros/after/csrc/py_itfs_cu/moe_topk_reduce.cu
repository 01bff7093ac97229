#include <torch/all.h>

torch::Tensor moe_topk_reduce(torch::Tensor& input, torch::Tensor& topk_ids, int64_t num_experts)
{
    auto x = input;  // expect[red]: invariant-reversal
    auto counts = torch::empty({num_experts}, topk_ids.options().dtype(torch::kInt32));  // expect[red]: invariant-reversal
    launch_topk_reduce(x.data_ptr(), topk_ids.data_ptr(), counts.data_ptr(), x.size(0));
    return counts;
}
