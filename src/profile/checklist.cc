#include "profile/checklist.h"

#include <algorithm>

namespace rp {

std::string_view category_name(Category c) {
  switch (c) {
    case Category::Coverage: return "coverage";
    case Category::SilentBypass: return "silent-bypass";
    case Category::Hardcoded: return "hardcoded";
    case Category::Boundary: return "boundary";
    case Category::CrossRepo: return "cross-repo";
    case Category::Resources: return "resources";
    case Category::Streams: return "streams";
    case Category::Perf: return "perf";
    case Category::Housekeeping: return "housekeeping";
    case Category::AiDiagnostic: return "ai-diagnostic";
  }
  return "";
}

namespace {

// ../shared/spec/atom-review-pr-checklist.md (codes as ATOM numbers them).
constexpr ChecklistEntry kAtom[] = {
    {"sibling-variant", "A1"},
    {"shared-path-scope", "A2"},
    {"unchecked-dispatch-param", "B1"},
    {"phase-size-proxy", "B2"},
    {"cudagraph-capture", "B3"},
    {"constexpr-check-disabled", "B4"},
    {"api-propagation", "B5"},
    {"getattr-key-unset", "B5"},
    {"param-discarded", "B5"},
    {"new-dispatch-value", "B6"},
    {"param-some-arms", "B6"},
    {"aiter-keyword-before-merge", "B6"},
    {"hardcoded-dtype", "C1"},
    {"fnuz-by-arch", "C2"},
    {"arch-literal-dispatch", "C3"},
    {"atomic-on-empty", "D1"},
    {"unbound-local", "D1b"},
    {"possibly-unbound-name", "D1b"},
    {"default-swap-without-rollback", "D2"},
    {"invariant-reversal", "D4"},
    {"precondition-callers", ""},
    {"backbone-duplication", "D5"},
    {"fake-impl-mismatch", "D6"},
    {"fake-impl-missing", "D7"},
    {"kernel-input-contiguity", "D8"},
    {"int32-index-overflow", "D9"},
    {"aiter-usage-without-pr", "E1"},
    {"plugin-bridge-stale", "E2"},
    {"new-param-not-passed", "E3"},
    {"weight-variant-kept", "F1"},
    {"stream-without-sync", "G1"},
    {"blocking-queue-get", "G1b"},
    {"temporary-script", "HK1"},
    {"unrelated-file", "HK2"},
    {"bugfix-without-test", "HK3"},
    {"incomplete-stub", "HK4"},
    {"undocumented-env-var", "HK5"},
    {"test-reference-upcast", "HK6"},
    {"new-dependency", "HK7"},
    {"perf-claim-without-numbers", "P1"},
    {"toy-benchmark-shapes", "P2"},
    {"perf-claim-not-reproducible", "P3"},
    {"tp-head-split-untested", "P4"},
    {"benchmark-timing-window", "P5"},
    {"ai-attribution", "S6"},
    {"hallucinated-symbol", "S6"},
    {"round-perf-numbers", "S6"},
    {"syspath-mutation", "S6"},
    {"template-placeholder", "S6"},
    {"undefined-name", "S6"},
    {"unknown-attribute", "S6"},
    {"unconditional-recursion", "S6"},
    {"claim-without-code", "S6.3"},
    {"safety-theater", "S6.4"},
    {"test-cannot-fail", "S6.5"},
    {"magic-constant", "S6.6"},
    {"guard-removed", ""},
    {"unread-local", ""},
    {"literal-over-value", ""},
    {"sibling-name-slip", ""},
    {"unchecked-none", ""},
    {"state-restore", ""},
    {"unused-import", ""},
    {"suppression-without-reason", ""},
    {"alignment-assert", kOff},
    {"aot-not-taught", kOff},
    {"core-api-owner-signoff", kOff},
    {"develop-flag", kOff},
    {"downstream-ci-skipped", kOff},
    {"failure-logged-below-warning", kOff},
    {"flydsl-bitcast-without-unwrap", kOff},
    {"flydsl-compile-not-called", kOff},
    {"flydsl-unbounded-buffer", kOff},
    {"fp8-max-constant", kOff},
    {"hipblaslt-tuning-config", kOff},
    {"log-debug-guard", kOff},
    {"log-format-specifier", kOff},
    {"logging-basicconfig", kOff},
    {"logging-fstring", kOff},
    {"nth-variant", kOff},
    {"pinned-struct-layout", kOff},
    {"public-op-break", kOff},
    {"string-dispatch", kOff},
    {"test-print", kOff},
    {"test-verdict-logged", kOff},
    {"triton-grid-axis", kOff},
    {"triton-knob-retuned", kOff},
    {"triton-launch-knob", kOff},
    {"triton-low-precision-accumulator", kOff},
    {"triton-mask-no-other", kOff},
    {"triton-unmasked-access", kOff},
    {"uncollectable-test", kOff},
};

// ../shared/spec/aiter-review-pr-checklist.md and aiter-rules-newer.md.
constexpr ChecklistEntry kAiter[] = {
    {"sibling-variant", "A1"},
    {"unchecked-dispatch-param", "B1"},
    {"triton-unmasked-access", "B2"},
    {"string-dispatch", "B3"},
    {"new-dispatch-value", "B4"},
    {"param-some-arms", "B4"},
    {"constexpr-check-disabled", "B5"},
    {"api-propagation", "B6"},
    {"param-discarded", "B6"},
    {"public-op-break", "B6"},
    {"alignment-assert", "B7"},
    {"flydsl-unbounded-buffer", "B8"},
    {"fnuz-by-arch", "C1"},
    {"fp8-max-constant", "C2"},
    {"hardcoded-dtype", "C3"},
    {"arch-literal-dispatch", "C4"},
    {"atomic-on-empty", "D1"},
    {"unbound-local", "D1b"},
    {"possibly-unbound-name", "D1b"},
    {"default-swap-without-rollback", "D2"},
    {"hipblaslt-tuning-config", "D3"},
    {"invariant-reversal", "D4"},
    {"precondition-callers", ""},
    {"backbone-duplication", "D5"},
    {"fake-impl-mismatch", "D6"},
    {"fake-impl-missing", "D7"},
    {"kernel-input-contiguity", "D8"},
    {"int32-index-overflow", "D9"},
    {"flydsl-compile-not-called", "D10"},
    {"flydsl-bitcast-without-unwrap", "D10b"},
    {"pinned-struct-layout", "D11"},
    {"aot-not-taught", "D12"},
    {"new-param-not-passed", "E2"},
    {"plugin-bridge-stale", "E3"},
    {"downstream-ci-skipped", "E4"},
    {"core-api-owner-signoff", "E5"},
    {"weight-variant-kept", "F1"},
    {"stream-without-sync", "G1"},
    {"blocking-queue-get", "G1b"},
    {"temporary-script", "HK1"},
    {"unrelated-file", "HK2"},
    {"syspath-mutation", "HK3"},
    {"nth-variant", "HK5"},
    {"incomplete-stub", "HK7"},
    {"develop-flag", "HK8"},
    {"undocumented-env-var", "HK9"},
    {"test-reference-upcast", "HK10"},
    {"new-dependency", "HK11"},
    {"uncollectable-test", "HK12"},
    {"logging-fstring", "HK13"},
    {"log-format-specifier", "HK14"},
    {"log-debug-guard", "HK15"},
    {"test-print", "HK16"},
    {"logging-basicconfig", "HK17"},
    {"failure-logged-below-warning", "HK18"},
    {"test-verdict-logged", "HK19"},
    {"perf-claim-without-numbers", "P1"},
    {"toy-benchmark-shapes", "P2"},
    {"perf-claim-not-reproducible", "P3"},
    {"tp-head-split-untested", "P4"},
    {"benchmark-timing-window", "P5"},
    {"ai-attribution", "S6"},
    {"hallucinated-symbol", "S6"},
    {"round-perf-numbers", "S6"},
    {"template-placeholder", "S6"},
    {"undefined-name", "S6"},
    {"unknown-attribute", "S6"},
    {"unconditional-recursion", "S6"},
    {"claim-without-code", "S6.3"},
    {"safety-theater", "S6.4"},
    {"test-cannot-fail", "S6.5"},
    {"magic-constant", "S6.6"},
    {"triton-mask-no-other", "T2"},
    {"triton-knob-retuned", "T3"},
    {"triton-low-precision-accumulator", "T5"},
    {"triton-grid-axis", "T6"},
    {"triton-launch-knob", "T8"},
    {"guard-removed", ""},
    {"unread-local", ""},
    {"literal-over-value", ""},
    {"sibling-name-slip", ""},
    {"unchecked-none", ""},
    {"state-restore", ""},
    {"unused-import", ""},
    {"suppression-without-reason", ""},
    {"aiter-keyword-before-merge", kOff},
    {"aiter-usage-without-pr", kOff},
    {"bugfix-without-test", kOff},
    {"cudagraph-capture", kOff},
    {"getattr-key-unset", kOff},
    {"phase-size-proxy", kOff},
    {"shared-path-scope", kOff},
};

}  // namespace

std::span<const ChecklistEntry> checklist_entries(Checklist c) {
  switch (c) {
    case Checklist::Atom: return kAtom;
    case Checklist::Aiter: return kAiter;
    case Checklist::None: return {};
  }
  return {};
}

std::optional<std::string_view> checklist_code(Checklist c, std::string_view rule) {
  std::span<const ChecklistEntry> entries = checklist_entries(c);
  auto it = std::find_if(entries.begin(), entries.end(), [&](const ChecklistEntry& e) { return e.rule == rule; });
  if (it == entries.end()) return std::nullopt;
  return it->code;
}

}  // namespace rp
