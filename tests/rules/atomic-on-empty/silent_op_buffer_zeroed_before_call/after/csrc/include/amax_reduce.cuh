#pragma once

__device__ inline void fold_max(float* dst, float v) {
  atomicMax(reinterpret_cast<int*>(dst), __float_as_int(v));
}
