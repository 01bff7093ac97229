// Plain-text forms of a finding shared by the CI formats (SARIF, rdjson, GitHub
// annotations): one message sentence run and the severity words.
#pragma once

#include <string>

#include "core/finding.h"
#include "core/severity.h"

namespace rp {

// "problem. impact. action." (each part ends with a period; empty parts left out).
std::string finding_message(const Finding& f);
// SARIF/rdjson severity words: red → "error", warn → "warning", note → "note".
std::string_view sarif_level(Severity s);

}  // namespace rp
