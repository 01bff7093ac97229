#include "aiter_tensor.h"

void rope_1way(aiter_tensor_t& q, aiter_tensor_t& cos_sin)
{
    // cos_sin must be fp32: bf16 angles lose precision before the multiply.
    AITER_CHECK(cos_sin.dtype() == AITER_DTYPE_fp32, "cos_sin must be float32");
    launch_rope_1way(q, cos_sin);
}
