// core-api-owner-signoff with git history: the owner it names is the top committer of the
// changed core file before the PR (GitRepo::author_counts), not the PR's author and not the
// top committer of some other file.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "review/history_repo_testing.h"
#include "source/git_source.h"

namespace rp {
namespace {

class OwnerHistory : public testing_support::HistoryRepo {
 protected:
  // Writes `text` to `path` and commits it as `author`.
  void commit(const std::string& author, const std::string& path, const std::string& text) {
    commit_file(author, author + "@example.com", path, text);
  }
  void commit_as(const std::string& author, const std::string& email, const std::string& path,
                 const std::string& text) {
    commit_file(author, email, path, text);
  }
  std::vector<Finding> review_last_commit() { return HistoryRepo::review_last_commit("core-api-owner-signoff"); }
};

TEST_F(OwnerHistory, AuthorCountsCountOnlyCommitsThatChangedThePath) {
  commit("Ana", "aiter/fused_moe.py", "a = 1\n");
  commit("Ana", "aiter/fused_moe.py", "a = 2\n");
  commit("Bo", "aiter/mla.py", "b = 1\n");
  commit("Bo", "aiter/mla.py", "b = 2\n");
  commit("Bo", "aiter/fused_moe.py", "a = 3\n");
  auto repo = GitRepo::open(dir_.string());
  ASSERT_TRUE(repo.ok());
  auto counts = (*repo)->author_counts("HEAD", "aiter/fused_moe.py", 100);
  ASSERT_TRUE(counts.ok());
  EXPECT_EQ((*counts)["Ana"], 2);
  EXPECT_EQ((*counts)["Bo"], 1);
  auto capped = (*repo)->author_counts("HEAD", "aiter/fused_moe.py", 1);  // only the newest commit walked
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ(capped->count("Ana"), 0u);
}

TEST_F(OwnerHistory, OnePersonUnderTwoNamesIsOneAuthor) {
  // The same address committed as a short login and later as a full name: one author of three
  // commits, named by the newest name, ahead of Bo's two.
  commit_as("lq", "lq@example.com", "aiter/fused_moe.py", "a = 1\n");
  commit_as("Bo", "bo@example.com", "aiter/fused_moe.py", "a = 2\n");
  commit_as("Bo", "bo@example.com", "aiter/fused_moe.py", "a = 3\n");
  commit_as("lq", "LQ@example.com", "aiter/fused_moe.py", "a = 4\n");
  commit_as("Li Qing", "lq@example.com", "aiter/fused_moe.py", "a = 5\n");
  auto repo = GitRepo::open(dir_.string());
  ASSERT_TRUE(repo.ok());
  auto counts = (*repo)->author_counts("HEAD", "aiter/fused_moe.py", 100);
  ASSERT_TRUE(counts.ok());
  EXPECT_EQ((*counts)["Li Qing"], 3);
  EXPECT_EQ((*counts)["Bo"], 2);
  EXPECT_EQ(counts->count("lq"), 0u);
}

TEST_F(OwnerHistory, FindingNamesTheFilesTopCommitterBeforeThePr) {
  commit("Ana", "aiter/fused_moe.py", "def f(x, n=1):\n    return x\n");
  commit("Ana", "aiter/fused_moe.py", "def f(x, n=2):\n    return x\n");
  commit("Bo", "aiter/mla.py", "b = 1\n");
  commit("Bo", "aiter/mla.py", "b = 2\n");
  commit("Bo", "aiter/mla.py", "b = 3\n");
  commit("Cy", "aiter/fused_moe.py", "def f(x, n=4):\n    return x\n");  // the PR

  std::vector<Finding> findings = review_last_commit();
  ASSERT_EQ(findings.size(), 1u);
  const Finding& f = findings[0];
  EXPECT_NE(f.problem.find("de-facto owner is Ana"), std::string::npos) << f.problem;
  EXPECT_EQ(f.action.rfind("Reviewer should ask Ana for sign-off", 0), 0u) << f.action;
}

TEST_F(OwnerHistory, OwnersOwnChangeNeedsNoSignOff) {
  commit("Ana", "aiter/fused_moe.py", "def f(x, n=1):\n    return x\n");
  commit("Bo", "aiter/fused_moe.py", "def f(x, n=2):\n    return x\n");
  commit("Ana", "aiter/fused_moe.py", "def f(x, n=3):\n    return x\n");
  commit("Ana", "aiter/fused_moe.py", "def f(x, m=4):\n    return x\n");  // the PR, by the owner

  std::vector<Finding> findings = review_last_commit();
  EXPECT_TRUE(findings.empty()) << findings[0].problem;
}

}  // namespace
}  // namespace rp
