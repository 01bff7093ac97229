// Checklist Steps 2 and 3 as facts: which kind of PR this is (new kernel, dispatch change, perf
// PR, FP8 path, API signature change, ...), what it touches (archs, dtypes, phases, ops, model
// families), and which rule groups its kinds make mandatory. Computed once per review from the
// diff, the title and the description; the card's summary, the JSON "classification" object
// and the card footer are built from it, never from guesses.
#pragma once

#include <string>
#include <vector>

#include "core/pull_request.h"
#include "profile/profile.h"

namespace rp {

struct PrType {
  std::string id;   // kebab-case, e.g. "dispatch-change"
  std::string why;  // the fact that made it: "aiter/ops/mla.py:120: elif dtype == fp8:" or "title: ..."
};

struct PrClassification {
  // In a fixed order (kPrTypeOrder in classify.cc). Ids: infra-only, version-bump, tests-only,
  // new-kernel, kernel-change, dispatch-change, perf, fp8-quant, api-signature, cudagraph,
  // plugin-interface, config-tuning, bug-fix, async-stream, new-custom-op, invariant-removed,
  // alignment, core-file, model-integration, head-count-tp, flydsl, refactor-rename, scattered-diff,
  // comment-dominated.
  std::vector<PrType> types;
  // Step 2 Q2 scope, normalized and distinct, in first-seen order: archs "gfx942"/"gfx950"/
  // "MI300X"...; dtypes "fp8", "bf16", "fp16", "fp4", "int8", "fp32"; phases "decode",
  // "prefill"; ops "mla", "mha", "moe", "gemm", "attention", "norm", "quant", "rope", "topk",
  // "allreduce", "sampling", "kv-cache"; model families "DeepSeek", "Kimi", "Qwen"...
  std::vector<std::string> archs, dtypes, phases, ops, model_families;
  // Validation triage (deterministic bar 68): the PR changes shipped code (not only tests,
  // docs, CI); the test files it changes; a benchmark script it adds/changes ("" when none);
  // the perf words of its title and description.
  bool runtime_surface = false;
  std::vector<std::string> test_targets;
  std::string perf_harness;
  std::vector<std::string> perf_claim_words;
  // Step 2 Q5: the description explains a mechanism (WHY), not only an action.
  bool explains_why = false;
  // Deterministic bar 64: added lines that are code versus comment-only lines.
  int real_code_lines = 0;
  int comment_lines = 0;
  // Rule groups (category names: "perf", "silent-bypass", ...) the types make mandatory, in
  // category order.
  std::vector<std::string> mandatory;

  bool has(std::string_view id) const;
};

PrClassification classify(const PullRequest& pr, const Profile& profile);

// Human label of a type id: "dispatch-change" → "dispatch change", "fp8-quant" → "FP8/quant path".
std::string pr_type_label(std::string_view id);

}  // namespace rp
