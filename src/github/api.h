// Reads one pull request through the GitHub REST API into plain data: the PR itself
// (title, body, labels, author, head/base), its diff, issue comments, reviews, inline review
// comments with path/line, the issue its body links ("fixes #N"), and the check runs of
// its head commit. Everything the review and the poster need, fetched once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/pull_request.h"
#include "core/status.h"
#include "github/client.h"

namespace rp {

struct GitHubComment {
  int64_t id = 0;
  std::string author, body;
  std::string path;  // review comments only
  int line = 0;      // review comments: head-side line, 0 when outdated
};

struct CheckRun {
  int64_t id = 0;
  std::string name, status, conclusion;  // conclusion: success, failure, timed_out, cancelled, ...
  std::string title, summary, text;      // the run's `output`
  std::string app;                       // "github-actions", "readthedocs", ...
  std::string url;                       // html_url
  std::string started_at, completed_at;
};

struct GitHubPullRequest {
  std::string repo;  // "owner/name"
  int number = 0;
  // title, body, author, labels, comments (issue comments, reviews, inline; not review-pr's
  // own), the linked issue
  PullRequestMeta meta;
  std::string head_sha, base_sha, base_ref, clone_url, head_clone_url;
  std::string diff;  // unified diff, as `gh pr diff` prints it
  std::vector<GitHubComment> issue_comments, review_comments;
  std::vector<CheckRun> check_runs;
  std::string checks_error;  // why check runs could not be read ("" = read)
};

// Every comment review-pr posts carries a hidden marker starting with this; such comments
// are the poster's own state and are kept out of the PR's meta (the rules read humans).
inline constexpr const char* kReviewPrMarker = "<!-- review-pr:";

// "owner/name" with GitHub's allowed characters; anything else is refused before a request.
bool valid_repo_name(const std::string& repo);

// The first "fixes #N" / "closes #N" / "resolves #N" (any tense, any case) in a PR body.
std::optional<int> linked_issue_number(const std::string& body);

Result<GitHubPullRequest> read_pull_request(GitHubClient& client, const std::string& repo, int number);

// The text of `path` at revision `ref` (the contents API, raw media type); nullopt when the
// revision has no such file (404). A file larger than `max_bytes` is an error.
Result<std::optional<std::string>> read_file_at(GitHubClient& client, const std::string& repo, const std::string& path,
                                                const std::string& ref, size_t max_bytes);

// The check runs of a commit (any ref GitHub resolves: a sha or a branch name).
Result<std::vector<CheckRun>> read_check_runs(GitHubClient& client, const std::string& repo, const std::string& ref);

}  // namespace rp
