#include <cstddef>
#include <hip/hip_runtime.h>

// This file's own kernel arguments, read by topk_select.co at fixed offsets.
struct __attribute__((packed)) LaunchArgs
{
    void* ptr_scores;
    void* ptr_out;
    unsigned int k;
    unsigned int pad0;
};
static_assert(sizeof(LaunchArgs) == 24, "topk_select.co reads 24 bytes of arguments");
static_assert(offsetof(LaunchArgs, k) == 16, "topk_select.co reads k at offset 16");
