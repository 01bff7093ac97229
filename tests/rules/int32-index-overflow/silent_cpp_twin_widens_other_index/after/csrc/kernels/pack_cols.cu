#include <hip/hip_runtime.h>

// Only the column index is widened; one block index times one stride is a row of one tensor.
__global__ void pack_cols_kernel(const float* __restrict__ src, float* __restrict__ dst, int height,
                                 int col_stride, int dst_stride) {
  const int col = blockIdx.y * blockDim.x + threadIdx.x;
  const int b = blockIdx.x;
  const float* column = src + static_cast<int64_t>(col) * col_stride;
  const int out_row = b * dst_stride;
  for (int i = 0; i < height; ++i) {
    dst[out_row + i] = column[i];
  }
}
