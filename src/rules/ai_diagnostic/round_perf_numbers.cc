// round-perf-numbers: every perf number is a round ratio (2.0x, 1.5x, 30%) and none is a measurement.
#include <string>

#include "analysis/perf_facts.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "round-perf-numbers",
    .category = Category::AiDiagnostic,
    .severity = Severity::Note,
    .needs = Needs::Description,
    .summary = "The description's perf numbers are all suspiciously round ratios (2.0x, 1.5x, 30%) with no measured "
               "time or throughput behind them.",
    .docs = R"doc(What it catches: a description with three or more speedup or percentage numbers,
every one of them round (a ratio that is a multiple of 0.5 with at most one decimal: 2x, 1.5x,
3.0x; a whole percentage that is a multiple of 5), and no absolute time or throughput number
(us, ms, tokens/s, TFLOPS, GB/s) anywhere.
Why it matters: measured speedups are ragged (1.37x, 2.14x). A set of clean ratios with no
measurement behind them is how estimated, cherry-picked or generated numbers look (checklist
Step 6). It is a sign for the reviewer, not a defect: it adds to the elevated-AI-risk count.
Does not fire on: fewer than three ratios; any ragged ratio (1.37x); any absolute number in
the description (then the ratios can be checked against it); accuracy percentages.)doc"};

class RoundPerfNumbers : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (d.round_ratio_numbers.empty()) return;
    Finding x = finding();
    x.problem = "Every perf number in the description is a round ratio (" + join_and(d.round_ratio_numbers) +
                ") and none is a measured time or throughput";
    x.impact = "Clean ratios with no measurement behind them may be estimated or cherry-picked; they cannot be "
               "checked as given";
    x.action = "Reviewer should ask for the raw before/after measurements (with units) the ratios come from";
    x.evidence.push_back(d.round_ratio_numbers.front());
    x.verified = false;
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(RoundPerfNumbers);

}  // namespace
}  // namespace rp
