#include <hip/hip_runtime.h>

struct __attribute__((packed)) LaunchArgs
{
    void* ptr_q;
    void* ptr_cos;
    unsigned int rows;
    unsigned int pad0;
    unsigned int rotary_dim;
    unsigned int pad1;
    unsigned int heads;
    unsigned int pad2;
};

void rope_cache(void* q, void* cos, unsigned int rows, unsigned int rotary_dim, unsigned int heads)
{
    LaunchArgs args{q, cos, rows, 0, rotary_dim, 0, heads, 0};
    launch_code_object("rope_cache.co", &args, sizeof(args));
}
