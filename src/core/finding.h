// A Finding is one thing the reviewer says about a PR: what is wrong (problem), what goes
// wrong at runtime if it is not fixed (impact), and what to do (action, a verb phrase that
// starts with "Author must" or "Reviewer should ask"). Findings point at head-side lines;
// a finding about the PR description has no location.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/severity.h"

namespace rp {

struct Location {
  std::string file;  // repository-relative, '/'-separated
  int line = 0;      // 1-based head-side line; 0 = the file as a whole
  auto operator<=>(const Location&) const = default;
};

struct Finding {
  std::string rule;  // stable kebab-case rule name
  Severity severity = Severity::Warn;
  std::string problem;
  std::string impact;
  std::string action;                   // "Author must ..." / "Reviewer should ask ..."
  std::optional<Location> location;     // none = about the PR description
  std::vector<Location> related;        // other places that take part in the finding
  std::vector<std::string> evidence;    // quoted lines, "path:line: text"
  bool verified = true;                 // traced to code ([verified]) or only [inferred]
  std::string trigger;                  // concrete input that makes a red fire; empty = none
  std::string fingerprint;              // stable identity across runs (verdict/fingerprint.h)
};

}  // namespace rp
