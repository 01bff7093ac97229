#include "rules/registry.h"

#include <algorithm>

namespace rp {

namespace {

constexpr RuleInfo kSuppressionRule{
    .name = "suppression-without-reason",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "a `review-pr: ignore[...]` comment without a reason suppresses nothing",
    .docs = "An inline suppression must say why the finding does not apply: `# review-pr: ignore[rule-name] "
            "reason` (C/C++/CUDA: `//`), at the end of the finding's line or alone on the line above. A comment "
            "with no reason is ignored, the finding it aimed at stays in the review, and this note points at the "
            "comment.\n\n"
            "Does not fire on a suppression comment that gives a reason, nor on one that names no rule with a "
            "finding on its line (an unused comment is not a defect of the PR).",
};

bool listed(const std::vector<std::string>& names, const RuleInfo& rule) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return names_rule(n, rule); });
}

}  // namespace

const RuleInfo& suppression_rule_info() { return kSuppressionRule; }

// Judged in bench/precision/judgements.tsv (true = worth a reviewer's time) on the newest PR
// heads of aiter and ATOM, and scored on the dev corpus (../shared/corpus).
const std::vector<SwitchedOff>& switched_off() {
  static const std::vector<SwitchedOff> rules = {
      {"arch-literal-dispatch", "",
       "6 of 41 judged findings true (15%; 31 noise: per-arch instance tables, tuning values and strings that "
       "pick a config file); the true ones are duplicated fp8-flavour registries, not crashes; 0 of 0 dev-corpus "
       "findings expected"},
      {"bugfix-without-test", "",
       "17 of 47 judged findings true (36%; 24 noise: GPU-only fixes only a model run reproduces, 6 false); path, "
       "test reach and file history do not separate the true ones (issue16-fresh.md); a process check"},
      {"develop-flag", "", "0 of 7 judged findings true: `develop=True` is the mode aiter's ops with aiter_tensor_t "
                           "signatures require, not a debug leftover"},
      {"guard-removed", "",
       "2 of 10 judged findings true (20%; 8 false: asserts relaxed, moved into the callee, made redundant by "
       "padding above, or dropped because the PR lifts the limitation, e.g. the kernel now takes the stride it "
       "assumed); 1 of 4 true on the fresh heads of issue16-round4.md after two rounds of fixes; no dev-corpus "
       "expectation"},
      {"incomplete-stub", "", "1 of 21 judged findings true (5%); 0 of 5 dev-corpus findings expected"},
      {"kernel-input-contiguity", "", "0 of 13 judged findings true; 0 of 5 dev-corpus findings expected"},
      {"magic-constant", "", "1 of 16 judged findings true (6%); 0 of 7 dev-corpus findings expected"},
      {"new-param-not-passed", "",
       "1 of 11 judged findings true (9%): a defaulted parameter keeps the old behaviour for every caller that "
       "omits it, so an unpassed one is an opt-in seam, not a forgotten argument"},
      {"safety-theater", "",
       "3 of 21 judged findings true (14%; 18 noise: fast paths with a fallback, advisory calls on optional "
       "collaborators, cleanup); the true ones are leftover debug try/except, not crashes; 0 of 1 dev-corpus "
       "expectation matched"},
      {"shared-path-scope", "atom",
       "1 of 8 judged ATOM findings true (12%; 7 noise: the shared-file change keeps other models' behaviour by "
       "default: an opt-in env switch, a new defaulted parameter, getattr defaults equal to the old values, an "
       "arch-independent loader fix, a stacked branch's other commits); no ATOM dev-corpus expectation"},
      {"test-print", "", "1 of 18 judged findings true (6%); 0 of 5 dev-corpus findings expected"},
      {"test-reference-upcast", "", "0 of 15 judged findings true; 0 of 6 dev-corpus findings expected"},
  };
  return rules;
}

const std::vector<SeverityFloor>& severity_floors() {
  static const std::vector<SeverityFloor> floors = {
      {"int32-index-overflow", "", Severity::Warn,
       "its notes (a runtime extent with no known value, a buffer-op offset without a widened twin) were 0 of 32 "
       "judged findings true, and 335 + 32 notes on the full aiter + ATOM histories; its reds and warns carry a "
       "computed trigger or the author's own 64-bit widening of the same index for the same tensor (a widening "
       "for another tensor is cited in a note): 1 of the dev corpus's 4 D9 locations (aiter-4113), none of the "
       "three mined PR heads whose other-tensor twins were false reds"},
  };
  return floors;
}

const SeverityFloor* severity_floor(std::string_view name, std::string_view profile) {
  for (const SeverityFloor& f : severity_floors())
    if (f.rule == name && (f.profile.empty() || f.profile == profile)) return &f;
  return nullptr;
}

bool below_floor_kept(const RuleInfo& rule, const RuleSelection& selection) {
  return listed(selection.only, rule) || listed(selection.enable, rule);
}

const SwitchedOff* switched_off_rule(std::string_view name, std::string_view profile) {
  for (const SwitchedOff& s : switched_off())
    if (s.rule == name && (s.profile.empty() || s.profile == profile)) return &s;
  return nullptr;
}

const std::vector<const RuleInfo*>& rule_infos() {
  // Built on first use: rules register during static initialisation.
  static const std::vector<const RuleInfo*> infos = [] {
    std::vector<const RuleInfo*> out;
    for (const Rule* rule : all_rules()) out.push_back(&rule->info());
    out.push_back(&kSuppressionRule);
    return out;
  }();
  return infos;
}

const RuleInfo* rule_info_of(std::string_view name) {
  for (const RuleInfo* info : rule_infos())
    if (info->name == name) return info;
  return nullptr;
}

bool names_rule(std::string_view written, const RuleInfo& rule) {
  return written == rule.name || (!rule.family.empty() && written == rule.family);
}

bool names_rule(std::string_view written, std::string_view rule) {
  if (written == rule) return true;
  const RuleInfo* info = rule_info_of(rule);
  return info && names_rule(written, *info);
}

bool rule_selected(const RuleInfo& rule, const Profile& profile, const RuleSelection& selection) {
  if (listed(selection.disable, rule)) return false;
  if (!selection.only.empty()) return listed(selection.only, rule);
  return (enabled_in(rule, profile) && !switched_off_rule(rule.name, profile.name)) || listed(selection.enable, rule);
}

}  // namespace rp
