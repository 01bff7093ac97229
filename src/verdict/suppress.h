// The suppression stage, after fingerprints and before the verdict: what the repository has
// said it already knows. Two mechanisms:
// - Inline: `# review-pr: ignore[rule-a, rule-b] reason` (or `//` in C/C++/CUDA) at the end of
//   the finding's line, or alone on the line above it. A reason is required: a comment
//   without one suppresses nothing and is itself reported as a note (rule
//   `suppression-without-reason`, declared in rules/registry.h), so silence always has a written why.
// - Baseline: a file written by `--write-baseline FILE` lists fingerprints; `--baseline FILE`
//   hides findings whose fingerprint it lists (verdict/fingerprint.h: stable across pushes
//   that shift lines).
// Hidden findings go to Review::suppressed with the reason; the card shows only a count.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"
#include "core/pull_request.h"
#include "core/status.h"
#include "rules/registry.h"
#include "verdict/verdict.h"
#include "workspace/workspace.h"

namespace rp {

struct SuppressionComment {
  std::vector<std::string> rules;  // as written, trimmed; never empty
  std::string reason;              // "" = none given: the comment suppresses nothing
  bool comment_only = false;       // nothing but the comment on its line: it covers the next line
};

// The suppression comment on one source line, if any.
std::optional<SuppressionComment> parse_suppression_comment(std::string_view line);

struct SuppressionResult {
  std::vector<Finding> kept;
  std::vector<SuppressedFinding> suppressed;
  std::vector<Finding> notes;  // suppression-without-reason, one per comment line that tried
};

// Splits settled findings into kept and inline-suppressed. `report_missing_reason` = false
// leaves out the notes (the rule was turned off).
SuppressionResult apply_inline_suppressions(std::vector<Finding> findings, const PullRequest& pr, Workspace& workspace,
                                            bool report_missing_reason = true);

struct Baseline {
  std::string path;
  std::set<std::string> fingerprints;
};

// The baseline document: {"tool": "review-pr", "baseline_version": 1, "findings": [{"fingerprint",
// "rule", "file", "line", "problem"}]}, sorted by fingerprint. `findings` are those reported
// plus those an earlier baseline hid, so re-writing never forgets a known finding.
std::string render_baseline(const Review& review);
// `text` is the file's content (read by the caller); one-line error naming `path` when it is
// not JSON or not in that shape.
Result<Baseline> parse_baseline(const std::string& text, const std::string& path);
// Moves findings whose fingerprint the baseline lists into review.suppressed.
void apply_baseline(Review& review, const Baseline& baseline);

}  // namespace rp
