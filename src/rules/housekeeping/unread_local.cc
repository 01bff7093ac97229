// unread-local: a value the PR computes into a local of a function and nothing ever reads.
#include <fmt/format.h>

#include <set>

#include "analysis/dead_bindings.h"
#include "analysis/facts.h"
#include "analysis/repo_linter.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unread-local",
    .category = Category::Housekeeping,
    // A note: most unread locals are dead code that both repositories' ruff gate (F841) already
    // blocks; the few that hide a missing use are worth a look, not a NEEDS WORK verdict.
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "An added line assigns a local variable that nothing in its function reads.",
    .docs = R"(What it catches: in a Python file the PR changes, an added statement `name = value` (or
`name: T = value`) inside a function, where no statement of that function — nested functions,
lambdas, comprehensions and f-strings included — reads `name`. The base version of the file
must not already have had the same unread local in the same function.
Why it matters: the value is computed and dropped. Either the code that was meant to use it
is missing (a status that should gate a result, a scale that should be applied, a tensor that
should be passed on), or the computation is dead and misleads whoever reads the function.
Does not fire on: names starting with `_`; tuple targets, attributes and subscripts; augmented
assignments (`x += 1` reads x); chained assignments (`a = b = v`); names declared `global` or
`nonlocal`; functions that call `locals()`, `vars()`, `globals()`, `exec` or `eval`; a name that
is named by a `{name}` field of a string in the function (format templates); files that do not parse.
Left to the repository's linter: where the base tree's CI runs ruff or flake8 on pull requests
with pyflakes' F841 (local variable assigned but never used) selected for the file, the author
already sees it there; the finding is not shown, the card counts it and `--format json` lists it
under `suppressed` (`linter`).)"};

class UnreadLocal : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      for (const DeadBinding& d : added_unread_locals(ctx, changed)) {
        Finding x = finding();
        x.location = Location{f.new_path, d.line};
        x.problem = fmt::format("`{}` is assigned at line {} in `{}` and nothing in the function reads it", d.name,
                                d.line, d.scope);
        x.impact = "The value is computed and dropped: either the code meant to use it is missing (a result or a "
                   "check silently left out) or the computation is dead";
        x.action = fmt::format("Author must use `{}` where it was meant to be used, or remove the assignment", d.name);
        x.evidence.push_back(evidence(f.new_path, d.line, tree.line_text(d.line)));
        report_unless_linter(ctx, f.new_path, "F841", std::move(x), out);
      }
    }
  }
};

REGISTER_RULE(UnreadLocal);

}  // namespace
}  // namespace rp
