#include "span_copy.h"

void span_copy(const Args& args, Stream s) {
    const long long span_bytes = (long long)args.rows * (long long)args.pitch;
    TORCH_CHECK(span_bytes < (1LL << 31), "span_copy: extent too large: ", span_bytes);
    launch_narrow(args, s);
}
