#include "core/severity.h"

namespace rp {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Red: return "red";
    case Severity::Warn: return "warn";
    case Severity::Note: return "note";
  }
  return "note";
}

std::optional<Severity> parse_severity(std::string_view name) {
  if (name == "red") return Severity::Red;
  if (name == "warn" || name == "warning") return Severity::Warn;
  if (name == "note") return Severity::Note;
  return std::nullopt;
}

std::string_view severity_emoji(Severity s) {
  switch (s) {
    case Severity::Red: return "🔴";
    case Severity::Warn: return "⚠️";
    case Severity::Note: return "📝";
  }
  return "📝";
}

}  // namespace rp
