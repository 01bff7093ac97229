// public-op-break with git history: an op, or a parameter of it, that main gained less than
// three days before the PR's base has not shipped, so taking it out again (a revert of the
// commit that added it) is not reported; what had shipped still is.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "review/history_repo_testing.h"
#include "source/git_source.h"

namespace rp {
namespace {

class ShippedOps : public testing_support::HistoryRepo {
 protected:
  // Writes the op module and commits it at `date` (ISO 8601, committer and author).
  void commit_at(const std::string& date, const std::string& text) {
    commit_file("Ana", "ana@example.com", "aiter/ops/blend.py", text, date);
  }
};

TEST_F(ShippedOps, FirstParentOlderThanWalksBackByCommitTime) {
  commit_at("2026-01-01T10:00:00Z", "def blend(a, b):\n    return a + b\n");
  commit_at("2026-01-09T10:00:00Z", "def blend(a, b, w=0.5):\n    return a * w + b\n");
  commit_at("2026-01-10T10:00:00Z", "def blend(a, b, w=0.5):\n    return a * w + b * (1 - w)\n");
  auto repo = GitRepo::open(dir_.string());
  ASSERT_TRUE(repo.ok());
  auto first = (*repo)->resolve("HEAD~2");
  auto two_days = (*repo)->first_parent_older_than("HEAD", 2L * 24 * 3600, 100);
  ASSERT_TRUE(two_days.ok());
  EXPECT_EQ(*two_days, *first);  // HEAD~1 is only one day older
  auto a_day = (*repo)->first_parent_older_than("HEAD", 24L * 3600, 100);
  EXPECT_EQ(*a_day, *(*repo)->resolve("HEAD~1"));
  auto too_old = (*repo)->first_parent_older_than("HEAD", 30L * 24 * 3600, 100);
  EXPECT_EQ(*too_old, "");
}

TEST_F(ShippedOps, OnlyWhatHadShippedThreeDaysBeforeTheBaseIsABreak) {
  commit_at("2026-01-01T10:00:00Z",
            "def blend(a, b, alpha=0.5):\n    return a * alpha + b\n\n\n"
            "def fade(x, steps):\n    return x / steps\n");
  // Two days before the PR: blend gains `gamma`, and a new op `sharpen` appears.
  commit_at("2026-01-08T10:00:00Z",
            "def blend(a, b, alpha=0.5, gamma=1.0):\n    return (a * alpha + b) ** gamma\n\n\n"
            "def fade(x, steps):\n    return x / steps\n\n\n"
            "def sharpen(x, k):\n    return x * k\n");
  // The PR: drops alpha (shipped) and gamma (not shipped), sharpen (not shipped) and fade (shipped).
  commit_at("2026-01-10T10:00:00Z", "def blend(a, b):\n    return a + b\n");
  std::vector<Finding> found = review_last_commit("public-op-break");
  std::vector<std::string> problems;
  for (const Finding& f : found) problems.push_back(f.problem);
  std::sort(problems.begin(), problems.end());  // "param-removed: ..." before "rename: ..."
  ASSERT_EQ(problems.size(), 2u) << ::testing::PrintToString(problems);
  EXPECT_NE(problems[0].find("`blend` no longer accepts `alpha` and"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("`fade`"), std::string::npos) << problems[1];
  for (const std::string& p : problems) {
    EXPECT_EQ(p.find("gamma"), std::string::npos) << p;
    EXPECT_EQ(p.find("sharpen"), std::string::npos) << p;
  }
}

}  // namespace
}  // namespace rp
