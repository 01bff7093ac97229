// A PullRequest is everything the providers know about one PR: its words (title, body,
// labels, comments) and its code change. Whether full file text is available is decided
// by the Workspace, not here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/change_set.h"

namespace rp {

struct Comment {
  std::string author;
  std::string body;
  std::string path;  // inline review comments only
  int line = 0;
};

// The issue a PR body links ("fixes #N"), when the source could read it.
struct LinkedIssue {
  int number = 0;
  std::string title, body;
};

// One commit of the PR (base..head), oldest first: what a git-only review knows of the
// author's intent besides the head subject.
struct CommitInfo {
  std::string subject;
  bool merge = false;  // more than one parent
  std::string body;    // the message after the subject ("" when the source gives none)
};

struct PullRequestMeta {
  std::optional<int> number;
  std::string title;
  std::string body;
  std::string author;
  std::vector<std::string> labels;
  // True when the source said which labels the PR carries (a `labels` key in the metadata
  // JSON, or the GitHub API); an empty `labels` then means "none", not "unknown".
  bool has_labels = false;
  std::string head_ref_oid;  // `headRefOid`: the PR's current head commit, when given
  std::vector<Comment> comments;  // top-level comments and review bodies
  // True when the PR's own description was given (metadata JSON). A git-only review knows
  // just the commit subject, and rules about the description do not guess from it.
  bool has_description = false;
  std::optional<LinkedIssue> linked_issue;
  // The PR's commits, oldest first: from git (base..head) or the metadata's `commits`
  // (`gh pr view --json commits`). Empty when the source does not know them.
  std::vector<CommitInfo> commits;
};

struct PullRequest {
  PullRequestMeta meta;
  ChangeSet changes;
  std::string repo_name;  // "ROCm/aiter" when known, else empty
  std::string base_rev;   // resolved commit ids when the code came from git
  std::string head_rev;
};

}  // namespace rp
