#include "report/concise_report.h"

#include <algorithm>
#include <map>
#include <vector>

#include <fmt/format.h>

namespace rp {

namespace {
// One physical line: a problem never spans lines in this form.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) out += (c == '\n' || c == '\r') ? ' ' : c;
  return out;
}
}  // namespace

std::string render_concise(const Review& review) {
  std::string out;
  for (const Finding& f : review.findings) {
    std::string place = !f.location              ? std::string("(description)")
                        : f.location->line > 0 ? fmt::format("{}:{}", f.location->file, f.location->line)
                                               : f.location->file;
    out += fmt::format("{}: {} {}: {}\n", place, severity_name(f.severity), f.rule, one_line(f.problem));
  }
  return out;
}

std::string render_statistics(const Review& review) {
  struct Count {
    int total = 0;
    std::map<Severity, int> by_severity;
  };
  std::map<std::string, Count> counts;
  for (const Finding& f : review.findings) {
    Count& c = counts[f.rule];
    ++c.total;
    ++c.by_severity[f.severity];
  }
  std::vector<std::pair<std::string, Count>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.total > b.second.total; });
  size_t width = 4;
  for (const auto& [rule, c] : rows) width = std::max(width, rule.size());
  std::string out;
  for (const auto& [rule, c] : rows) {
    std::string severities;
    for (Severity s : {Severity::Red, Severity::Warn, Severity::Note}) {
      auto it = c.by_severity.find(s);
      if (it == c.by_severity.end()) continue;
      if (!severities.empty()) severities += ", ";
      severities += fmt::format("{} {}", it->second, severity_name(s));
    }
    out += fmt::format("{:>5}  {:<{}}  {}\n", c.total, rule, width, severities);
  }
  int total = static_cast<int>(review.findings.size());
  out += fmt::format("{:>5}  {:<{}}  verdict {}\n", total, "total", width, verdict_name(review.verdict));
  return out;
}

}  // namespace rp
