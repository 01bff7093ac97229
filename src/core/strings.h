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
