// unused-import: an import the PR adds whose name nothing in the module reads.
#include <fmt/format.h>

#include <set>

#include "analysis/dead_bindings.h"
#include "analysis/facts.h"
#include "analysis/repo_linter.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unused-import",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "An added module-level import binds a name that nothing in the module reads.",
    .docs = R"(What it catches: in a Python file the PR changes (not a package `__init__.py`), an added
module-level `import m`, `import m as n` or `from m import a [as b]` whose bound name no
statement of the module reads (calls, attributes, annotations, decorators, defaults, f-strings),
that no string literal of the module mentions (`__all__`, string annotations), and that no other
module of the repository imports from this one (a re-export). The base version of the file must
not already have had the same unused import.
Why it matters: a dead import still runs the imported module when this one is imported (time,
and an import failure there breaks this module), and it tells a reader the code depends on
something it does not use; it is often the trace of a call the author meant to make and did not.
Does not fire on: `from __future__` imports; star imports; `import a.b` without an alias (it is
usually imported for its side effects); imports inside a try (availability probes), under
`if TYPE_CHECKING`, or inside a function or class; lines with a `noqa` comment; explicit
re-exports (`from m import a as a`); a name the module binds more than once; modules that use
`globals()`, `exec`, `eval` or define a module `__getattr__`; files that do not parse.
Left to the repository's linter: where the base tree's CI runs ruff or flake8 on pull requests
with pyflakes' F401 (unused import) selected for the file, the author already sees the import
there; the finding is not shown, the card counts it and `--format json` lists it under
`suppressed` (`linter`).)"};

class UnusedImport : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      if (base_name(f.new_path) == "__init__.py") continue;
      const lang::SyntaxTree& tree = *changed.tree;
      for (const DeadBinding& d : added_unread_imports(ctx, changed)) {
        if (ctx.repo && imported_elsewhere(ctx.repo->index(), f.new_path, d.name)) continue;
        Finding x = finding();
        x.location = Location{f.new_path, d.line};
        std::string from = d.module.empty() || d.module == d.name ? "" : fmt::format(" (from `{}`)", d.module);
        x.problem = fmt::format("`{}`{} is imported at line {} and nothing in the module reads it", d.name, from, d.line);
        x.impact = "A dead import still runs the imported module when this one loads and suggests a dependency the "
                   "code does not have; often a call the author meant to make was left out";
        x.action = fmt::format("Author must remove the import of `{}`, or use it where it was meant to be used", d.name);
        x.evidence.push_back(evidence(f.new_path, d.line, tree.line_text(d.line)));
        report_unless_linter(ctx, f.new_path, "F401", std::move(x), out);
      }
    }
  }
};

REGISTER_RULE(UnusedImport);

}  // namespace
}  // namespace rp
