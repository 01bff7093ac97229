// Names that do not exist: the reads of a Python module that no scope binds (ruff's F821,
// pyflakes' "undefined name"). Python's scoping is followed, not approximated by text:
// function scopes (parameters, assignments, for/with/except targets, imports, nested def and
// class names, `global`/`nonlocal`), class bodies (visible to the body itself, not to its
// methods), lambdas and comprehensions (a walrus binds in the enclosing function), the module
// (a binding anywhere at module level counts, in any order: functions run after import), and
// the builtins. A module whose names cannot be known (a star import, exec, writes through
// globals()/vars(), a parse error) yields nothing.
#pragma once

#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct UndefinedRead {
  std::string name;
  int line = 0;
};

// Every read of a name that no enclosing scope, the module or the builtins binds, in source
// order. Annotations are skipped under `from __future__ import annotations` (never evaluated).
std::vector<UndefinedRead> undefined_reads(const lang::SyntaxTree& tree);

// A read that resolves to a binding of the module scope: at module level, or in a function,
// class or comprehension that binds no such name of its own (Python looks it up in the
// module's globals when the line runs).
struct ModuleNameRead {
  std::string name;
  lang::Node node;
  bool in_nested_scope = false;  // inside a function, class body, lambda or comprehension
  bool in_annotation = false;    // part of an annotation (evaluated where it is written)
};

// Every read that resolves to a module-level binding, in source order; empty when the module's
// names cannot be known (the same cases as undefined_reads).
std::vector<ModuleNameRead> module_name_reads(const lang::SyntaxTree& tree);

// Whether `name` is a Python builtin or a module attribute every module has (`__file__`).
bool python_builtin(std::string_view name);

}  // namespace rp
