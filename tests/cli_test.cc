// End-to-end: the review-pr binary on a real git repository built here, on files, and on
// bad input (one-line error, exit code 2, no partial output file).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_fixture.h"

namespace fs = std::filesystem;
using cli_fixture::Cli;
using cli_fixture::CliRun;
using cli_fixture::slurp;
using cli_fixture::expect_one_line_error;

namespace {

TEST_F(Cli, ReviewsALocalCommitRangeAsACard) {
  std::string repo = make_repo();
  CliRun r = run("--repo " + repo + " --base HEAD~1 --head HEAD");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("## aiter PR #77 — Add c to add\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("⚠️ NEEDS WORK"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("`runperf-add.sh`"), std::string::npos) << r.out;
  // A commit subject is not a PR description: those checks say they did not run.
  EXPECT_NE(r.out.find("_No PR description was given"), std::string::npos) << r.out;
}

TEST_F(Cli, BaseDefaultsToMergeBaseWithMain) {
  std::string repo = make_repo();
  std::string git = "git -C " + repo + " ";
  ASSERT_EQ(std::system((git + "checkout -q -b feature && " + git + "branch -q -f main HEAD~1").c_str()), 0);
  CliRun r = run("--repo " + repo + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["pr"]["files_changed"], 2);
}

TEST_F(Cli, JsonIsByteIdenticalAcrossRuns) {
  std::string repo = make_repo();
  CliRun a = run("--repo " + repo + " --base HEAD~1 --head HEAD --format json");
  CliRun b = run("--repo " + repo + " --base HEAD~1 --head HEAD --format json");
  ASSERT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);
  auto j = nlohmann::json::parse(a.out);
  EXPECT_EQ(j["verdict"], "NEEDS WORK");
  EXPECT_EQ(j["findings"][0]["rule"], "temporary-script");
  EXPECT_EQ(j["findings"][0]["code"], "HK1");
}

TEST_F(Cli, ReadsABareMirrorWithoutAWorkTree) {
  std::string repo = make_repo();
  fs::path bare = dir_ / "bare.git";
  ASSERT_EQ(std::system(("git clone -q --mirror " + repo + " " + bare.string()).c_str()), 0);
  CliRun r = run("--repo " + bare.string() + " --base HEAD~1 --head HEAD --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["pr"]["number"], 77);
}

TEST_F(Cli, DiffAndMetaFiles) {
  write("pr.diff",
        "diff --git a/tmp_probe.py b/tmp_probe.py\nnew file mode 100644\n--- /dev/null\n+++ b/tmp_probe.py\n"
        "@@ -0,0 +1 @@\n+print(1)\n");
  write("pr.json", R"({"number": 12, "title": "Probe", "body": "b"})");
  CliRun r = run("--diff " + (dir_ / "pr.diff").string() + " --meta " + (dir_ / "pr.json").string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("## PR #12 — Probe", 0), 0u) << r.out;
  CliRun fail = run("--diff " + (dir_ / "pr.diff").string() + " --fail-on warn");
  EXPECT_EQ(fail.code, 1);
  CliRun pass = run("--diff " + (dir_ / "pr.diff").string() + " --fail-on red");
  EXPECT_EQ(pass.code, 0);
}

TEST_F(Cli, MetaCombinesWithGit) {
  std::string repo = make_repo();
  write("pr.json", R"({"number": 4242, "title": "From metadata", "body": "b"})");
  CliRun r = run("--repo " + repo + " --base HEAD~1 --head HEAD --meta " + (dir_ / "pr.json").string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("## aiter PR #4242 — From metadata", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("_No PR description was given"), std::string::npos) << r.out;
}

// Every kind of bad input: exit 2, exactly one line on stderr, nothing on stdout.
TEST_F(Cli, BadInputIsOneLineAndExitTwo) {
  std::string repo = make_repo();
  write("garbage.diff", "this is not a diff\nat all\n");
  write("truncated.diff", "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,5 +1,5 @@\n-a\n+b\n");
  write("escape.diff", "diff --git a/../../etc/passwd b/../../etc/passwd\n--- a/../../etc/passwd\n+++ b/../../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n");
  write("bad.json", "{\"title\": ");
  write("ok.diff", "");
  std::string cases[] = {
      "--repo " + (dir_ / "nope").string(),
      "--repo " + repo + " --base nosuchref --head HEAD",
      "--repo " + repo + " --base HEAD~1 --head deadbeef",
      "--diff " + (dir_ / "garbage.diff").string(),
      "--diff " + (dir_ / "truncated.diff").string(),
      "--diff " + (dir_ / "escape.diff").string(),
      "--diff " + (dir_ / "missing.diff").string(),
      "--diff " + dir_.string(),
      "--diff " + (dir_ / "ok.diff").string() + " --meta " + (dir_ / "bad.json").string(),
      "--diff " + (dir_ / "ok.diff").string() + " --profile nosuch",
      "--diff " + (dir_ / "ok.diff").string() + " --rule no-such-rule",
      "--diff " + (dir_ / "ok.diff").string() + " --format xml",
      "--no-such-flag",
      "7245",
      "",
  };
  for (const std::string& args : cases) {
    CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
    ASSERT_FALSE(r.err.empty()) << args;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("review-pr: ", 0), 0u) << r.err;
  }
}

TEST_F(Cli, PrNumberWithoutGithubSaysWhatWorks) {
  CliRun r = run("7245");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--repo PATH --base REF --head REF"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--diff FILE --meta FILE"), std::string::npos) << r.err;
}

