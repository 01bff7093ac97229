// review-pr eval: case loading, the matching rules (synthetic findings), whole runs over the
// hand-written cases in tests/eval/ (diff, description-only and git sources), the reports,
// and the CLI's exit codes.
#include "eval/evaluate.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace rp {
namespace {

const std::string kCases = std::string(RP_SOURCE_DIR) + "/tests/eval";

Finding located(const std::string& rule, const std::string& file, int line, Severity s = Severity::Warn) {
  Finding f;
  f.rule = rule;
  f.severity = s;
  f.location = Location{file, line};
  f.problem = rule + " at " + file;
  return f;
}

Finding about_description(const std::string& rule) {
  Finding f;
  f.rule = rule;
  f.problem = rule + " on the description";
  return f;
}

EvalCase positive_case(std::vector<ExpectedFinding> expected, std::vector<MustNotFire> traps = {}) {
  EvalCase c;
  c.id = "synthetic";
  c.repo = "ROCm/aiter";
  c.expected = std::move(expected);
  c.must_not_fire = std::move(traps);
  return c;
}

const std::map<std::string, std::string> kCodes = {
    {"alpha", "B2"}, {"beta", "D4"}, {"gamma", "S6"}, {"delta", "S6"}, {"uncoded", ""}};

const CaseRun& run_of(const EvalReport& r, const std::string& id) {
  for (const CaseRun& run : r.runs)
    if (run.c.id == id) return run;
  static CaseRun none;
  ADD_FAILURE() << "no run for " << id;
  return none;
}

// The judgements of one rule's findings in a case, in finding order.
std::vector<Judgement> judged(const CaseRun& run, const std::string& rule) {
  std::vector<Judgement> out;
  for (const JudgedFinding& jf : run.outcome.findings)
    if (jf.finding.rule == rule) out.push_back(jf.judgement);
  return out;
}

// ---------------------------------------------------------------- loading

TEST(EvalLoad, LoadsCasesInIdOrderAndReportsBadOnes) {
  auto set = load_cases(kCases);
  ASSERT_TRUE(set.ok()) << set.error();
  std::vector<std::string> ids;
  for (const EvalCase& c : set->cases) ids.push_back(c.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"aiter-description", "aiter-trap", "atom-mixed", "atom-negative"}));
  ASSERT_EQ(set->errors.size(), 2u);
  EXPECT_EQ(set->errors[0].where, "bad-json");
  EXPECT_NE(set->errors[0].message.find("not valid JSON"), std::string::npos);
  EXPECT_EQ(set->errors[1].where, "bad-line");
  EXPECT_NE(set->errors[1].message.find("expected[0]: 'line'"), std::string::npos);
}

TEST(EvalLoad, ReadsFieldsTrapsAndDiff) {
  auto c = load_case(kCases + "/aiter-trap");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->repo, "ROCm/aiter");
  EXPECT_EQ(c->pr, 202);
  EXPECT_FALSE(c->base.has_value());
  ASSERT_EQ(c->must_not_fire.size(), 2u);
  EXPECT_EQ(c->must_not_fire[0].code, "HK3");
  EXPECT_EQ(c->must_not_fire[0].line, 3);
  EXPECT_EQ(c->must_not_fire[1].code, "D1b");  // a bare code: scoped to the rule
  EXPECT_FALSE(c->must_not_fire[1].file.has_value());
  EXPECT_TRUE(c->diff_path.has_value());
  auto d = load_case(kCases + "/aiter-description");
  ASSERT_TRUE(d.ok()) << d.error();
  EXPECT_EQ(d->kind, CaseKind::DescriptionOnly);
  EXPECT_FALSE(d->diff_path.has_value());
}

