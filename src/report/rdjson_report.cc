#include "report/rdjson_report.h"

#include <nlohmann/json.hpp>

#include "core/version.h"
#include "report/finding_text.h"

namespace rp {

using ordered_json = nlohmann::ordered_json;

namespace {

std::string_view rd_severity(Severity s) {
  switch (s) {
    case Severity::Red: return "ERROR";
    case Severity::Warn: return "WARNING";
    case Severity::Note: return "INFO";
  }
  return "INFO";
}

ordered_json rd_location(const Location& l) {
  ordered_json loc;
  loc["path"] = l.file;
  if (l.line > 0) loc["range"] = {{"start", {{"line", l.line}}}};
  return loc;
}

ordered_json diagnostic(const Finding& f) {
  ordered_json d;
  d["message"] = finding_message(f);
  if (f.location) d["location"] = rd_location(*f.location);
  d["severity"] = std::string(rd_severity(f.severity));
  d["code"] = {{"value", f.rule}};
  if (!f.related.empty()) {
    ordered_json related = ordered_json::array();
    for (const Location& l : f.related) related.push_back({{"message", "related"}, {"location", rd_location(l)}});
    d["related_locations"] = std::move(related);
  }
  return d;
}

}  // namespace

std::string render_rdjson(const Review& review) {
  ordered_json doc;
  doc["source"] = {{"name", std::string(kToolName)}};
  ordered_json list = ordered_json::array();
  for (const Finding& f : review.findings) list.push_back(diagnostic(f));
  doc["diagnostics"] = std::move(list);
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp
