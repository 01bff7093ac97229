#include "report/card.h"

#include <fmt/format.h>

#include "core/paths.h"

namespace rp {

namespace {
std::string verdict_line(Verdict v) {
  switch (v) {
    case Verdict::Lgtm: return "✅ LGTM";
    case Verdict::NeedsWork: return "⚠️ NEEDS WORK";
    case Verdict::Block: return "🔴 BLOCK";
  }
  return "";
}

// "Author must ..." → "**Author must** ..." (the checklist's house style).
std::string bold_actor(const std::string& action) {
  for (std::string_view lead : {"Author must", "Reviewer should ask"}) {
    if (action.starts_with(lead)) return fmt::format("**{}**{}", lead, action.substr(lead.size()));
  }
  return action;
}

std::string ensure_period(std::string s) {
  if (!s.empty() && s.back() != '.' && s.back() != '?' && s.back() != '!') s += '.';
  return s;
}

std::string render_finding(const Finding& f) {
  std::string out = fmt::format("{} ", severity_emoji(f.severity));
  if (f.location) {
    out += f.location->line > 0 ? fmt::format("`{}:{}` ", f.location->file, f.location->line)
                                : fmt::format("`{}` ", f.location->file);
  }
  out += ensure_period(f.problem);
  if (!f.impact.empty()) out += " " + ensure_period(f.impact);
  out += " " + ensure_period(bold_actor(f.action));
  out += f.verified ? " [verified]" : " [inferred]";
  out += "\n";
  if (!f.trigger.empty()) out += fmt::format("  - Triggers when: {}\n", f.trigger);
  for (const std::string& e : f.evidence) out += fmt::format("  - `{}`\n", e);
  return out;
}
// Suppressed findings are not shown, only counted (their reasons are in --format json).
std::string suppressed_line(const std::vector<SuppressedFinding>& suppressed) {
  int inline_count = 0, baseline_count = 0;
  for (const SuppressedFinding& s : suppressed) (s.by == SuppressedFinding::By::Inline ? inline_count : baseline_count)++;
  std::vector<std::string> parts;
  if (inline_count)
    parts.push_back(fmt::format("{} finding{} suppressed by `review-pr: ignore` comments", inline_count,
                                inline_count == 1 ? "" : "s"));
  if (baseline_count)
    parts.push_back(fmt::format("{} already in the baseline", baseline_count));
  if (parts.empty()) return "";
  std::string line = parts[0] + (parts.size() > 1 ? "; " + parts[1] : "");
  return fmt::format("\n_{} (reasons in `--format json`)._\n", line);
}
}  // namespace

std::string render_card(const Review& r) {
  std::string title = r.title.empty() ? std::string("(untitled)") : r.title;
  std::string number = r.number ? fmt::format(" #{}", *r.number) : std::string();
  std::string heading = r.heading.empty() ? std::string() : r.heading + " ";
  std::string out = fmt::format("## {}PR{} — {}\n\n", heading, number, title);
  out += fmt::format("**{}**\n\n", r.summary);
  out += verdict_line(r.verdict) + "\n";
  if (!r.findings.empty()) {
    out += "\n";
    for (const Finding& f : r.findings) out += render_finding(f);
  }
  out += suppressed_line(r.suppressed);
  // Say what was not checked, so a clean card is not read as "checked and clean".
  int need_text = 0, need_description = 0;
  for (const SkippedRule& s : r.skipped) {
    if (s.missing == SkippedRule::Missing::Description) ++need_description;
    else ++need_text;
  }
  if (need_text || need_description) out += "\n";
  if (need_text)
    out += fmt::format("_Reviewed from the diff alone: {} check{} that need whole files did not run._\n", need_text,
                       need_text == 1 ? "" : "s");
  if (need_description)
    out += fmt::format("_No PR description was given: {} check{} of the description did not run._\n",
                       need_description, need_description == 1 ? "" : "s");
  return out;
}

}  // namespace rp
