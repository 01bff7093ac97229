// The everyday commands: one rule's docs, per-rule counts, one line per finding, the staged
// change (the pre-commit hook), shell completion generated from the CLI definition, and
// --version with the revision.
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "cli_fixture.h"

using cli_fixture::Cli;
using cli_fixture::CliRun;
using cli_fixture::expect_one_line_error;
using cli_fixture::slurp;

namespace {

TEST_F(Cli, OneRulesDocsByName) {
  CliRun r = run("rule temporary-script");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("temporary-script [housekeeping, warn; atom: HK1, aiter: HK1; reads: diff]\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("Does not fire on"), std::string::npos) << r.out;
  // Only that rule.
  EXPECT_EQ(r.out.find("\nunbound-local ["), std::string::npos) << r.out;
  expect_one_line_error(run("rule no-such-rule"), "unknown rule 'no-such-rule'");
}

TEST_F(Cli, ConciseIsOneLinePerFindingAndStatisticsCountPerRule) {
  std::string repo = make_repo();
  commit_file(repo, "runperf-mul.sh", "python -m aiter.ops.mul\n", "second script");
  CliRun concise = run("--repo " + repo + " --base HEAD~2 --head HEAD --format concise --rule temporary-script");
  ASSERT_EQ(concise.code, 0) << concise.err;
  EXPECT_EQ(concise.out,
            "runperf-add.sh: warn temporary-script: New file runperf-add.sh looks like a temporary local script\n"
            "runperf-mul.sh: warn temporary-script: New file runperf-mul.sh looks like a temporary local script\n")
      << concise.out;
  CliRun stats = run("--repo " + repo + " --base HEAD~2 --head HEAD --statistics --rule temporary-script");
  ASSERT_EQ(stats.code, 0) << stats.err;
  EXPECT_EQ(stats.out, "    2  temporary-script  2 warn\n    2  total             verdict NEEDS WORK\n") << stats.out;
}

// The pre-commit hook's review: the index against HEAD, not the work tree, not HEAD's commit.
TEST_F(Cli, StagedReviewsTheIndexAgainstHead) {
  std::string repo = make_repo();
  write("repo/tmp_probe.py", "print('x')\n");
  git(repo, "add tmp_probe.py");
  write("repo/runperf-unstaged.sh", "echo not staged\n");  // untracked: not part of the commit
  CliRun r = run("--staged --format concise --rule temporary-script", fs::path(repo));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("tmp_probe.py: warn temporary-script:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("runperf-unstaged.sh"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("runperf-add.sh"), std::string::npos) << r.out;  // HEAD's own change is the base
  // Staged content, not the work tree's: an edit after `git add` is not reviewed.
  write("repo/aiter/ops/add.py", "def add(a, b, c=0):\n    return a + b + c\n");
  EXPECT_EQ(run("--staged --fail-on warn --rule temporary-script", fs::path(repo)).code, 1);
  git(repo, "reset -q tmp_probe.py");
  CliRun clean = run("--staged --fail-on warn --rule temporary-script --format concise", fs::path(repo));
  EXPECT_EQ(clean.code, 0) << clean.out << clean.err;
  EXPECT_TRUE(clean.out.empty()) << clean.out;
  expect_one_line_error(run("--staged --head HEAD", fs::path(repo)), "--staged reviews the index");
  // The hook definition runs exactly this.
  std::string hooks = slurp(fs::path(RP_SOURCE_DIR) / ".pre-commit-hooks.yaml");
  EXPECT_NE(hooks.find("entry: review-pr --staged --format concise --fail-on red"), std::string::npos) << hooks;
}

// The completion script is generated from the CLI definition: a subcommand and an option
// added there complete without anyone editing a script.
TEST_F(Cli, BashCompletionComesFromTheCliDefinition) {
  CliRun r = run("completion bash");
  ASSERT_EQ(r.code, 0) << r.err;
  write("completion.bash", r.out);
  auto complete = [&](const std::string& words, int cword) {
    std::string script = "source " + (dir_ / "completion.bash").string() + "; COMP_WORDS=(" + words +
                         "); COMP_CWORD=" + std::to_string(cword) + "; _review_pr; printf '%s\\n' \"${COMPREPLY[@]}\"";
    write("complete.sh", script);
    std::string cmd = "bash " + (dir_ / "complete.sh").string() + " > " + (dir_ / "completed").string();
    EXPECT_EQ(std::system(cmd.c_str()), 0);
    return slurp(dir_ / "completed");
  };
  EXPECT_EQ(complete("review-pr con", 1), "config\n");
  EXPECT_EQ(complete("review-pr --stat", 1), "--statistics\n");
  EXPECT_EQ(complete("review-pr config --pri", 2), "--print\n");
  EXPECT_EQ(complete("review-pr config --pr", 2), "--print\n--profile\n");
  EXPECT_EQ(complete("review-pr rules --mark", 2), "--markdown\n");
  EXPECT_EQ(complete("review-pr --config-f", 1), "--config-from\n");
  expect_one_line_error(run("completion fish"), "fish");
}

TEST_F(Cli, VersionNamesTheRevision) {
  CliRun r = run("--version");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::regex_match(r.out, std::regex(R"(review-pr \d+\.\d+\.\d+ \(([0-9a-f]{7,}(-dirty)?|unknown)\)\n)")))
      << r.out;
}

}  // namespace
