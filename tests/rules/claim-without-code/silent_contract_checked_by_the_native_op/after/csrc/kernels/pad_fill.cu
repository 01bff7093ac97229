#include "aiter_tensor.h"

void pad_fill_rows(aiter_tensor_t& out, aiter_tensor_t& rows, float value)
{
    const int64_t row_bytes = out.size(-1) * out.element_size();
    AITER_CHECK(row_bytes % 32 == 0, "pad_fill_rows writes 32-byte vectors: row bytes must be a multiple of 32");
    launch_pad_fill(out.data_ptr(), rows.data_ptr(), rows.numel(), row_bytes / 32, value);
}
