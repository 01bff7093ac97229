// The optional-dependency guard of Python code, read from the syntax tree: the repository
// index and the rules both ask it.
#pragma once

#include "lang/syntax.h"

namespace rp {

// Whether Python node `n` sits in the body of a `try` that catches a failed import
// (ImportError, ModuleNotFoundError, Exception, BaseException, or a bare except): the
// optional-dependency guard.
bool guarded_by_import_error(const lang::SyntaxTree& tree, lang::Node n);

// Whether Python node `n` sits under `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`): code that
// only type checkers read, never run.
bool under_type_checking(lang::Node n);

}  // namespace rp
