// Mode state: a module-level variable that a function of its module rebinds through `global`
// (`def set_backend(name): global _BACKEND; _BACKEND = name`), and the zero-argument
// predicates that read it (`def is_remote(): return _BACKEND == "remote"`). The predicates of
// one state are the modes of one switch: a chain `if is_a(): ... elif is_b(): ...` tests
// that switch the way `if cfg.is_a: ... elif cfg.is_b:` tests the flags of one object.
// Shared by rules that reason about which arms of such a chain can run (unbound-local).
#pragma once

#include <optional>
#include <set>
#include <string>

#include "analysis/bound_class.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

// Module-level names of `tree` that some function of it declares `global` and assigns.
std::set<std::string> mutable_module_state(const lang::SyntaxTree& tree);

// The mutable module state the module-level function `fn` of `tree` tests when it is a
// predicate over it: no parameters, a body that is one `return` (docstring and `global`
// aside) whose expression reads exactly one name of mutable_module_state (constants such as
// a tuple of supported names may be read too). nullopt otherwise.
std::optional<std::string> predicate_state(const lang::SyntaxTree& tree, const lang::Function& fn);

// The mutable module states the module-level function `fn` of `tree` assigns (`global x` and
// `x = ...` in its own body).
std::set<std::string> states_set_by(const lang::SyntaxTree& tree, const lang::Function& fn);

// The same questions asked of a call: `callee` text ("is_remote", "backend.is_remote") at
// `line` of `path`, resolved through the file's imports (and one re-export per hop) to the
// module-level function that defines it. States are keyed "module_path:name", so two
// predicates of the same variable reached through different imports meet.
std::optional<std::string> mode_predicate_call(const index::RepoIndex& idx, const TreeOf& tree_of,
                                               const std::string& path, const std::string& callee, int line);
std::set<std::string> mode_states_set_by_call(const index::RepoIndex& idx, const TreeOf& tree_of,
                                              const std::string& path, const std::string& callee, int line);

}  // namespace rp
