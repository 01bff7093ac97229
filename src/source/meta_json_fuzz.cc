// libFuzzer target: any bytes as `gh pr view --json` metadata: a value or a one-line error.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "source/meta_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto result = rp::parse_pr_meta(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!result.ok() && result.error().find('\n') != std::string::npos) std::abort();
  return 0;
}
