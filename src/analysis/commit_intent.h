// What a PR's own commits say it is, for reviews without a PR description (a branch read
// from git): the head commit's subject alone ("fix", "fix: precommit") is usually a follow-up
// on a feature branch, so the intent is read from the commits that founded the branch, from
// the branch name the merge commits reveal, and from the majority of the real commits.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/pull_request.h"

namespace rp {

enum class CommitReading {
  Fix,           // repairs a defect: "fix(x): ...", "[Bugfix] ...", "fix the pad slot"
  Feature,       // adds or changes behaviour on purpose: "feat: ...", "support qwen3.x", "add ..."
  Housekeeping,  // lint, formatting, pre-commit, typo fixes: says nothing about the PR
  Merge,         // a merge of another branch
  Neutral,       // anything else ("update readme", "clean up", "refactor ...")
};

CommitReading read_commit(const CommitInfo& commit);

// The branch a merge commit merges into ("Merge branch 'main' into feat/x" -> "feat/x"), or "".
std::string merge_target(std::string_view subject);

struct CommitIntent {
  bool known = false;  // false: no real commits to read
  bool fix = false;
  std::string why;     // one line for the evidence
};

CommitIntent read_intent(const std::vector<CommitInfo>& commits);

// What the commits say of a PR that has no description (its title is then only the head
// commit's subject: "fix" on a feature branch); unknown when the author described the PR, whose
// description wins. Rules use it to veto a fix title (`known && !fix`): commits alone never
// make a PR a fix, since stacked branches carry other PRs' fixes.
CommitIntent undescribed_intent(const PullRequestMeta& meta);

// The PR's own commit messages as one text, oldest first (each subject, a blank line, its
// body), capped at `max_bytes`: what stands in for the description when a review has none (a
// branch or a commit read from git), e.g. the measurements an author wrote in a commit body.
std::string commit_messages(const std::vector<CommitInfo>& commits, size_t max_bytes = 64 * 1024);

}  // namespace rp
