// Functions that call themselves on every path: a statement of the function's own body (not
// inside an if, loop, try, with or nested def) calls the function itself, and nothing before it
// in the body can leave the function (no return, raise, assert, yield, break-out). The first call
// then never returns: RecursionError. Written by accident when a method of a class is meant to
// call the module-level function of the same name (`return self.load(...)` inside `def load`),
// or a wrapper forgets the `_impl` it meant to call.
#pragma once

#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct SelfCall {
  std::string function;    // "load" / "Loader.load"
  std::string callee;      // as written: "self.load", "load"
  int def_line = 0;
  int line = 0;            // of the call
  int module_helper = 0;   // for a method: the line of a module-level def of the same name, else 0
};

// Every such call in a Python module. Only plain defs count: a decorated, async or generator
// function, a nested def, a method whose first parameter is not `self` (static/class methods), a
// module-level function whose name the module binds more than once or the function rebinds, and a
// method whose name is also stored on some object in the module (`obj.load = ...`) are left out.
std::vector<SelfCall> unconditional_self_calls(const lang::SyntaxTree& tree);

}  // namespace rp
