// state-restore: a function saves a piece of state, changes it and puts it
// back, and an added line gets the putting back wrong: a literal instead of the
// saved value, a saved local never read, or a restore that an exception skips.
#include <fmt/format.h>

#include "analysis/facts.h"
#include "analysis/saved_state.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "state-restore",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary =
        "Saved state is changed and put back wrong: a literal instead "
        "of the saved value, never, or not on error.",
    .docs =
        R"(What it catches: in a Python file the PR changes (tests and benchmarks aside), a function
that changes state which outlives it — an attribute (`mod.FLAG`, `cfg.mode`, `self.x`), an
environment variable (`os.environ[K]`), or a getter/setter pair (`torch.get_default_dtype()` and
`torch.set_default_dtype(v)`; `is_X()`/`get_X()` and `set_X(v)` of one prefix) — where an added
line saves, changes or restores it and:
- the "restore" sets a literal (or removes the variable) instead of the value saved before the
  change; also without any save, for a module's or an environment variable's state that is set,
  used (a call in between) and set again to another literal in the same block — a guess at the
  value it had;
  Across functions of one file: a helper that restores some state from a value handed to it
  (`os.environ[K] = old_value`) and resets a module's state to a literal that another function
  set to a different literal without saving it;
- the saved local (`old = mod.FLAG`) is never read, though the state is changed after it;
- the restore runs only on the normal path: it is not in a `finally` (nor repeated in an
  `except`) while a call between the change and the restore can raise.
Why it matters: the state leaks out of the function — a default dtype, a rebuild mode, an
environment switch that every later caller now sees — whenever the old value was not the
literal guessed, or whenever the work in between raised.
Does not fire on: a restore of the saved value in a `finally` or also in an `except`; a removal
of the variable under a test of the saved value (`if old is None: os.environ.pop(K)`); a save
whose state is not changed afterwards (a read, `width = self.width; self.width = width * 2`);
changes with no call in between; an enable/disable pair of functions setting a flag to two
literals (neither restores anything handed to it); an environment variable set for the duration and removed after, with
no save (it was unset before); a literal set in another branch (a toggle, not a restore);
state of the function's own locals; changes in nested functions paired with saves outside
them; test and benchmark files; functions where the PR adds none of the lines involved.)"};

class StateRestore : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      for (const StateRestoreDefect& d : saved_state_defects(tree)) {
        bool touched = false;
        for (int l : {d.line, d.save_line, d.change_line, d.restore_line}) touched |= l > 0 && changed.added.count(l);
        if (!touched) continue;
        Finding x = finding();
        x.location = Location{f.new_path, d.line};
        std::string lit = d.literal == "removed" ? "removes it" : fmt::format("sets it to `{}`", d.literal);
        switch (d.kind) {
          case StateRestoreDefect::Kind::LiteralRestore:
            if (!d.saved.empty())
              x.problem = fmt::format(
                  "`{}` is saved in `{}` at line {} and "
                  "changed at line {}, but the restore {} "
                  "instead of putting `{}` back",
                  d.state, d.saved, d.save_line, d.change_line, lit, d.saved);
            else
              x.problem = fmt::format(
                  "`{}` is changed at line {}{} and reset here ({}) without saving the value it had: the reset "
                  "guesses it{}",
                  d.state, d.change_line, d.change_function.empty() ? "" : fmt::format(" in `{}()`", d.change_function),
                  lit,
                  d.change_function.empty() ? ""
                                            : ", while this function restores the other state it is handed "
                                              "from the saved value");
            x.impact =
                "Whenever the value before the change was not that "
                "literal, the function leaves the state "
                "altered for every later caller";
            x.action = fmt::format(
                "Author must save `{}` before the change and "
                "restore the saved value",
                d.state);
            break;
          case StateRestoreDefect::Kind::NeverRestored:
            x.problem = fmt::format(
                "`{}` saves `{}`, which is changed at line {}, but "
                "nothing reads `{}`{}",
                d.saved, d.state, d.change_line, d.saved,
                d.restore_line ? fmt::format(" (line {} {} instead)", d.restore_line, lit) : "");
            x.impact =
                "The restore was forgotten: the changed value leaks out "
                "of the function";
            x.action = fmt::format("Author must restore `{}` from `{}` (in a `finally`)", d.state, d.saved);
            break;
          case StateRestoreDefect::Kind::RestoreNotOnError:
            x.problem = fmt::format(
                "`{}` is restored from `{}` only on the normal path: "
                "the call at line {} between "
                "the change (line {}) and this restore can raise",
                d.state, d.saved, d.raising_line, d.change_line);
            x.impact =
                "When that call raises, the changed value stays for every "
                "later caller";
            x.action = "Author must restore in a `finally` (or use a context manager)";
            break;
        }
        x.evidence.push_back(evidence(f.new_path, d.line, tree.line_text(d.line)));
        for (int l : {d.save_line, d.change_line})
          if (l > 0 && l != d.line) x.evidence.push_back(evidence(f.new_path, l, tree.line_text(l)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(StateRestore);

}  // namespace
}  // namespace rp
