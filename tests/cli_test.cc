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
  CliRun md = run("rules --markdown");
  EXPECT_EQ(md.out.rfind("# review-pr rules", 0), 0u);
}

}  // namespace
