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

// Runs of whitespace (and line continuations) as one space, none at the ends: source text
// compared or quoted regardless of how it was wrapped.
inline std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

// collapse_whitespace, then redundant outer parentheses removed: `(a)` and `a` compare equal,
// `(a) and (b)` is left alone.
inline std::string normalize_condition(std::string_view text) {
  std::string out = collapse_whitespace(text);
  for (;;) {
    if (out.size() < 2 || out.front() != '(' || out.back() != ')') break;
    int depth = 0;
    size_t close = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      if (out[i] == '(') ++depth;
      if (out[i] == ')' && --depth == 0) {
        close = i;
        break;
      }
    }
    if (close != out.size() - 1) break;  // `(a) and (b)`: the first '(' closes early
    out = std::string(trim(std::string_view(out).substr(1, out.size() - 2)));
  }
  return out;
}

}  // namespace rp
