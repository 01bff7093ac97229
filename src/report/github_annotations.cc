#include "report/github_annotations.h"

#include "report/finding_text.h"

namespace rp {

namespace {
std::string_view command_of(Severity s) {
  switch (s) {
    case Severity::Red: return "error";
    case Severity::Warn: return "warning";
    case Severity::Note: return "notice";
  }
  return "notice";
}
}  // namespace

std::string escape_workflow_data(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string escape_workflow_property(std::string_view s) {
  std::string out;
  for (char c : escape_workflow_data(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string render_github_annotations(const Review& review) {
  std::string out;
  for (const Finding& f : review.findings) {
    std::string props;
    if (f.location) {
      props = "file=" + escape_workflow_property(f.location->file);
      if (f.location->line > 0) props += ",line=" + std::to_string(f.location->line);
      props += ",";
    }
    props += "title=" + escape_workflow_property("review-pr " + f.rule);
    out += "::" + std::string(command_of(f.severity)) + " " + props + "::" + escape_workflow_data(finding_message(f)) + "\n";
  }
  return out;
}

}  // namespace rp
