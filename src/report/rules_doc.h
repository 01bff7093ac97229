// `review-pr rules`: every rule with its docs, as text or as the Markdown rule reference.
#pragma once

#include <string>

namespace rp {

std::string render_rules_text();
std::string render_rules_markdown();

}  // namespace rp