TEST_F(Cli, OutputFileIsWrittenWholeOrNotAtAll) {
  std::string repo = make_repo();
  fs::path out = dir_ / "card.md";
  CliRun ok = run("--repo " + repo + " --base HEAD~1 --head HEAD -o " + out.string());
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(slurp(out).find("## aiter PR #77"), std::string::npos);
  fs::path bad = dir_ / "never.md";
  CliRun fail = run("--repo " + repo + " --base nosuch --head HEAD -o " + bad.string());
  EXPECT_EQ(fail.code, 2);
  EXPECT_FALSE(fs::exists(bad));
}

TEST_F(Cli, RulesListsEveryRuleWithDocs) {
  CliRun r = run("rules");
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("temporary-script [housekeeping, warn; atom: HK1, aiter: HK1; reads: diff]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Does not fire on"), std::string::npos);
  // The suppression stage's own rule is documented with the rules (its name is valid in config).
  EXPECT_NE(r.out.find("suppression-without-reason [housekeeping, note;"), std::string::npos) << r.out;
  CliRun md = run("rules --markdown");
  EXPECT_EQ(md.out.rfind("# review-pr rules", 0), 0u);
}

TEST_F(Cli, CiFormatsSarifRdjsonAndAnnotations) {
  std::string repo = make_repo();
  CliRun sarif = run("--repo " + repo + " --base HEAD~1 --head HEAD --format sarif");
  ASSERT_EQ(sarif.code, 0) << sarif.err;
  auto log = nlohmann::json::parse(sarif.out);
  EXPECT_EQ(log["version"], "2.1.0");
  const auto& run0 = log["runs"][0];
  EXPECT_EQ(run0["tool"]["driver"]["name"], "review-pr");
  ASSERT_GE(run0["results"].size(), 1u);
  const auto& result = run0["results"][0];
  EXPECT_EQ(result["ruleId"], "temporary-script");
  EXPECT_EQ(result["level"], "warning");
  EXPECT_EQ(result["partialFingerprints"]["reviewPr/v1"].get<std::string>().size(), 16u);
  EXPECT_EQ(run0["tool"]["driver"]["rules"][result["ruleIndex"].get<int>()]["id"], "temporary-script");

  CliRun rd = run("--repo " + repo + " --base HEAD~1 --head HEAD --format rdjson");
  ASSERT_EQ(rd.code, 0) << rd.err;
  auto rdj = nlohmann::json::parse(rd.out);
  EXPECT_EQ(rdj["diagnostics"][0]["code"]["value"], "temporary-script");
  EXPECT_EQ(rdj["diagnostics"][0]["location"]["path"], "runperf-add.sh");

  CliRun gh = run("--repo " + repo + " --base HEAD~1 --head HEAD --format github-annotations");
  ASSERT_EQ(gh.code, 0) << gh.err;
  EXPECT_EQ(gh.out.rfind("::warning file=runperf-add.sh,title=review-pr temporary-script::", 0), 0u) << gh.out;
}

