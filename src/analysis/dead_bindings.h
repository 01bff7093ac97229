// Values a module or a function binds and nothing ever reads (pyflakes' "imported but unused"
// and "local variable assigned but never used", F401/F841): a module-level import whose name
// no statement of the module reads, and a plain-name assignment in a function whose name no
// statement of that function (nested functions, lambdas and comprehensions included) reads.
// Reads are found through the parse tree (identifiers in a reading position), never by
// searching the text; the answer errs towards "read": a module or function whose names cannot
// be known (parse errors, locals()/vars()/globals()/exec/eval, a module __getattr__) yields
// nothing; a module name mentioned in any string literal of the module counts as read (__all__,
// string annotations, getattr by name), and a local named by a `{name}` template field of a
// string in its function counts as read (str.format templates).
#pragma once

#include <string>
#include <vector>

#include "analysis/context.h"
#include "analysis/source_facts.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

struct DeadBinding {
  std::string name;   // the name bound ("os", "pre_status")
  int line = 0;       // the line that binds it (an import's own clause in a multi-line import)
  std::string scope;  // qualified function name ("Tuner.run"); "" for the module
  std::string module; // for an import: the module it names ("os", "aiter.ops"); else ""
};

// Module-level imports (`import m`, `import m as n`, `from m import a [as b]`) whose bound name
// nothing in the module reads. Left out: `from __future__`, star imports, `import a.b` without
// an alias (it binds `a` and is usually imported for its side effect), imports inside a try
// (availability probes) or under `if TYPE_CHECKING`, lines that carry a `noqa` comment, an
// explicit re-export (`from m import a as a`), and a name the module binds more than once.
std::vector<DeadBinding> unread_imports(const lang::SyntaxTree& tree);

// Plain-name assignments (`x = ...`, `x: T = ...`, not augmented, not tuple targets, not
// attributes or subscripts) in a Python function whose name nothing in that function reads.
// Left out: names starting with `_`, names declared global/nonlocal there, functions that
// call locals()/vars()/exec/eval, and the bodies of nested functions (each is its own scope).
std::vector<DeadBinding> unread_locals(const lang::SyntaxTree& tree);

// Whether another module of the repository takes `name` from the module file `path`: a
// `from <that module> import name` or a star import of it. Such an import is a re-export,
// read elsewhere.
bool imported_elsewhere(const index::RepoIndex& idx, const std::string& path, const std::string& name);

// The unread_locals of the head side of a changed file that the PR adds: on an added line, and
// not already dead in the base version of the file (the same name in the same scope), so a PR is
// not asked about what it inherited. Reads only the functions that can hold one: on the head
// side those spanning an added line, on the base side those named as a head-side binding's scope.
std::vector<DeadBinding> added_unread_locals(const ReviewContext& ctx, const ChangedSource& changed);

// The same for unread_imports (on an added line, not dead in the base version), resolving the
// module's reads only when an import on an added line (head side), or of a name
// left from the head side (base side), is a candidate.
std::vector<DeadBinding> added_unread_imports(const ReviewContext& ctx, const ChangedSource& changed);

}  // namespace rp
