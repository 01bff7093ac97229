// `review-pr mine`: evaluation cases mined from a repository's own history, in the corpus
// format (see ../shared/corpus/README.md), with location-only expectations (`rule: null`).
//
// Sources (each case names one in its "source" field):
// - review-fix: on a PR branch (refs/pull/N/head, the commits not on main), a commit whose
//   subject says it answers review ("address review comments", "apply suggestions from code
//   review", "copilot comments", ...). The case is the revision before it (head = the fix's
//   parent, base = merge-base with main); expected = the head-side lines the fix changed, in
//   files the PR itself changes.
// - follow-up: a first-parent commit on main that names an earlier PR as the cause (a revert
//   of "(#N)", "regression from #N", "broken by #N", "Fixes: #N", "fix ... from #N"). The
//   lines it changed are blamed (first-parent, on the fix's parent); the case is PR N's
//   squash commit (base = its parent) with the blamed lines expected, numbered in its tree.
// - szz: a main commit whose subject says fix/bug and whose changed lines all blame to one PR
//   merged within 60 days before it (classic SZZ), same case shape as follow-up.
// - negative: merged PRs with no review-fix commit on their branch and nothing in the mined
//   window blamed on them; a few per month.
// Every case carries a split ("tune" | "validate") from a hash of "OWNER/NAME#N", so a PR
// lands in the same split whatever the source. PRs in the skip set (reserved for independent
// evaluation, or in the dev corpus) are never used: not as the case's PR, not as the PR that
// introduced a line, not as the fix's own PR.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace rp {

// PR numbers by repository (lower-cased "owner/name").
using PrSets = std::map<std::string, std::set<int>>;

// Reads "OWNER/NAME NUMBER" lines ('#' starts a comment). One-line error on a bad line.
Result<PrSets> read_pr_list(const std::string& path);
// The "repo"/"pr" of every case.json directly under `dir` (a corpus folder).
Result<PrSets> read_case_prs(const std::string& dir);

uint64_t fnv1a64(std::string_view s);
// "tune" when FNV-1a 64 of "OWNER/NAME#N" is even, else "validate" (as bench/precision_tool.py).
std::string split_for(const std::string& repo, int pr);

// Whether a commit subject says the commit answers review.
bool answers_review(std::string_view subject);
// The PR numbers a main commit's message names as the cause of what it fixes or reverts
// (the commit's own trailing "(#M)" is not one); `reverts` adds commits "This reverts commit
// X" names, to be mapped to PRs by the caller.
std::vector<int> named_cause_prs(std::string_view message, std::vector<std::string>* reverts = nullptr);
// Whether a subject says fix/bug (and is not about typos, lint, docs, CI): an SZZ fix.
bool says_fix(std::string_view subject);

struct MineOptions {
  std::string repo_path;
  std::string name;              // "OWNER/NAME"
  std::optional<int64_t> since;  // seconds since the epoch; evidence commits older are not mined
  int limit = 0;                 // cases per source at most, newest first; 0 = no limit
  std::set<int> skip;            // PR numbers never used
  int negatives = 0;             // negative cases wanted
  int szz_days = 60;             // an SZZ intro PR merged at most this long before the fix
};

struct MinedLocation {
  std::string file;
  int line = 0;
  auto operator<=>(const MinedLocation&) const = default;
};

struct MinedCase {
  std::string id, repo;
  int pr = 0;
  std::string base, head, title, body;
  std::string source;  // review-fix | follow-up | szz | negative
  std::string split;   // tune | validate
  std::string evidence_commit, evidence;  // evidence = the evidence commit's subject
  std::vector<MinedLocation> expected;
  int64_t time = 0;  // evidence commit time (ordering only; not written)
};

struct MineStats {
  int pr_refs = 0, branches_scanned = 0, main_commits = 0, blamed_commits = 0;
  std::map<std::string, int> skipped;  // reason → count
  double seconds = 0;
};

// Mines one repository. Cases are ordered by id. Fails (one line) when the repository
// cannot be opened or has no main branch.
Result<std::vector<MinedCase>> mine_repository(const MineOptions& options, MineStats& stats);

// "ROCm/aiter" → "aiter"
std::string repo_short_name(const std::string& name);
// The case.json text of a mined case (keys in a fixed order, ends with a newline).
std::string mined_case_json(const MinedCase& c);
// Writes <dir>/<id>/case.json and pr.diff (`git diff base head`). Case folders a previous
// mine of the same repository wrote there (case.json with "split" and "evidence_commit") and
// that are not in `cases` are removed first, so the folder always equals one run.
Status write_mined_cases(const std::vector<MinedCase>& cases, const std::string& name, const std::string& repo_path,
                         const std::string& dir);

std::string render_mine_summary(const std::string& name, const std::vector<MinedCase>& cases, const MineStats& stats);

}  // namespace rp
