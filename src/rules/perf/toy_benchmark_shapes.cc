// toy-benchmark-shapes: the perf numbers exist, but only for shapes production never runs.
#include <string>

#include <fmt/format.h>

#include "analysis/perf_facts.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "toy-benchmark-shapes",
    .category = Category::Perf,
    .severity = Severity::Warn,
    .needs = Needs::Description,
    .summary = "The PR's benchmark numbers cover only toy shapes (every M/batch/token count at most 256, no long context).",
    .docs = R"doc(What it catches: a PR that claims a performance change and gives numbers, but every token
dimension its description names (M, batch, tokens, num_tokens, qlen; from "M=128", "--batch-size
16", "4 tokens", or a table column headed "M" / "batch" / "Workload (batch, context)") is at
most the profile's toy bound (256), and no context or sequence length above that bound is
given either. The finding quotes the profile's production shapes (a dated snapshot from the
checklist: DSv4 E=385/topk=7, GPT-OSS 120B, Kimi-K2.5, tokens 1→16384).
Why it matters: GPU kernels change behaviour with shape: tile choice, split-K, occupancy and
memory-bound versus compute-bound regimes all move between M=16 and M=8192. A speedup measured
only at M≤256 says nothing about prefill or large-batch decode, where a regression may hide.
Does not fire on: descriptions that name no shapes at all (nothing to judge; P3 asks for the
reproduction info); any token dimension above 256; small batches measured at long context
(decode at batch 1–56 over 16K–350K tokens of context is a production grid); PRs with no perf
numbers (perf-claim-without-numbers covers those); accuracy tables (their shapes are not
benchmark shapes).)doc"};

class ToyBenchmarkShapes : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (!d.claims_perf || d.perf_numbers.empty()) return;
    const long long bound = ctx.profile.toy_max_tokens;
    auto tokens = text::max_shape(d, {"M", "batch", "tokens"});
    if (!tokens || *tokens > bound) return;
    if (auto context = text::max_shape(d, {"context"}); context && *context > bound) return;

    std::vector<std::string> seen;
    for (const text::ShapeValue& s : d.shape_values)
      if ((s.dim == "M" || s.dim == "batch" || s.dim == "tokens") && seen.size() < 6) seen.push_back(s.text);
    Finding x = finding();
    x.problem = fmt::format(
        "The benchmark numbers cover only toy shapes: the largest token dimension given is {} (≤ {}) and no long "
        "context is measured",
        *tokens, bound);
    x.impact = fmt::format(
        "Tile choice, split-K and memory-bound versus compute-bound behaviour change with shape; a speedup at "
        "small M can be a regression at production shapes ({})",
        ctx.profile.production_shapes_note.empty() ? std::string("large token counts") : ctx.profile.production_shapes_note);
    x.action = "Author must add numbers for production shapes (large M / token counts and the served models' "
               "configurations), or state why the change only affects small shapes";
    x.evidence.push_back("shapes given: " + join_and(seen));
    if (!d.perf_claim.empty()) x.evidence.push_back(d.perf_claim);
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(ToyBenchmarkShapes);

}  // namespace
}  // namespace rp
