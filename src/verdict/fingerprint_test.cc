#include "verdict/fingerprint.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "source/map_tree.h"

namespace rp {
namespace {

TEST(Fingerprint, IgnoresLineNumberAndWhitespaceButNotText) {
  EXPECT_EQ(fingerprint_of("r", "a.py", "  x = torch.empty(n)", 0), fingerprint_of("r", "a.py", "x =  torch.empty(n)\t", 0));
  EXPECT_NE(fingerprint_of("r", "a.py", "x = torch.empty(n)", 0), fingerprint_of("r", "a.py", "x = torch.zeros(n)", 0));
  EXPECT_NE(fingerprint_of("r", "a.py", "x", 0), fingerprint_of("r", "b.py", "x", 0));
  EXPECT_NE(fingerprint_of("r", "a.py", "x", 0), fingerprint_of("s", "a.py", "x", 0));
  EXPECT_NE(fingerprint_of("r", "a.py", "x", 0), fingerprint_of("r", "a.py", "x", 1));
  EXPECT_EQ(fingerprint_of("r", "a.py", "x", 0).size(), 16u);
}

TEST(Fingerprint, SurvivesALineShiftInTheDiff) {
  auto review = [](int line) {
    PullRequest pr;
    FileChange file;
    file.new_path = file.old_path = "k.py";
    Hunk hunk;
    DiffLine dl;
    dl.kind = DiffLine::Kind::Added;
    dl.new_line = line;
    dl.text = "q = torch.empty(n)";
    hunk.lines.push_back(dl);
    file.hunks.push_back(hunk);
    pr.changes.files.push_back(file);
    Workspace ws(pr, nullptr, nullptr);
    Finding f;
    f.rule = "r";
    f.location = Location{"k.py", line};
    std::vector<Finding> findings{f, f};
    assign_fingerprints(findings, pr, ws);
    return findings;
  };
  auto at10 = review(10), at42 = review(42);
  EXPECT_EQ(at10[0].fingerprint, at42[0].fingerprint);
  EXPECT_NE(at10[0].fingerprint, at10[1].fingerprint);  // same rule, file and text: ordinal tells them apart
  EXPECT_FALSE(at10[0].fingerprint.empty());
}

TEST(HeadLines, AgreesWithHeadLineTextOnEveryLineOfEveryShape) {
  PullRequest pr;
  for (const char* path : {"a.py", "b.py", "c.py"}) {
    FileChange f;
    f.old_path = f.new_path = path;
    pr.changes.files.push_back(f);
  }
  std::map<std::string, std::string> head{{"a.py", "one\n\nthree\n"}, {"b.py", "no final newline"}, {"c.py", ""}};
  Workspace ws(pr, std::make_unique<MapTree>(head), std::make_unique<MapTree>(head));
  HeadLines lines(pr, ws);
  for (const char* path : {"a.py", "b.py", "c.py", "missing.py"})
    for (int line = -1; line <= 6; ++line)
      EXPECT_EQ(lines.at(path, line), head_line_text(pr, ws, path, line)) << path << ":" << line;
  EXPECT_EQ(lines.at("a.py", 3), "three");
  EXPECT_EQ(lines.at("a.py", 4), std::nullopt);
}

}  // namespace
}  // namespace rp
