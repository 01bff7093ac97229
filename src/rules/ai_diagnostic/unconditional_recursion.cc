// unconditional-recursion: a new function or method calls itself before anything can leave
// it, so its first call never returns (RecursionError).
#include <fmt/format.h>

#include <set>

#include "analysis/facts.h"
#include "analysis/self_recursion.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unconditional-recursion",
    .category = Category::AiDiagnostic,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .summary = "A function or method the PR changes calls itself on every path: its first call raises RecursionError.",
    .docs = R"(What it catches: in a Python file the PR changes, a plain function that calls itself by
name, or a method that calls `self.<its own name>(...)`, as a statement of its own body (a bare
call, `return f(...)` or `x = f(...)`, not inside an if, loop, try or with), with nothing before
that statement able to leave the function: no return, raise, assert, yield, await, exit call or
`while` loop. The call line or the def line must be added by the PR, and the base version of
the file must not have had the same self-call. The usual cause is a method meant to call the
module-level helper of the same name (`def load(self, ...): return self.load(...)` beside a
module-level `def load(...)`); the finding names that helper when the module defines one.
Why it matters: every call recurses until Python raises RecursionError (after about a thousand
frames); the path is dead on arrival, and a reviewer reading the hunk sees a plausible delegation.
Does not fire on: decorated, async and generator functions; nested functions and methods of
nested classes; static and class methods (first parameter not `self`); a module-level function
whose name the module binds more than once or the function rebinds; a method whose name some
code stores on an object (`obj.load = ...`); a self-call inside a branch, loop or try, or after
a statement that may return or raise; `super().name(...)` (that is another definition).)"};

class UnconditionalRecursion : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      std::set<std::pair<std::string, std::string>> before;
      if (const lang::SyntaxTree* old_tree =
              f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path))
        for (const SelfCall& c : unconditional_self_calls(*old_tree)) before.insert({c.function, c.callee});
      for (const SelfCall& c : unconditional_self_calls(tree)) {
        if (!changed.added.count(c.line) && !changed.added.count(c.def_line)) continue;
        if (before.count({c.function, c.callee})) continue;
        out.push_back(report(f.new_path, tree, c));
      }
    }
  }

 private:
  Finding report(const std::string& path, const lang::SyntaxTree& tree, const SelfCall& c) const {
    Finding x = finding();
    x.location = Location{path, c.line};
    std::string name = c.function.substr(c.function.rfind('.') + 1);
    int helper = c.module_helper;
    x.problem = fmt::format("`{}` (line {}) calls `{}(...)` at line {} before anything can return or raise: it calls "
                            "itself on every path",
                            c.function, c.def_line, c.callee, c.line);
    if (helper)
      x.problem += fmt::format("; the module-level function `{}` (line {}) is probably the one meant", name, helper);
    x.impact = fmt::format("The first call of {} never returns: it recurses until Python raises RecursionError", c.function);
    x.action = helper ? fmt::format("Author must call the module-level `{}` (not `{}`), or end the recursion", name, c.callee)
                      : fmt::format("Author must call the intended function instead of `{}`, or add the case that ends the "
                                    "recursion",
                                    c.callee);
    x.trigger = fmt::format("any call of {} ({}:{}): RecursionError: maximum recursion depth exceeded", c.function, path,
                            c.def_line);
    x.evidence.push_back(evidence(path, c.def_line, tree.line_text(c.def_line)));
    x.evidence.push_back(evidence(path, c.line, tree.line_text(c.line)));
    if (helper) x.evidence.push_back(evidence(path, helper, tree.line_text(helper)));
    return x;
  }
};

REGISTER_RULE(UnconditionalRecursion);

}  // namespace
}  // namespace rp
