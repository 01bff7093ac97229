// `review-pr eval`: reviews every case of a corpus (through git with full context when a
// clone of the case's repository is given, else from the case's pr.diff; the case's
// title/body/number are the PR description), matches the findings against the case's
// expectations and traps, and reports per-rule precision/recall with the misses and false
// alarms listed.
//
// Matching (one finding matches at most one expected entry and vice versa; a maximum
// matching, closest lines preferred):
// - the finding's rule has, in the case's profile, exactly the expected checklist code
//   (several rules may share a code: any of them matches);
// - expected file + line: same file, head line within ±5 (a whole-file finding, line 0, is
//   not near a given line); expected file + no line: any finding in that file;
//   expected without file (about the description): only a finding without location. A
//   located finding of the same rule does not stand in for a description-level expectation:
//   it says something else (a file problem), and crediting it would hide a missing
//   description check.
// - A code no rule has in that profile is "unsupported": listed in its own rows and kept out
//   of the precision/recall of implemented rules; overall recall is reported both ways.
// Findings that match no expected entry: a trap hit when they match a must_not_fire entry
// (same code mapping; same file and line ±5, any line when the trap has no line, anywhere
// when it has no file); on a negative case a red finding is a false alarm and the others are
// ungraded (graders count negatives on red only); elsewhere an "unexpected" finding.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.h"
#include "core/status.h"
#include "eval/eval_case.h"
#include "rules/registry.h"

namespace rp {

struct EvalOptions {
  std::map<std::string, std::string> repos;  // "ROCm/aiter" → path of a clone (bare is fine)
  std::vector<std::string> only;             // case ids to run; empty = all
  // Reviews at once: > 1 reviews each case in its own child process (batch/process_pool.h);
  // the report is the same as with 1 (in-process, one after the other).
  int jobs = 1;
  double timeout_seconds = 600;  // per case, with jobs > 1
  RuleSelection rules;           // --rule / --enable: score one rule, or one switched off by default
};

// Located: matched a location-only expectation (`"rule": null`, mined cases): any rule at
// the expected file within ±5 lines (any line when the expectation has none).
enum class Judgement { Matched, Unexpected, FalseAlarm, TrapHit, Ungraded, Located };
std::string_view judgement_name(Judgement j);

struct JudgedFinding {
  Finding finding;
  std::string code;     // the rule's code in the case's profile ("" = none)
  Judgement judgement = Judgement::Unexpected;
  int expected = -1;    // index into EvalCase::expected when Matched
  int trap = -1;        // index into EvalCase::must_not_fire when TrapHit
};

struct ExpectedOutcome {
  std::vector<std::string> rules;  // rules whose code in this profile is the expected code; empty = unsupported
  int finding = -1;                // index into CaseOutcome::findings when matched
  bool location_only = false;      // the expectation has no code: any rule matches (never "unsupported")
};

struct CaseOutcome {
  std::vector<JudgedFinding> findings;
  std::vector<ExpectedOutcome> expected;  // parallel to EvalCase::expected
};

// The matching alone (no review): `rule_codes` maps each rule name to its code in the case's
// profile (as Review::codes does). Deterministic for a given finding order.
CaseOutcome match_case(const EvalCase& c, const std::vector<Finding>& findings,
                       const std::map<std::string, std::string>& rule_codes);

struct CaseRun {
  EvalCase c;
  std::string profile;
  std::string source;  // "git" | "diff" | "description" (no code change available)
  std::string note;    // why git was not used when a clone was given, or ""
  std::vector<std::string> skipped_rules;  // rules that could not run (sorted)
  std::map<std::string, std::string> rule_codes;
  CaseOutcome outcome;
};

struct RuleRow {
  std::string rule;   // a rule name; "a | b" for a missed code several rules share
  std::string codes;  // "D1b", "atom:S6 aiter:HK3", "aiter:E4"
  int expected = 0, found = 0, tp = 0, fn = 0, unexpected = 0, false_alarms = 0, traps = 0, ungraded = 0;
  int located = 0;  // findings that matched a location-only expectation (not in tp, precision or recall)
};

// One (source, split) cell of the split table: mined cases side by side.
struct SplitStats {
  int cases = 0, positive = 0, negative = 0;
  int locations = 0, located = 0;  // location-only expectations; those a finding matched
  int findings = 0, red = 0;       // all findings; red ones
  int negatives_with_red = 0;      // negative cases with at least one red finding
};

struct EvalTotals {
  int cases = 0, positive = 0, negative = 0, description_only = 0;
  int negatives_with_red = 0;  // negative cases with at least one red false alarm
  int expected = 0, expected_implemented = 0, unsupported = 0;
  int found = 0, tp = 0, fn = 0, unexpected = 0, false_alarms = 0, traps = 0, ungraded = 0;
  int locations = 0, located = 0;  // location-only expectations (kept out of `expected`); matched ones
};

struct EvalReport {
  std::vector<CaseRun> runs;           // ordered by case id
  std::vector<CaseLoadError> errors;   // cases that could not be loaded or reviewed
  std::vector<RuleRow> rows;           // implemented rules, by name
  std::vector<RuleRow> unsupported;    // by code
  EvalTotals totals;
  // Cases that carry a split, by source ("all" = every source) then split ("tune",
  // "validate"). Empty when no case has a split: the report then reads as before.
  std::map<std::string, std::map<std::string, SplitStats>> splits;
};

// Runs the selected cases. Fails (one line) on a --repo that cannot be opened or a case id
// in `only` that the set does not hold; a case whose review fails is recorded in `errors`.
Result<EvalReport> evaluate(const CaseSet& set, const EvalOptions& options);

std::string render_eval_text(const EvalReport& report);
std::string render_eval_json(const EvalReport& report);

}  // namespace rp
