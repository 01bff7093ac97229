// Saved-value restore: a function saves a piece of state, changes it, and puts it back — and
// gets the putting back wrong.
//
// State is what outlives the function: an attribute (`mod.FLAG`, `cfg.mode`, `self.x`), an
// environment variable (`os.environ[K]`, read by `os.environ.get(K)` / `os.getenv(K)` /
// `os.environ[K]`), or a getter/setter pair (`torch.get_default_dtype()` ↔
// `torch.set_default_dtype(v)`, `is_X()` ↔ `set_X(v)`: the same prefix and name).
// A save is `old = <state>`; a change is an assignment to the state (`<state> = v`,
// `os.environ[K] = v`, `os.environ.pop(K)`, `del os.environ[K]`, `set_X(v)`); a restore is a
// change that puts the saved local back. Three defects, inside one function:
//   - LiteralRestore: after the change, the state is set to a literal (or the variable
//     removed) instead of the saved value. Also without any save, for state of an imported
//     module or an environment variable that is set, used (a call in between, same block or a
//     `finally`) and set again to another literal: the code guesses the value it had (a
//     variable removed after use, with no save, is the usual idiom and not reported);
//   - NeverRestored: the saved local is never read, though the state is changed after the save;
//   - RestoreNotOnError: the restore runs only on the normal path — not in a `finally` (nor
//     also in an `except`) — while a call between the change and the restore can raise.
// Across functions of one file, one more LiteralRestore: a function that puts some state back
// from a value handed to it (a parameter: `os.environ[K] = old`) and beside that resets a
// module's or an environment variable's state to a literal, which another function of the file
// set to a different literal without saving it (a restore helper that guesses the rest).
// Otherwise nested functions are separate scopes; a save in one and a change in another are not
// paired.
#pragma once

#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct StateRestoreDefect {
  enum class Kind { LiteralRestore, NeverRestored, RestoreNotOnError };
  Kind kind = Kind::LiteralRestore;
  int line = 0;                 // where the finding sits: the literal restore, the save, the restore
  std::string state;            // the state as written ("jit.REBUILD", "os.environ[\"MODE\"]")
  std::string saved;            // the saved local ("" when nothing was saved)
  std::string literal;          // LiteralRestore: what it is set to ("0", "removed")
  int save_line = 0;            // 0 when nothing was saved
  int change_line = 0;          // the first change after the save
  std::string change_function;  // the function that made that change, when not this one
  int restore_line = 0;         // the restore (RestoreNotOnError) or the literal restore
  int raising_line = 0;         // RestoreNotOnError: a call between change and restore
};

// The defects above in the functions of a Python `tree`, in source order.
std::vector<StateRestoreDefect> saved_state_defects(const lang::SyntaxTree& tree);

}  // namespace rp
