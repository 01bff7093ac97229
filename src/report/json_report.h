// `--format json`: the stable machine form of a Review. Schema (version 1):
//   { "schema_version": 1, "tool": "review-pr", "profile": "atom",
//     "pr": { "number": 1548 | null, "title": "...", "base": "<sha>" | null, "head": "<sha>" | null,
//             "files_changed": N, "lines_added": N, "lines_removed": N },
//     "summary": "...",
//     "classification": { "types": [ { "type": "dispatch-change", "why": "path:line: code" } ],
//                         "archs": ["gfx950"], "dtypes": ["fp8"], "phases": ["decode"], "ops": ["mla"],
//                         "model_families": ["Kimi"], "runtime_surface": true, "test_targets": ["op_tests/..."],
//                         "perf_harness": "path" | null, "perf_claim_words": ["faster"], "explains_why": true,
//                         "real_code_lines": N, "comment_lines": N },      (analysis/classify.h: Steps 2/3)
//     "mandatory_checks": [ { "group": "perf", "rules_total": N, "rules_run": N, "findings": N } ],
//                         (the rule groups the PR's types make mandatory; findings 0 = checked, clean)
//     "ai_risk": { "elevated": bool, "table_signs": ["description says what, not why", ...],
//                  "structural_checks": ["safety-theater", ...], "note": "elevated AI code risk — ..." | null },
//                         (verdict/ai_risk.h: Step 6's 3+ table signs or any structural check)
//     "verdict": "LGTM" | "NEEDS WORK" | "BLOCK",
//     "findings": [ { "rule": "unbound-local", "code": "D1b" | null, "severity": "red"|"warn"|"note",
//                     "file": "path" | null, "line": N | null, "problem": "...", "impact": "...",
//                     "action": "...", "evidence": ["path:line: code", ...], "verified": true,
//                     "trigger": "..." | null, "fingerprint": "<16 hex>" | null, "related": [ {"file": "...", "line": N} ] } ],
//     "skipped_rules": [ { "rule": "...", "reason": "..." } ],
//     "unparsed_files": [ "path", ... ],   (too large, or over the parse work budget; line checks still ran)
//     "backbone_files": [ { "path": "...", "tier": 1|2, "why": "...", "commits": N, "window_days": N } ],
//     "ci": { "read": true, "unavailable": null | "why", "checks": N, "passed": N, "pending": N,
//             "failures": [ { "name": "...", "conclusion": "failure", "blame": "pr" | "infra-flake" |
//                             "also-on-main" | "expired-logs", "reason": "...", "url": "..." | null } ] },
//     "suppressed": [ { ...the finding's keys..., "suppressed_by": "inline" | "baseline" | "linter",
//                       "reason": "the comment's reason" | "in baseline FILE" } ] }
//   "ci" is present only when the review read a PR from GitHub (checklist Step 1).
// Keys appear in this order; findings in the verdict stage's order; no timestamps, so the
// same input gives byte-identical output.
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_json(const Review& review);

}  // namespace rp