TEST(EvalLoad, RejectsMalformedFieldsWithTheirName) {
  fs::path dir = fs::temp_directory_path() / ("review-pr-eval-load-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto error_for = [&](const std::string& json) {
    std::ofstream(dir / "case.json") << json;
    auto c = load_case(dir.string());
    return c.ok() ? std::string("ok") : c.error();
  };
  EXPECT_NE(error_for(R"({"repo": "ROCm/ATOM"})").find("'id' is required"), std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x"})").find("'repo' is required"), std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "kind": "maybe"})").find("'kind'"), std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "expected": {}})").find("'expected' must be an array"),
            std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "expected": [{"file": "a.py"}]})").find("'rule'"), std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "expected": [{"rule": "B1", "line": 3}]})").find("needs a 'file'"),
            std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "must_not_fire": [7]})").find("must_not_fire[0]"), std::string::npos);
  EXPECT_NE(error_for(R"({"id": "x", "repo": "r", "kind": "negative", "expected": [{"rule": "B1"}]})")
                .find("negative case expects no finding"),
            std::string::npos);
  EXPECT_NE(error_for("[1, 2]").find("must be a JSON object"), std::string::npos);
  EXPECT_EQ(error_for(R"({"id": "x", "repo": "r", "title": null, "pr": null})"), "ok");
  fs::remove_all(dir);
}

TEST(EvalLoad, FailsOnMissingDirOrNoCase) {
  EXPECT_FALSE(load_cases(kCases + "/does-not-exist").ok());
  EXPECT_FALSE(load_cases(kCases + "/bad-json").ok());  // the folder is one case, and it is bad
  auto one = load_cases(kCases + "/atom-mixed");        // a single case folder is a corpus of one
  ASSERT_TRUE(one.ok()) << one.error();
  EXPECT_EQ(one->cases.size(), 1u);
}

TEST(EvalLoad, NaturalOrder) {
  EXPECT_TRUE(natural_less("atom-789", "atom-1044"));
  EXPECT_FALSE(natural_less("atom-1044", "atom-789"));
  EXPECT_TRUE(natural_less("aiter-9", "atom-1"));
  EXPECT_TRUE(natural_less("a", "a-1"));
  EXPECT_EQ(profile_for_repo("ROCm/ATOM"), "atom");
  EXPECT_EQ(profile_for_repo("rocm/aiter"), "aiter");
  EXPECT_EQ(profile_for_repo("vllm-project/vllm"), "generic");
}

// ---------------------------------------------------------------- matching

TEST(EvalMatch, LineWindowIsFiveEitherSide) {
  EvalCase c = positive_case({{"B2", "warn", "aiter/ops/a.py", 100, ""}, {"B2", "warn", "aiter/ops/a.py", 200, ""}});
  CaseOutcome o = match_case(c, {located("alpha", "aiter/ops/a.py", 105), located("alpha", "aiter/ops/a.py", 194)}, kCodes);
  EXPECT_EQ(o.expected[0].finding, 0);
  EXPECT_EQ(o.expected[1].finding, -1);  // 6 lines off
  EXPECT_EQ(o.findings[0].judgement, Judgement::Matched);
  EXPECT_EQ(o.findings[1].judgement, Judgement::Unexpected);
}

TEST(EvalMatch, CodeAndFileMustAgree) {
  EvalCase c = positive_case({{"B2", "warn", "aiter/ops/a.py", 10, ""}});
  CaseOutcome o = match_case(
      c, {located("beta", "aiter/ops/a.py", 10), located("alpha", "aiter/ops/b.py", 10), located("uncoded", "aiter/ops/a.py", 10)},
      kCodes);
  EXPECT_EQ(o.expected[0].finding, -1);
  EXPECT_EQ(o.expected[0].rules, (std::vector<std::string>{"alpha"}));
  for (const JudgedFinding& jf : o.findings) EXPECT_EQ(jf.judgement, Judgement::Unexpected);
  EXPECT_EQ(o.findings[2].code, "");
}

TEST(EvalMatch, FileWithoutLineTakesAnyLineButWholeFileFindingNeedsNoLine) {
  EvalCase c = positive_case({{"B2", "warn", "aiter/ops/a.py", std::nullopt, ""}, {"D4", "warn", "aiter/ops/a.py", 40, ""}});
  CaseOutcome o = match_case(c, {located("alpha", "aiter/ops/a.py", 900), located("beta", "aiter/ops/a.py", 0)}, kCodes);
  EXPECT_EQ(o.expected[0].finding, 0);
  EXPECT_EQ(o.expected[1].finding, -1);  // a whole-file finding is not near line 40
}

