#include "analysis/commit_intent.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

CommitInfo c(std::string s, bool merge = false) { return CommitInfo{std::move(s), merge, ""}; }

TEST(CommitIntent, ReadsEachSubjectByWhatItDoes) {
  EXPECT_EQ(read_commit(c("fix(moe): keep the shuffle flag")), CommitReading::Fix);
  EXPECT_EQ(read_commit(c("[Bugfix] drop the stale page")), CommitReading::Fix);
  EXPECT_EQ(read_commit(c("gfx1250: fix the residual kernel")), CommitReading::Fix);
  // Words about a defect do not make a subject a fix; the commit type or opening verb does.
  EXPECT_EQ(read_commit(c("gfx1250: stop the residual kernel faulting")), CommitReading::Neutral);
  EXPECT_EQ(read_commit(c("support qwen9")), CommitReading::Feature);
  EXPECT_EQ(read_commit(c("feat(router): route by header")), CommitReading::Feature);
  EXPECT_EQ(read_commit(c("fix: precommit")), CommitReading::Housekeeping);
  EXPECT_EQ(read_commit(c("style: apply ruff")), CommitReading::Housekeeping);
  EXPECT_EQ(read_commit(c("Merge branch 'main' into feat/x")), CommitReading::Merge);
  EXPECT_EQ(read_commit(c("sync", true)), CommitReading::Merge);
  EXPECT_EQ(read_commit(c("update readme")), CommitReading::Neutral);
}

TEST(CommitIntent, FoundingCommitStatesThePurpose) {
  // A feature branch with follow-up fixes of its own work is not a bug fix.
  CommitIntent i = read_intent({c("support qwen9"), c("fix"), c("fix the prefill path"), c("fix")});
  EXPECT_TRUE(i.known);
  EXPECT_FALSE(i.fix);
  i = read_intent({c("fix(sched): back-fill placeholders"), c("address review")});
  EXPECT_TRUE(i.fix);
}

TEST(CommitIntent, CommitsSpeakOnlyForAnUndescribedPr) {
  PullRequestMeta meta;
  meta.title = "fix";
  meta.commits = {c("support qwen9"), c("fix")};
  CommitIntent i = undescribed_intent(meta);
  EXPECT_TRUE(i.known);
  EXPECT_FALSE(i.fix);
  // The author's description wins: the commits are not read.
  meta.has_description = true;
  meta.body = "Fixes the prefill crash of #12.";
  EXPECT_FALSE(undescribed_intent(meta).known);
  // An empty description is no description.
  meta.body = "  \n";
  EXPECT_TRUE(undescribed_intent(meta).known);
}

TEST(CommitIntent, BranchNameFromMergesDecides) {
  CommitIntent i = read_intent({c("fix: wire the header"), c("Merge branch 'main' into feat/header-routing"),
                                c("Merge remote-tracking branch 'up/main' into feat/header-routing"),
                                c("Merge branch 'main' into bot/fix-checks"), c("fix: precommit")});
  EXPECT_TRUE(i.known);
  EXPECT_FALSE(i.fix);
  i = read_intent({c("Keep the native op"), c("Merge branch 'main' into fix/topk-tp")});
  EXPECT_TRUE(i.fix);
}

TEST(CommitIntent, MajorityWhenTheFirstCommitIsNeutral) {
  EXPECT_TRUE(read_intent({c("rework the pool"), c("fix leak on close"), c("fix double free")}).fix);
  EXPECT_FALSE(read_intent({c("rework the pool"), c("tidy"), c("fix leak on close")}).fix);
  EXPECT_FALSE(read_intent({c("fix: lint"), c("Merge branch 'main' into x")}).known);
}

TEST(CommitIntent, CommitMessagesStandInForTheDescription) {
  CommitInfo first{"speed up the reduce kernel", false, "stage 2: 87 us -> 4 us on MI300X"};
  EXPECT_EQ(commit_messages({first, c("fix lint")}),
            "speed up the reduce kernel\n\nstage 2: 87 us -> 4 us on MI300X\n\nfix lint");
  EXPECT_EQ(commit_messages({first}, 10), "speed up t");
  EXPECT_EQ(commit_messages({}), "");
}

TEST(CommitIntent, MergeTarget) {
  EXPECT_EQ(merge_target("Merge branch 'main' into jun/q"), "jun/q");
}

}  // namespace
}  // namespace rp
