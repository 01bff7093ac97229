// `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. One run;
// tool.driver lists every rule (id, summary, docs as help text, default level, category)
// plus the suppression stage's own rule; each finding is a result with its level,
// message (problem, impact, action), location, related locations, evidence and trigger in
// properties, and partialFingerprints["reviewPr/v1"] (verdict/fingerprint.h). Findings an
// inline comment suppressed are results with a `suppressions` entry (kind inSource) and the
// comment's reason as justification; baseline-hidden findings are left out. A finding about
// the PR description has no file to point at, and GitHub code scanning rejects a whole log
// when one result has no location, so those findings are toolExecutionNotifications of the
// run's invocation (associatedRule = the rule). Deterministic: no timestamps, stable order.
// Valid against the OASIS sarif-schema-2.1.0.json (tests/data/, checked in report_test.cc).
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_sarif(const Review& review);

}  // namespace rp
