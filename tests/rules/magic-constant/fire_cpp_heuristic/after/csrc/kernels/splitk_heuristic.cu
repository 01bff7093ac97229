#include <cstdint>

int pick_splitk(int64_t m, int64_t k) {
  if (m < 64) return 4;
  if (k > 5120 && m < 192) return 2;  // expect: magic-constant
  return 1;
}

float clamp_scale(float amax) { return amax / 3.5f; }
