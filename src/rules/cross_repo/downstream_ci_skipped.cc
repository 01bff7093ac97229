// downstream-ci-skipped (aiter): a behavior change to an op ATOM/SGLang/vLLM consume, in a PR
// that carries no ci:* label, so the downstream jobs are skipped.
#include <algorithm>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/plural.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "downstream-ci-skipped",
    .category = Category::CrossRepo,
    .severity = Severity::Warn,  // a process check: never blocks (a missing label is fixed in a click)
    .needs = Needs::Diff,
    .summary = "The PR changes existing code of a downstream-consumed op (mla, attention, fused_moe, mha, quant, gemm, moe_op, jit core) and has no ci:* label, so ATOM/SGLang/vLLM tests are skipped.",
    .docs = R"(What it catches (aiter): a PR with metadata (labels known) that removes or rewrites code
lines — not only adds — in a file whose ops ATOM, SGLang and vLLM consume (`aiter/mla.py`,
`aiter/ops/attention.py`, `aiter/fused_moe.py`, `aiter/ops/mha.py`, `aiter/ops/quant.py`,
`aiter/ops/gemm_op_a8w8.py`, `aiter/ops/moe_op.py`, `aiter/tuned_gemm.py`, `aiter/jit/core.py`)
and carries no downstream label (`ci:atom`, `ci:atom_full`, `ci:sglang`, `ci:vllm`,
`ci:vllm-di`, `ci:kimi`, `ci:all`; arch or perf labels such as `ci:triton-300x` do not count).
Why it matters: aiter's downstream jobs run only when such a label is set; without one the PR
merges green on aiter's own tests and the downstream breaks after merge (aiter: a DeepSeek-V4
MLA decode change merged with the ATOM job skipped, and ATOM went red).
Metadata without a `labels` key (labels unknown) gives a note that says so instead of claiming
the label is missing.
Does not fire on: git-only reviews (no labels to read); PRs whose title declares the change
backward/forward compatible (a compatibility shim or alias keeps every old call working); pure additions (a new arch-gated kernel
not on any default path is not reachable downstream); comment-only or blank-line changes; PRs
with a downstream ci:* label; other files.)"};

constexpr std::string_view kConsumed[] = {
    "aiter/mla.py",           "aiter/ops/attention.py", "aiter/fused_moe.py",
    "aiter/ops/mha.py",       "aiter/ops/quant.py",     "aiter/ops/gemm_op_a8w8.py",
    "aiter/ops/moe_op.py",    "aiter/tuned_gemm.py",    "aiter/jit/core.py",
};

// Labels that start the ATOM / SGLang / vLLM downstream jobs (aiter's .github/workflows).
bool downstream_label(std::string_view l) {
  for (std::string_view d : {"ci:all", "ci:atom", "ci:atom_full", "ci:atom-test", "ci:sglang", "ci:vllm", "ci:vllm-di", "ci:kimi"})
    if (l == d) return true;
  return false;
}

// A title that declares the change backward/forward compatible ("Add forward compatibility to
// X", "keep old kwargs as aliases"): behavior-preserving by the author's statement.
bool declares_compatibility(const std::string& title) {
  static const RE2 compat(R"((?i)\b(?:backward|forward|backwards)[- ]compat|\bcompatib|\bcompat\b|\balias(?:es)?\b)");
  return RE2::PartialMatch(title, compat);
}

class DownstreamCiSkipped : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    if (!ctx.pr.meta.has_description) return;
    for (const std::string& l : ctx.pr.meta.labels)
      if (downstream_label(l)) return;
    std::vector<std::pair<const FileChange*, int>> changed;  // file, removed code lines
    for (const FileChange& f : ctx.pr.changes.files) {
      bool consumed = false;
      for (std::string_view p : kConsumed) consumed = consumed || f.path() == p;
      if (!consumed) continue;
      int removed = 0;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind == DiffLine::Kind::Removed && !trim(l.text).empty() && !is_comment_only(l.text, true)) ++removed;
      if (removed) changed.push_back({&f, removed});
    }
    if (changed.empty() || declares_compatibility(ctx.pr.meta.title)) return;
    std::stable_sort(changed.begin(), changed.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    if (!ctx.pr.meta.has_labels) {
      out.push_back(labels_unknown(changed));
      return;
    }
    Finding x = finding();
    x.location = Location{changed[0].first->path(), 0};  // the file rewritten most
    x.problem = "The PR rewrites existing code of downstream-consumed op files (";
    for (size_t i = 0; i < changed.size(); ++i) {
      x.problem += (i ? ", " : "") + changed[i].first->path() + ": " + count_of(changed[i].second, "code line") + " removed/replaced";
      if (i) x.related.push_back(Location{changed[i].first->path(), 0});
      x.evidence.push_back(changed[i].first->path() + ": " + count_of(changed[i].second, "code line") + " removed or rewritten");
    }
    x.problem += ") and carries no ci:* label, so the ATOM/SGLang/vLLM downstream jobs are skipped";
    x.evidence.push_back("labels: " + (ctx.pr.meta.labels.empty() ? std::string("(none)") : [&] {
      std::string s;
      for (const std::string& l : ctx.pr.meta.labels) s += (s.empty() ? "" : ", ") + l;
      return s;
    }()));
    x.impact = "The PR can merge green on aiter's own tests while a downstream model path breaks; the break shows up "
               "only after merge, in ATOM/SGLang/vLLM";
    x.action = "Author must add the ci:* label that covers the models using this path (ci:all when it cannot be "
               "traced to one model) and get those jobs green before merge";
    x.trigger = "merging as labelled: the downstream ATOM/SGLang/vLLM jobs are skipped for a change to " +
                changed[0].first->path();
    out.push_back(std::move(x));
  }

 private:
  // The metadata did not say which labels the PR carries: the change is reported, but as a
  // question, not as a missing label.
  Finding labels_unknown(const std::vector<std::pair<const FileChange*, int>>& changed) const {
    Finding x = finding();
    x.severity = Severity::Note;
    x.location = Location{changed[0].first->path(), 0};
    x.problem = "The PR rewrites existing code of downstream-consumed op files (";
    for (size_t i = 0; i < changed.size(); ++i) {
      x.problem += (i ? ", " : "") + changed[i].first->path();
      if (i) x.related.push_back(Location{changed[i].first->path(), 0});
      x.evidence.push_back(changed[i].first->path() + ": " + count_of(changed[i].second, "code line") +
                           " removed or rewritten");
    }
    x.problem += "); labels unknown: the metadata does not say whether a ci:* label starts the downstream jobs";
    x.evidence.push_back("labels: unknown (no `labels` in the PR metadata)");
    x.impact = "If no ci:* label is set, ATOM/SGLang/vLLM jobs are skipped and a downstream break shows up only "
               "after merge";
    x.action = "Reviewer should ask for the ci:* label that covers the models using this path (ci:all when it "
               "cannot be traced) before merge";
    return x;
  }
};

REGISTER_RULE(DownstreamCiSkipped);

}  // namespace
}  // namespace rp
