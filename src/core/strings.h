// Small string facts every stage needs, defined once.
#pragma once

#include <string>
#include <string_view>

namespace rp {

// Without leading and trailing spaces, tabs, CR and LF.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// "1 line", "3 lines": a count with its noun, plural by appending "s" (or `plural` when given).
inline std::string count_of(long n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1) return out.append(noun);
  return plural.empty() ? out.append(noun).append("s") : out.append(plural);
}

}  // namespace rp
