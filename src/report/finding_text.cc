#include "report/finding_text.h"

#include "verdict/suppress.h"

namespace rp {

namespace {
void append_sentence(std::string& out, const std::string& part) {
  if (part.empty()) return;
  if (!out.empty()) out += ' ';
  out += part;
  char last = part.back();
  if (last != '.' && last != '?' && last != '!') out += '.';
}
}  // namespace

std::string finding_message(const Finding& f) {
  std::string out;
  append_sentence(out, f.problem);
  append_sentence(out, f.impact);
  append_sentence(out, f.action);
  return out;
}

const RuleInfo* rule_info_of(std::string_view name) {
  if (const Rule* rule = find_rule(name)) return &rule->info();
  if (name == suppression_rule_info().name) return &suppression_rule_info();
  return nullptr;
}

std::string_view sarif_level(Severity s) {
  switch (s) {
    case Severity::Red: return "error";
    case Severity::Warn: return "warning";
    case Severity::Note: return "note";
  }
  return "note";
}

}  // namespace rp