TEST(EvalMatch, DescriptionLevelMatchesOnlyUnlocatedFindings) {
  EvalCase c = positive_case({{"S6", "warn", std::nullopt, std::nullopt, ""}});
  CaseOutcome located_only = match_case(c, {located("gamma", "aiter/ops/a.py", 3)}, kCodes);
  EXPECT_EQ(located_only.expected[0].finding, -1);
  CaseOutcome both = match_case(c, {located("gamma", "aiter/ops/a.py", 3), about_description("delta")}, kCodes);
  EXPECT_EQ(both.expected[0].finding, 1);  // delta shares the code S6 with gamma
  EXPECT_EQ(both.expected[0].rules, (std::vector<std::string>{"delta", "gamma"}));
}

TEST(EvalMatch, OneToOneWithMaximumMatching) {
  // Closest-first alone would give the finding at 12 to the expected line 14 (both 2 away
  // from it) and leave line 10 unmatched; augmenting keeps both.
  EvalCase c = positive_case({{"B2", "warn", "f.py", 10, ""}, {"B2", "warn", "f.py", 14, ""}, {"B2", "warn", "f.py", 14, ""}});
  CaseOutcome o = match_case(c, {located("alpha", "f.py", 12), located("alpha", "f.py", 17)}, kCodes);
  EXPECT_EQ(o.expected[0].finding, 0);
  EXPECT_EQ(o.expected[1].finding, 1);
  EXPECT_EQ(o.expected[2].finding, -1);  // each finding matches at most one expected entry
}

TEST(EvalMatch, UnsupportedCodeHasNoRules) {
  EvalCase c = positive_case({{"E4", "red", "aiter/ops/a.py", std::nullopt, ""}});
  CaseOutcome o = match_case(c, {}, kCodes);
  EXPECT_TRUE(o.expected[0].rules.empty());
}

TEST(EvalMatch, TrapsByLineFileAndRule) {
  EvalCase c = positive_case({{"B2", "warn", "f.py", 50, ""}},
                             {{"B2", "f.py", 20, "line trap"}, {"D4", "g.py", std::nullopt, "file trap"},
                              {"S6", std::nullopt, std::nullopt, "rule trap"}});
  CaseOutcome o = match_case(c,
                             {located("alpha", "f.py", 50), located("alpha", "f.py", 24), located("alpha", "f.py", 30),
                              located("beta", "g.py", 700), located("beta", "h.py", 1), about_description("gamma")},
                             kCodes);
  EXPECT_EQ(o.findings[0].judgement, Judgement::Matched);  // a match wins over a trap
  EXPECT_EQ(o.findings[1].judgement, Judgement::TrapHit);
  EXPECT_EQ(o.findings[1].trap, 0);
  EXPECT_EQ(o.findings[2].judgement, Judgement::Unexpected);
  EXPECT_EQ(o.findings[3].judgement, Judgement::TrapHit);
  EXPECT_EQ(o.findings[4].judgement, Judgement::Unexpected);
  EXPECT_EQ(o.findings[5].judgement, Judgement::TrapHit);
  EXPECT_EQ(o.findings[5].trap, 2);
}

TEST(EvalMatch, NegativeCaseGradesRedOnly) {
  EvalCase c = positive_case({}, {{"D4", std::nullopt, std::nullopt, ""}});
  c.kind = CaseKind::Negative;
  CaseOutcome o = match_case(c,
                             {located("alpha", "f.py", 1, Severity::Red), located("alpha", "f.py", 2, Severity::Warn),
                              located("beta", "f.py", 3, Severity::Note)},
                             kCodes);
  EXPECT_EQ(o.findings[0].judgement, Judgement::FalseAlarm);
  EXPECT_EQ(o.findings[1].judgement, Judgement::Ungraded);
  EXPECT_EQ(o.findings[2].judgement, Judgement::TrapHit);  // a trap counts at any severity
}

// ---------------------------------------------------------------- whole runs

class EvalRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto set = load_cases(kCases);
    ASSERT_TRUE(set.ok()) << set.error();
    auto r = evaluate(*set, {});
    ASSERT_TRUE(r.ok()) << r.error();
    report_ = new EvalReport(std::move(*r));
  }
  static void TearDownTestSuite() {
    delete report_;
    report_ = nullptr;
  }
  static EvalReport* report_;
};
EvalReport* EvalRun::report_ = nullptr;

