// `review-pr batch`: reviews every commit of a range as its own PR (C^..C), each in its own
// child process (see process_pool.h), and reduces the results to one JSON line per commit
// plus a summary: findings per rule, verdict counts, slowest commits, errors.
//
// One line per commit, in the order of the commit list (oldest first), keys in this order:
//   {"commit": "<sha>", "status": "ok"|"error"|"timeout"|"crash", "pr": N|null, "title": "...",
//    "verdict": "LGTM"|"NEEDS WORK"|"BLOCK"|null, "files_changed": N, "lines_added": N,
//    "lines_removed": N, "findings": [{"rule","severity","file","line","problem","fingerprint"}],
//    "time_ms": N, "peak_rss_kb": N, "error": "..."|null}
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "batch/process_pool.h"
#include "core/status.h"
#include "rules/runner.h"

namespace rp {

class GitRepo;

struct BatchOptions {
  std::string repo_path;
  std::string profile;  // "" = detect per commit
  RuleSelection rules;
  PoolOptions pool;
};

struct BatchProgress {
  size_t done = 0, total = 0, problems = 0;  // problems = error + timeout + crash
  double seconds = 0;
};

struct SlowCommit {
  std::string commit;
  double seconds = 0;
  long peak_rss_kb = 0;
};

struct BatchProblem {
  std::string commit, status, message;
};

struct BatchSummary {
  size_t commits = 0;
  std::map<std::string, size_t> statuses;   // "ok" → N ...
  std::map<std::string, size_t> verdicts;   // "LGTM" → N ...
  std::map<std::string, std::map<std::string, size_t>> findings;  // rule → severity → N
  std::vector<SlowCommit> slowest;          // the five slowest, slowest first
  std::vector<BatchProblem> problems;       // every commit that did not end "ok"
  long max_peak_rss_kb = 0;
  double wall_seconds = 0, review_seconds = 0;  // elapsed; sum of per-commit times
};

// The commits to review: a range ("A..B" or one revision = its whole history) or, when
// `commits` is not empty, those revisions (resolved, in the order given). A listed "A..B" is
// one review of B against A, and "A...B" one review of B against merge-base(A, B) (a PR head
// against the main it forked from); it is planned as "<base sha>..<head sha>" and reported
// under that key.
Result<std::vector<std::string>> plan_commits(const GitRepo& repo, const std::string& range,
                                              const std::vector<std::string>& commits, bool first_parent);

// Reviews `commits`; `line` receives each commit's JSON line (no newline) in list order;
// `progress` is called after each completed commit. Fails only when no child could start.
Result<BatchSummary> run_batch(const BatchOptions& options, const std::vector<std::string>& commits,
                               const std::function<void(const std::string&)>& line,
                               const std::function<void(const BatchProgress&)>& progress);

std::string render_batch_summary_text(const BatchSummary& summary);
std::string render_batch_summary_json(const BatchSummary& summary);

}  // namespace rp
