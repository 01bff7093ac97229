// perf-claim-without-numbers: the PR says it is faster but shows no measurement.
#include <string>

#include "analysis/perf_facts.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "perf-claim-without-numbers",
    .category = Category::Perf,
    .severity = Severity::Warn,
    .needs = Needs::Description,
    .summary = "The PR claims a performance change but its description has no benchmark numbers with units.",
    .docs = R"doc(What it catches: a PR whose title carries a perf word (perf, optimize, speed up, faster,
fuse, +X%, replace kernel...) or whose description claims a speedup ("improves decode latency",
"2x faster", a filled-in Performance section), while the description gives no measurement
with a unit (us, ms, s, tokens/s, TFLOPS, GB/s, %, x). Accuracy scores (gsm8k, MMLU,
exact_match tables, lm_eval output) are not perf numbers; screenshots of traces or charts are
not numbers either, and the finding says so when they are the only evidence.
Why it matters: without before/after numbers for the shapes the change targets, reviewers
cannot tell whether the change is a speedup, a wash, or a regression on production shapes,
and nobody can re-check it later.
Does not fire on: descriptions with perf numbers in text, tables (a unit in the column
header counts) or pasted benchmark output; bug-fix titles whose only perf-sounding word names
the code being fixed ("fix crash in fused MoE"); negated statements ("no performance
impact", "not a perf change"); claims deferred to another change ("the fusion comes in a
follow-up PR"); PRs that change only docs, tests and benchmarks of existing ops, or CI files.)doc"};

class PerfClaimWithoutNumbers : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (!d.claims_perf || !d.perf_numbers.empty()) return;
    if (changes_no_shipped_code(ctx.pr.changes)) return;

    Finding x = finding();
    x.problem = "The PR claims a performance change but the description gives no benchmark numbers with units";
    if (d.screenshots_only) {
      x.problem += "; its only evidence is screenshots, which cannot be quoted, compared or checked";
    } else if (!d.numbers.empty() || d.has_accuracy_table) {
      x.problem += "; the only results given are accuracy scores, which say nothing about speed";
    }
    x.impact = "Reviewers cannot tell whether the change is a speedup, a wash or a regression on production shapes";
    x.action =
        "Author must add before/after numbers with units (e.g. latency in µs or throughput in tokens/s) for the "
        "shapes the change targets, and the command that produced them";
    x.evidence.push_back(d.perf_claim);
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(PerfClaimWithoutNumbers);

}  // namespace
}  // namespace rp
