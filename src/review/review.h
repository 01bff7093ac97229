// The review pipeline as a library, with one entry point (run_review): source →
// configuration → workspace → index → rules → (config: severity, paths) → verdict →
// fingerprints → suppressions, baseline → decision. The CLI, batch, eval, the bots' callers
// and the tests all review through it; none of them includes cli/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/review_config.h"
#include "core/pull_request.h"
#include "core/status.h"
#include "profile/profile.h"
#include "rules/runner.h"
#include "verdict/verdict.h"

namespace rp {

// The automatic --jobs choice reads ahead from this many changed files on: below it a thread
// and a second repository handle cost more than the parses they overlap.
inline constexpr size_t kReadAheadMinFiles = 16;
// How many files past the one being judged the read-ahead thread may hold parsed.
inline constexpr size_t kReadAheadFiles = 2;

struct ReviewInputs {
  // git: repo_path with optional base/head (head defaults to HEAD, base to the merge-base
  // of head with main/master). With no code source at all, the repository containing the
  // current directory. work_tree: the work tree's tracked files are the head side.
  std::string repo_path, base, head;
  bool work_tree = false;
  // staged: the index (what the next commit holds) is the head side, HEAD the default base:
  // the pre-commit hook's review.
  bool staged = false;
  // files: a unified diff and/or `gh pr view --json` metadata (meta also combines with git)
  std::string diff_file, meta_file;
  // In-memory forms of the two files (eval reviews a corpus case without temporary files):
  // meta is the PR description as --meta would give it; diff_text is a unified diff and a
  // code source of its own ("" = a PR with no code change, reviewed on its description).
  std::optional<PullRequestMeta> meta;
  std::optional<std::string> diff_text;
  // two directories: before and after
  std::string before_dir, after_dir;
  // Where the repository index is cached ("" = $XDG_CACHE_HOME/review-pr or
  // ~/.cache/review-pr); "-" = no cache. Only git reviews use it.
  std::string cache_dir;
  // Dependency repositories, "NAME=PATH" (--dep): Python package NAME is read from PATH (a git
  // repository or bare mirror at its HEAD, or a plain directory) so that symbols the PR
  // imports from it can be checked. Needs a head tree (git or --before/--after).
  std::vector<std::string> deps;
  std::string profile;  // "" = the configuration's, else detect
  RuleSelection rules;
  // Configuration: this file, else .review-pr.toml of the base tree (parsed, never run): a PR
  // cannot turn its own checks off. The head's is read only when the base has none and
  // config_from_head is set (--config-from head). A head that changes the file is reported
  // on the card with what its version would turn off (Review::config_change).
  std::string config_file;
  bool config_from_head = false;
  // A review of GitHub's diff has no trees: the caller reads the configuration files of the
  // two revisions through the API and gives them here (read = true). Used only for a side
  // the review has no tree of.
  struct RevisionFiles {
    bool read = false;
    std::optional<std::string> config, gitattributes;  // nullopt = the revision has none
  };
  RevisionFiles base_files, head_files;
  std::string baseline_file;  // hide findings whose fingerprint it lists
  // Each rule's time budget per file in seconds (--rule-timeout; 0 = unlimited); unset = the
  // configuration's rules.timeout, else budget::kDefault.
  std::optional<double> rule_timeout;
  // Threads for this one review (--jobs): 1 = one; 2 (or more) = a second thread reads and
  // parses the next changed files while the rules judge one; 0 = 2 when the PR changes at least
  // kReadAheadMinFiles files, else 1. The findings are the same either way.
  int jobs = 0;
  // The process exits right after this review (the review command): its trees, parses,
  // index and facts are left to the OS at exit instead of being freed one node at a time.
  // They stay reachable (not reported as leaks). Batch and eval, which run many reviews in
  // one process, leave it off.
  bool leave_to_exit = false;
};

// The configuration a review uses, with the profile it resolves to.
struct ResolvedConfig {
  ReviewConfig config;
  Profile profile;
};

// One-line error for bad input (unknown ref, missing file, malformed diff or JSON, bad
// configuration...).
Result<Review> run_review(const ReviewInputs& in);
// What `review-pr config --print` shows: the configuration and profile run_review would use
// for the same code source (reads only the head tree, not the diff).
Result<ResolvedConfig> resolve_config(const ReviewInputs& in);

}  // namespace rp
