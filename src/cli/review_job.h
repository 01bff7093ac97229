// Wires the pipeline for one review: source → workspace → rules → verdict. The CLI, the
// fixture tests and (later) eval/batch all review through this one function.
#pragma once

#include <optional>
#include <string>

#include "core/pull_request.h"
#include "core/status.h"
#include "rules/runner.h"
#include "verdict/verdict.h"

namespace rp {

struct ReviewInputs {
  // git: repo_path with optional base/head (head defaults to HEAD, base to the merge-base
  // of head with main/master)
  std::string repo_path, base, head;
  // files: a unified diff and/or `gh pr view --json` metadata (meta also combines with git)
  std::string diff_file, meta_file;
  // In-memory forms of the two files (eval reviews a corpus case without temporary files):
  // meta is the PR description as --meta would give it; diff_text is a unified diff and a
  // code source of its own ("" = a PR with no code change, reviewed on its description).
  std::optional<PullRequestMeta> meta;
  std::optional<std::string> diff_text;
  // two directories: before and after
  std::string before_dir, after_dir;
  std::string profile;  // "" = detect
  // Where the repository index is cached ("" = $XDG_CACHE_HOME/review-pr or
  // ~/.cache/review-pr); "-" = no cache. Only git reviews use it.
  std::string cache_dir;
  RuleSelection rules;
};

// One-line error for bad input (unknown ref, missing file, malformed diff or JSON...).
Result<Review> run_review(const ReviewInputs& in);

}  // namespace rp
