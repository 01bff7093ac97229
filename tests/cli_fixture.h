// The fixture of the end-to-end tests: a scratch directory per test, the review-pr binary
// run through the shell with its exit code, stdout and stderr, and a small git repository.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace cli_fixture {

struct CliRun {
  int code = -1;           // 137 = killed by the time limit
  std::string out, err;
};

// Peak resident set of the largest child process waited for so far (an upper bound for the
// last run), in MB.
inline double peak_child_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return usage.ru_maxrss / 1024.0;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("review-pr-cli-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs review-pr in the test's directory (outside any repository) unless `cwd` says where;
  // a run longer than `limit_seconds` is killed (exit code 137): a hang fails the test
  // instead of stalling the suite.
  CliRun run(const std::string& args, int limit_seconds = 300) { return run(args, fs::path(), limit_seconds); }
  CliRun run(const std::string& args, const fs::path& cwd, int limit_seconds = 300) {
    std::string cmd = "cd " + (cwd.empty() ? dir_ : cwd).string() + " && timeout -s KILL " + std::to_string(limit_seconds) +
                      " " + std::string(RP_BINARY) + " " + args + " >" + (dir_ / "out").string() + " 2>" +
                      (dir_ / "err").string();
    int status = std::system(cmd.c_str());
    CliRun r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(dir_ / "out");
    r.err = slurp(dir_ / "err");
    return r;
  }

  void write(const fs::path& rel, const std::string& text) {
    fs::create_directories((dir_ / rel).parent_path());
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }

  // A small repository: main with one commit, a feature commit on top that adds a scratch script.
  std::string make_repo() {
    fs::path repo = dir_ / "repo";
    std::string git = "git -C " + repo.string() + " -c user.name=t -c user.email=t@t -c init.defaultBranch=main ";
    fs::create_directories(repo);
    EXPECT_EQ(std::system((git + "init -q").c_str()), 0);
    write("repo/aiter/__init__.py", "");
    write("repo/aiter/ops/add.py", "def add(a, b):\n    return a + b\n");
    EXPECT_EQ(std::system((git + "add -A && " + git + "commit -qm base").c_str()), 0);
    write("repo/aiter/ops/add.py", "def add(a, b, c=0):\n    return a + b + c\n");
    write("repo/runperf-add.sh", "python -m aiter.ops.add\n");
    EXPECT_EQ(std::system((git + "add -A && " + git + "commit -qm 'Add c to add (#77)'").c_str()), 0);
    return repo.string();
  }

  void git(const std::string& repo, const std::string& args) {
    std::string cmd = "git -C " + repo + " -c user.name=t -c user.email=t@t " + args;
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }

  // Commits `text` as `path` on top of make_repo()'s history.
  void commit_file(const std::string& repo, const std::string& path, const std::string& text, const std::string& subject) {
    write("repo/" + path, text);
    git(repo, "add -A");
    git(repo, "commit -qm '" + subject + "'");
  }

  fs::path dir_;
};

// A bad-input run: exit code 2, nothing on stdout, one line on stderr that says `contains`.
inline void expect_one_line_error(const CliRun& r, const std::string& contains) {
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(contains), std::string::npos) << r.err;
}

}  // namespace cli_fixture
