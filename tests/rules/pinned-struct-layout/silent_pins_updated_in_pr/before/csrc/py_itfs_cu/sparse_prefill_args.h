#pragma once
#include <cstdint>

// Kernel arguments read by a prebuilt code object at fixed offsets.
struct sparse_prefill_args {
  void* q_ptr;
  void* kv_ptr;
  int32_t stride_q_head;
  int32_t stride_kv_page;
  float softmax_scale;
};