TEST_F(EvalRun, TruePositiveMissAndUnexpected) {
  const CaseRun& run = run_of(*report_, "atom-mixed");
  EXPECT_EQ(run.source, "diff");
  EXPECT_EQ(run.profile, "atom");
  ASSERT_EQ(run.outcome.expected.size(), 3u);
  EXPECT_GE(run.outcome.expected[0].finding, 0);  // D4, one line off
  EXPECT_GE(run.outcome.expected[1].finding, 0);  // HK1, file-level
  EXPECT_EQ(run.outcome.expected[2].finding, -1);  // G1b: missed
  EXPECT_EQ(run.outcome.expected[2].rules, (std::vector<std::string>{"blocking-queue-get"}));
  EXPECT_EQ(judged(run, "invariant-reversal"), (std::vector<Judgement>{Judgement::Matched}));
  EXPECT_EQ(judged(run, "temporary-script"), (std::vector<Judgement>{Judgement::Matched}));
  EXPECT_EQ(judged(run, "syspath-mutation"), (std::vector<Judgement>{Judgement::Unexpected}));
}

TEST_F(EvalRun, TrapHit) {
  const CaseRun& run = run_of(*report_, "aiter-trap");
  EXPECT_EQ(judged(run, "syspath-mutation"), (std::vector<Judgement>{Judgement::TrapHit}));
  EXPECT_EQ(judged(run, "temporary-script"), (std::vector<Judgement>{Judgement::Matched}));
}

TEST_F(EvalRun, NegativeCaseRedIsAFalseAlarm) {
  const CaseRun& run = run_of(*report_, "atom-negative");
  EXPECT_EQ(judged(run, "invariant-reversal"), (std::vector<Judgement>{Judgement::FalseAlarm}));
  EXPECT_EQ(judged(run, "temporary-script"), (std::vector<Judgement>{Judgement::Ungraded}));
  EXPECT_EQ(report_->totals.negatives_with_red, 1);
}

TEST_F(EvalRun, DescriptionLevelAndUnsupported) {
  const CaseRun& run = run_of(*report_, "aiter-description");
  EXPECT_EQ(run.source, "description");
  ASSERT_EQ(run.outcome.expected.size(), 3u);
  ASSERT_GE(run.outcome.expected[0].finding, 0);
  EXPECT_EQ(run.outcome.findings[run.outcome.expected[0].finding].finding.rule, "perf-claim-without-numbers");
  EXPECT_TRUE(run.outcome.expected[1].rules.empty());
  EXPECT_TRUE(run.outcome.expected[2].rules.empty());
  std::vector<std::string> unsupported;
  for (const RuleRow& row : report_->unsupported) unsupported.push_back(row.codes);
  EXPECT_EQ(unsupported, (std::vector<std::string>{"aiter:S7-const", "aiter:SELF-REVIEW"}));
}

TEST_F(EvalRun, TotalsKeepUnsupportedApart) {
  const EvalTotals& t = report_->totals;
  EXPECT_EQ(t.cases, 4);
  EXPECT_EQ(t.unsupported, 2);
  EXPECT_EQ(t.expected, t.expected_implemented + t.unsupported);
  EXPECT_EQ(t.expected_implemented, 5);
  EXPECT_EQ(t.tp + t.fn, t.expected_implemented);
  EXPECT_EQ(t.found, t.tp + t.unexpected + t.false_alarms + t.traps + t.ungraded);
  EXPECT_GE(t.tp, 4);
  EXPECT_GE(t.traps, 1);
  EXPECT_GE(t.false_alarms, 1);
  EXPECT_EQ(report_->errors.size(), 2u);  // bad-json and bad-line, skipped
}

