// Plain-text forms of a finding shared by the CI formats (SARIF, rdjson, GitHub
// annotations): one message sentence run, and the rule metadata of any finding, including
// the notes the suppression stage itself reports.
#pragma once

#include <string>

#include "core/finding.h"
#include "rules/rule.h"

namespace rp {

// "problem. impact. action." (each part ends with a period; empty parts left out).
std::string finding_message(const Finding& f);
// The RuleInfo of a registered rule or of a stage rule (suppression-without-reason);
// null for a name nothing declares.
const RuleInfo* rule_info_of(std::string_view name);
// SARIF/rdjson severity words: red → "error", warn → "warning", note → "note".
std::string_view sarif_level(Severity s);

}  // namespace rp
