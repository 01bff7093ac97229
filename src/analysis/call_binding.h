// Binding a call's arguments to a repository function's parameters, as Python does before
// the body runs: positional arguments fill the plain parameters in order, keywords fill them
// by name, and what is left over or left unfilled is the TypeError the call raises
// ("missing 1 required positional argument", "got an unexpected keyword argument",
// "takes 2 positional arguments but 3 were given"). The index drops the bare `*` and `/`
// separators, so parameters after them count as plain: every answer errs towards "binds".
#pragma once

#include <string>
#include <vector>

#include "index/file_index.h"
#include "lang/syntax.h"

namespace rp {

struct CallBinding {
  bool checkable = false;  // false: the call passes *a/**kw, so nothing below is known
  std::vector<std::string> missing;              // required parameters nothing fills
  std::vector<std::string> unexpected_keywords;  // keywords no parameter takes (no **kw)
  int excess_positional = 0;                     // positional arguments past the last slot (no *args)
  int positional_slots = 0;                      // plain parameters
};

// How `call` binds to `fn`. REQUIRES: `fn` is called as a plain function (not through an
// instance: a method's `self` would be counted as a parameter).
CallBinding bind_call(const index::PyFunction& fn, const index::PyCall& call);

// Whether every decorator of `fn` keeps its signature and return value what the def says
// (`compile_ops`, caching, no-grad); any other decorator may replace the function.
bool signature_preserving(const index::PyFunction& fn);

// How many statements of the module bind `name` at module level (defs, classes, assignments,
// imports, in any if/try branch): more than one means the function a call reaches depends on
// which branch ran or which binding came last.
int module_bindings(const lang::SyntaxTree& tree, std::string_view name);

}  // namespace rp
