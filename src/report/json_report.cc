#include "report/json_report.h"

#include <nlohmann/json.hpp>

namespace rp {

using ordered_json = nlohmann::ordered_json;

namespace {
ordered_json or_null(const std::string& s) { return s.empty() ? ordered_json(nullptr) : ordered_json(s); }

ordered_json finding_json(const Finding& f, const Review& r) {
  ordered_json j;
  j["rule"] = f.rule;
  auto code = r.codes.find(f.rule);
  j["code"] = code == r.codes.end() ? ordered_json(nullptr) : ordered_json(code->second);
  j["severity"] = std::string(severity_name(f.severity));
  j["file"] = f.location ? ordered_json(f.location->file) : ordered_json(nullptr);
  j["line"] = f.location && f.location->line > 0 ? ordered_json(f.location->line) : ordered_json(nullptr);
  j["problem"] = f.problem;
  j["impact"] = f.impact;
  j["action"] = f.action;
  j["evidence"] = f.evidence;
  j["verified"] = f.verified;
  j["trigger"] = or_null(f.trigger);
  j["fingerprint"] = or_null(f.fingerprint);
  ordered_json related = ordered_json::array();
  for (const Location& l : f.related) related.push_back({{"file", l.file}, {"line", l.line}});
  j["related"] = related;
  return j;
}
ordered_json ci_json(const CiStatus& ci) {
  ordered_json j;
  j["read"] = ci.read;
  j["unavailable"] = or_null(ci.unavailable);
  j["checks"] = ci.checks;
  j["passed"] = ci.passed;
  j["pending"] = ci.pending;
  ordered_json failures = ordered_json::array();
  for (const CiFailure& f : ci.failures)
    failures.push_back({{"name", f.name}, {"conclusion", f.conclusion}, {"blame", std::string(ci_blame_name(f.blame))},
                        {"reason", f.reason}, {"url", or_null(f.url)}});
  j["failures"] = failures;
  return j;
}
ordered_json classification_json(const PrClassification& c) {
  ordered_json j;
  ordered_json types = ordered_json::array();
  for (const PrType& t : c.types) types.push_back({{"type", t.id}, {"why", t.why}});
  j["types"] = types;
  j["archs"] = c.archs;
  j["dtypes"] = c.dtypes;
  j["phases"] = c.phases;
  j["ops"] = c.ops;
  j["model_families"] = c.model_families;
  j["runtime_surface"] = c.runtime_surface;
  j["test_targets"] = c.test_targets;
  j["perf_harness"] = or_null(c.perf_harness);
  j["perf_claim_words"] = c.perf_claim_words;
  j["explains_why"] = c.explains_why;
  j["real_code_lines"] = c.real_code_lines;
  j["comment_lines"] = c.comment_lines;
  return j;
}
}  // namespace

std::string render_json(const Review& r) {
  ordered_json j;
  j["schema_version"] = 1;
  j["tool"] = "review-pr";
  j["profile"] = r.profile;
  ordered_json pr;
  pr["number"] = r.number ? ordered_json(*r.number) : ordered_json(nullptr);
  pr["title"] = r.title;
  pr["base"] = or_null(r.base_rev);
  pr["head"] = or_null(r.head_rev);
  pr["files_changed"] = r.files_changed;
  pr["lines_added"] = r.lines_added;
  pr["lines_removed"] = r.lines_removed;
  j["pr"] = pr;
  j["summary"] = r.summary;
  j["classification"] = classification_json(r.classification);
  ordered_json mandatory = ordered_json::array();
  for (const MandatoryCheck& m : r.mandatory_checks)
    mandatory.push_back({{"group", m.group}, {"rules_total", m.rules_total}, {"rules_run", m.rules_run}, {"findings", m.findings}});
  j["mandatory_checks"] = mandatory;
  j["ai_risk"] = {{"elevated", r.ai_risk.elevated},
                  {"table_signs", r.ai_risk.table_signs},
                  {"structural_checks", r.ai_risk.structural},
                  {"note", r.ai_risk.elevated ? ordered_json(kElevatedAiRiskNote) : ordered_json(nullptr)}};
  j["verdict"] = std::string(verdict_name(r.verdict));
  ordered_json findings = ordered_json::array();
  for (const Finding& f : r.findings) findings.push_back(finding_json(f, r));
  j["findings"] = findings;
  ordered_json skipped = ordered_json::array();
  for (const SkippedRule& s : r.skipped) skipped.push_back({{"rule", s.rule}, {"reason", s.reason}});
  j["skipped_rules"] = skipped;
  j["unparsed_files"] = r.unparsed_files;
  // Only when a rule's time budget ran out: the output of every other review stays as it was.
  if (!r.unfinished.empty()) {
    ordered_json unfinished = ordered_json::array();
    for (const UnfinishedRule& u : r.unfinished)
      unfinished.push_back({{"rule", u.rule}, {"file", u.file}, {"stopped", u.stopped}});
    j["unfinished_rules"] = unfinished;
  }
  ordered_json tiers = ordered_json::array();
  for (const FileTier& t : r.tiers) {
    ordered_json e{{"path", t.path}, {"tier", t.tier}, {"why", t.why}};
    if (t.commits >= 0) e["commits"] = t.commits, e["window_days"] = t.window_days;
    tiers.push_back(e);
  }
  j["backbone_files"] = tiers;
  if (r.ci.read || !r.ci.unavailable.empty()) j["ci"] = ci_json(r.ci);
  ordered_json suppressed = ordered_json::array();
  for (const SuppressedFinding& s : r.suppressed) {
    ordered_json one = finding_json(s.finding, r);
    one["suppressed_by"] = s.by == SuppressedFinding::By::Inline     ? "inline"
                           : s.by == SuppressedFinding::By::Baseline ? "baseline"
                                                                     : "linter";
    one["reason"] = s.reason;
    suppressed.push_back(std::move(one));
  }
  j["suppressed"] = suppressed;
  // Only when the PR changes the configuration file (the review used the base's).
  if (!r.config_change.file.empty())
    j["config_change"] = {{"file", r.config_change.file},
                          {"rules_disabled", r.config_change.rules_disabled},
                          {"findings_hidden", r.config_change.findings_hidden},
                          {"head_error", or_null(r.config_change.head_error)}};
  // Invalid UTF-8 from a PR (bytes of a Latin-1 file) is replaced, never a throw.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp
