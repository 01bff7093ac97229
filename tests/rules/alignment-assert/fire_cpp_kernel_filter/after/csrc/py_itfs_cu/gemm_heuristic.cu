#include <string>
#include <vector>

struct Cfg
{
    int tile_m;
    int tile_n;
    std::string name;
};

std::string pick(const std::vector<Cfg>& cfgs, int M, int N)
{
    for(const Cfg& c : cfgs)
    {
        if(M % c.tile_m != 0) continue; // expect: alignment-assert
        return c.name;
    }
    TORCH_CHECK(M % 16 == 0, "M must be a multiple of 16"); // same cause as the finding above: folded into it
    return "";
}
