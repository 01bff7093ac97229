#include "verdict/verdict.h"

#include <gtest/gtest.h>

#include "verdict/summary.h"

namespace rp {
namespace {

Finding make(std::string rule, Severity s, std::string file, int line, std::string trigger = "") {
  Finding f;
  f.rule = std::move(rule);
  f.severity = s;
  if (!file.empty()) f.location = Location{file, line};
  f.problem = "p";
  f.impact = "i";
  f.action = "Author must fix it";
  f.trigger = std::move(trigger);
  f.evidence = {file + ":" + std::to_string(line) + ": x"};
  return f;
}

TEST(Verdict, RedWithoutTriggerIsDowngraded) {
  auto out = settle({make("r", Severity::Red, "a.py", 3)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].severity, Severity::Warn);
  EXPECT_EQ(decide(out), Verdict::NeedsWork);
}

TEST(Verdict, RedWithTriggerBlocks) {
  auto out = settle({make("r", Severity::Red, "a.py", 3, "when x is None")});
  EXPECT_EQ(out[0].severity, Severity::Red);
  EXPECT_EQ(decide(out), Verdict::Block);
}

TEST(Verdict, NotesAloneAreLgtmAndEmptyIsLgtm) {
  EXPECT_EQ(decide(settle({make("r", Severity::Note, "a.py", 1)})), Verdict::Lgtm);
  EXPECT_EQ(decide({}), Verdict::Lgtm);
}

TEST(Verdict, DuplicatesMergeEvidenceAndOrderIsStable) {
  Finding a = make("r", Severity::Warn, "b.py", 9);
  Finding b = make("r", Severity::Warn, "b.py", 9);
  b.evidence = {"b.py:12: y"};
  Finding c = make("s", Severity::Red, "z.py", 1, "t");
  Finding d = make("q", Severity::Warn, "", 0);  // description-level
  Finding e = make("q", Severity::Warn, "a.py", 2);
  auto out = settle({a, d, b, c, e});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].rule, "s");  // red first
  EXPECT_EQ(out[1].location->file, "a.py");
  EXPECT_EQ(out[2].location->file, "b.py");
  EXPECT_EQ(out[2].evidence.size(), 2u);
  EXPECT_FALSE(out[3].location.has_value());  // description-level last in its severity
  EXPECT_EQ(verdict_name(decide(out)), "BLOCK");
}

TEST(Summary, StatesWhatChangedWhereWithoutGuessing) {
  ChangeSet cs;
  FileChange f1;
  f1.new_path = f1.old_path = "aiter/ops/mha.py";
  Hunk h;
  h.lines.push_back({DiffLine::Kind::Added, 0, 1, "x"});
  h.lines.push_back({DiffLine::Kind::Removed, 1, 0, "y"});
  f1.hunks.push_back(h);
  FileChange f2;
  f2.new_path = "csrc/kernels/mha.cu";
  f2.status = FileStatus::Added;
  cs.files = {f1, f2};
  EXPECT_EQ(summarize(cs), "Adds 1 file and modifies 1 file in `aiter/ops/` and `csrc/kernels/` (CUDA/HIP, Python; +1/−1 lines).");
  EXPECT_EQ(summarize(ChangeSet{}), "Changes no files.");
}

}  // namespace
}  // namespace rp
