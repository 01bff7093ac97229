#include "verdict/fold.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

Finding at(std::string rule, std::string file, int line, std::string problem, Severity s = Severity::Warn) {
  Finding f;
  f.rule = std::move(rule);
  f.severity = s;
  f.location = Location{file, line};
  f.problem = std::move(problem);
  f.action = "Author must fix it";
  f.evidence = {file + ":" + std::to_string(line) + ": x"};
  return f;
}

// Lines 1-49 of any file are function `f`, 50-99 function `g`, 100+ module level.
std::optional<CauseScope> by_line(const Location& l) {
  if (l.line <= 0) return CauseScope{"dir:" + l.file.substr(0, l.file.find('/')), "in this folder"};
  if (l.line < 50) return CauseScope{l.file + "#f", "in this function `f`"};
  if (l.line < 100) return CauseScope{l.file + "#g", "in this function `g`"};
  return std::nullopt;
}

TEST(CauseOf, BlanksNamesAndNumbersButKeepsTheClaim) {
  EXPECT_EQ(cause_of(at("r", "a.py", 1, "New env var `A_X` is read at 3 places")),
            cause_of(at("r", "a.py", 1, "New env var `A_YY` is read at 12 places")));
  EXPECT_NE(cause_of(at("r", "a.py", 1, "New env var `A_X` is read")),
            cause_of(at("r", "a.py", 1, "New env var `A_X` is written")));
  EXPECT_NE(cause_of(at("r", "a.py", 1, "x")), cause_of(at("other", "a.py", 1, "x")));
  EXPECT_NE(cause_of(at("r", "a.py", 1, "x", Severity::Red)), cause_of(at("r", "a.py", 1, "x")));
  // An apostrophe inside a word opens no quote: the rest of the text still tells causes apart.
  EXPECT_NE(cause_of(at("r", "a.py", 1, "the file's 'x' is stale")),
            cause_of(at("r", "a.py", 1, "the file's 'x' is missing")));
  EXPECT_EQ(cause_of(at("r", "a.py", 1, "`x` is read at line 3 (and 1 more read) but unbound")),
            cause_of(at("r", "a.py", 1, "`y` is read at line 9 but unbound")));
  EXPECT_NE(cause_of(at("r", "a.py", 1, "`x` is read (twice) but unbound")),
            cause_of(at("r", "a.py", 1, "`x` is read (twice) and bound late")));
  EXPECT_EQ(cause_of(at("r", "a.py", 1, "arch 'gfx950' in `a == b`")),
            cause_of(at("r", "a.py", 1, "arch 'gfx1250' in `c == d`")));
}

TEST(FoldCauses, SameCauseInOneFunctionIsOneFinding) {
  std::vector<Finding> in = {at("r", "a.py", 10, "Env `A` unread"), at("r", "a.py", 20, "Env `B` unread"),
                             at("r", "a.py", 30, "Env `C` unread")};
  auto out = fold_causes(in, by_line);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].location->line, 10);
  EXPECT_EQ(out[0].problem, "Env `A` unread; and 2 more in this function `f`: L20, L30");
  ASSERT_EQ(out[0].related.size(), 2u);
  EXPECT_EQ(out[0].related[1].line, 30);
  EXPECT_EQ(out[0].evidence.size(), 3u);
}

TEST(FoldCauses, OtherFunctionsRulesAndCausesStaySeparate) {
  std::vector<Finding> in = {at("r", "a.py", 10, "Env `A` unread"), at("r", "a.py", 60, "Env `B` unread"),
                             at("r", "b.py", 10, "Env `C` unread"), at("s", "a.py", 11, "Env `D` unread"),
                             at("r", "a.py", 12, "Guard `x` removed")};
  auto out = fold_causes(in, by_line);
  ASSERT_EQ(out.size(), 5u);
  for (const Finding& f : out) EXPECT_TRUE(f.related.empty());
}

TEST(FoldCauses, UnscopedAndDescriptionFindingsPassThrough) {
  Finding desc;
  desc.rule = "r";
  desc.problem = "Env `A` unread";
  std::vector<Finding> in = {at("r", "a.py", 120, "Env `A` unread"), at("r", "a.py", 130, "Env `B` unread"), desc, desc};
  auto out = fold_causes(in, by_line);
  EXPECT_EQ(out.size(), 4u);
}

TEST(FoldCauses, FileLevelFindingsFoldPerFolderAndKeepOrder) {
  std::vector<Finding> in = {at("r", "d/x.py", 0, "File `x.py` untested"), at("q", "a.py", 5, "other"),
                             at("r", "d/y.py", 0, "File `y.py` untested")};
  auto out = fold_causes(in, by_line);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].rule, "r");
  EXPECT_EQ(out[0].problem, "File `x.py` untested; and 1 more in this folder: d/y.py");
  EXPECT_EQ(out[1].rule, "q");
}

TEST(FoldCauses, LongListsAreCut) {
  std::vector<Finding> in;
  for (int line = 1; line <= 12; ++line) in.push_back(at("r", "a.py", line, "Env `V" + std::to_string(line) + "` unread"));
  auto out = fold_causes(in, by_line);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].related.size(), 11u);
  EXPECT_NE(out[0].problem.find("and 11 more in this function `f`: L2, L3, L4, L5, L6, L7, L8, L9, ..."),
            std::string::npos);
  EXPECT_EQ(out[0].evidence.size(), 6u);
}

TEST(FoldCauses, NamesTheFingerprintsAFoldAbsorbed) {
  std::vector<Finding> in = {at("r", "a.py", 10, "Env `A` unread"), at("r", "a.py", 20, "Env `B` unread"),
                             at("r", "a.py", 60, "Env `C` unread")};
  in[0].fingerprint = "000000000000000a";
  in[1].fingerprint = "000000000000000b";
  in[2].fingerprint = "000000000000000c";
  std::map<std::string, std::vector<std::pair<std::string, Location>>> absorbed;
  auto out = fold_causes(in, by_line, &absorbed);
  ASSERT_EQ(out.size(), 2u);
  ASSERT_EQ(absorbed.size(), 1u);
  ASSERT_EQ(absorbed["000000000000000a"].size(), 1u);
  EXPECT_EQ(absorbed["000000000000000a"][0].first, "000000000000000b");
  EXPECT_EQ(absorbed["000000000000000a"][0].second.line, 20);
}

}  // namespace
}  // namespace rp
