#pragma once
#include <algorithm>

template <int kWaves>
__device__ inline int lanes_per_row(int cols) {
  return std::max<int>(4, cols / kWaves);
}
