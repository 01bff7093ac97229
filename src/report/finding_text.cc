#include "report/finding_text.h"

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

std::string_view sarif_level(Severity s) {
  switch (s) {
    case Severity::Red: return "error";
    case Severity::Warn: return "warning";
    case Severity::Note: return "note";
  }
  return "note";
}

}  // namespace rp
