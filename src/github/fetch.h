// Makes a PR's commits present in a local clone so the full-context rules can read whole
// files: when the head or base commit is missing, fetches refs/pull/N/head and the base
// branch from the base repository through libgit2 (the token as HTTPS credentials, never
// in a URL, and only to the host of the API in use), into refs/review-pr/... so no branch
// of the user's is moved.
#pragma once

#include <string>

#include "core/status.h"
#include "github/api.h"

namespace rp {

// The commits to review: head, and the merge-base of head with the PR's base (what GitHub's
// own diff of the PR compares against).
struct ReviewRange {
  std::string base, head;
};

Result<ReviewRange> fetch_pull_request(const std::string& clone_path, const GitHubPullRequest& pr,
                                       const std::string& token, const std::string& api_url);

}  // namespace rp
