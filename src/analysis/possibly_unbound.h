// Names bound only if an optional step succeeded (pyright's reportPossiblyUnbound, at module
// scope): a module-level `try:` binds names (an optional import, a probe's result) and one of
// its `except` handlers goes on without binding them, leaving (`raise`, `sys.exit()`) or
// recording the failure in a fallback (`X = None`, a stub `def X`). After such a handler the
// names do not exist, and the first line that reads one raises NameError far from the cause.
//
// A read is excused (stays out of `reads`) when the code shows it knows the name may be
// missing: it sits under a test of the name itself (`if X is not None`, `X and X(...)`) or of a
// flag the try statement binds (`HAS_X = True` / `HAS_X = False` in the handler), in a function
// that tests the name or such a flag anywhere, in a function the file only calls under such a
// test, or inside another `try` that catches NameError (or Exception, or everything).
// A module whose names cannot be known (star import, exec, globals()) yields nothing.
#pragma once

#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

// One module-level `try` statement whose handler may go on with some names unbound.
struct OptionalBinding {
  lang::Node try_node;
  lang::Node handler;                // the first `except` clause that goes on without binding them
  std::string caught;                // what that handler catches, as written ("" for bare `except:`)
  std::vector<std::string> names;    // bound in the try body (or its else) and nowhere else in the module
  std::vector<lang::Node> bindings;  // the binding identifier of each name, same order
  std::vector<std::string> modules;  // the module whose import binds each name ("" when not an import)
  std::vector<std::string> flags;    // other names the statement binds: a recorded failure
  // Whether the handler catches a failed import: ImportError, ModuleNotFoundError, Exception,
  // BaseException or everything.
  bool catches_import_failure = false;
};

// A read of one of those names that nothing excuses.
struct PossiblyUnboundRead {
  int binding = 0;  // index into PossiblyUnbound::bindings
  std::string name;
  lang::Node node;
  // Runs whenever the module is imported: module level (a decorator, a default, a class body
  // included), not under an if/try/loop/conditional expression, not in a function body.
  bool at_import = false;
  // Inside a module-level function or class that the file never refers to while a flag of the
  // try statement exists: another module may call it only after testing that flag.
  bool owner_unreferenced_with_flag = false;
  std::string owner;  // the module-level def or class around the read ("" at module level)
};

struct PossiblyUnbound {
  std::vector<OptionalBinding> bindings;
  std::vector<PossiblyUnboundRead> reads;  // in source order
};

// The module-scope names of `tree` that an optional step may leave unbound, and their
// unexcused reads. Reads in annotations are left out (a checker's concern, not a crash this
// finds: under `from __future__ import annotations` they are never evaluated).
PossiblyUnbound possibly_unbound_names(const lang::SyntaxTree& tree);

// The same defect inside a function (pyright's reportPossiblyUnbound on a local): a local bound
// only in a `try` body (or its `else:`), an `except` handler that goes on without binding it or
// leaving (no raise/return/continue/break/sys.exit: it logs, prints, passes or sets a flag),
// and a later line of the function, reached from that handler, that reads it. When the
// exception happens the read raises UnboundLocalError, hiding the error the handler swallowed.
//
// Safe: a name bound before the try (anywhere earlier in the function: in doubt it is bound),
// a parameter, `global`/`nonlocal`, one the handler or the `finally` binds, or rebinds
// unconditionally between the try and the read. Excused: a read under a test of the name or of a
// flag the handler binds (`ok = False` there, or `ok = True` in the body over `ok = False`
// before), after any read of such a flag or test of the name between the try and the read (`if
// not ok: return`), under `"x" in locals()`, inside another try catching NameError,
// UnboundLocalError or Exception, or after leaving a loop whose only exit is a `break` (`while
// True:`) or whose `else:` leaves. Reads in the same try's `finally:` count; reads in nested
// functions do not (they run later).
struct TryUnboundRead {
  lang::Node try_node;
  lang::Node handler;         // the first `except` clause that goes on
  std::string caught;         // what it catches, as written ("" for bare `except:`)
  std::string name;
  lang::Node binding;         // the first binding of the name in the try body (or its else)
  lang::Node read;            // the first unexcused read of it the handler's path reaches
  std::string function;       // qualified name of the function
  // The read is reached on every path through the handler with nothing in between: its
  // statement follows the try in the same block, no statement between them can branch or
  // leave, and nothing in the read's own statement evaluates it conditionally.
  bool every_path = false;
  lang::Node failing;         // the call in the try body (at or before the binding) whose failure the handler catches
};

// Every such read of every function of `tree`, one per (try statement, name), in source order.
std::vector<TryUnboundRead> try_unbound_locals(const lang::SyntaxTree& tree);

}  // namespace rp
