// What a repository decorator does with the signature of the function it decorates, read
// from the decorator's own definition: whether a call of the decorated name is bound to the
// decorated def's parameters at all, and which keywords the decorator's wrapper takes itself.
//
// aiter's JIT decorator has had both shapes. Early, `compile_ops` returned a plain
// `wrapper(*args, custom_build_args={}, **kwargs)` that never called the decorated stub but
// forwarded the arguments to the compiled extension's function: the stub's parameter list is a
// placeholder (the binding's signature is the truth) and `custom_build_args=` is the wrapper's
// own keyword. Later it returned a wrapper decorated with `torch_compile_guard(calling_func_=
// func)`, which builds the torch op's schema from the stub: then the stub's parameters are
// what a call binds to.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/bound_class.h"
#include "index/repo_index.h"

namespace rp {

struct DecoratorBinding {
  enum class Binds {
    Unknown,     // not a decorator of this repository, or a shape not read here
    Decorated,   // the wrapper calls the decorated function, or hands it to another decorator
    Elsewhere,   // every wrapper forwards its arguments without calling the decorated function
  };
  Binds binds = Binds::Unknown;
  // Keywords every returned wrapper declares itself next to `*args, **kwargs`
  // (`custom_build_args`): a call may pass them whatever the decorated def declares.
  std::vector<std::string> wrapper_keywords;
  std::string where;  // "aiter/jit/core.py:483" (the decorator's definition), "" when Unknown
};

// How decorator `decorator` (as written after '@': "compile_ops(\"m\")", "traced") of a def in
// `path` binds calls, following `path`'s imports to the repository definition. A factory
// (`@deco(...)`) is read through the function it returns; the decorating function is the one
// whose first parameter is the decorated function, and its wrappers are the nested defs it
// returns.
DecoratorBinding decorator_binding(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                                   std::string_view decorator);

}  // namespace rp
