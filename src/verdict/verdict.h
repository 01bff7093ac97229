// The verdict stage: turns the rules' raw findings into what the reviewer says. It enforces
// the red gate (a red finding must name the concrete input that triggers it, or it becomes a
// warning), merges duplicates, orders findings, and decides LGTM / NEEDS WORK / BLOCK.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/classify.h"
#include "core/ci_status.h"
#include "core/finding.h"
#include "rules/runner.h"
#include "verdict/ai_risk.h"

namespace rp {

enum class Verdict { Lgtm, NeedsWork, Block };
std::string_view verdict_name(Verdict v);  // "LGTM" | "NEEDS WORK" | "BLOCK"

// A rule group the PR's type makes mandatory (checklist Step 3), and how it went: how many of
// its rules ran and how many findings they produced. A group whose rules ran and found nothing
// is reported as checked, so a clean card says what was looked at.
struct MandatoryCheck {
  std::string group;  // category name: "perf", "silent-bypass", ...
  int rules_total = 0;  // rules of the group on in this profile and selected
  int rules_run = 0;    // of those, the ones not skipped for missing input
  int findings = 0;
};

// A finding the suppression stage hid: by an inline `review-pr: ignore[rule] reason` comment
// (listed with its reason in JSON and SARIF, counted on the card), by --baseline, or left to
// the repository's own linter that reports the same thing (Finding::reported_by).
struct SuppressedFinding {
  enum class By { Inline, Baseline, Linter };
  Finding finding;
  By by = By::Inline;
  std::string reason;  // the comment's reason; for a baseline, "in baseline FILE"
};

// The PR changes the configuration file. The review runs with the base revision's (a PR
// cannot turn its own checks off); this says what the PR's version would have turned off.
struct ConfigChange {
  std::string file;                          // ".review-pr.toml"; "" = the PR leaves it alone
  std::string used;                          // what the review used instead: "the base revision's"
  std::vector<std::string> rules_disabled;   // "`rule` (N findings in this review)" it would not run
  std::vector<std::string> findings_hidden;  // "`rule` at `place` (why)" it would drop or lower
  std::string head_error;                    // the PR's version does not parse: the one line
};

// Everything the report stage renders.
// A changed file in a backbone tier (1 or 2) and why: the card's Step 4 statement.
struct FileTier {
  std::string path;
  int tier = 3;
  std::string why;
  int commits = -1;  // commits touching it in the history window; -1 = not counted
  int window_days = 0;
};

struct Review {
  std::string profile;   // "atom"
  std::string heading;   // "ATOM"
  std::optional<int> number;
  std::string title;
  std::string summary;   // one sentence, built from facts
  std::string base_rev, head_rev;
  int files_changed = 0, lines_added = 0, lines_removed = 0;
  Verdict verdict = Verdict::Lgtm;
  std::vector<Finding> findings;
  std::map<std::string, std::string> codes;  // rule → checklist code in this profile
  std::vector<SkippedRule> skipped;
  std::vector<UnfinishedRule> unfinished;  // rules whose time budget ran out on a file
  CiStatus ci;  // check runs of the head commit, classified (GitHub source only)
  std::vector<std::string> unparsed_files;  // not parsed: too large, or over the parse work budget
  std::vector<FileTier> tiers;  // changed files in Tier 1/2 (reviews with a repository only)
  PrClassification classification;             // Steps 2/3 facts
  std::vector<MandatoryCheck> mandatory_checks;  // one per classification.mandatory group
  AiRisk ai_risk;                                // Step 6 conclusion
  std::vector<SuppressedFinding> suppressed;  // in the order of `findings` before suppression
  ConfigChange config_change;
  // A folded finding's fingerprint → the fingerprints and places of the same-cause findings it
  // absorbed (verdict/fold.h). Which member heads a fold changes when a push adds one above
  // it; the poster and the baseline ask the whole set, so the change is no new finding.
  std::map<std::string, std::vector<std::pair<std::string, Location>>> absorbed;
};

// Red gate, dedupe (same rule and location: evidence merged), stable order (severity, file,
// line, rule, problem).
std::vector<Finding> settle(std::vector<Finding> raw);
// BLOCK if any red, NEEDS WORK if any warning, else LGTM (notes alone do not hold a PR).
Verdict decide(const std::vector<Finding>& settled);

}  // namespace rp
