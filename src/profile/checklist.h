// The checklists review-pr answers to (../shared/spec: the ATOM and aiter review checklists):
// their rule groups (A-G, perf, housekeeping, the AI-diagnostic step), and, per checklist, the
// code each rule checks there. A profile reads one checklist (Profile::checklist); rules carry
// no codes of their own, so a checklist's numbering is kept in one table beside the others.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace rp {

enum class Category {
  Coverage,        // A
  SilentBypass,    // B
  Hardcoded,       // C
  Boundary,        // D
  CrossRepo,       // E
  Resources,       // F
  Streams,         // G
  Perf,            // P
  Housekeeping,    // HK
  AiDiagnostic,    // Step 6
};
std::string_view category_name(Category c);

// Whose checklist a profile reads. None: every rule runs and no finding carries a code.
enum class Checklist { None, Atom, Aiter };

// A rule's entry in one checklist: its code there ("B3"); "" when it runs but the checklist
// has no code for it; kOff when it does not run for repositories of that checklist.
inline constexpr std::string_view kOff = "-";
struct ChecklistEntry {
  std::string_view rule;
  std::string_view code;
};

// Every entry of the checklist, in checklist order (empty for Checklist::None). Each
// registered rule has exactly one entry in each table (rules/registry_test.cc checks it).
std::span<const ChecklistEntry> checklist_entries(Checklist c);
// The rule's entry; nullopt when the checklist does not list it.
std::optional<std::string_view> checklist_code(Checklist c, std::string_view rule);

}  // namespace rp
