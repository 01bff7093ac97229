// The per-file time budget of a rule (core/budget.h), with a deliberately slow rule that only
// this test binary registers (the product never sees it): the budget stops it, the review goes
// on, and the card and the JSON name the rule and the file it did not finish. No timing is
// asserted beyond "stopped and named".
#include <chrono>
#include <filesystem>
#include <fstream>
#include <time.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/budget.h"
#include "report/card.h"
#include "report/json_report.h"
#include "review/review.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

// Burns CPU (the budget counts the thread's CPU time) for `ms`, or until `stop` says so.
template <class Stop>
void spin(std::chrono::milliseconds ms, Stop stop) {
  auto cpu = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
  };
  auto start = cpu();
  while (cpu() - start < ms && !stop()) {
  }
}

// How the slow rule misbehaves in the current test.
enum class Slowness { AsksTheBudget, NeverAsks };
Slowness slowness = Slowness::AsksTheBudget;

constexpr RuleInfo kSlowInfo{
    .name = "test-slow-rule",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Test only: reports each changed file, then spins on the second one.",
    .docs = "Test only. Does not fire on: anything in the product (not registered there)."};

class SlowRule : public RuleWithInfo<kSlowInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    for (const FileChange& f : ctx.pr.changes.files) {
      budget::begin_file(f.path());
      Finding x = finding();
      x.location = Location{f.path(), 1};
      x.problem = "seen";
      x.impact = "none";
      x.action = "Author must ignore this test finding";
      out.push_back(std::move(x));
      if (f.path() != "b.py") continue;
      if (slowness == Slowness::NeverAsks) {
        spin(std::chrono::milliseconds(200), [] { return false; });
        continue;
      }
      spin(std::chrono::hours(1), [] { return budget::exhausted(); });
      return;
    }
  }
};
REGISTER_RULE(SlowRule);

constexpr RuleInfo kSlowFileInfo{
    .name = "test-slow-file-rule",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Test only: a file rule that reports each file it judges, then spins on the second one.",
    .docs = "Test only. Does not fire on: anything in the product (not registered there)."};

// The same misbehaviour as a file rule: the runner hands it the files one at a time, among the
// other file rules, each on this rule's own budget.
class SlowFileRule : public FileRuleWithInfo<kSlowFileInfo> {
 protected:
  void check_file(const ReviewContext&, const FileChange& f, std::vector<Finding>& out) const override {
    Finding x = finding();
    x.location = Location{f.path(), 1};
    x.problem = "judged";
    x.impact = "none";
    x.action = "Author must ignore this test finding";
    out.push_back(std::move(x));
    if (f.path() == "b.py") spin(std::chrono::milliseconds(200), [] { return false; });
  }
};
REGISTER_RULE(SlowFileRule);

class RuleBudget : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("review-pr-budget-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "before");
    std::filesystem::create_directories(dir_ / "after");
    for (const char* name : {"a.py", "b.py", "c.py"}) std::ofstream(dir_ / "after" / name) << "x = 1\n";
    slowness = Slowness::AsksTheBudget;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  Review review(std::vector<std::string> rules, std::optional<double> timeout) {
    ReviewInputs in;
    in.before_dir = (dir_ / "before").string();
    in.after_dir = (dir_ / "after").string();
    in.profile = "generic";
    in.rules.only = std::move(rules);
    in.rule_timeout = timeout;
    auto r = run_review(in);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.status().message());
    return r.ok() ? std::move(*r) : Review{};
  }

  std::filesystem::path dir_;
};

TEST_F(RuleBudget, StopsASlowRuleAndTheCardAndJsonNameItAndTheFile) {
  Review r = review({"test-slow-rule", "temporary-script"}, 0.05);
  ASSERT_EQ(r.unfinished.size(), 1u);
  EXPECT_EQ(r.unfinished[0].rule, "test-slow-rule");
  EXPECT_EQ(r.unfinished[0].file, "b.py");
  EXPECT_TRUE(r.unfinished[0].stopped);
  // It stopped on b.py: what it found before stays, c.py was never reached.
  int seen = 0;
  for (const Finding& f : r.findings) seen += f.rule == "test-slow-rule";
  EXPECT_EQ(seen, 2);
  EXPECT_NE(render_card(r).find("_Did not finish: `test-slow-rule` on `b.py` ran out of its time budget and "
                                "stopped; its findings there and after are missing._"),
            std::string::npos)
      << render_card(r);
  auto j = nlohmann::json::parse(render_json(r));
  ASSERT_TRUE(j.contains("unfinished_rules"));
  EXPECT_EQ(j["unfinished_rules"], nlohmann::json::parse(R"([{"rule":"test-slow-rule","file":"b.py","stopped":true}])"));
  // The notice is no finding: the verdict comes from the findings alone.
  EXPECT_EQ(r.verdict, Verdict::NeedsWork);
}

TEST_F(RuleBudget, ARuleThatNeverAsksFinishesAndIsNamedAsOverBudget) {
  slowness = Slowness::NeverAsks;
  Review r = review({"test-slow-rule"}, 0.05);
  ASSERT_EQ(r.unfinished.size(), 1u);
  EXPECT_EQ(r.unfinished[0].file, "b.py");
  EXPECT_FALSE(r.unfinished[0].stopped);
  int seen = 0;
  for (const Finding& f : r.findings) seen += f.rule == "test-slow-rule";
  EXPECT_EQ(seen, 3);
  EXPECT_NE(render_card(r).find("_Over budget: `test-slow-rule` on `b.py` took longer than its time budget; it "
                                "finished, and its findings are complete._"),
            std::string::npos)
      << render_card(r);
}

TEST_F(RuleBudget, AFileRuleOverItsBudgetOnAFileJudgesNoLaterFile) {
  Review r = review({"test-slow-file-rule", "unbound-local"}, 0.05);
  ASSERT_EQ(r.unfinished.size(), 1u);
  EXPECT_EQ(r.unfinished[0].rule, "test-slow-file-rule");
  EXPECT_EQ(r.unfinished[0].file, "b.py");
  EXPECT_TRUE(r.unfinished[0].stopped);
  std::vector<std::string> judged;
  for (const Finding& f : r.findings)
    if (f.rule == "test-slow-file-rule") judged.push_back(f.location->file);
  EXPECT_EQ(judged, (std::vector<std::string>{"a.py", "b.py"}));
}

TEST_F(RuleBudget, RulesWithinTheBudgetLeaveNoNotice) {
  Review r = review({"temporary-script", "unbound-local"}, std::nullopt);
  EXPECT_TRUE(r.unfinished.empty());
  EXPECT_FALSE(nlohmann::json::parse(render_json(r)).contains("unfinished_rules"));
  EXPECT_EQ(render_card(r).find("budget"), std::string::npos);
}

TEST_F(RuleBudget, ZeroIsUnlimitedAndANegativeTimeoutIsAnError) {
  slowness = Slowness::NeverAsks;
  EXPECT_TRUE(review({"test-slow-rule"}, 0).unfinished.empty());
  ReviewInputs in;
  in.before_dir = (dir_ / "before").string();
  in.after_dir = (dir_ / "after").string();
  in.rule_timeout = -1;
  auto r = run_review(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "--rule-timeout: expected seconds from 0 (unlimited) to 86400");
}

}  // namespace
}  // namespace rp
