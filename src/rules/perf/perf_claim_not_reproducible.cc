// perf-claim-not-reproducible: the numbers are there, but nobody could re-run them.
#include <string>

#include <fmt/format.h>

#include "analysis/perf_facts.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "perf-claim-not-reproducible",
    .category = Category::Perf,
    .severity = Severity::Warn,
    .needs = Needs::Description,
    .summary = "The PR gives perf numbers without what is needed to reproduce them (command/script, GPU model, "
               "and for end-to-end numbers the TP/DP config and model).",
    .docs = R"doc(What it catches: a PR that claims a performance change and gives numbers, but whose
description lacks what another person needs to re-run them: the command or script (a shell
command, a named test/bench script such as op_tests/test_x.py, or a benchmark script the PR
adds), the GPU model (MI300X, MI355X, gfx942...), and, when the numbers are end-to-end
(tokens/s, or a model is named), the TP/DP configuration and the model checkpoint. It also
fires when every number is a ratio (speedup x or %) with no absolute before/after time or
throughput: an unbaselined claim. The ROCm version is listed as missing when absent but never
triggers the finding alone. The headline number is quoted and should be treated as
[unverified] until its source is shown.
Why it matters: perf numbers that cannot be re-run cannot be checked when the PR lands, nor
compared when a later change regresses the same kernel; a ratio without its baseline cannot
even be sanity-checked.
Does not fire on: PRs without perf numbers (perf-claim-without-numbers covers those);
descriptions with a command or named script, a GPU model and absolute numbers (the ROCm
version alone missing is not enough); a setup described in words (GPU, shapes, TP and model
for end-to-end numbers) where only the literal command is missing; kernel micro-benchmarks without TP/model info (those
only matter for end-to-end numbers).)doc"};

class PerfClaimNotReproducible : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (!d.claims_perf || d.perf_numbers.empty()) return;

    std::vector<std::string> missing;
    std::string script = benchmark_script_in_diff(ctx.pr.changes);
    bool no_command = d.commands.empty() && d.scripts.empty() && script.empty();
    if (no_command) missing.push_back("the command or script");
    if (d.gpu_models.empty()) missing.push_back("the GPU model");
    bool end_to_end = false;
    for (const text::Quantity& q : d.perf_numbers) end_to_end = end_to_end || q.unit == "tok/s";
    if (end_to_end) {
      bool parallel = text::max_shape(d, {"tp", "dp", "ep"}).has_value();
      if (!parallel) missing.push_back("the TP/DP configuration");
      if (d.models.empty()) missing.push_back("the model checkpoint");
    }
    if (d.only_ratio_numbers) missing.push_back("absolute before/after numbers (only ratios are given)");
    if (missing.empty()) return;
    // A setup described in words (GPU, shapes, and for e2e the TP config and model) with only
    // the literal command left out can be re-run by a reader; that alone is not worth a finding.
    if (missing.size() == 1 && no_command && !d.shape_values.empty()) return;
    if (d.rocm_versions.empty()) missing.push_back("the ROCm version");

    Finding x = finding();
    x.problem = "The perf claim cannot be reproduced from the description: it does not give " + join_and(missing);
    std::string headline = headline_number(d);
    x.impact = "Nobody can re-run or check the numbers, now or when a later change regresses the same path";
    if (!headline.empty()) x.impact += fmt::format("; the headline number {} stays [unverified]", headline);
    x.action = "Author must add " + join_and(missing) + " next to the numbers";
    if (!d.perf_claim.empty()) x.evidence.push_back(d.perf_claim);
    if (!headline.empty()) x.evidence.push_back("headline number: " + headline);
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(PerfClaimNotReproducible);

}  // namespace
}  // namespace rp
