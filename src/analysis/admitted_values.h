// Whether the values the code itself produces or admits reach a path through a function: for
// "the conditions of this if/elif chain all fail (or this arm is taken) — does a value the
// program makes get there, or only an input it does not support?". A chain that enumerates the
// supported dtypes, archs or modes and has no branch for the rest is reached only by an
// unsupported input (a confusing error instead of a clear one); a bool flag's other value, a
// parameter's own default, an argparse option, or a value the same file tests elsewhere is a
// configuration the code itself produces, and the missing branch is a crash on it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

// One step of a path: condition `cond` evaluates to `value`.
struct PathStep {
  lang::Node cond;
  bool value = true;
  int else_line = 0;  // the step fails on the way to the chain's own `else` at this line: that
                      // else runs for every value the step leaves (admitted), and the literals
                      // the step tests count as covered for the other steps on the same value
};

// Why a value the code produces or admits takes a step (or a group of steps on one value).
struct Admission {
  std::string why;  // "`self.use_qk_norm` is a bool flag (`self.use_qk_norm = use_qk_norm`, line 179)"
  int line = 0;     // where that value is written (0: the test itself)
  bool arm = false; // the chain's own arm (a step that holds), not a value from elsewhere
};

struct PathAdmission {
  std::vector<Admission> reasons;       // one per tested value that is admitted
  std::vector<std::string> unadmitted;  // per tested value with no evidence: what the path needs of it,
                                        // "`arch` is none of \"gfx950\""
  bool admitted() const { return unadmitted.empty() && !reasons.empty(); }
};

// Evidence, per tested value, that a value the code itself produces or admits takes every step
// of `steps` (the conditions of one path through function `fn` of `tree`); steps are grouped by
// the value they test (text, `self.` and a trailing `.value` aside, `x or default()` read as `x`).
// A value is admitted by:
// - an arm the chain itself has for it (a step that holds, `value` true), or the chain's own
//   `else` (a step with `else_line`);
// - for a failing `a or b`, every part failing; for a failing `a and b`, some part failing;
// - a bool flag's other value: a parameter annotated `bool` or defaulting to True/False, an
//   attribute `self.x` its class assigns a bool (literal, comparison, `not`, a bool parameter,
//   `getattr(..., True)`), a module-level name assigned one;
// - a default left uncovered: the parameter's own default (or None when its annotation admits
//   it; a container its annotation admits where the chain compares with scalars), an argparse
//   option's default or one of its choices (`args.mode` and `add_argument("--mode", ...)` in
//   the file), an attribute its class sets to None for a None test; a parameter the function
//   rebinds before the test (`arch = arch or get_arch()`) has no default there;
// - a value the same file handles elsewhere: another comparison of the same value with a
//   literal the path does not cover (a test earlier in the function whose arm leaves for that
//   literal, `if arch == "b": return`, counts as covering it);
// - a version string compared as text (`torch.__version__ >= "2.6"` is false for "2.10"; also
//   `.startswith("2.5")` on it);
// - a number past the chain's thresholds (`if m < 32 ... elif m <= 128`), when the tested value
//   is not a call's result;
// - a path of one truth test (`if x:`, `if x is not None:`): the code tests for both outcomes,
//   unless the annotation of the parameter it tests rules the needed one out.
// A tested value with none of these (an enumeration over dtypes, archs or modes, isinstance and
// other compound tests, several unrelated flags of another object) is listed in `unadmitted`.
PathAdmission admitted_path(const lang::SyntaxTree& tree, const lang::Function& fn,
                            const std::vector<PathStep>& steps);

// Whether condition `cond` evaluating to `value` holds only on an older release of a dependency
// the file imports, or on one that lacks a feature: a compatibility arm for a version the
// project may no longer support. Recognised: a feature probe `hasattr(mod.attr, "name")` on an
// imported module that is false (not on an op registry such as `torch.ops.<ns>`: a missing op
// there is a build choice); a version comparison that parses the version (`Version(
// torch.__version__) < Version("2.5")`, `sys.version_info < (3, 10)`) on its lower side;
// `not`, a true `and` and a false `or` of such parts. A version compared as text is not one (a
// newer release sorts below as text: "2.10" < "2.6"). Returns what the condition needs, e.g.
// "`hasattr(torch.library, \"infer_schema\")` is false (a torch without it: an older release)".
std::optional<std::string> older_dependency_step(const lang::SyntaxTree& tree, lang::Node cond, bool value);

// The same asked of the arms around `stmt` inside its function: the innermost `if`/`elif` body
// whose condition, or `else` whose chain's conditions, need an older dependency.
std::optional<std::string> older_dependency_arm(const lang::SyntaxTree& tree, lang::Node stmt);

}  // namespace rp
