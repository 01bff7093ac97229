#include <string>

int pick_tile(int m, const std::string& arch_id)
{
    if(m < 64)
    {
        return 32;
    }
    return 128;
}
