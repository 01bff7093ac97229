#include <torch/all.h>

torch::Tensor moe_topk_reduce(torch::Tensor& input, torch::Tensor& topk_ids, int64_t num_experts)
{
    // The kernel indexes rows with raw pointer arithmetic and expects contiguous input.
    auto x = input.contiguous();
    // Counts must start at zero: every block atomicAdds its partial histogram.
    auto counts = torch::zeros({num_experts}, topk_ids.options().dtype(torch::kInt32));
    launch_topk_reduce(x.data_ptr(), topk_ids.data_ptr(), counts.data_ptr(), x.size(0));
    return counts;
}
