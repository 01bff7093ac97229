#include "report/sarif_report.h"

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/version.h"
#include "report/finding_text.h"
#include "rules/registry.h"

namespace rp {

using ordered_json = nlohmann::ordered_json;

namespace {

constexpr const char* kSchemaUri = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr const char* kFingerprintKey = "reviewPr/v1";

ordered_json text_of(std::string_view text) { return {{"text", std::string(text)}}; }

ordered_json descriptor(const RuleInfo& r) {
  ordered_json d;
  d["id"] = std::string(r.name);
  d["shortDescription"] = text_of(r.summary);
  d["fullDescription"] = text_of(r.summary);
  d["help"] = {{"text", std::string(r.docs)}, {"markdown", std::string(r.docs)}};
  d["defaultConfiguration"] = {{"level", std::string(sarif_level(r.severity))}};
  d["properties"] = {{"category", std::string(category_name(r.category))},
                     {"tags", ordered_json::array({"review-pr", std::string(category_name(r.category))})}};
  return d;
}

ordered_json physical(const Location& l) {
  ordered_json p;
  p["artifactLocation"] = {{"uri", l.file}, {"uriBaseId", "%SRCROOT%"}};
  if (l.line > 0) p["region"] = {{"startLine", l.line}};
  return {{"physicalLocation", p}};
}

// Rules in the driver: every registered rule, then the stage rule; index by name.
struct RuleTable {
  ordered_json descriptors = ordered_json::array();
  std::map<std::string, int> index;
  void add(const RuleInfo& r) {
    index.emplace(std::string(r.name), static_cast<int>(descriptors.size()));
    descriptors.push_back(descriptor(r));
  }
};

RuleTable rule_table(const Review& review) {
  RuleTable t;
  for (const RuleInfo* info : rule_infos()) t.add(*info);
  auto add_unknown = [&](const Finding& f) {
    if (t.index.count(f.rule)) return;
    t.index.emplace(f.rule, static_cast<int>(t.descriptors.size()));
    t.descriptors.push_back({{"id", f.rule}});
  };
  for (const Finding& f : review.findings) add_unknown(f);
  for (const SuppressedFinding& s : review.suppressed) add_unknown(s.finding);
  return t;
}

ordered_json result_of(const Finding& f, const Review& review, const RuleTable& rules) {
  ordered_json r;
  r["ruleId"] = f.rule;
  r["ruleIndex"] = rules.index.at(f.rule);
  r["level"] = std::string(sarif_level(f.severity));
  r["message"] = text_of(finding_message(f));
  if (f.location) r["locations"] = ordered_json::array({physical(*f.location)});
  if (!f.related.empty()) {
    ordered_json related = ordered_json::array();
    int id = 1;
    for (const Location& l : f.related) {
      ordered_json loc = physical(l);
      loc["id"] = id++;
      loc["message"] = text_of(l.line > 0 ? fmt::format("related: {}:{}", l.file, l.line) : fmt::format("related: {}", l.file));
      related.push_back(std::move(loc));
    }
    r["relatedLocations"] = std::move(related);
  }
  if (!f.fingerprint.empty()) r["partialFingerprints"] = {{kFingerprintKey, f.fingerprint}};
  ordered_json props;
  props["severity"] = std::string(severity_name(f.severity));
  if (auto code = review.codes.find(f.rule); code != review.codes.end()) props["checklistCode"] = code->second;
  props["verified"] = f.verified;
  if (!f.trigger.empty()) props["trigger"] = f.trigger;
  props["evidence"] = f.evidence;
  r["properties"] = std::move(props);
  return r;
}

ordered_json notification_of(const Finding& f, const RuleTable& rules) {
  ordered_json n;
  n["message"] = text_of(finding_message(f));
  n["level"] = std::string(sarif_level(f.severity));
  n["associatedRule"] = {{"id", f.rule}, {"index", rules.index.at(f.rule)}};
  ordered_json props;
  props["severity"] = std::string(severity_name(f.severity));
  if (!f.fingerprint.empty()) props["fingerprint"] = f.fingerprint;
  props["evidence"] = f.evidence;
  n["properties"] = std::move(props);
  return n;
}

}  // namespace

std::string render_sarif(const Review& review) {
  RuleTable rules = rule_table(review);
  ordered_json results = ordered_json::array();
  // GitHub code scanning rejects a whole file when one result has no location: findings about
  // the PR description are notifications of the invocation instead.
  ordered_json notifications = ordered_json::array();
  for (const Finding& f : review.findings) {
    if (f.location) results.push_back(result_of(f, review, rules));
    else notifications.push_back(notification_of(f, rules));
  }
  for (const SuppressedFinding& s : review.suppressed) {
    if (s.by != SuppressedFinding::By::Inline) continue;
    ordered_json r = result_of(s.finding, review, rules);
    r["suppressions"] = ordered_json::array({{{"kind", "inSource"}, {"justification", s.reason}}});
    results.push_back(std::move(r));
  }

  ordered_json driver;
  driver["name"] = std::string(kToolName);
  driver["version"] = std::string(tool_version());
  driver["semanticVersion"] = std::string(tool_version());
  driver["rules"] = std::move(rules.descriptors);

  ordered_json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["originalUriBaseIds"] = {{"%SRCROOT%", {{"description", text_of("the repository root")}}}};
  run["invocations"] = ordered_json::array({{{"executionSuccessful", true}, {"toolExecutionNotifications", std::move(notifications)}}});
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  ordered_json props = {{"profile", review.profile}, {"verdict", std::string(verdict_name(review.verdict))}};
  if (!review.base_rev.empty()) props["base"] = review.base_rev;
  if (!review.head_rev.empty()) props["head"] = review.head_rev;
  run["properties"] = std::move(props);

  ordered_json log;
  log["$schema"] = kSchemaUri;
  log["version"] = "2.1.0";
  log["runs"] = ordered_json::array({std::move(run)});
  return log.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp
