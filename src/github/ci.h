// CI failure classification (checklist Step 1): a red check is not automatically the PR's
// fault. Each failed check run of the head commit is read — its output and, for GitHub
// Actions jobs, its log — and put in one of four piles: an infra flake (a waiting step that
// timed out, an artifact-count error, dependency-resolver noise when the PR touches no
// dependency file, an external docs build when the PR changes no docs input), a job the base
// branch fails too within a week, a run whose logs expired (HTTP 410), or the PR's own.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/ci_status.h"
#include "github/api.h"
#include "github/client.h"

namespace rp {

// A failed job's log as far as it could be read.
struct JobLog {
  enum class State { Text, Expired, Unavailable };
  State state = State::Unavailable;
  std::string text;
};
using LogReader = std::function<JobLog(const CheckRun&)>;

// `main_runs` are the check runs of the base branch's tip; `changed_paths` the PR's files.
CiStatus classify_checks(const std::vector<CheckRun>& runs, const std::vector<CheckRun>& main_runs,
                         const std::vector<std::string>& changed_paths, const LogReader& read_log);

// Reads the base branch's check runs and the failed Actions jobs' logs through the client
// (at most a handful of logs) and classifies the PR's check runs.
CiStatus read_ci_status(GitHubClient& client, const GitHubPullRequest& pr, const std::vector<std::string>& changed_paths);

}  // namespace rp
