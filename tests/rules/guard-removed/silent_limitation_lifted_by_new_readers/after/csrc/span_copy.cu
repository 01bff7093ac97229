#include "span_copy.h"

void span_copy(const Args& args, Stream s) {
    const long long span_bytes = (long long)args.rows * (long long)args.pitch;
    const bool wide = span_bytes >= (1LL << 31);
    launch_by_width(args, wide, s);
}
