// Small string facts every stage needs, defined once.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rp {

// Without leading and trailing spaces, tabs, CR and LF.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// The parts of `s` between occurrences of `sep`, empty ones kept: "a..b" gives {"a", "", "b"},
// "" gives {""}.
inline std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t at; (at = s.find(sep, start)) != std::string_view::npos; start = at + 1) parts.emplace_back(s.substr(start, at - start));
  parts.emplace_back(s.substr(start));
  return parts;
}

inline bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Runs of the characters `is_space` accepts as one space, none at the ends.
template <typename IsSpace>
std::string collapse_runs(std::string_view text, IsSpace is_space) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (is_space(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

// Runs of whitespace (and line continuations) as one space, none at the ends: source text
// compared or quoted regardless of how it was wrapped.
inline std::string collapse_whitespace(std::string_view text) {
  return collapse_runs(text, [](char c) { return is_ascii_space(c) || c == '\\'; });
}

// Runs of spaces, tabs, CR and LF as one space, none at the ends; backslashes stay.
inline std::string collapse_spaces(std::string_view text) { return collapse_runs(text, is_ascii_space); }

// `s` cut to at most `n` bytes without splitting a UTF-8 character.
inline std::string_view utf8_prefix(std::string_view s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

// `s` when it fits in `n` bytes, else its first whole UTF-8 characters within `n` bytes and "...".
inline std::string shortened(std::string_view s, std::size_t n) {
  if (s.size() <= n) return std::string(s);
  return std::string(utf8_prefix(s, n)) + "...";
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

// Line `line` (1-based, without its '\n') of `text`; nullopt past the last line (a final
// newline does not start another line).
inline std::optional<std::string_view> nth_line(std::string_view text, int line) {
  if (line < 1) return std::nullopt;
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return std::nullopt;
    start = nl + 1;
  }
  if (start == text.size() && line > 1) return std::nullopt;
  size_t end = text.find('\n', start);
  return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

// Calls `f` for each line of `text` (without its '\n'; a final newline does not start another
// line): `f(line)`, or `f(number, line)` with 1-based numbers, which stops the walk by
// returning false.
template <class F>
void for_each_line(std::string_view text, F&& f) {
  int number = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    if constexpr (std::is_invocable_v<F&, std::string_view>) f(line);
    else if (!f(++number, line)) return;
  }
}

}  // namespace rp
