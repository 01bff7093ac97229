#include "verdict/ai_risk.h"

#include <algorithm>

#include "text/description.h"

namespace rp {

namespace {
// The mechanism vocabulary is English: a body that is largely another script (a Chinese
// explanation) is not judged on it.
bool mostly_english(const std::string& body) {
  std::size_t high = 0;
  for (unsigned char ch : body) high += ch >= 0x80;
  return body.empty() || high * 10 < body.size();
}

void add_distinct(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}
}  // namespace

AiRisk assess_ai_risk(const PullRequest& pr, const PrClassification& c, const std::vector<Finding>& findings,
                      const std::map<std::string, std::string>& codes) {
  AiRisk r;
  if (pr.meta.has_description) {
    text::DescriptionFacts d = text::analyse_description(pr.meta.title, pr.meta.body);
    if (c.runtime_surface && d.word_count > 0 && !d.explains_why && mostly_english(pr.meta.body)) add_distinct(r.table_signs, "description says what, not why");
    if (!d.round_ratio_numbers.empty()) add_distinct(r.table_signs, "suspiciously clean perf numbers");
    if (d.screenshots_only) add_distinct(r.table_signs, "perf shown only as screenshots");
    for (const std::string& s : d.unfilled_sections)
      if (s == "Test Plan" || s == "Test Result") add_distinct(r.table_signs, "Test Plan/Test Result left as template");
    if (!d.ai_attribution.empty()) add_distinct(r.table_signs, "AI attribution footer");
  }
  for (const Finding& f : findings) {
    auto it = codes.find(f.rule);
    std::string code = it == codes.end() ? std::string() : it->second;
    if (code.starts_with("S6.")) add_distinct(r.structural, f.rule);
    if (f.rule == "toy-benchmark-shapes") add_distinct(r.table_signs, "benchmark covers only toy shapes");
    if (f.rule == "syspath-mutation") add_distinct(r.table_signs, "module-level sys.path mutation");
    if (code == "D2") add_distinct(r.table_signs, "new default path without a rollback env var");
    if (code == "HK2") add_distinct(r.table_signs, "unrelated files committed");
    if (code == "B1") add_distinct(r.table_signs, "gated-off parameter silently ignored");
  }
  r.elevated = r.table_signs.size() >= 3 || !r.structural.empty();
  return r;
}

}  // namespace rp
