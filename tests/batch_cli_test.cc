// `review-pr batch` end to end on a small repository built here.
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_fixture.h"

using cli_fixture::Cli;
using cli_fixture::CliRun;
using cli_fixture::slurp;

namespace {

// `git rev-parse REV` in `repo`, without the newline.
std::string rev_parse(const std::string& repo, const std::string& rev) {
  std::string out;
  if (FILE* p = popen(("git -C " + repo + " rev-parse " + rev).c_str(), "r")) {
    char buf[128];
    while (fgets(buf, sizeof buf, p)) out += buf;
    pclose(p);
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

std::vector<nlohmann::json> lines_of(const std::string& text) {
  std::vector<nlohmann::json> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    out.push_back(nlohmann::json::parse(text.substr(start, nl - start)));
    start = nl == std::string::npos ? text.size() : nl + 1;
  }
  return out;
}

TEST_F(Cli, BatchReviewsEveryCommitIncludingTheRootInOrder) {
  std::string repo = make_repo();
  CliRun r = run("batch --repo " + repo + " HEAD --quiet -o " + (dir_ / "out.jsonl").string() + " --summary " +
                 (dir_ / "summary.json").string());
  ASSERT_EQ(r.code, 0) << r.err;
  auto lines = lines_of(slurp(dir_ / "out.jsonl"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["status"], "ok");  // the root commit, reviewed against the empty tree
  EXPECT_EQ(lines[0]["files_changed"], 2);
  EXPECT_EQ(lines[1]["status"], "ok");
  EXPECT_EQ(lines[1]["pr"], 77);
  EXPECT_EQ(lines[1]["verdict"], "NEEDS WORK");
  bool scratch = false;
  for (const auto& f : lines[1]["findings"]) scratch |= f["rule"] == "temporary-script";
  EXPECT_TRUE(scratch) << lines[1].dump();
  auto summary = nlohmann::json::parse(slurp(dir_ / "summary.json"));
  EXPECT_EQ(summary["commits"], 2);
  EXPECT_EQ(summary["statuses"]["ok"], 2);
  EXPECT_EQ(summary["findings"]["temporary-script"]["warn"], 1);
  EXPECT_TRUE(r.err.empty()) << "--quiet prints nothing: " << r.err;
}

TEST_F(Cli, BatchRangeAndCommitListAgree) {
  std::string repo = make_repo();
  CliRun range = run("batch --repo " + repo + " HEAD~1..HEAD --quiet");
  write("list.txt", "# one commit\nHEAD\n");
  CliRun listed = run("batch --repo " + repo + " --commits " + (dir_ / "list.txt").string() + " --quiet");
  ASSERT_EQ(range.code, 0) << range.err;
  ASSERT_EQ(listed.code, 0) << listed.err;
  auto a = lines_of(range.out), b = lines_of(listed.out);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0]["commit"], b[0]["commit"]);
  EXPECT_EQ(a[0]["findings"], b[0]["findings"]);
}

// A PR branch reviewed as one PR: "main...branch" is the branch head against its merge-base
// with main (main moved on after the fork), "A..B" is B against A; both keyed "<base>..<head>".
TEST_F(Cli, BatchCommitListTakesPrHeadsAgainstTheirMergeBase) {
  std::string repo = make_repo();
  git(repo, "checkout -q -b pr HEAD~1");
  commit_file(repo, "aiter/ops/mul.py", "def mul(a, b):\n    return a * b\n", "add mul");
  commit_file(repo, "scratch_mul.py", "print(1)\n", "try mul");
  git(repo, "checkout -q main");
  commit_file(repo, "aiter/ops/sub.py", "def sub(a, b):\n    return a - b\n", "add sub (#78)");
  write("list.txt", "main...pr\npr~1..pr\n");
  CliRun r = run("batch --repo " + repo + " --commits " + (dir_ / "list.txt").string() + " --quiet");
  ASSERT_EQ(r.code, 0) << r.err;
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  std::string fork = rev_parse(repo, "main~2"), head = rev_parse(repo, "pr");
  std::string parent = rev_parse(repo, "pr~1");
  EXPECT_EQ(lines[0]["commit"], fork + ".." + head);
  EXPECT_EQ(lines[0]["files_changed"], 2) << "the fork point, not main's tip: sub.py is not part of the PR";
  EXPECT_EQ(lines[1]["commit"], parent + ".." + head);
  EXPECT_EQ(lines[1]["files_changed"], 1);
  bool fingerprinted = false;
  for (const auto& f : lines[0]["findings"]) fingerprinted |= f["fingerprint"].is_string() && !f["fingerprint"].get<std::string>().empty();
  EXPECT_TRUE(fingerprinted) << lines[0].dump();
  write("bad.txt", "..pr\n");
  EXPECT_EQ(run("batch --repo " + repo + " --commits " + (dir_ / "bad.txt").string() + " --quiet").code, 2);
}

TEST_F(Cli, BatchBadInputIsOneLineError) {
  std::string repo = make_repo();
  for (const std::string& args : {"batch --repo " + repo + " nosuchref..HEAD", "batch --repo " + (dir_ / "nope").string() + " HEAD",
                                  "batch --repo " + repo, "batch --repo " + repo + " --commits " + (dir_ / "missing.txt").string()}) {
    CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

}  // namespace