// The configuration comes from the base revision: a PR that adds a `.review-pr.toml`
// disabling the rule that fires on it is still reviewed with that rule, and the card says
// what its configuration change would turn off.
TEST_F(Cli, APrCannotTurnItsOwnChecksOff) {
  std::string repo = make_repo();
  // An uncommitted configuration is not the reviewed revision's: it does not apply.
  write("repo/.review-pr.toml", "[rules]\ndisable = [\"temporary-script\"]\n");
  CliRun before = run("--repo " + repo + " --base HEAD~1 --head HEAD --format json");
  ASSERT_EQ(before.code, 0) << before.err;
  EXPECT_EQ(nlohmann::json::parse(before.out)["findings"][0]["rule"], "temporary-script");
  commit_file(repo, ".review-pr.toml", "profile = \"generic\"\n[rules]\ndisable = [\"temporary-script\"]\n", "config");

  CliRun after = run("--repo " + repo + " --base HEAD~2 --head HEAD --format json");
  ASSERT_EQ(after.code, 0) << after.err;
  auto j = nlohmann::json::parse(after.out);
  EXPECT_EQ(j["profile"], "aiter");
  ASSERT_FALSE(j["findings"].empty()) << after.out;
  EXPECT_EQ(j["findings"][0]["rule"], "temporary-script");
  EXPECT_EQ(j["config_change"]["rules_disabled"][0], "`temporary-script` (1 finding in this review)") << after.out;
  CliRun card = run("--repo " + repo + " --base HEAD~2 --head HEAD");
  ASSERT_EQ(card.code, 0) << card.err;
  EXPECT_NE(card.out.find("`runperf-add.sh`"), std::string::npos) << card.out;
  EXPECT_NE(card.out.find("_This PR changes `.review-pr.toml`; the review used the built-in defaults (the base revision "
                          "has none). The change would turn off:_\n- rule `temporary-script` (1 finding in this review)\n"),
            std::string::npos)
      << card.out;

  // Opting in reads the head's configuration, and only because the base has none.
  CliRun opted = run("--repo " + repo + " --base HEAD~2 --head HEAD --format json --config-from head");
  ASSERT_EQ(opted.code, 0) << opted.err;
  auto oj = nlohmann::json::parse(opted.out);
  EXPECT_EQ(oj["profile"], "generic");
  for (const auto& f : oj["findings"]) EXPECT_NE(f["rule"], "temporary-script") << opted.out;
  EXPECT_FALSE(oj.contains("config_change")) << opted.out;

  // Merged, the configuration is the base of the next PR and applies there.
  commit_file(repo, "runperf-mul.sh", "python -m aiter.ops.mul\n", "another script");
  CliRun next = run("--repo " + repo + " --base HEAD~1 --head HEAD --format json");
  ASSERT_EQ(next.code, 0) << next.err;
  auto nj = nlohmann::json::parse(next.out);
  EXPECT_EQ(nj["profile"], "generic");
  for (const auto& f : nj["findings"]) EXPECT_NE(f["rule"], "temporary-script") << next.out;

  // A change that turns nothing off is named, and says so.
  commit_file(repo, ".review-pr.toml", "profile = \"aiter\"\n", "aiter again");
  commit_file(repo, ".review-pr.toml", "profile = \"aiter\"\n[production_shapes]\nmax_num_seqs = 512\n", "shapes");
  CliRun harmless = run("--repo " + repo + " --base HEAD~1 --head HEAD");
  ASSERT_EQ(harmless.code, 0) << harmless.err;
  EXPECT_NE(harmless.out.find("the review used the base revision's. The change turns no check off._"), std::string::npos)
      << harmless.out;
  // A PR that excludes the path its finding is on: the finding stays, the card names it.
  commit_file(repo, ".review-pr.toml",
              "profile = \"aiter\"\n[production_shapes]\nmax_num_seqs = 512\n[paths]\nexclude = [\"*.sh\"]\n",
              "exclude scripts");
  commit_file(repo, "runperf-div.sh", "python -m aiter.ops.div\n", "a third script");
  CliRun excluded = run("--repo " + repo + " --base HEAD~2 --head HEAD");
  ASSERT_EQ(excluded.code, 0) << excluded.err;
  EXPECT_NE(excluded.out.find("- finding `temporary-script` at `runperf-div.sh` (path excluded)"), std::string::npos)
      << excluded.out;

  write("severity.toml", "[rules.severity]\n\"temporary-script\" = \"note\"\n");
  CliRun file = run("--repo " + repo + " --base HEAD~1 --head HEAD --format json --config " + (dir_ / "severity.toml").string());
  ASSERT_EQ(file.code, 0) << file.err;
  auto fj = nlohmann::json::parse(file.out);
  EXPECT_EQ(fj["findings"][0]["severity"], "note");
  EXPECT_EQ(fj["verdict"], "LGTM");

  CliRun print = run("config --print --repo " + repo);
  ASSERT_EQ(print.code, 0) << print.err;
  EXPECT_NE(print.out.find("# source: .review-pr.toml"), std::string::npos) << print.out;
  EXPECT_NE(print.out.find("profile = 'aiter'"), std::string::npos) << print.out;
  EXPECT_NE(print.out.find("exclude = [ '*.sh' ]"), std::string::npos) << print.out;
  CliRun reference = run("config --reference");
  ASSERT_EQ(reference.code, 0);
  EXPECT_NE(reference.out.find("| `rules.severity` |"), std::string::npos);
}

