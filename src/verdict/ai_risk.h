// Checklist Step 6's conclusion: "If 3+ table signs OR any structural check fires: note
// elevated AI code risk". The table signs are description facts (WHAT-not-WHY, clean ratios,
// screenshots only, template left empty, AI attribution) and a few rule findings (toy shapes,
// sys.path mutation, rollback env var, unrelated files); the structural checks are the
// findings whose checklist code is S6.1–S6.6 (hallucinated symbol, twin divergence,
// claim/number provenance, safety theater, test that cannot fail, magic constant).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analysis/classify.h"
#include "core/finding.h"
#include "core/pull_request.h"

namespace rp {

struct AiRisk {
  bool elevated = false;
  std::vector<std::string> table_signs;  // human phrases, e.g. "description says what, not why"
  std::vector<std::string> structural;   // rule names of structural findings, distinct
};

// The checklist's wording of the note.
inline constexpr const char* kElevatedAiRiskNote =
    "elevated AI code risk — recommend thorough manual verification of the dispatch logic and test coverage";

// `codes` maps rule name → checklist code in the review's profile (Review::codes).
AiRisk assess_ai_risk(const PullRequest& pr, const PrClassification& c, const std::vector<Finding>& findings,
                      const std::map<std::string, std::string>& codes);

}  // namespace rp
