// How much a finding matters: red blocks the PR, warn should be fixed, note is advice.
#pragma once

#include <optional>
#include <string_view>

namespace rp {

enum class Severity { Note = 0, Warn = 1, Red = 2 };

// "red" | "warn" | "note": the spelling used in JSON, SARIF levels and config files.
std::string_view severity_name(Severity s);
std::optional<Severity> parse_severity(std::string_view name);
// The card's marker: 🔴 ⚠️ 📝
std::string_view severity_emoji(Severity s);

}  // namespace rp
