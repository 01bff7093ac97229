#include "verdict/verdict.h"

#include <algorithm>
#include <tuple>

namespace rp {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Lgtm: return "LGTM";
    case Verdict::NeedsWork: return "NEEDS WORK";
    case Verdict::Block: return "BLOCK";
  }
  return "LGTM";
}

namespace {
auto sort_key(const Finding& f) {
  std::string file = f.location ? f.location->file : std::string();
  int line = f.location ? f.location->line : 0;
  // Description-level findings (no location) come after located ones of the same severity.
  return std::make_tuple(-static_cast<int>(f.severity), !f.location.has_value(), file, line, f.rule, f.problem);
}
}  // namespace

std::vector<Finding> settle(std::vector<Finding> raw) {
  for (Finding& f : raw) {
    // The red gate: a blocker that cannot name its triggering input is only worth checking.
    if (f.severity == Severity::Red && f.trigger.empty()) f.severity = Severity::Warn;
  }
  std::stable_sort(raw.begin(), raw.end(), [](const Finding& a, const Finding& b) { return sort_key(a) < sort_key(b); });
  std::vector<Finding> out;
  for (Finding& f : raw) {
    auto same = std::find_if(out.begin(), out.end(), [&](const Finding& o) {
      return o.rule == f.rule && o.location == f.location && (o.location || o.problem == f.problem);
    });
    if (same == out.end()) {
      out.push_back(std::move(f));
      continue;
    }
    for (std::string& e : f.evidence)
      if (std::find(same->evidence.begin(), same->evidence.end(), e) == same->evidence.end())
        same->evidence.push_back(std::move(e));
  }
  return out;
}

Verdict decide(const std::vector<Finding>& settled) {
  Verdict v = Verdict::Lgtm;
  for (const Finding& f : settled) {
    if (f.severity == Severity::Red) return Verdict::Block;
    if (f.severity == Severity::Warn) v = Verdict::NeedsWork;
  }
  return v;
}

}  // namespace rp