TEST_F(EvalRun, TextReport) {
  std::string text = render_eval_text(*report_);
  EXPECT_NE(text.find("review-pr eval: 4 cases"), std::string::npos);
  EXPECT_NE(text.find("\nrule "), std::string::npos);
  EXPECT_NE(text.find("-- unsupported codes"), std::string::npos);
  EXPECT_NE(text.find("atom-mixed  G1b  atom/model_ops/paged_workspace.py:3"), std::string::npos);
  EXPECT_NE(text.find("atom-negative  invariant-reversal (D4)  red  atom/model_engine/block_table.py:6"), std::string::npos);
  EXPECT_NE(text.find("aiter-trap  syspath-mutation (HK3)"), std::string::npos);
  EXPECT_NE(text.find("bad-json: "), std::string::npos);
  EXPECT_EQ(text, render_eval_text(*report_));
}

TEST_F(EvalRun, JsonReport) {
  std::string text = render_eval_json(*report_);
  EXPECT_EQ(text, render_eval_json(*report_));
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["cases"].size(), 4u);
  EXPECT_EQ(j["overall"]["unsupported"], 2);
  EXPECT_EQ(j["unsupported"].size(), 2u);
  EXPECT_EQ(j["errors"].size(), 2u);
  bool trap = false;
  for (const auto& t : j["trap_hits"]) trap |= t["case"] == "aiter-trap" && t["code"] == "HK3";
  EXPECT_TRUE(trap);
  bool miss = false;
  for (const auto& m : j["misses"]) miss |= m["case"] == "atom-mixed" && m["code"] == "G1b" && m["line"] == 3;
  EXPECT_TRUE(miss);
}

TEST(EvalOptionsTest, UnknownCaseIdAndSelection) {
  auto set = load_cases(kCases);
  ASSERT_TRUE(set.ok());
  EvalOptions bad;
  bad.only = {"no-such-case"};
  EXPECT_FALSE(evaluate(*set, bad).ok());
  EvalOptions one;
  one.only = {"aiter-trap"};
  auto r = evaluate(*set, one);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->runs.size(), 1u);
  EXPECT_EQ(r->runs[0].c.id, "aiter-trap");
}

// --rule scores one rule alone: the other rules' findings of the same case are gone.
TEST(EvalOptionsTest, RuleSelectionReachesTheReviews) {
  auto set = load_cases(kCases);
  ASSERT_TRUE(set.ok());
  EvalOptions only;
  only.only = {"atom-mixed"};
  only.rules.only = {"temporary-script"};
  auto r = evaluate(*set, only);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->runs.size(), 1u);
  EXPECT_FALSE(r->runs[0].outcome.findings.empty());
  for (const JudgedFinding& jf : r->runs[0].outcome.findings) EXPECT_EQ(jf.finding.rule, "temporary-script");
}

// ---------------------------------------------------------------- git

int sh(const std::string& cmd) { return std::system(cmd.c_str()); }

std::string capture(const std::string& cmd) {
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[256];
    while (fgets(buf, sizeof buf, p)) out += buf;
    ::pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

class EvalGit : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("review-pr-eval-git-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "repo/atom");
    git_ = "git -C " + (dir_ / "repo").string() + " -c user.name=t -c user.email=t@t -c init.defaultBranch=main ";
    ASSERT_EQ(sh(git_ + "init -q"), 0);
    std::ofstream(dir_ / "repo/atom/__init__.py") << "";
    ASSERT_EQ(sh(git_ + "add -A && " + git_ + "commit -qm base"), 0);
    base_ = capture(git_ + "rev-parse HEAD");
    std::ofstream(dir_ / "repo/atom/tmp_probe_kv.py") << "import torch\n\nprint(torch.__version__)\n";
    ASSERT_EQ(sh(git_ + "add -A && " + git_ + "commit -qm 'Probe (#7)'"), 0);
    head_ = capture(git_ + "rev-parse HEAD");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write_case(const std::string& id, const std::string& base, const std::string& head, bool with_diff) {
    fs::create_directories(dir_ / "cases" / id);
    nlohmann::json j = {{"id", id},         {"repo", "ROCm/ATOM"}, {"pr", 7},           {"base", base},
                        {"head", head},     {"title", "Probe"},    {"body", "A probe."}, {"kind", "positive"},
                        {"expected", {{{"rule", "HK1"}, {"file", "atom/tmp_probe_kv.py"}, {"line", nullptr}}}}};
    std::ofstream(dir_ / "cases" / id / "case.json") << j.dump(2);
    if (with_diff) sh(git_ + "diff " + base_ + " " + head_ + " > " + (dir_ / "cases" / id / "pr.diff").string());
  }

  fs::path dir_;
  std::string git_, base_, head_;
};

TEST_F(EvalGit, ReviewsThroughGitAndFallsBackWhenACommitIsMissing) {
  write_case("atom-1", base_, head_, /*with_diff=*/false);
  write_case("atom-2", base_, std::string(40, 'a'), /*with_diff=*/true);
  auto set = load_cases((dir_ / "cases").string());
  ASSERT_TRUE(set.ok()) << set.error();
  EvalOptions options;
  options.repos["rocm/atom"] = (dir_ / "repo").string();  // repo names compare case-insensitively
  auto r = evaluate(*set, options);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->runs.size(), 2u);
  EXPECT_EQ(r->runs[0].source, "git");
  EXPECT_EQ(r->runs[0].note, "");
  EXPECT_GE(r->runs[0].outcome.expected[0].finding, 0);
  EXPECT_EQ(r->runs[1].source, "diff");
  EXPECT_NE(r->runs[1].note.find("is not in"), std::string::npos);
  EXPECT_GE(r->runs[1].outcome.expected[0].finding, 0);
  EXPECT_NE(render_eval_text(*r).find("fallbacks (1):"), std::string::npos);

  options.repos["rocm/atom"] = (dir_ / "nowhere").string();
  EXPECT_FALSE(evaluate(*set, options).ok());
}

