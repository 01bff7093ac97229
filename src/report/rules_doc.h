// `review-pr rules`: every rule with its docs, as text or as the Markdown rule reference.
#pragma once

#include <string>

namespace rp {

struct RuleInfo;

// One rule: name, category, default severity, checklist codes per profile, what it reads,
// summary, then its docs (what it catches, why, examples of what it does not fire on).
std::string render_rule_text(const RuleInfo& rule);
std::string render_rules_text();
std::string render_rules_markdown();

}  // namespace rp
