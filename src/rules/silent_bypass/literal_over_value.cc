// literal-over-value: an added call passes a placeholder literal (0, None, True, False, "") for
// a parameter while the calling scope holds the value that parameter names, and something says
// that value was meant to go there.
#include <fmt/format.h>

#include "analysis/facts.h"
#include "analysis/passed_over_values.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "literal-over-value",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "An added call passes 0/None/True/False/\"\" for a parameter while the scope holds the value it names.",
    .docs = R"(What it catches: in a Python file the PR changes, a keyword argument `P=<literal>` on an
added line, where the literal is a placeholder (0, 0.0, None, True, False, "") and the calling
function has a value that names P in reach — its own parameter or local `P`, the attribute
`self.P` its class assigns, or an attribute `x.P` of an object it already reads — and one of:
the comment on the line is that value commented out (`P=0,  # self.P`); or the value is
bound and nothing reads it (a parameter or local the function never reads, a `self.P` nothing
in the file reads), so it was computed for this call and then not passed.
Why it matters: the call runs with the placeholder instead of the real value — a padding,
scale, index tensor or mode silently left at zero/None — and nothing fails until the shape or
configuration where the value is not the placeholder.
Does not fire on: a literal equal to the callee's own default (callee defined in the same file);
a line whose comment explains the literal in prose, or under a comment line; a value bound
in another branch or a loop body (it does not reach the call); a value the function or the
class also reads or passes elsewhere, even when another call of the same callee passes it
(a layer opting out, `quant_config=None`, is deliberate); a call inside a branch or conditional
expression whose condition tests the value (`if P is None: f(P=None)`); a recursive call of the
function itself; positional arguments; literals other than the placeholders above; a literal
with a value in scope but nothing saying it was meant to be passed.)"};

class LiteralOverValue : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      if (changed.added.empty()) continue;  // findings are on added lines only
      for (const PassedOverValue& p : literals_passed_over_values(tree, changed.added)) {
        if (!changed.added.count(p.line)) continue;
        Finding x = finding();
        x.location = Location{f.new_path, p.line};
        x.problem = fmt::format("`{}` is called with `{}={}` while `{}` is in scope: {}", p.callee, p.param, p.literal,
                                p.value, p.because);
        x.impact = fmt::format(
            "The call runs with the placeholder `{}` instead of `{}`; the result is wrong wherever that value is not "
            "`{}`, and nothing fails",
            p.literal, p.value, p.literal);
        x.action = fmt::format("Author must pass `{}={}`, or say on the line why the literal is meant", p.param,
                               p.value);
        x.evidence.push_back(evidence(f.new_path, p.line, tree.line_text(p.line)));
        if (p.value_line > 0 && p.value_line != p.line)
          x.evidence.push_back(evidence(f.new_path, p.value_line, tree.line_text(p.value_line)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(LiteralOverValue);

}  // namespace
}  // namespace rp
