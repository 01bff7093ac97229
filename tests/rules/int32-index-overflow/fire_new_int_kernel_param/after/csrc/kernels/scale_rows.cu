#include <hip/hip_runtime.h>

__global__ void scale_rows(float* out, const float* in, float s,
                           int row_stride) {  // expect: int32-index-overflow
  int i = threadIdx.x;
  out[blockIdx.x * row_stride + i] = in[blockIdx.x * row_stride + i] * s;
}
