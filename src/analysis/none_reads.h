// Values that can be None (or a key that can be missing), used as if they could not.
//
// A value can be None where its source says so by meaning, not by name:
//   - `m.get(k)` with no default (the key may be absent), `os.environ.get(K)` / `os.getenv(K)`
//     with no default (the variable may be unset), `re.match/search/fullmatch(...)` (nothing
//     may match);
//   - a call of a function defined in the same file (a module-level function, or a method of
//     the enclosing class through `self.`) whose body returns a value on one path and None on
//     another: an explicit `return None` / bare `return`, or a body that can fall off its end;
//   - a parameter annotated `Optional[T]` / `T | None` (reported with the parameter's line, so
//     a caller can keep it to parameters a PR adds), dereferenced on every path through the
//     function (not below an if/else, try, match, while, conditional expression or `and`/`or`:
//     there the parameter is required in one mode, which is a contract, not a crash).
// The value is dereferenced when it is the object of an attribute (`v.x`), the value of a
// subscript (`v[i]`), the callee of a call (`v()`), an operand of arithmetic (`v + 1`), the
// iterable of a `for`, or the argument of `int()` / `float()` / `len()`.
// A guard anywhere in the function excuses every use of that value (precision first): the
// value read in a test position (an if/elif/while condition, `assert`, a comparison, `and` /
// `or` / `not`, a conditional expression, `isinstance`/`callable`/`bool`/`hasattr`), bound by a
// walrus, or bound again anywhere in the function. A dereference inside a `try` whose handlers
// catch AttributeError / TypeError / KeyError / Exception / everything is excused too.
// Separately, `G.pop(k)` without a default on a module-level dict `G` inside a function: the
// key leaves the module's dict on the first call and the second call raises KeyError; excused
// by a `try` as above or a function that tests `G` (`k in G`, `if G:` ...) or reads `G[k]`.
#pragma once

#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct UncheckedNone {
  enum class Source { MappingGet, EnvGet, RegexMatch, SameFileCall, OptionalParam, GlobalPop };
  Source source = Source::MappingGet;
  int line = 0;           // where the value is dereferenced (for GlobalPop: the pop)
  std::string value;      // what is dereferenced: the name, or the source expression itself
  std::string origin;     // the source expression ("cfg.get(\"mode\")", "x: Optional[int]")
  int origin_line = 0;    // where the value is bound (the parameter's line for OptionalParam)
  std::string use;        // how it is dereferenced ("`.group`", "a subscript", "arithmetic")
  std::string why;        // why it can be None, one clause
  std::string function;   // the enclosing function's name
  int function_line = 0;  // first line of the enclosing function (its def, decorators aside)
};

// Every unchecked dereference of a maybe-None value (and every unchecked global pop) in the
// functions of a Python `tree`, one per value (its first unguarded dereference), in source
// order. Module-level code is left out.
std::vector<UncheckedNone> unchecked_none_reads(const lang::SyntaxTree& tree);

}  // namespace rp
