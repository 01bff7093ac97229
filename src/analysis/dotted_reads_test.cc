// Which dotted reads a file evaluates: outermost plain chains, not calls, stores or guarded reads.
#include "analysis/dotted_reads.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<std::string> reads(const std::string& src, const std::set<int>& lines = {}) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const DottedRead& r : dotted_reads(*tree, lines)) out.push_back(r.text + "@" + std::to_string(r.line));
  return out;
}

TEST(DottedReads, OutermostPlainChainsOnly) {
  EXPECT_EQ(reads("import a.b as m\n"
                  "x = m.TABLE[0]\n"
                  "y = a.b.c.LIMIT + m.f(1).z\n"
                  "z = m.g(m.EPS)\n"),
            (std::vector<std::string>{"m.TABLE@2", "a.b.c.LIMIT@3", "m.EPS@4"}));
}

TEST(DottedReads, CallsStoresAndDeletesAreNotReads) {
  EXPECT_TRUE(reads("m.f(1)\n"
                    "m.X = 3\n"
                    "m.Y, m.Z = 1, 2\n"
                    "del m.W\n"
                    "for m.i in range(3):\n    pass\n")
                  .empty());
}

TEST(DottedReads, GuardsThatExpectAMissingAttributeHideTheRead) {
  EXPECT_TRUE(reads("if hasattr(m, 'NEW'):\n    x = m.NEW\n"
                    "y = m.NEW if hasattr(m, 'NEW') else 0\n"
                    "ok = hasattr(m, 'NEW') and m.NEW\n"
                    "try:\n    z = m.NEW\nexcept (ImportError, AttributeError):\n    z = 0\n"
                    "try:\n    w = m.NEW\nexcept:\n    w = 0\n")
                  .empty());
  // A try that only catches something else does not expect the attribute to be missing.
  EXPECT_EQ(reads("try:\n    z = m.NEW\nexcept KeyError:\n    z = 0\n"), (std::vector<std::string>{"m.NEW@2"}));
}

TEST(DottedReads, LinesFilterTheReads) {
  EXPECT_EQ(reads("x = m.A\ny = m.B\nz = (m.\n  C)\n", {2, 3}), (std::vector<std::string>{"m.B@2", "m.C@3"}));
}

// With lines, the walk skips subtrees that hold none of them: the reads are still exactly the
// file's reads that start on those lines, for every single line and for a few sets of lines
// (nested functions and classes, a chain spanning lines, a guarded read, a call with_calls).
TEST(DottedReads, LinesGiveTheFileReadsStartingOnThem) {
  const std::string src =
      "import cfg\n"
      "class Tiler:\n"
      "    rows = cfg.ROWS\n"
      "    def plan(self, t):\n"
      "        if hasattr(cfg, 'COLS'):\n"
      "            w = cfg.COLS\n"
      "        def inner():\n"
      "            return (cfg.\n"
      "                    DEPTH, t.shape.rank)\n"
      "        cfg.tune.apply(\n"
      "            cfg.tune.LEVEL)\n"
      "        return inner\n"
      "total = cfg.ROWS + cfg.\\\n"
      "    PAD\n";
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  auto render = [](const std::vector<DottedRead>& rs) {
    std::vector<std::string> out;
    for (const DottedRead& r : rs) out.push_back(r.text + "@" + std::to_string(r.line) + (r.called ? "()" : ""));
    return out;
  };
  for (bool calls : {false, true}) {
    std::vector<DottedRead> all = dotted_reads(*tree, {}, calls);
    ASSERT_GE(all.size(), 6u);
    std::vector<std::set<int>> asked = {{8}, {9}, {3, 13}, {10, 11}, {1, 2, 4, 14}, {6, 9, 11, 13}};
    for (int line = 1; line <= 15; ++line) asked.push_back({line});
    for (const std::set<int>& lines : asked) {
      std::vector<DottedRead> want;
      for (const DottedRead& r : all)
        if (lines.count(r.line)) want.push_back(r);
      EXPECT_EQ(render(dotted_reads(*tree, lines, calls)), render(want));
    }
  }
}

}  // namespace
}  // namespace rp
