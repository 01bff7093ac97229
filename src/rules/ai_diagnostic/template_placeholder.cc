// template-placeholder: the PR template's Test Plan / Test Result left empty.
#include <algorithm>
#include <string>

#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "template-placeholder",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Description,
    .summary = "The PR template's Test Plan / Test Result sections are left as the empty placeholder.",
    .docs = R"doc(What it catches: a description written into the PR template whose "Test Plan" and/or
"Test Result" section holds nothing but the template's HTML comment, whitespace or a
placeholder ("N/A", "TBD", "TODO"). Subsections count as content of their section. When the
whole description is the untouched template, the finding says so.
Why it matters: the PR then carries no evidence that anything was run, which is also the
mark of a generated description nobody checked.
Does not fire on: sections with content (text, a code block, a CI link, an image); an empty
Test Plan beside a filled Test Result (the result is the evidence); descriptions that do not
use those headings at all; a free-form description written above (or beside) the untouched
stock template: when none of its sections, Motivation included, is filled and the author's
text sits outside them, the template is leftover boilerplate, the same as not using it (an
empty "Test plan" heading the author added to their own text still fires). Empty "Motivation"
or "Technical Details" sections alone never fire.)doc"};

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

class TemplatePlaceholder : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    bool plan_empty = contains(d.unfilled_sections, "Test Plan");
    bool result_empty = contains(d.unfilled_sections, "Test Result");
    // A filled Test Result is the evidence this rule asks for; an empty plan beside it is a nit.
    bool result_filled = contains(d.template_sections, "Test Result") && !result_empty;
    bool no_run_evidence = result_empty || (plan_empty && !result_filled);
    if (!no_run_evidence) return;
    bool template_untouched = d.unfilled_sections.size() == d.template_sections.size();
    // The author wrote their own description and left the stock template (which opens with
    // Motivation) untouched below it: the same as not using the template. An empty "Test plan"
    // heading the author wrote themselves still fires.
    bool stock_template_ignored =
        template_untouched && contains(d.template_sections, "Motivation") && d.text_outside_template;
    if (stock_template_ignored) return;

    std::vector<std::string> empty_tests;
    if (plan_empty) empty_tests.emplace_back("Test Plan");
    if (result_empty) empty_tests.emplace_back("Test Result");
    std::string names = empty_tests[0];
    if (empty_tests.size() == 2) names += " and " + empty_tests[1];
    Finding x = finding();
    x.problem = names + (empty_tests.size() == 2 ? " sections are" : " section is") + " left as the template placeholder";
    if (template_untouched && !d.text_outside_template) x.problem += "; the whole description is the untouched PR template";
    x.impact = "The PR carries no evidence that it was built or run; reviewers have only the diff to go on";
    x.action =
        "Author must fill in Test Plan with the commands run and Test Result with their output (or link the CI run)";
    for (const std::string& s : empty_tests) x.evidence.push_back("## " + s + ": empty");
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(TemplatePlaceholder);

}  // namespace
}  // namespace rp
