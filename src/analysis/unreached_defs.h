// Whether anything in the head tree reaches a module-level function or class: for "is this
// NameError on a production path, or in code nothing runs?". Vendored modules keep helpers
// whose only callers were commented out with the imports they needed (`# from vllm.utils
// import current_platform`); a crash there is real but blocks nobody.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "analysis/bound_class.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

// The whole head-side text of a file (nullopt when absent).
using TextOf = std::function<std::optional<std::string>(const std::string& path)>;

// The module-level function or class of `tree` whose definition holds `n` ("" at module level).
std::string outermost_definition(const lang::SyntaxTree& tree, lang::Node n);

// The line of a commented-out import that would bind `name` (`# from vllm.platforms import
// current_platform`, or a continuation line of such a comment), 0 when there is none: the
// author disabled the binding on purpose, and the code that reads the name is not ported.
int commented_out_import(const lang::SyntaxTree& tree, const std::string& name);

// When `node`, inside function `fn` of `path`, sits in an `if`/`elif` arm that needs a parameter
// of `fn` to be truthy (`if use_x:`, `if use_x and n > 1:`) and every call of `fn` in the tree
// passes a falsy literal for it (`False`, `None`, `0`) or leaves a falsy default: what the
// calls pass, e.g. "all 2 calls in the tree pass `use_x` falsy (a.py:12, b.py:40)". For an
// `__init__`, the calls are the class's constructions (none when a subclass exists: unknown).
// nullopt when a call passes anything else, passes `*args`, or there is no call at all.
std::optional<std::string> arm_no_caller_takes(const index::RepoIndex& idx, const TreeOf& tree_of,
                                               const std::string& path, const lang::Function& fn, lang::Node node);

// Reach of module-level definitions through the repository's head tree. A definition is
// reached when one of these holds, followed through other definitions (a helper only an
// unreached function calls is unreached too), across files up to a few steps:
// - a read of its name at module level (the `__main__` block included), in a class body, in a
//   decorator, or in a definition that is itself reached, in its own file;
// - an import of it from its module (`from m import f`), at import time or in a function,
//   whose bound name is read where that name is reached; a star import of its module;
// - a call in another file that resolves to it (`m.f(...)` after `import m`), or any
//   `.f` read in a file that imports its module, from a reached place;
// - its dotted path in a string (`"pkg.m.Cls"`, read by a by-name loader), from a reached place;
// - a decorator on it other than a cache, no-grad, context manager or dataclass (a registration
//   runs at import), a test or dunder name.
// Everything unknown answers "reached": only a definition the index shows nobody uses is not.
// An `__all__` entry is not a use: it says what a star import takes, and star imports count.
// Public names are entry points for code outside the tree; callers decide what that means.
class DefinitionReach {
 public:
  DefinitionReach(const index::RepoIndex& idx, TreeOf tree_of, TextOf text_of)
      : idx_(idx), tree_of_(std::move(tree_of)), text_of_(std::move(text_of)) {}

  // Whether module-level `name` of `path` is reached; `why` (when not) says what was looked at.
  bool reached(const std::string& path, const std::string& name, std::string* why = nullptr);

 private:
  bool reached_at(const std::string& path, const std::string& name, int depth);
  // Whether a read of `name` in `path` (outside `skip`, the definition itself) is reached.
  bool read_reached(const std::string& path, const std::string& name, lang::Node skip, int depth);
  bool owner_reached(const std::string& path, int line, int depth);
  bool named_in_strings(const std::string& path, const std::string& name, int depth);

  const index::RepoIndex& idx_;
  TreeOf tree_of_;
  TextOf text_of_;
  std::set<std::pair<std::string, std::string>> visiting_;
  std::map<std::pair<std::string, std::string>, bool> done_;
};

}  // namespace rp
