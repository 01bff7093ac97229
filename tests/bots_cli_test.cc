// End-to-end: `review-pr self-review` and `review-pr tags` on the aiter #7245 files, on a
// git repository built here, and on bad input (one-line error, exit code 2).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

struct BotRun {
  int code = -1;
  std::string out, err;
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class BotsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("review-pr-bots-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  BotRun run(const std::string& args) {
    std::string cmd = std::string(RP_BINARY) + " " + args + " >" + (dir_ / "out").string() + " 2>" + (dir_ / "err").string();
    int status = std::system(cmd.c_str());
    BotRun r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_all(dir_ / "out");
    r.err = read_all(dir_ / "err");
    return r;
  }

  static std::string data(const std::string& name) { return std::string(RP_SOURCE_DIR) + "/tests/data/" + name; }

  fs::path dir_;
};

TEST_F(BotsCli, SelfReviewShadowReportsAndSucceedsEnforceFails) {
  std::string meta = data("aiter-7245-meta.json");
  BotRun shadow = run("self-review --meta " + meta);  // head from headRefOid
  ASSERT_EQ(shadow.code, 0) << shadow.err;
  EXPECT_NE(shadow.out.find("- FAIL — Reviewed revision must contain at least the first 7 characters of the current head SHA"),
            std::string::npos)
      << shadow.out;
  BotRun enforce = run("self-review --meta " + meta + " --head 307f50eb2188 --mode enforce --format json");
  EXPECT_EQ(enforce.code, 1) << enforce.err;
  EXPECT_EQ(nlohmann::json::parse(enforce.out)["status"], "FAIL");
  BotRun pass = run("self-review --meta " + meta + " --head 9ee92f1164acfc61a0a8148c123644e8bc422e29 --mode enforce --diff " +
                 data("aiter-7245.diff") + " --format json -o " + (dir_ / "r.json").string());
  EXPECT_EQ(pass.code, 0) << pass.err;
  EXPECT_EQ(nlohmann::json::parse(read_all(dir_ / "r.json"))["status"], "PASS");
}

TEST_F(BotsCli, SelfReviewFromGitKnowsTheHeadAndTheChangedTests) {
  fs::path repo = dir_ / "repo";
  std::string git = "git -C " + repo.string() + " -c user.name=t -c user.email=t@t -c init.defaultBranch=main ";
  fs::create_directories(repo / "op_tests");
  ASSERT_EQ(std::system((git + "init -q").c_str()), 0);
  std::ofstream(repo / "op_tests" / "test_a.py") << "def test_a():\n    pass\n";
  ASSERT_EQ(std::system((git + "add -A && " + git + "commit -qm base").c_str()), 0);
  std::ofstream(repo / "op_tests" / "test_b.py") << "def test_b():\n    pass\n";
  ASSERT_EQ(std::system((git + "add -A && " + git + "commit -qm feature").c_str()), 0);
  ASSERT_EQ(std::system((git + "rev-parse HEAD >" + (dir_ / "head").string()).c_str()), 0);
  std::string head = read_all(dir_ / "head").substr(0, 40);

  auto write_meta = [&](const std::string& op_tests) {
    std::string body = "## PR Self-Review\n\n### Reviewed revision\n\n" + head.substr(0, 10) +
                       "\n\n### Behavior and intent\n\nAdds test_b because test_a never ran the empty input.\n\n"
                       "### Validation and unverified scope\n\n`pytest op_tests` on MI300X: 2 passed. Unverified: gfx950.\n\n"
                       "### PR-specific question\n\nNo kernel path changes: only a test file is added here.\n\n"
                       "### Changed op tests\n\n" +
                       op_tests + "\n";
    std::ofstream(dir_ / "meta.json") << nlohmann::json{{"title", "t"}, {"body", body}}.dump();
  };
  write_meta("None");
  BotRun none = run("self-review --meta " + (dir_ / "meta.json").string() + " --repo " + repo.string() +
                 " --base HEAD~1 --head HEAD --format json");
  ASSERT_EQ(none.code, 0) << none.err;
  auto j = nlohmann::json::parse(none.out);
  EXPECT_EQ(j["status"], "FAIL");
  EXPECT_EQ(j["checks"][3]["text"], "the answer is None, but op_tests/test_b.py changed");
  EXPECT_EQ(j["checks"][4]["result"], "PASS");

  write_meta("- op_tests/test_b.py: runs the empty input that test_a skips.");
  BotRun described = run("self-review --meta " + (dir_ / "meta.json").string() + " --repo " + repo.string() +
                      " --base HEAD~1 --head HEAD --format json --mode enforce");
  EXPECT_EQ(described.code, 0) << described.out;
  EXPECT_EQ(nlohmann::json::parse(described.out)["status"], "PASS");
}

TEST_F(BotsCli, TagsOnThe7245Diff) {
  BotRun r = run("tags --meta " + data("aiter-7245-meta.json") + " --diff " + data("aiter-7245.diff") + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["tags"].size(), 1u);
  EXPECT_EQ(j["tags"][0]["tag"], "HIP");
  EXPECT_EQ(j["title_in_sync"], true);
  BotRun md = run("tags --diff " + data("aiter-7245.diff"));
  ASSERT_EQ(md.code, 0) << md.err;
  EXPECT_NE(md.out.find("Component tags from the changed files: [HIP]"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("### CI label guide"), std::string::npos);
}

TEST_F(BotsCli, BadInputIsOneLineAndExitTwo) {
  std::string meta = data("aiter-7245-meta.json");
  for (std::string args : std::vector<std::string>{"self-review", "self-review --meta " + meta + " --head HEAD~1",
                           "self-review --meta /nonexistent.json --head 9ee92f1", "tags --meta " + meta,
                           "tags --diff " + meta, "self-review --meta " + meta + " --head 9ee92f1 --mode loud",
                           "tags --diff " + data("aiter-7245.diff") + " --head HEAD"}) {
    BotRun r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.err.rfind("review-pr: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

}  // namespace