// Files the base's .gitattributes marks linguist-generated are skipped like excluded paths;
// a PR cannot mark its own files generated.
TEST_F(Cli, LinguistGeneratedPathsOfTheBaseAreSkipped) {
  std::string repo = make_repo();
  commit_file(repo, "runperf-head-marks-itself.sh", "echo\n", "script");
  commit_file(repo, ".gitattributes", "runperf-head-marks-itself.sh linguist-generated\n", "marks the script");
  CliRun self = run("--repo " + repo + " --base HEAD~2 --head HEAD --format concise --rule temporary-script");
  ASSERT_EQ(self.code, 0) << self.err;
  EXPECT_NE(self.out.find("runperf-head-marks-itself.sh: warn temporary-script"), std::string::npos) << self.out;
  commit_file(repo, ".gitattributes", "runperf-gen-*.sh linguist-generated\n*.keep.sh -linguist-generated\n", "generated");
  commit_file(repo, "runperf-gen-a.sh", "echo\n", "generated script");
  commit_file(repo, "runperf-gen-b.keep.sh", "echo\n", "kept script");
  CliRun r = run("--repo " + repo + " --base HEAD~2 --head HEAD --format concise --rule temporary-script");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find("runperf-gen-a.sh"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("runperf-gen-b.keep.sh: warn temporary-script"), std::string::npos) << r.out;
}

TEST_F(Cli, BadConfigIsOneLineNamingKeyAndLine) {
  std::string repo = make_repo();
  commit_file(repo, ".review-pr.toml", "profile = \"aiter\"\n[rules]\ndisabled = [\"x\"]\n", "bad config");
  expect_one_line_error(run("--repo " + repo + " --base HEAD~1 --head HEAD --config-from head"),
                        ".review-pr.toml (head revision):3: rules.disabled: unknown key");
  // Without the opt-in the base (which has none) is used, and the card says the PR's does not parse.
  CliRun noted = run("--repo " + repo + " --base HEAD~1 --head HEAD");
  ASSERT_EQ(noted.code, 0) << noted.err;
  EXPECT_NE(noted.out.find("The PR's version does not parse: .review-pr.toml (head revision):3: rules.disabled"),
            std::string::npos)
      << noted.out;
  expect_one_line_error(run("config --print --repo " + repo), ".review-pr.toml:3: rules.disabled");
  write("bad.toml", "[production_shapes]\nnum_blocks = \"many\"\n");
  expect_one_line_error(run("--repo " + repo + " --base HEAD~1 --config " + (dir_ / "bad.toml").string()),
                        "bad.toml:2: production_shapes.num_blocks: must be a positive integer");
  expect_one_line_error(run("--repo " + repo + " --config " + (dir_ / "none.toml").string()), "none.toml");
  expect_one_line_error(run("config"), "give --print or --reference");
}

