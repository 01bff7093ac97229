#include "aiter_tensor.h"

void pad_fill_rows(aiter_tensor_t& out, aiter_tensor_t& rows, float value)
{
    AITER_CHECK(out.is_contiguous(), "pad_fill_rows needs a contiguous output");
    launch_pad_fill(out.data_ptr(), rows.data_ptr(), rows.numel(), out.size(-1), value);
}
