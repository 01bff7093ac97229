// `--format rdjson`: reviewdog's Diagnostic JSON (one DiagnosticResult document) for
// `reviewdog -f=rdjson`. Each finding is a diagnostic with message (problem, impact,
// action), severity ERROR/WARNING/INFO, code {value: rule}, location {path, range.start.line}
// (no range for a whole-file finding, no location for a finding about the PR description)
// and related_locations. Suppressed and baseline-hidden findings are left out.
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_rdjson(const Review& review);

}  // namespace rp