// ---------------------------------------------------------------- CLI

struct CliRun {
  int code = -1;
  std::string out, err;
};

CliRun cli(const std::string& args) {
  fs::path tmp = fs::temp_directory_path() / ("review-pr-eval-cli-" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  std::string cmd = std::string(RP_BINARY) + " " + args + " >" + (tmp / "out").string() + " 2>" + (tmp / "err").string();
  int status = std::system(cmd.c_str());
  CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream out, err;
  out << std::ifstream(tmp / "out").rdbuf();
  err << std::ifstream(tmp / "err").rdbuf();
  r.out = out.str();
  r.err = err.str();
  fs::remove_all(tmp);
  return r;
}

TEST(EvalCli, RunsAndFailsOnBadInput) {
  CliRun ok = cli("eval " + kCases + " --cases atom-mixed,aiter-trap --format json");
  EXPECT_EQ(ok.code, 0) << ok.err;
  auto j = nlohmann::json::parse(ok.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["cases"].size(), 2u);

  for (const std::string& args : {"eval " + kCases + "/does-not-exist", "eval " + kCases + "/bad-json",
                                  "eval " + kCases + " --cases nope", "eval " + kCases + " --repo ROCm/ATOM",
                                  "eval " + kCases + " --format card"}) {
    CliRun bad = cli(args);
    EXPECT_EQ(bad.code, 2) << args;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << args << ": " << bad.err;
    EXPECT_TRUE(bad.out.empty()) << args;
  }
}

}  // namespace
}  // namespace rp

// ---------------------------------------------------------------- mined cases: splits, jobs

namespace rp {
namespace {

class MinedSet : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("review-pr-eval-mined-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    const std::string diff =
        "diff --git a/pkg/mod.py b/pkg/mod.py\n--- a/pkg/mod.py\n+++ b/pkg/mod.py\n@@ -1,2 +1,3 @@\n x = 1\n+y = 2\n z = 3\n";
    write("aiter-10-review-fix-aaaa", R"({"id":"aiter-10-review-fix-aaaa","repo":"ROCm/aiter","pr":10,"kind":"positive",
      "source":"review-fix","split":"tune","evidence_commit":"aaaa",
      "expected":[{"rule":null,"file":"pkg/mod.py","line":2},{"rule":null,"file":"pkg/other.py"}]})", diff);
    write("aiter-11-szz-bbbb", R"({"id":"aiter-11-szz-bbbb","repo":"ROCm/aiter","pr":11,"kind":"positive",
      "source":"szz","split":"validate","evidence_commit":"bbbb","expected":[{"rule":null,"file":"pkg/mod.py","line":40}]})", diff);
    write("aiter-12-negative-cccc", R"({"id":"aiter-12-negative-cccc","repo":"ROCm/aiter","pr":12,"kind":"negative",
      "source":"negative","split":"validate","evidence_commit":"cccc","expected":[]})", diff);
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& id, const std::string& json, const std::string& diff) {
    fs::create_directories(root_ / id);
    std::ofstream(root_ / id / "case.json") << json;
    std::ofstream(root_ / id / "pr.diff") << diff;
  }
  fs::path root_;
};

