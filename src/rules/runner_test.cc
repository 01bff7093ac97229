// run_rules applies a rule's severity floor (rules/registry.h) only when nobody named the rule.
#include "rules/runner.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

#include "report/card.h"
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

// A second thread that parses the next files (--jobs 2) changes where the time goes, not what the
// review says: a PR of many files, each asking for others (imports), with both sides parsed.
TEST(Runner, ReadAheadGivesTheSameReviewAsOneThread) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / ("rp-read-ahead-" + std::to_string(::getpid()));
  fs::remove_all(root);
  for (const char* side : {"before", "after"}) fs::create_directories(root / side / "pkg");
  auto write = [&](const std::string& side, const std::string& path, const std::string& text) {
    std::ofstream(root / side / path) << text;
  };
  for (int i = 0; i < 24; ++i) {
    std::string mod = "pkg/m" + std::to_string(i) + ".py";
    std::string next = "pkg.m" + std::to_string((i + 1) % 24);
    write("before", mod, "import os\nfrom " + next + " import helper\n\ndef helper(x):\n    return x\n\n"
                             "def run(a, b):\n    return helper(a) + b\n");
    // The new side drops a parameter its callers pass, reads an undefined name, and adds an env knob.
    write("after", mod, "import os\nfrom " + next + " import helper\n\ndef helper(x):\n    return x\n\n"
                            "def run(a):\n    n = os.environ.get('PKG_KNOB_" + std::to_string(i) +
                            "')\n    return helper(a) + undefined_" + std::to_string(i) + "\n");
  }
  write("before", "pkg/__init__.py", "");
  write("after", "pkg/__init__.py", "from pkg.m0 import run\n");
  std::string reviews[2];
  for (int jobs : {1, 2}) {
    ReviewInputs in;
    in.before_dir = (root / "before").string();
    in.after_dir = (root / "after").string();
    in.jobs = jobs;
    Result<Review> review = run_review(in);
    ASSERT_TRUE(review.ok()) << review.error();
    std::string& out = reviews[jobs - 1];
    for (const Finding& f : review->findings) out += render_finding_markdown(f) + "\n";
    for (const std::string& u : review->unparsed_files) out += "unparsed " + u + "\n";
  }
  fs::remove_all(root);
  EXPECT_FALSE(reviews[0].empty());
  EXPECT_EQ(reviews[0], reviews[1]);
}

}  // namespace
}  // namespace rp
