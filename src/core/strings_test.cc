// The string facts of core/strings.h: trimming, whitespace, conditions and line access.
#include "core/strings.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace rp {
namespace {

TEST(Strings, NthLineCountsFromOneAndStopsAtTheLastLine) {
  std::string text = "first\nsecond\n\nfourth\n";
  EXPECT_EQ(nth_line(text, 1), "first");
  EXPECT_EQ(nth_line(text, 2), "second");
  EXPECT_EQ(nth_line(text, 3), "");
  EXPECT_EQ(nth_line(text, 4), "fourth");
  EXPECT_EQ(nth_line(text, 5), std::nullopt);  // the final newline starts no line
  EXPECT_EQ(nth_line(text, 0), std::nullopt);
  EXPECT_EQ(nth_line("no newline", 1), "no newline");
  EXPECT_EQ(nth_line("no newline", 2), std::nullopt);
  EXPECT_EQ(nth_line("", 1), "");
}

TEST(Strings, ForEachLineNumbersEveryLineAndStopsWhenAsked) {
  std::vector<std::pair<int, std::string>> seen;
  for_each_line("a\n\nc", [&](int n, std::string_view l) {
    seen.emplace_back(n, std::string(l));
    return true;
  });
  EXPECT_EQ(seen, (std::vector<std::pair<int, std::string>>{{1, "a"}, {2, ""}, {3, "c"}}));
  seen.clear();
  for_each_line("a\nb\nc\n", [&](int n, std::string_view l) {
    seen.emplace_back(n, std::string(l));
    return n < 2;
  });
  EXPECT_EQ(seen, (std::vector<std::pair<int, std::string>>{{1, "a"}, {2, "b"}}));
  std::vector<std::string> plain;
  for_each_line("x\ny\n", [&](std::string_view l) { plain.emplace_back(l); });
  EXPECT_EQ(plain, (std::vector<std::string>{"x", "y"}));
}

TEST(Strings, TrimAndCollapseIgnoreHowTextWasWrapped) {
  EXPECT_EQ(trim(" \t x y \r\n"), "x y");
  EXPECT_EQ(collapse_whitespace("a  +\n   b \\\n c"), "a + b c");
  EXPECT_EQ(normalize_condition("((a and b))"), "a and b");
  EXPECT_EQ(normalize_condition("(a) and (b)"), "(a) and (b)");
  EXPECT_EQ(collapse_spaces("  a  +\n   b \\\n c "), "a + b \\ c");  // a backslash is kept
}

TEST(Strings, ShortenedNeverSplitsAUtf8Character) {
  EXPECT_EQ(shortened("abc", 3), "abc");
  EXPECT_EQ(shortened("abcd", 3), "abc...");
  // "é" is two bytes: a cut after its first byte backs off to before it.
  EXPECT_EQ(shortened("ab\xc3\xa9z", 3), "ab...");
  EXPECT_EQ(shortened("ab\xc3\xa9z", 4), "ab\xc3\xa9...");
  EXPECT_EQ(utf8_prefix("\xc3\xa9", 1), "");
  EXPECT_EQ(utf8_prefix("xyz", 10), "xyz");
}

TEST(Strings, SplitKeepsEmptyPartsAndAlwaysReturnsOne) {
  EXPECT_EQ(split("hf_config.linear_key_head_dim", '.'), (std::vector<std::string>{"hf_config", "linear_key_head_dim"}));
  EXPECT_EQ(split("max_seq_len", '_'), (std::vector<std::string>{"max", "seq", "len"}));
  EXPECT_EQ(split("a..b.", '.'), (std::vector<std::string>{"a", "", "b", ""}));
  EXPECT_EQ(split("", '.'), (std::vector<std::string>{""}));
  EXPECT_EQ(split("plain", '.'), (std::vector<std::string>{"plain"}));
}

}  // namespace
}  // namespace rp

