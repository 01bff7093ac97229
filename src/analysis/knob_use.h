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

// A guarded stretch may compute what it reports (a probe: locals built by any call, a list it
// appends to, a try around it, an early `if not FLAG: return` over the rest of a function), as
// long as nothing it binds is read after it and it writes nothing outside itself.
//
// Whether the value of expression node `value` (an env read, a registry attribute
// `envs.X`, a name bound to one) only decides report calls (logger calls, print,
// warnings.warn). False when any use reaches something else, or when the value is never used
// (then nothing says it is harmless).
bool value_only_reports(const lang::SyntaxTree& tree, lang::Node value);

// The same for every use of knob `name` in one file: the string literal naming it at
// `read_lines` (a direct read: `os.getenv("X")`, `_env_flag("X")`, a module constant holding the
// name), else its attribute reads (`envs.X`, a registry module). `found` is set when the file
// uses the knob at all; the answer is true only when it does and every use only reports.
// `bare_reports`: only report calls under the knob, nothing computed for them (a log line or a
// print, not a probe that builds values to print).
bool knob_only_reports(const lang::SyntaxTree& tree, std::string_view name, bool& found, bool bare_reports = false);

}  // namespace rp
