// Facts the Step 6 AI-diagnostic rules share.
#pragma once

#include <string_view>

namespace rp {

// A comment that says something: not empty and not only a review-pr fixture annotation
// ("expect: rule", "ok: ..."). Code whose odd choice carries such a comment states its reason
// (`except Exception:  # optional across SGLang versions`), which is what the AI-diagnostic
// rules ask for.
bool comment_states_reason(std::string_view comment);

}  // namespace rp