TEST_F(Cli, FindingsTheRepositorysLinterReportsAreCountedNotShown) {
  std::string repo = make_repo();
  commit_file(repo, ".github/workflows/lint.yml",
              "on: [pull_request]\njobs:\n  lint:\n    steps:\n      - run: ruff check .\n", "lint in CI");
  commit_file(repo, "aiter/ops/mul.py", "import math\n\n\ndef mul(a, b):\n    return a * b\n", "mul");
  std::string range = "--repo " + repo + " --base HEAD~1 --head HEAD --rule unused-import";
  CliRun r = run(range + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["findings"].empty()) << r.out;
  ASSERT_EQ(j["suppressed"].size(), 1u) << r.out;
  EXPECT_EQ(j["suppressed"][0]["rule"], "unused-import");
  EXPECT_EQ(j["suppressed"][0]["suppressed_by"], "linter");
  EXPECT_EQ(j["suppressed"][0]["reason"],
            "reported by the repository's linter: ruff (F401, .github/workflows/lint.yml)");
  CliRun card = run(range);
  EXPECT_NE(card.out.find("1 left to the repository's linter (ruff), which reports it in CI"), std::string::npos)
      << card.out;
  // The same import, reviewed against a base without the workflow, is reported.
  CliRun before = run("--repo " + repo + " --base HEAD~2 --head HEAD --rule unused-import --format json");
  ASSERT_EQ(before.code, 0) << before.err;
  EXPECT_EQ(nlohmann::json::parse(before.out)["findings"].size(), 1u) << before.out;
}

