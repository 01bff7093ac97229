// The review card of checklist Step 8: heading, one-sentence summary, verdict line, then
// findings (problem — impact — action, tagged [verified]/[inferred]). No rule codes; the
// findings section is omitted when there are none.
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_card(const Review& review);

// One finding as the card renders it (severity, place, problem, impact, action, evidence):
// the body of an inline review comment.
std::string render_finding_markdown(const Finding& finding);

}  // namespace rp
