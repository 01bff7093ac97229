// A literal passed where the scope holds the value the parameter names: a call passes
// `P=0` / `P=None` / `P=True` / `P=False` / `P=""` while the calling function has a value that
// names P in reach — its own parameter or local `P`, the instance attribute `self.P` of its
// class, or an attribute `x.P` of an object it already reads — and something says that value
// was meant to go there:
//   - the comment on the argument's line is that value, commented out (`P=0,  # self.P`);
//   - the value is bound and nothing reads it (a parameter the function never reads, a local
//     never read, a `self.P` the class assigns and never reads): it was computed for this call.
// A value only counts where it reaches the call (a local bound, or an attribute read, in a
// block that holds the call: not another branch or a loop body). Another call of the same
// callee passing the value is not taken as evidence: on history it was mostly a layer opting
// out on purpose (`quant_config=None` beside `quant_config=quant_config`).
// A value bound to a collection filled per item (an empty `{}`/`[]`, `defaultdict(...)`, or
// annotated as a mapping) is not "the value": a per-engine table is not the address a call takes.
// Deliberate-looking literals are left out: a literal the callee's own default equals (callee
// defined in the same file), a line whose comment explains in prose (or a comment line right
// above it), a call inside a branch
// whose condition tests the value (`if P is None: f(P=None)`), a callee that is the function
// itself (recursion with a base case).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct PassedOverValue {
  int line = 0;          // the argument's line
  std::string callee;    // the call's callee text ("fused_moe", "self.attn")
  std::string param;     // the keyword ("hidden_pad")
  std::string literal;   // the literal as written ("0", "None")
  std::string value;     // the value in scope ("self.hidden_pad", "hidden_pad", "md.qo_indptr")
  int value_line = 0;    // where that value is bound (or first read, for `x.P`)
  std::string because;   // why it was meant to go there, one clause
};

// Every keyword argument of a Python call in a function of `tree` that passes a literal over a
// value in scope, as described above, in source order. Calls outside functions are left out.
// With `lines`, only literals that start on one of them (the rest of the file is not examined).
std::vector<PassedOverValue> literals_passed_over_values(const lang::SyntaxTree& tree, const std::set<int>& lines = {});

}  // namespace rp
