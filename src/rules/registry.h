// The one list of rules a user may name: every registered rule and the suppression stage's
// own rule. Selection (run_rules, the card's mandatory checks, the suppression notes),
// `review-pr rules`, SARIF metadata and configuration validation all read it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "profile/profile.h"
#include "rules/rule.h"

namespace rp {

struct RuleSelection {
  std::vector<std::string> only;     // when non-empty, run just these rules
  std::vector<std::string> disable;  // never run these
  std::vector<std::string> enable;   // also run these where the profile turns them off
};

// The suppression stage's own rule (verdict/suppress.h): a suppression comment without a
// reason (a note).
const RuleInfo& suppression_rule_info();
// Every rule name a user may write (config, --rule, SARIF metadata, `review-pr rules`): the
// registered rules sorted by name, then the suppression stage's own.
const std::vector<const RuleInfo*>& rule_infos();
// The info of one of those names; null for any other name.
const RuleInfo* rule_info_of(std::string_view name);

// A rule switched off by default because its measured precision on real PR heads is far
// below the bar (Tricorder's rule: an analyzer whose findings are mostly not useful is turned
// off, not shown in smaller type). It still runs when named: --enable, --rule, or the
// configuration's rules.enable. `why` is the measurement, shown by `review-pr rules`.
struct SwitchedOff {
  std::string_view rule;
  std::string_view profile;  // "" = every profile
  std::string_view why;
};
const std::vector<SwitchedOff>& switched_off();
// The measurement that switched `name` off in `profile` ("" = in every profile), or nullptr
// when it runs there by default.
const SwitchedOff* switched_off_rule(std::string_view name, std::string_view profile = "");

// A rule whose low-severity findings are measured noise while its higher ones are not: by
// default it runs and reports only findings at `floor` or above; named (--enable, --rule, the
// configuration's rules.enable) it reports everything. `why` is the measurement.
struct SeverityFloor {
  std::string_view rule;
  std::string_view profile;  // "" = every profile
  Severity floor;
  std::string_view why;
};
const std::vector<SeverityFloor>& severity_floors();
// The floor `name` reports from in `profile` when nobody named it; nullptr when it has none.
const SeverityFloor* severity_floor(std::string_view name, std::string_view profile = "");
// Whether a review with this selection keeps `rule`'s findings below its floor (it named it).
bool below_floor_kept(const RuleInfo& rule, const RuleSelection& selection);

// Whether a rule name as a user wrote it (configuration, --rule/--enable/--disable, a
// suppression comment) names rule `rule`: its own name, or the family name of a rule split
// from the one the user named (api-propagation names param-discarded, ...).
bool names_rule(std::string_view written, std::string_view rule);
bool names_rule(std::string_view written, const RuleInfo& rule);

// Whether `rule` runs in a review with this profile and selection: `only` (when given)
// names it, or else the profile turns it on (and measurement did not switch it off) or
// `enable` names it; `disable` never names it.
bool rule_selected(const RuleInfo& rule, const Profile& profile, const RuleSelection& selection);

}  // namespace rp
