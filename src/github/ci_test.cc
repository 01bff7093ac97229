// The CI classifier on check runs in GitHub's shape: each pile (infra flake, fails on main,
// expired logs, the PR's own) and the exceptions that keep a real failure the PR's.
#include "github/ci.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

CheckRun failed(std::string name, std::string text = "", std::string app = "github-actions") {
  CheckRun r;
  r.id = 42;
  r.name = std::move(name);
  r.status = "completed";
  r.conclusion = "failure";
  r.text = std::move(text);
  r.app = std::move(app);
  r.completed_at = "2025-03-10T12:00:00Z";
  return r;
}

JobLog no_log(const CheckRun&) { return {}; }

CiFailure only(const CiStatus& s) {
  EXPECT_EQ(s.failures.size(), 1u);
  return s.failures.empty() ? CiFailure{} : s.failures[0];
}

const std::vector<std::string> kCodeOnly = {"aiter/ops/gemm.py", "csrc/kernels/gemm.cu"};

TEST(CiClassify, CountsPassedPendingAndFailed) {
  CheckRun ok = failed("lint");
  ok.conclusion = "success";
  CheckRun running = failed("build");
  running.status = "in_progress";
  running.conclusion = "";
  CiStatus s = classify_checks({ok, running, failed("test", "AssertionError: mismatch")}, {}, kCodeOnly, no_log);
  EXPECT_TRUE(s.read);
  EXPECT_EQ(s.checks, 3);
  EXPECT_EQ(s.passed, 1);
  EXPECT_EQ(s.pending, 1);
  EXPECT_EQ(only(s).blame, CiBlame::Pr);
}

TEST(CiClassify, AWaitingStepThatTimedOutIsAFlake) {
  CheckRun wait = failed("check-signal");
  wait.conclusion = "timed_out";
  EXPECT_EQ(only(classify_checks({wait}, {}, kCodeOnly, no_log)).blame, CiBlame::InfraFlake);
  CheckRun log_says = failed("Wait for Checks", "Error: timed out waiting for required checks");
  EXPECT_EQ(only(classify_checks({log_says}, {}, kCodeOnly, no_log)).blame, CiBlame::InfraFlake);
}

TEST(CiClassify, ArtifactCountErrorsAreFlakesQuotingTheLine) {
  LogReader log = [](const CheckRun&) {
    return JobLog{JobLog::State::Text, "2025-03-10T11:59:58.1234567Z Building wheel\n"
                                       "2025-03-10T11:59:59.1234567Z Error: Expected exactly one wheel artifact, found 2\n"};
  };
  CiFailure f = only(classify_checks({failed("release / wheel")}, {}, kCodeOnly, log));
  EXPECT_EQ(f.blame, CiBlame::InfraFlake);
  EXPECT_NE(f.reason.find("\"Error: Expected exactly one wheel artifact, found 2\""), std::string::npos) << f.reason;
}

TEST(CiClassify, ResolverNoiseIsAFlakeUnlessThePrTouchesDependencies) {
  CheckRun run = failed("install", "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io");
  EXPECT_EQ(only(classify_checks({run}, {}, kCodeOnly, no_log)).blame, CiBlame::InfraFlake);
  // The PR changed requirements.txt: the resolver error may well be the PR's.
  EXPECT_EQ(only(classify_checks({run}, {}, {"requirements.txt", "aiter/x.py"}, no_log)).blame, CiBlame::Pr);
}

TEST(CiClassify, AnExternalDocsBuildOnACodeOnlyChangeIsAFlake) {
  CheckRun rtd = failed("docs/readthedocs.com:aiter", "Build failed", "readthedocs");
  EXPECT_EQ(only(classify_checks({rtd}, {}, kCodeOnly, no_log)).blame, CiBlame::InfraFlake);
  // A PR that edits the docs owns a docs failure.
  EXPECT_EQ(only(classify_checks({rtd}, {}, {"docs/index.rst"}, no_log)).blame, CiBlame::Pr);
  EXPECT_EQ(only(classify_checks({rtd}, {}, {"README.md", "aiter/x.py"}, no_log)).blame, CiBlame::Pr);
  // A docs job of the repository's own workflows is not external.
  EXPECT_EQ(only(classify_checks({failed("docs")}, {}, kCodeOnly, no_log)).blame, CiBlame::Pr);
}

TEST(CiClassify, AFailureMainShowsInTheSameWindowIsNotThePrs) {
  CheckRun main_run = failed("test (gfx942)", "", "github-actions");
  main_run.completed_at = "2025-03-09T08:00:00Z";
  CiFailure f = only(classify_checks({failed("test (gfx942)", "FAILED test_gemm")}, {main_run}, kCodeOnly, no_log));
  EXPECT_EQ(f.blame, CiBlame::AlsoOnMain);
  // Main failed the job a month earlier: that says nothing about this run.
  main_run.completed_at = "2025-02-01T08:00:00Z";
  EXPECT_EQ(only(classify_checks({failed("test (gfx942)")}, {main_run}, kCodeOnly, no_log)).blame, CiBlame::Pr);
  // Main passed it.
  main_run.completed_at = "2025-03-09T08:00:00Z";
  main_run.conclusion = "success";
  EXPECT_EQ(only(classify_checks({failed("test (gfx942)")}, {main_run}, kCodeOnly, no_log)).blame, CiBlame::Pr);
}

TEST(CiClassify, ExpiredLogsAskForAFreshRun) {
  LogReader gone = [](const CheckRun&) { return JobLog{JobLog::State::Expired, ""}; };
  CiFailure f = only(classify_checks({failed("build")}, {}, kCodeOnly, gone));
  EXPECT_EQ(f.blame, CiBlame::ExpiredLogs);
  EXPECT_NE(f.reason.find("HTTP 410"), std::string::npos);
}

TEST(CiClassify, LogsAreReadOnlyForActionsJobs) {
  int reads = 0;
  LogReader count = [&](const CheckRun&) {
    ++reads;
    return JobLog{};
  };
  classify_checks({failed("external", "x", "circleci"), failed("build")}, {}, kCodeOnly, count);
  EXPECT_EQ(reads, 1);
}

}  // namespace
}  // namespace rp
