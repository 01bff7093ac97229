// A regular expression asked by meaning: `const Pattern says_zero{R"((?i)\bzero|memset)"};`
// then `says_zero(text)`. The RE2 is compiled on first use (once, thread-safe) and kept for
// the life of the Pattern (a rule's are namespace constants), so a rule's predicates cost
// nothing at start-up and nothing per call beyond the match. `Pattern::whole(...)` matches the whole text instead of a part.
#pragma once

#include <re2/re2.h>

#include <atomic>
#include <mutex>
#include <string_view>

namespace rp {

class Pattern {
 public:
  enum class Match { Part, Whole };
  constexpr explicit Pattern(std::string_view source, Match match = Match::Part) : source_(source), match_(match) {}
  static Pattern whole(std::string_view source) { return Pattern(source, Match::Whole); }
  ~Pattern() { delete re_.load(std::memory_order_acquire); }
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  // Whether `text` matches: somewhere in it (Part), or all of it (Whole).
  bool operator()(std::string_view text) const {
    return match_ == Match::Whole ? RE2::FullMatch(text, re()) : RE2::PartialMatch(text, re());
  }
  // The compiled expression, for FindAndConsume, Replace and capture groups.
  const RE2& re() const {
    std::call_once(once_, [this] { re_.store(new RE2(source_), std::memory_order_release); });
    return *re_.load(std::memory_order_acquire);
  }
  std::string_view source() const { return source_; }

 private:
  std::string_view source_;
  Match match_;
  mutable std::once_flag once_;
  mutable std::atomic<const RE2*> re_{nullptr};  // owned: compiled on first use, freed with the Pattern
};

}  // namespace rp
