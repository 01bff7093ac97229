#include <cstdint>

struct Kernarg {
  void* ptr_q;
  uint32_t seqlen;
};

static_assert(sizeof(Kernarg) == 656, "the assembly kernel reads a 656-byte kernarg block");

uint32_t exp_code(uint32_t e) { return e == 254u ? 0x00400000u : (254u - e) << 23; }

bool fits_grid(int spans) { return spans * 32 <= 65535; }

uint32_t inv_code(uint32_t e) {
  const uint32_t bits = e == 253u ? 0x00400000u
                                  : (253u - e) << 23;
  return bits;
}
