#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/card.h"
#include "report/json_report.h"

namespace rp {
namespace {

Review sample() {
  Review r;
  r.profile = "atom";
  r.heading = "ATOM";
  r.number = 1548;
  r.title = "fuse ar+norm";
  r.summary = "Modifies 1 file in `atom/model_ops/` (Python; +3/−1 lines).";
  r.verdict = Verdict::Block;
  Finding f;
  f.rule = "unbound-local";
  f.severity = Severity::Red;
  f.location = Location{"atom/model_ops/moe.py", 120};
  f.problem = "`scale` is assigned only inside `if use_fp8:`";
  f.impact = "UnboundLocalError on the bf16 path";
  f.action = "Author must initialise `scale = None` before the if-block";
  f.trigger = "when use_fp8 is False";
  f.evidence = {"atom/model_ops/moe.py:120: return x * scale"};
  Finding d;
  d.rule = "perf-claim-without-numbers";
  d.severity = Severity::Warn;
  d.problem = "The description claims a speedup";
  d.impact = "Reviewers cannot judge the trade-off";
  d.action = "Reviewer should ask for numbers with units";
  d.verified = false;
  r.findings = {f, d};
  r.codes = {{"unbound-local", "D1b"}};
  return r;
}

TEST(Card, FollowsStepEight) {
  std::string card = render_card(sample());
  EXPECT_EQ(card.rfind("## ATOM PR #1548 — fuse ar+norm\n\n**Modifies", 0), 0u) << card;
  EXPECT_NE(card.find("\n🔴 BLOCK\n"), std::string::npos);
  EXPECT_NE(card.find("🔴 `atom/model_ops/moe.py:120` `scale` is assigned only inside `if use_fp8:`. UnboundLocalError on the bf16 path. **Author must** initialise `scale = None` before the if-block. [verified]"), std::string::npos) << card;
  EXPECT_NE(card.find("  - Triggers when: when use_fp8 is False"), std::string::npos);
  EXPECT_NE(card.find("⚠️ The description claims a speedup."), std::string::npos);
  EXPECT_NE(card.find("**Reviewer should ask** for numbers with units. [inferred]"), std::string::npos);
  EXPECT_EQ(card.find("D1b"), std::string::npos);  // never rule codes in the card
}

TEST(Card, NoFindingsSectionWhenClean) {
  Review r = sample();
  r.findings.clear();
  r.verdict = Verdict::Lgtm;
  r.number.reset();
  std::string card = render_card(r);
  EXPECT_EQ(card, "## ATOM PR — fuse ar+norm\n\n**Modifies 1 file in `atom/model_ops/` (Python; +3/−1 lines).**\n\n✅ LGTM\n");
}

TEST(JsonReport, StableDocumentedShape) {
  std::string text = render_json(sample());
  EXPECT_EQ(text, render_json(sample()));  // byte-identical for identical input
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["verdict"], "BLOCK");
  EXPECT_EQ(j["profile"], "atom");
  EXPECT_EQ(j["pr"]["number"], 1548);
  ASSERT_EQ(j["findings"].size(), 2u);
  const auto& f = j["findings"][0];
  EXPECT_EQ(f["rule"], "unbound-local");
  EXPECT_EQ(f["code"], "D1b");
  EXPECT_EQ(f["severity"], "red");
  EXPECT_EQ(f["file"], "atom/model_ops/moe.py");
  EXPECT_EQ(f["line"], 120);
  EXPECT_EQ(f["verified"], true);
  EXPECT_EQ(f["trigger"], "when use_fp8 is False");
  const auto& d = j["findings"][1];
  EXPECT_TRUE(d["code"].is_null());
  EXPECT_TRUE(d["file"].is_null());
  EXPECT_TRUE(d["line"].is_null());
  EXPECT_TRUE(d["trigger"].is_null());
  EXPECT_EQ(d["verified"], false);
}

TEST(JsonReport, InvalidUtf8IsReplacedNotThrown) {
  Review r = sample();
  r.title = "bad \xff\xfe bytes";
  EXPECT_NO_THROW(render_json(r));
}

}  // namespace
}  // namespace rp
