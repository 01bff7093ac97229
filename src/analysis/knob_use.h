// What a configuration value decides: whether the value read from an environment knob only
// switches what a run reports (a debug log line, a print, a progress interval) or changes
// what it computes. Followed through the code, not the knob's name: the value flows through
// expressions (conversions, comparisons, `and`/`or`), names it is bound to in the same file
// (`DEBUG = os.getenv(...)`, `self._log_every = ...`), and ends in a branch condition whose
// bodies only report, or in the arguments of a report call. Anything else (a return value, an
// argument of a computing call, a branch that computes) is behaviour.
#pragma once

#include <string_view>
#include <vector>

#include "lang/syntax.h"

namespace rp {

// Whether the value of expression node `value` (an env read, a registry attribute
// `envs.X`, a name bound to one) only decides report calls (logger calls, print,
// warnings.warn). False when any use reaches something else, or when the value is never used
// (then nothing says it is harmless).
bool value_only_reports(const lang::SyntaxTree& tree, lang::Node value);

// The same for every use of knob `name` in one file: the string literal naming it at
// `read_lines` (a direct read: `os.getenv("X")`, `_env_flag("X")`, a module constant holding the
// name), else its attribute reads (`envs.X`, a registry module). `found` is set when the file
// uses the knob at all; the answer is true only when it does and every use only reports.
bool knob_only_reports(const lang::SyntaxTree& tree, std::string_view name, bool& found);

}  // namespace rp
