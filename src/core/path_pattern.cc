#include "core/path_pattern.h"

#include <algorithm>

namespace rp {

namespace {

struct Token {
  enum Kind { Literal, OneChar, Class, Star, Dirs, Rest };
  explicit Token(Kind k, char c = 0) : kind(k), literal(c) {}
  Kind kind;
  char literal;
  std::string set;      // Class: the characters and ranges ("a-z" kept as three chars)
  bool negated = false;  // Class: [!...] / [^...]
};

bool class_has(const Token& t, char c) {
  bool in = false;
  for (size_t i = 0; i < t.set.size() && !in; ++i) {
    if (i + 2 < t.set.size() && t.set[i + 1] == '-') {
      in = t.set[i] <= c && c <= t.set[i + 2];
      i += 2;
    } else {
      in = t.set[i] == c;
    }
  }
  return in != t.negated;
}

// body: the pattern without its anchoring '/' and trailing '/'.
std::vector<Token> compile(std::string_view body) {
  std::vector<Token> out;
  const size_t n = body.size();
  for (size_t i = 0; i < n;) {
    char c = body[i];
    if (c == '*') {
      size_t run = i;
      while (run < n && body[run] == '*') ++run;
      bool double_star = run - i == 2;
      bool at_component_start = i == 0 || body[i - 1] == '/';
      if (double_star && at_component_start && run < n && body[run] == '/') {
        out.push_back(Token(Token::Dirs));  // "**/": zero or more whole directories
        i = run + 1;
      } else if (double_star && at_component_start && run == n) {
        out.push_back(Token(Token::Rest));  // "/**" at the end (or "**" alone): everything
        i = run;
      } else {
        out.push_back(Token(Token::Star));  // any other run of stars stays within a component
        i = run;
      }
    } else if (c == '?') {
      out.push_back(Token(Token::OneChar));
      ++i;
    } else if (c == '[') {
      size_t j = i + 1;
      Token t(Token::Class);
      if (j < n && (body[j] == '!' || body[j] == '^')) t.negated = true, ++j;
      size_t first = j;
      while (j < n && (body[j] != ']' || j == first)) t.set += body[j++];
      if (j >= n) {  // no closing bracket: a literal '['
        out.push_back(Token(Token::Literal, '['));
        ++i;
      } else {
        out.push_back(std::move(t));
        i = j + 1;
      }
    } else if (c == '\\' && i + 1 < n) {
      out.push_back(Token(Token::Literal, body[i + 1]));
      i += 2;
    } else {
      out.push_back(Token(Token::Literal, c));
      ++i;
    }
  }
  return out;
}

}  // namespace

bool path_pattern_match(std::string_view pattern, std::string_view path) {
  bool dir_only = false;
  while (pattern.ends_with('/')) pattern.remove_suffix(1), dir_only = true;
  bool anchored = pattern.starts_with('/');
  while (pattern.starts_with('/')) pattern.remove_prefix(1);
  if (pattern.empty() || path.empty()) return false;
  anchored = anchored || pattern.find('/') != std::string_view::npos;
  std::vector<Token> tokens = compile(pattern);
  // A name without a '/' matches at any depth: as if written "**/name".
  if (!anchored) tokens.insert(tokens.begin(), Token(Token::Dirs));

  // reach[j]: the tokens so far match path[0, j). One row per token, forward.
  const size_t m = path.size();
  std::vector<char> reach(m + 1, 0), next(m + 1, 0);
  reach[0] = 1;
  for (const Token& t : tokens) {
    std::fill(next.begin(), next.end(), 0);
    switch (t.kind) {
      case Token::Literal:
      case Token::OneChar:
      case Token::Class:
        for (size_t j = 0; j < m; ++j) {
          if (!reach[j]) continue;
          char c = path[j];
          bool ok = t.kind == Token::Literal ? c == t.literal : c != '/' && (t.kind == Token::OneChar || class_has(t, c));
          next[j + 1] = ok;
        }
        break;
      case Token::Star: {  // within one component: no '/' consumed
        bool open = false;
        for (size_t j = 0; j <= m; ++j) {
          if (j > 0 && path[j - 1] == '/') open = false;
          open = open || reach[j];
          next[j] = open;
        }
        break;
      }
      case Token::Dirs: {  // nothing, or whole components each ending in '/'
        bool seen = false;
        for (size_t j = 0; j <= m; ++j) {
          next[j] = reach[j] || (seen && j > 0 && path[j - 1] == '/');
          seen = seen || reach[j];
        }
        break;
      }
      case Token::Rest: {  // at least one character, anything
        bool seen = false;
        for (size_t j = 0; j <= m; ++j) {
          next[j] = seen;
          seen = seen || reach[j];
        }
        break;
      }
    }
    std::swap(reach, next);
  }
  // The whole path (a file: not for a directory-only pattern), or a directory above it, in
  // which case everything below that directory matches.
  if (!dir_only && reach[m]) return true;
  for (size_t j = 1; j < m; ++j)
    if (path[j] == '/' && reach[j]) return true;
  return false;
}

bool path_patterns_match(const std::vector<std::string>& patterns, std::string_view path) {
  bool matched = false;
  for (std::string_view p : patterns) {
    bool negated = p.starts_with('!');
    if (negated) p.remove_prefix(1);
    if (path_pattern_match(p, path)) matched = !negated;
  }
  return matched;
}

}  // namespace rp