TEST_F(MinedSet, SplitTableAndParallelReviewsGiveTheSameReport) {
  auto set = load_cases(root_.string());
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_TRUE(set->errors.empty()) << set->errors[0].message;
  EvalOptions one;
  auto seq = evaluate(*set, one);
  ASSERT_TRUE(seq.ok()) << seq.error();
  EvalOptions two;
  two.jobs = 2;
  auto par = evaluate(*set, two);
  ASSERT_TRUE(par.ok()) << par.error();
  EXPECT_EQ(render_eval_json(*seq), render_eval_json(*par));
  EXPECT_EQ(render_eval_text(*seq), render_eval_text(*par));

  const EvalReport& r = *seq;
  EXPECT_EQ(r.totals.locations, 3);
  EXPECT_EQ(r.totals.expected, 0);  // location-only expectations are not rule expectations
  ASSERT_TRUE(r.splits.count("all"));
  EXPECT_EQ(r.splits.at("all").at("tune").cases, 1);
  EXPECT_EQ(r.splits.at("all").at("tune").locations, 2);
  EXPECT_EQ(r.splits.at("all").at("validate").cases, 2);
  EXPECT_EQ(r.splits.at("all").at("validate").negative, 1);
  EXPECT_EQ(r.splits.at("szz").at("validate").locations, 1);
  EXPECT_FALSE(r.splits.count("follow-up"));
  std::string text = render_eval_text(r);
  EXPECT_NE(text.find("splits (mined cases"), std::string::npos) << text;
  EXPECT_NE(text.find("gap (tune - validate)"), std::string::npos) << text;
  auto j = nlohmann::json::parse(render_eval_json(r));
  EXPECT_EQ(j["overall"]["locations"], 3);
  EXPECT_TRUE(j.contains("splits"));
  EXPECT_EQ(j["misses"][0]["code"], nullptr);
  // Each location of a mined case, keyed by what a labelled sample joins on.
  const auto& first = j["cases"][0];
  EXPECT_EQ(first["id"], "aiter-10-review-fix-aaaa");
  EXPECT_EQ(first["pr"], 10);
  EXPECT_EQ(first["evidence_commit"], "aaaa");
  ASSERT_EQ(first["expected_locations"].size(), 2u) << first.dump();
  EXPECT_EQ(first["expected_locations"][0]["file"], "pkg/mod.py");
  EXPECT_EQ(first["expected_locations"][0]["line"], 2);
  EXPECT_EQ(first["expected_locations"][1]["line"], nullptr);
  EXPECT_EQ(first["expected_locations"][1]["located"], false) << "no finding in pkg/other.py";
}

TEST_F(MinedSet, RuleNullNeedsAFileAndAMissingRuleIsStillAnError) {
  write("x-null", R"({"id":"x-null","repo":"ROCm/aiter","expected":[{"rule":null}]})", "");
  write("x-missing", R"({"id":"x-missing","repo":"ROCm/aiter","expected":[{"file":"a.py","line":3}]})", "");
  write("x-split", R"({"id":"x-split","repo":"ROCm/aiter","split":"train"})", "");
  auto set = load_cases(root_.string());
  ASSERT_TRUE(set.ok());
  ASSERT_EQ(set->errors.size(), 3u);
  std::map<std::string, std::string> errors;
  for (const CaseLoadError& e : set->errors) errors[e.where] = e.message;
  EXPECT_NE(errors["x-null"].find("needs a 'file'"), std::string::npos) << errors["x-null"];
  EXPECT_NE(errors["x-missing"].find("'rule' (a checklist code) is required"), std::string::npos);
  EXPECT_NE(errors["x-split"].find("'split' must be tune or validate"), std::string::npos);
}

}  // namespace
}  // namespace rp
