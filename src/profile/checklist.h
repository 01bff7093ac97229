// The checklist's rule groups (A-G, perf, housekeeping, the AI-diagnostic step): what a rule
// belongs to, and what a PR type makes mandatory (analysis/classify.h).
#pragma once

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

}  // namespace rp
