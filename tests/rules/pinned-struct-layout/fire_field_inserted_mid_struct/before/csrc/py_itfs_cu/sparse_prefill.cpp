#include "sparse_prefill_args.h"
#include <cstddef>

// The code object was assembled against this layout.
static_assert(sizeof(sparse_prefill_args) == 32, "rebuild the code object");
static_assert(offsetof(sparse_prefill_args, stride_kv_page) == 20, "rebuild the code object");
static_assert(offsetof(sparse_prefill_args, softmax_scale) == 24, "rebuild the code object");

void launch_sparse_prefill(const sparse_prefill_args& a);
