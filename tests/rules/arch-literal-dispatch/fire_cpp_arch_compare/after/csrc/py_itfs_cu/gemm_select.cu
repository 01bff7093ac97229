#include <string>

int pick_tile(int m, const std::string& arch_id)
{
    if(arch_id == "gfx950" && m < 64) // expect: arch-literal-dispatch
    {
        return pick_tile_mfma16(m);
    }
    else if(m < 64)
    {
        return 32;
    }
    return 128;
}
