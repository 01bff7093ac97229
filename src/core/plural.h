// A count with its noun, for finding text: "1 line", "3 lines".
#pragma once

#include <string>
#include <string_view>

namespace rp {

// Plural by appending "s", or `plural` when given.
inline std::string count_of(long n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1) return out.append(noun);
  return plural.empty() ? out.append(noun).append("s") : out.append(plural);
}

}  // namespace rp
