// `--format json`: the stable machine form of a Review. Schema (version 1):
//   { "schema_version": 1, "tool": "review-pr", "profile": "atom",
//     "pr": { "number": 1548 | null, "title": "...", "base": "<sha>" | null, "head": "<sha>" | null,
//             "files_changed": N, "lines_added": N, "lines_removed": N },
//     "summary": "...", "verdict": "LGTM" | "NEEDS WORK" | "BLOCK",
//     "findings": [ { "rule": "unbound-local", "code": "D1b" | null, "severity": "red"|"warn"|"note",
//                     "file": "path" | null, "line": N | null, "problem": "...", "impact": "...",
//                     "action": "...", "evidence": ["path:line: code", ...], "verified": true,
//                     "trigger": "..." | null, "fingerprint": "<16 hex>" | null, "related": [ {"file": "...", "line": N} ] } ],
//     "skipped_rules": [ { "rule": "...", "reason": "..." } ],
//     "suppressed": [ { ...the finding's keys..., "suppressed_by": "inline" | "baseline",
//                       "reason": "the comment's reason" | "in baseline FILE" } ] }
// Keys appear in this order; findings in the verdict stage's order; no timestamps, so the
// same input gives byte-identical output.
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_json(const Review& review);

}  // namespace rp
