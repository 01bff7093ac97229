// Guard facts: which checks run on every path to a line, and so which values can reach it.
//
// Several rules flag a line for what *could* reach it ("the next arch silently takes the else",
// "448 on an fnuz tensor", "the new value falls into the old else"). Code often rules that out
// before the line, but not where a rule looks first: a builder calls `validate_*()` which
// raises for every arch but two; a function asserts `get_arch() == "gfx950"`; a kernel
// `static_assert`s that the fp8 MFMA path is never fnuz; the file lives under a `gfx950/`
// directory. These facts answer "is this line guarded by a check about X" by reading:
//   1. the enclosing function, checks before the line on every path to it (not in a sibling
//      branch), and the functions it is nested in, before the nested definition;
//   2. same-file functions the enclosing function calls before the line (their unconditional
//      checks; two levels deep);
//   3. the same-file callers: when every same-file call of the enclosing function is itself
//      guarded before the call (two levels up), the line is guarded too;
//   4. for arch questions, the file's arch directory (`.../gfx950/...`).
// A check is `assert c`, `static_assert(c)` / `gl.static_assert(c)` / `tl.static_assert(c)`,
// `TORCH_CHECK(c)`, or an else-less `if c:` whose body only bails out and leaves (raise, throw,
// return). Python and C/C++/HIP are read alike.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lang/syntax.h"

namespace rp::guards {

struct Check {
  lang::Node node;        // the assert / static_assert / check call / if statement
  lang::Node condition;   // what it tests
  bool must_hold = true;  // true: execution goes on only when `condition` holds (assert);
                          // false: execution stops when it holds (`if c: raise`)
  int line = 0;
  std::string text;  // the condition, whitespace collapsed
};

// Every check inside `scope` (a function body; the whole file when null), in source order.
std::vector<Check> checks_in(const lang::SyntaxTree& tree, lang::Node scope = {});

using CheckTest = std::function<bool(const Check&)>;

// A check satisfying `test` that runs on every path to `line` (places 1-3 above); nullopt when
// none is found. `line` at module level has no guard.
std::optional<Check> check_before(const lang::SyntaxTree& tree, int line, const CheckTest& test);

// Whether a mention inside a check's condition is negated: under an odd number of `not` / `!`
// and `!=` / `not in` comparisons on the way up to the condition.
bool negated_in(lang::Node mention, lang::Node condition);
// Whether the check lets execution go on only when `mention` holds (`assert m`,
// `if not m: raise`), or stops it when `mention` holds (`assert not m`, `if m: raise`).
bool requires_mention(const Check& c, lang::Node mention);
bool rejects_mention(const Check& c, lang::Node mention);

// Where the value bound at `line` is read: when the statement at `line` is a module-level
// assignment (`_E4M3_MAX = 448.0`), the lines inside functions that read one of its targets;
// otherwise {line}. Empty when a module-level value is never read in a function.
std::vector<int> use_lines(const lang::SyntaxTree& tree, int line);

// --- GPU arch ---

// The arch a path is specific to by its directories: `.../_gluon_kernels/gfx950/attn.py` →
// "gfx950"; "" when no directory is an arch name.
std::string arch_directory(std::string_view path);

// The arch names (or prefixes, "gfx95") a check lets through when it rejects every other arch:
// `assert get_arch() == "gfx950"`, `if arch not in ("gfx942", "gfx950"): raise`, `if not
// arch.startswith("gfx942") and not arch.startswith("gfx950"): raise`. nullopt when the check
// names no arch literal or does not reject unknown archs (`if arch == "gfx942": raise`).
std::optional<std::set<std::string>> arch_allowlist(const Check& c);

struct ArchReach {
  std::set<std::string> archs;  // names or prefixes that can reach the line
  std::string why;              // "under directory gfx950/", "check at line 117: ..."
  int line = 0;                 // the check's line; 0 for a directory
};
// Which archs can reach `line` of the file at `path`: the arch directory, else the first arch
// allowlist check that guards the line. nullopt when any arch can reach it.
std::optional<ArchReach> arch_reach(const lang::SyntaxTree& tree, std::string_view path, int line);

// Whether the function enclosing `line` requires `arch` somewhere (a check whose allowlist is
// exactly that arch, on any path): the function's code for that arch asserts it, so a
// condition naming the arch gates a capability rather than dispatching.
std::optional<Check> function_requires_arch(const lang::SyntaxTree& tree, int line, std::string_view arch);

enum class Fp8Flavour { Unknown, Fnuz, Ocp };
// gfx94x: e4m3fnuz; gfx95x and gfx12xx: OCP e4m3. Unknown otherwise.
Fp8Flavour arch_flavour(std::string_view arch);
// The fp8 flavour every path to `line` is pinned to: by the archs that can reach it (all of
// one flavour), by the arch the file or the enclosing function is named for (`_gfx950`,
// `mi300_`), or by a check that rejects fnuz (`if fp8_fnuz: raise`,
// `static_assert(not (FP8_MFMA and FP8_FNUZ))`) → Ocp. Unknown when not pinned.
Fp8Flavour fp8_flavour_at(const lang::SyntaxTree& tree, std::string_view path, int line, std::string* why = nullptr);

}  // namespace rp::guards
