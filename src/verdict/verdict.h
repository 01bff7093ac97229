// The verdict stage: turns the rules' raw findings into what the reviewer says. It enforces
// the red gate (a red finding must name the concrete input that triggers it, or it becomes a
// warning), merges duplicates, orders findings, and decides LGTM / NEEDS WORK / BLOCK.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"
#include "rules/runner.h"

namespace rp {

enum class Verdict { Lgtm, NeedsWork, Block };
std::string_view verdict_name(Verdict v);  // "LGTM" | "NEEDS WORK" | "BLOCK"

// A finding the suppression stage hid: by an inline `review-pr: ignore[rule] reason` comment
// (listed with its reason in JSON and SARIF, counted on the card) or by --baseline.
struct SuppressedFinding {
  enum class By { Inline, Baseline };
  Finding finding;
  By by = By::Inline;
  std::string reason;  // the comment's reason; for a baseline, "in baseline FILE"
};

// Everything the report stage renders.
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
  std::vector<SuppressedFinding> suppressed;  // in the order of `findings` before suppression
};

// Red gate, dedupe (same rule and location: evidence merged), stable order (severity, file,
// line, rule, problem).
std::vector<Finding> settle(std::vector<Finding> raw);
// BLOCK if any red, NEEDS WORK if any warning, else LGTM (notes alone do not hold a PR).
Verdict decide(const std::vector<Finding>& settled);

}  // namespace rp