TEST_F(Cli, FindingsLeftToTheLinterKeepDistinctFingerprints) {
  // Two unread locals on identical lines of one file: both left to ruff, each its own fingerprint
  // (a baseline written from this review must hide both, not one twice).
  std::string repo = make_repo();
  commit_file(repo, ".github/workflows/lint.yml",
              "on: [pull_request]\njobs:\n  lint:\n    steps:\n      - run: ruff check .\n", "lint in CI");
  commit_file(repo, "aiter/ops/pair.py",
              "def left(a):\n    scale = a * 2\n    return a\n\n\ndef right(b):\n    scale = b * 2\n    return b\n",
              "pair");
  CliRun r = run("--repo " + repo + " --base HEAD~1 --head HEAD --rule unread-local --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["findings"].empty()) << r.out;
  ASSERT_EQ(j["suppressed"].size(), 2u) << r.out;
  EXPECT_EQ(j["suppressed"][0]["line"], 2);
  EXPECT_EQ(j["suppressed"][1]["line"], 7);
  EXPECT_NE(j["suppressed"][0]["fingerprint"], j["suppressed"][1]["fingerprint"]) << r.out;
}

TEST_F(Cli, InlineSuppressionsAndBaseline) {
  std::string repo = make_repo();
  commit_file(repo, "aiter/ops/loader.py",
              "import sys\n"
              "sys.path.insert(0, \"/opt/ck\")  # review-pr: ignore[syspath-mutation] CK ships no wheel; removed in #80\n"
              "# review-pr: ignore[syspath-mutation]\n"
              "sys.path.append(\"/opt/other\")\n",
              "loader");
  std::string range = "--repo " + repo + " --base HEAD~2 --head HEAD";
  CliRun r = run(range + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["suppressed"].size(), 1u) << r.out;
  EXPECT_EQ(j["suppressed"][0]["rule"], "syspath-mutation");
  EXPECT_EQ(j["suppressed"][0]["line"], 2);
  EXPECT_EQ(j["suppressed"][0]["suppressed_by"], "inline");
  EXPECT_EQ(j["suppressed"][0]["reason"], "CK ships no wheel; removed in #80");
  std::vector<std::string> rules;
  for (const auto& f : j["findings"]) rules.push_back(f["rule"].get<std::string>() + ":" + f["line"].dump());
  // Line 4 stays reported (its comment gives no reason) and the comment itself is a note.
  EXPECT_NE(std::find(rules.begin(), rules.end(), "syspath-mutation:4"), rules.end()) << r.out;
  EXPECT_NE(std::find(rules.begin(), rules.end(), "suppression-without-reason:3"), rules.end()) << r.out;
  CliRun card = run(range);
  EXPECT_NE(card.out.find("_1 finding suppressed by `review-pr: ignore` comments"), std::string::npos) << card.out;

  fs::path baseline = dir_ / "baseline.json";
  CliRun written = run(range + " --write-baseline " + baseline.string() + " --format json");
  ASSERT_EQ(written.code, 0) << written.err;
  EXPECT_EQ(written.out, r.out);
  CliRun quiet = run(range + " --baseline " + baseline.string() + " --format json --fail-on warn");
  EXPECT_EQ(quiet.code, 0) << quiet.out;
  auto q = nlohmann::json::parse(quiet.out);
  EXPECT_TRUE(q["findings"].empty()) << quiet.out;
  EXPECT_EQ(q["verdict"], "LGTM");
  EXPECT_EQ(q["suppressed"].size(), j["findings"].size() + 1);

  // A new finding after the baseline was written still shows, the old ones stay hidden
  // even though the new commit shifted their lines.
  commit_file(repo, "aiter/ops/loader.py",
              "import sys\nimport os\n"
              "sys.path.insert(0, \"/opt/ck\")  # review-pr: ignore[syspath-mutation] CK ships no wheel; removed in #80\n"
              "# review-pr: ignore[syspath-mutation]\nsys.path.append(\"/opt/other\")\nsys.path.append(os.getcwd())\n",
              "more");
  CliRun next = run("--repo " + repo + " --base HEAD~3 --head HEAD --baseline " + baseline.string() + " --format json");
  ASSERT_EQ(next.code, 0) << next.err;
  auto n = nlohmann::json::parse(next.out);
  ASSERT_EQ(n["findings"].size(), 1u) << next.out;
  EXPECT_EQ(n["findings"][0]["line"], 6);

  write("bad-baseline.json", "{\"findings\": 3}");
  expect_one_line_error(run(range + " --baseline " + (dir_ / "bad-baseline.json").string()), "bad-baseline.json: not a review-pr baseline");
}

TEST_F(Cli, NoSourceReviewsTheCurrentBranchAndWorktreeAddsUncommittedChanges) {
  std::string repo = make_repo();
  git(repo, "checkout -q -b feature");
  git(repo, "branch -q -f main HEAD~1");
  fs::create_directories(fs::path(repo) / "aiter" / "ops");
  CliRun branch = run("--format json", fs::path(repo) / "aiter" / "ops");
  ASSERT_EQ(branch.code, 0) << branch.err;
  auto b = nlohmann::json::parse(branch.out);
  EXPECT_EQ(b["pr"]["files_changed"], 2);
  EXPECT_EQ(b["pr"]["number"], 77);

  // Uncommitted: a modified tracked file and a staged new file; an untracked file is not part of it.
  write("repo/aiter/ops/add.py", "import sys\nsys.path.insert(0, '/x')\ndef add(a, b, c=0):\n    return a + b + c\n");
  write("repo/tmp_staged.py", "print(1)\n");
  git(repo, "add tmp_staged.py");
  write("repo/tmp_untracked.py", "print(2)\n");
  CliRun committed = run("--format json", repo);
  ASSERT_EQ(committed.code, 0) << committed.err;
  EXPECT_EQ(nlohmann::json::parse(committed.out)["pr"]["files_changed"], 2);
  CliRun work = run("--worktree --format json", repo);
  ASSERT_EQ(work.code, 0) << work.err;
  auto w = nlohmann::json::parse(work.out);
  EXPECT_EQ(w["pr"]["files_changed"], 3) << work.out;
  std::string all;
  for (const auto& f : w["findings"]) all += f["rule"].get<std::string>() + "@" + f["file"].dump() + ":" + f["line"].dump() + " ";
  EXPECT_NE(all.find("syspath-mutation@\"aiter/ops/add.py\":2"), std::string::npos) << all;
  EXPECT_NE(all.find("temporary-script@\"tmp_staged.py\""), std::string::npos) << all;
  EXPECT_EQ(all.find("tmp_untracked.py"), std::string::npos) << all;

  fs::path bare = dir_ / "bare.git";
  ASSERT_EQ(std::system(("git clone -q --bare " + repo + " " + bare.string()).c_str()), 0);
  expect_one_line_error(run("--repo " + bare.string() + " --worktree"), "--worktree needs a repository with a work tree");
  expect_one_line_error(run("--worktree --head HEAD", repo), "drop --head");
  expect_one_line_error(run("--worktree --diff x.diff"), "--worktree and --staged review a clone");
  expect_one_line_error(run("--format json"), "not inside a git repository");
}

}  // namespace
