// run_rules applies a rule's severity floor (rules/registry.h) only when nobody named the rule.
#include "rules/runner.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "review/review.h"
#include "rules/registry.h"

namespace rp {
namespace {

// The severities of `rule`'s findings on one fixture of tests/rules, under `selection`.
std::multiset<Severity> severities(const std::string& fixture, const std::string& rule, RuleSelection selection) {
  ReviewInputs in;
  in.before_dir = std::string(RP_SOURCE_DIR) + "/tests/rules/" + fixture + "/before";
  in.after_dir = std::string(RP_SOURCE_DIR) + "/tests/rules/" + fixture + "/after";
  in.rules = std::move(selection);
  Result<Review> review = run_review(in);
  EXPECT_TRUE(review.ok()) << (review.ok() ? "" : review.error());
  std::multiset<Severity> out;
  if (!review.ok()) return out;
  for (const Finding& f : review->findings)
    if (f.rule == rule) out.insert(f.severity);
  return out;
}

TEST(Runner, FloorDropsFindingsBelowItUnlessTheRuleIsNamed) {
  const SeverityFloor* floor = severity_floor("int32-index-overflow");
  ASSERT_NE(floor, nullptr);
  EXPECT_EQ(floor->floor, Severity::Warn);
  const std::string rule = "int32-index-overflow";
  // A new 32-bit kernel parameter multiplied into an offset: a note, reported only when named.
  EXPECT_TRUE(severities("int32-index-overflow/fire_new_int_kernel_param", rule, {}).empty());
  EXPECT_EQ(severities("int32-index-overflow/fire_new_int_kernel_param", rule, RuleSelection{{}, {}, {rule}}),
            (std::multiset<Severity>{Severity::Note}));
  EXPECT_EQ(severities("int32-index-overflow/fire_new_int_kernel_param", rule, RuleSelection{{rule}, {}, {}}),
            (std::multiset<Severity>{Severity::Note}));
  // A product next to the author's own 64-bit twin of the same tensor: above the floor,
  // reported by default (red in a sibling kernel, warn for a single stride).
  EXPECT_EQ(severities("int32-index-overflow/fire_cpp_twin_same_offset_in_sibling_kernel", rule, {}),
            (std::multiset<Severity>{Severity::Red}));
  EXPECT_EQ(severities("int32-index-overflow/fire_triton_pid_twin_same_pointer", rule, {}),
            (std::multiset<Severity>{Severity::Warn}));
  // A twin for another tensor is cited, not counted: a note, dropped by default.
  EXPECT_TRUE(severities("int32-index-overflow/fire_gluon_buffer_twin_for_other_tensor_is_a_note", rule, {}).empty());
}

TEST(Registry, SeverityFloorsNameRulesThatRunByDefault) {
  ASSERT_FALSE(severity_floors().empty());
  for (const SeverityFloor& f : severity_floors()) {
    const RuleInfo* info = rule_info_of(f.rule);
    ASSERT_NE(info, nullptr) << f.rule;
    EXPECT_FALSE(f.why.empty());
    EXPECT_EQ(switched_off_rule(f.rule, f.profile), nullptr) << f.rule << " is switched off: a floor means nothing";
    EXPECT_TRUE(below_floor_kept(*info, RuleSelection{{}, {}, {std::string(f.rule)}}));
    EXPECT_FALSE(below_floor_kept(*info, RuleSelection{}));
  }
  EXPECT_EQ(severity_floor("unbound-local"), nullptr);
}

}  // namespace
}  // namespace rp
