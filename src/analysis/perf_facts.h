// Facts the performance-evidence rules (checklist P1–P5) share: whether a PR ships code a
// user would time, whether it carries its own benchmark script, and which of the
// description's numbers is the headline a reviewer should trace.
#pragma once

#include <string>

#include "core/change_set.h"
#include "text/description.h"

namespace rp {

// Docs-, tests- and CI-only PRs change no shipped code whose speed a user would see.
bool changes_no_shipped_code(const ChangeSet& changes);

// The path of a benchmark or perf script the PR adds or changes (bench*/perf*/profile* names,
// files under benchmarks/ or bench/, op_tests/ files with "bench"/"perf" in the name, *.sh
// under a test or bench folder); "" when none.
std::string benchmark_script_in_diff(const ChangeSet& changes);

// The description's most impressive perf number, as written: the largest speedup ("3.38×"),
// else the largest percentage, else the first absolute number. "" when there are none.
std::string headline_number(const text::DescriptionFacts& d);

// "a, b and c".
std::string join_and(const std::vector<std::string>& items);

}  // namespace rp
