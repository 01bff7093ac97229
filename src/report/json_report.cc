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
  j["verdict"] = std::string(verdict_name(r.verdict));
  ordered_json findings = ordered_json::array();
  for (const Finding& f : r.findings) findings.push_back(finding_json(f, r));
  j["findings"] = findings;
  ordered_json skipped = ordered_json::array();
  for (const SkippedRule& s : r.skipped) skipped.push_back({{"rule", s.rule}, {"reason", s.reason}});
  j["skipped_rules"] = skipped;
  ordered_json suppressed = ordered_json::array();
  for (const SuppressedFinding& s : r.suppressed) {
    ordered_json one = finding_json(s.finding, r);
    one["suppressed_by"] = s.by == SuppressedFinding::By::Inline ? "inline" : "baseline";
    one["reason"] = s.reason;
    suppressed.push_back(std::move(one));
  }
  j["suppressed"] = suppressed;
  // Invalid UTF-8 from a PR (bytes of a Latin-1 file) is replaced, never a throw.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp
