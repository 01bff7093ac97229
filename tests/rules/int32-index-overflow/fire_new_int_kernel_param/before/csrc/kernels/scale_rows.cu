#include <hip/hip_runtime.h>

__global__ void scale_rows(float* out, const float* in, float s) {
  int i = threadIdx.x;
  out[i] = in[i] * s;
}
