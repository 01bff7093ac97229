// ai-attribution: the description credits an AI coding tool.
#include <string>

#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "ai-attribution",
    .category = Category::AiDiagnostic,
    .severity = Severity::Note,
    .needs = Needs::Description,
    .summary = "The PR description carries an AI-tool attribution footer; review dispatch logic and tests with extra care.",
    .docs = R"doc(What it catches: a line in the PR title or description that credits an AI coding tool
for the change: "🤖 Generated with [Claude Code](...)", "Co-Authored-By: Claude <noreply@anthropic.com>",
"Co-authored-by: Cursor <cursoragent@cursor.com>", "Written with Copilot", and the like.
Why it matters: generated code fails in structural ways that a fluent description hides:
invented symbols, copies adapted on one side only, guards that never fire, tests calibrated to
pass. The author may not have read every line, so the review itself has to cover dispatch
logic and test coverage instead of trusting the description.
Does not fire on: prose that mentions a tool ("the Claude Code harness sends
/v1/messages"), paths such as `.claude/` or `logs_claude/`, attribution lines inside code
blocks or HTML comments (template text the author never saw).)doc"};

class AiAttribution : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (d.ai_attribution.empty()) return;

    Finding x = finding();
    x.problem = "The PR description credits an AI coding tool for the change";
    x.impact =
        "The author may not understand every changed line; generated code tends to carry invented APIs, "
        "half-adapted copies and tests that cannot fail, which a fluent description does not reveal";
    x.action =
        "Reviewer should ask the author to confirm they have read and tested every changed line, and review "
        "dispatch logic and tests with extra care";
    x.evidence.push_back(d.ai_attribution);
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(AiAttribution);

}  // namespace
}  // namespace rp
