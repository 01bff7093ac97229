#include "verdict/ai_risk.h"

#include <gtest/gtest.h>

#include "report/card.h"
#include "report/json_report.h"
#include "review/review.h"
#include "rules/rule.h"

namespace rp {
namespace {

const char* kDiff =
    "diff --git a/aiter/ops/moe.py b/aiter/ops/moe.py\n--- a/aiter/ops/moe.py\n+++ b/aiter/ops/moe.py\n"
    "@@ -1,1 +1,2 @@\n x = 1\n+y = fused_moe(x)\n";

Review review_with_body(const std::string& title, const std::string& body) {
  ReviewInputs in;
  PullRequestMeta meta;
  meta.title = title;
  meta.body = body;
  meta.has_description = true;
  in.meta = meta;
  in.diff_text = kDiff;
  in.profile = "aiter";
  auto r = run_review(in);
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r : Review{};
}

// A description the way a code generator writes it: what, never why; clean ratios; the test
// sections left as the template; the attribution footer. Four table signs.
TEST(AiRisk, GeneratedDescriptionRaisesTheNote) {
  Review r = review_with_body("Optimize MoE kernel",
                              "## Summary\n\nThis PR optimizes the MoE kernel for better performance.\n\n"
                              "## Results\n\n- 2.0x faster decode\n- 1.5x faster prefill\n- 3x end-to-end\n\n"
                              "## Test Plan\n\n<!-- describe -->\n\n## Test Result\n\n<!-- results -->\n\n"
                              "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n");
  EXPECT_TRUE(r.ai_risk.elevated);
  EXPECT_GE(r.ai_risk.table_signs.size(), 3u);
  EXPECT_NE(render_card(r).find("Elevated AI code risk"), std::string::npos);
  EXPECT_NE(render_json(r).find("\"elevated\": true"), std::string::npos);
}

TEST(AiRisk, ExplainedMeasuredDescriptionHasNoNote) {
  Review r = review_with_body("[Perf] Fuse the MoE sort into the gate",
                              "Fusing removes the intermediate HBM write of the sorted ids, so decode saves one launch.\n\n"
                              "MI300X, `python op_tests/test_moe.py`: 41.2 us -> 35.9 us at 4096 tokens.\n");
  EXPECT_FALSE(r.ai_risk.elevated);
  EXPECT_TRUE(r.ai_risk.table_signs.empty());
  EXPECT_EQ(render_card(r).find("Elevated AI code risk"), std::string::npos);
  EXPECT_NE(render_json(r).find("\"note\": null"), std::string::npos);
}

TEST(AiRisk, AnyStructuralFindingIsEnough) {
  PullRequest pr;
  Finding f;
  f.rule = "safety-theater";
  AiRisk r = assess_ai_risk(pr, PrClassification{}, {f}, {{"safety-theater", "S6.4"}});
  EXPECT_TRUE(r.elevated);
  EXPECT_EQ(r.structural, std::vector<std::string>{"safety-theater"});
  AiRisk none = assess_ai_risk(pr, PrClassification{}, {f}, {{"safety-theater", "HK1"}});
  EXPECT_FALSE(none.elevated);
}

// Structural check 6 (magic constant without derivation) counts like the others: its code in
// both checklists is S6.6, and one such finding raises the note.
TEST(AiRisk, MagicConstantIsAStructuralCheck) {
  const Rule* rule = find_rule("magic-constant");
  ASSERT_NE(rule, nullptr);
  EXPECT_EQ(checklist_code(Checklist::Aiter, "magic-constant"), "S6.6");
  EXPECT_EQ(checklist_code(Checklist::Atom, "magic-constant"), "S6.6");
  Finding f;
  f.rule = "magic-constant";
  AiRisk r = assess_ai_risk(PullRequest{}, PrClassification{}, {f}, {{"magic-constant", "S6.6"}});
  EXPECT_TRUE(r.elevated);
  EXPECT_EQ(r.structural, std::vector<std::string>{"magic-constant"});
}

TEST(AiRisk, CardListsMandatoryGroupsCheckedClean) {
  Review r = review_with_body("[Perf] Fuse the MoE sort into the gate",
                              "Fusing removes the intermediate HBM write, so decode saves one launch.\n\n"
                              "MI300X, `python op_tests/test_moe.py`: 41.2 us -> 35.9 us at 4096 tokens.\n");
  std::string card = render_card(r);
  // perf is among the groups checked clean (coverage's diff-only checks may come first).
  size_t clean = card.find("checked with no finding:");
  ASSERT_NE(clean, std::string::npos) << card;
  EXPECT_NE(card.find("perf (", clean), std::string::npos) << card;
  EXPECT_NE(render_json(r).find("\"group\": \"perf\""), std::string::npos);
  EXPECT_EQ(r.summary.rfind("Perf", 0), 0u) << r.summary;
}

}  // namespace
}  // namespace rp
