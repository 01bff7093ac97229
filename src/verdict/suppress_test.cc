#include "verdict/suppress.h"

#include <cstdint>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "source/dir_source.h"
#include "source/unified_diff.h"

namespace rp {
namespace {

TEST(SuppressionComment, ParsesPythonAndCppForms) {
  auto py = parse_suppression_comment("x = f()  # review-pr: ignore[unbound-local] set by the caller");
  ASSERT_TRUE(py);
  EXPECT_EQ(py->rules, std::vector<std::string>{"unbound-local"});
  EXPECT_EQ(py->reason, "set by the caller");
  EXPECT_FALSE(py->comment_only);
  auto cpp = parse_suppression_comment("    // review-pr:ignore[ a-rule , b-rule ]: kernel owns it");
  ASSERT_TRUE(cpp);
  EXPECT_EQ(cpp->rules, (std::vector<std::string>{"a-rule", "b-rule"}));
  EXPECT_EQ(cpp->reason, "kernel owns it");
  EXPECT_TRUE(cpp->comment_only);
  auto bare = parse_suppression_comment("# review-pr: ignore[temporary-script]  - ");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->reason, "");
  EXPECT_FALSE(parse_suppression_comment("# review-pr: ignore[] why"));
  EXPECT_FALSE(parse_suppression_comment("x = 1  # noqa: E501"));
  EXPECT_FALSE(parse_suppression_comment("review-pr: ignore[x] not in a comment"));
}

// A before/after pair through the real diff and workspace, with one finding per listed line.
struct Fixture {
  PullRequest pr;
  std::unique_ptr<Workspace> ws;
  Fixture(const std::string& after_text) {
    std::string dir = ::testing::TempDir() + "/suppress-" + std::to_string(reinterpret_cast<uintptr_t>(this));
    std::filesystem::create_directories(dir + "/after");
    std::filesystem::create_directories(dir + "/before");
    std::ofstream(dir + "/after/k.py") << after_text;
    auto text = diff_trees(*make_dir_tree(dir + "/before"), *make_dir_tree(dir + "/after"));
    pr.changes = *parse_unified_diff(*text);
    ws = std::make_unique<Workspace>(pr, make_dir_tree(dir + "/before"), make_dir_tree(dir + "/after"));
  }
  Finding at(int line, const std::string& rule = "unbound-local") {
    Finding f;
    f.rule = rule;
    f.location = Location{"k.py", line};
    f.problem = "p" + std::to_string(line);
    return f;
  }
};

TEST(InlineSuppression, SameLineOrCommentLineAboveWithReason) {
  Fixture fx(
      "a = 1  # review-pr: ignore[unbound-local] bound by the decorator\n"  // 1: same line
      "# review-pr: ignore[unbound-local] caller guarantees it\n"           // 2: covers 3
      "b = 2\n"                                                               // 3
      "c = 3  # review-pr: ignore[unbound-local] trailing covers only 4\n"  // 4
      "d = 4\n"                                                               // 5: not covered by 4
      "e = 5  # review-pr: ignore[other-rule] wrong rule\n");               // 6
  auto result = apply_inline_suppressions({fx.at(1), fx.at(3), fx.at(5), fx.at(6)}, fx.pr, *fx.ws);
  ASSERT_EQ(result.suppressed.size(), 2u);
  EXPECT_EQ(result.suppressed[0].reason, "bound by the decorator");
  EXPECT_EQ(result.suppressed[0].by, SuppressedFinding::By::Inline);
  EXPECT_EQ(result.suppressed[1].finding.location->line, 3);
  ASSERT_EQ(result.kept.size(), 2u);
  EXPECT_EQ(result.kept[0].location->line, 5);
  EXPECT_EQ(result.kept[1].location->line, 6);
  EXPECT_TRUE(result.notes.empty());
}

// A rule split from another keeps the old name as its family: a comment written for the old
// name still silences the new one, and a comment naming an unrelated rule does not.
TEST(InlineSuppression, TheFamilyNameOfASplitRuleStillSuppressesIt) {
  Fixture fx(
      "def f(x, new_flag):  # review-pr: ignore[api-propagation] read by the tracing decorator\n"  // 1
      "    return x  # review-pr: ignore[param-discarded] kept for the v1 signature\n"           // 2
      "g = 1  # review-pr: ignore[api-propagation] unrelated rule\n");                            // 3
  auto result = apply_inline_suppressions(
      {fx.at(1, "param-discarded"), fx.at(2, "param-discarded"), fx.at(3, "unbound-local")}, fx.pr, *fx.ws);
  ASSERT_EQ(result.suppressed.size(), 2u);
  EXPECT_EQ(result.suppressed[0].reason, "read by the tracing decorator");
  EXPECT_EQ(result.suppressed[1].reason, "kept for the v1 signature");
  ASSERT_EQ(result.kept.size(), 1u);
  EXPECT_EQ(result.kept[0].rule, "unbound-local");
}

TEST(InlineSuppression, NoReasonDoesNotSuppressAndIsNoted) {
  Fixture fx("a = 1  # review-pr: ignore[unbound-local]\nb = 2\n");
  auto result = apply_inline_suppressions({fx.at(1), fx.at(1, "temporary-script")}, fx.pr, *fx.ws);
  EXPECT_TRUE(result.suppressed.empty());
  EXPECT_EQ(result.kept.size(), 2u);
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_EQ(result.notes[0].rule, "suppression-without-reason");
  EXPECT_EQ(result.notes[0].severity, Severity::Note);
  EXPECT_EQ(result.notes[0].location->line, 1);
  EXPECT_EQ(result.notes[0].action.rfind("Author must", 0), 0u);
  auto silent = apply_inline_suppressions({fx.at(1)}, fx.pr, *fx.ws, /*report_missing_reason=*/false);
  EXPECT_TRUE(silent.notes.empty());
}

TEST(InlineSuppression, WorksFromTheDiffAloneToo) {
  PullRequest pr;
  pr.changes = *parse_unified_diff(
      "diff --git a/k.cu b/k.cu\n--- a/k.cu\n+++ b/k.cu\n@@ -1 +1,3 @@\n ctx\n+// review-pr: ignore[int32-index] "
      "bounded by 2^20 rows\n+int off = row * stride;\n");
  Workspace ws(pr, nullptr, nullptr);
  Finding f;
  f.rule = "int32-index";
  f.location = Location{"k.cu", 3};
  auto result = apply_inline_suppressions({f}, pr, ws);
  ASSERT_EQ(result.suppressed.size(), 1u);
  EXPECT_EQ(result.suppressed[0].reason, "bounded by 2^20 rows");
}

TEST(Baseline, RoundTripHidesKnownFingerprintsOnly) {
  Review review;
  Finding a, b;
  a.rule = "r";
  a.fingerprint = "aaaaaaaaaaaaaaaa";
  a.location = Location{"x.py", 3};
  b.rule = "r";
  b.fingerprint = "bbbbbbbbbbbbbbbb";
  review.findings = {a};
  std::string text = render_baseline(review);
  auto parsed = parse_baseline(text, "base.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  Review next;
  next.findings = {a, b};
  apply_baseline(next, *parsed);
  ASSERT_EQ(next.findings.size(), 1u);
  EXPECT_EQ(next.findings[0].fingerprint, "bbbbbbbbbbbbbbbb");
  ASSERT_EQ(next.suppressed.size(), 1u);
  EXPECT_EQ(next.suppressed[0].by, SuppressedFinding::By::Baseline);
  EXPECT_EQ(next.suppressed[0].reason, "in baseline base.json");
  // Re-writing keeps what the old baseline hid.
  auto again = nlohmann::json::parse(render_baseline(next));
  EXPECT_EQ(again["findings"].size(), 2u);
}

// A baseline written from a folded finding lists every member: a later run that fixes the
// head shows the other members as their own findings, and they are known.
TEST(Baseline, KeepsTheMembersAFoldAbsorbed) {
  Review review;
  Finding a, b;
  a.rule = b.rule = "r";
  a.fingerprint = "aaaaaaaaaaaaaaaa";
  a.location = Location{"x.py", 3};
  b.fingerprint = "bbbbbbbbbbbbbbbb";
  b.location = Location{"x.py", 9};
  review.findings = {a};
  review.absorbed[a.fingerprint] = {{b.fingerprint, *b.location}};
  auto doc = nlohmann::json::parse(render_baseline(review));
  ASSERT_EQ(doc["findings"].size(), 2u);
  EXPECT_EQ(doc["findings"][1]["fingerprint"], "bbbbbbbbbbbbbbbb");
  EXPECT_EQ(doc["findings"][1]["line"], 9);
  auto parsed = parse_baseline(render_baseline(review), "base.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  Review next;
  next.findings = {b};
  apply_baseline(next, *parsed);
  EXPECT_TRUE(next.findings.empty());
}

TEST(Baseline, BadFilesAreOneLineErrors) {
  for (const char* text : {"not json", "[]", R"({"baseline_version": 2, "findings": []})",
                           R"({"baseline_version": 1, "findings": [{"rule": "r"}]})", R"({"baseline_version": 1})"}) {
    auto parsed = parse_baseline(text, "b.json");
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_EQ(parsed.error().find('\n'), std::string::npos);
    EXPECT_EQ(parsed.error().rfind("b.json: ", 0), 0u) << parsed.error();
  }
}

}  // namespace
}  // namespace rp
