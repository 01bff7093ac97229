#include <cstdint>

int pick_splitk(int64_t m, int64_t k) {
  if (m < 64) return 4;
  return 1;
}
