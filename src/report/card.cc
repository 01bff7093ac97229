#include "report/card.h"

#include <cctype>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// Step 4: one line per changed file in Tier 1/2, saying why it is backbone.
std::string render_tiers(const std::vector<FileTier>& tiers) {
  if (tiers.empty()) return {};
  std::string out = "\n**Backbone files touched (Step 4):**\n";
  for (const FileTier& t : tiers) {
    out += fmt::format("- `{}` — Tier {}: {}", t.path, t.tier, t.why);
    if (t.commits >= 0) out += fmt::format("; {} commit{} in the last {} days", t.commits, t.commits == 1 ? "" : "s", t.window_days);
    out += ".\n";
  }
  return out;
}

std::string render_finding(const Finding& f) {
  std::string out = fmt::format("{} ", severity_emoji(f.severity));
  if (f.location) {
    out += f.location->line > 0 ? fmt::format("`{}:{}` ", f.location->file, f.location->line)
                                : fmt::format("`{}` ", f.location->file);
  }
  out += ensure_period(f.problem);
  if (!f.impact.empty()) out += fmt::format(" {}", ensure_period(f.impact));
  out += fmt::format(" {}", ensure_period(bold_actor(f.action)));
  out += f.verified ? " [verified]" : " [inferred]";
  out += "\n";
  if (!f.trigger.empty()) out += fmt::format("  - Triggers when: {}\n", f.trigger);
  for (const std::string& e : f.evidence) out += fmt::format("  - `{}`\n", e);
  return out;
}

// Checklist Step 1: which red checks are the PR's, and which are not (and why).
std::string render_ci(const CiStatus& ci) {
  if (!ci.unavailable.empty()) return fmt::format("\n_CI was not classified: {}._\n", ci.unavailable);
  if (!ci.read || ci.checks == 0) return "";
  std::string pending = ci.pending ? fmt::format(", {} still running", ci.pending) : std::string();
  if (ci.failures.empty()) return fmt::format("\n_CI: {} check{}, none failed{}._\n", ci.checks, ci.checks == 1 ? "" : "s", pending);
  int own = 0;
  for (const CiFailure& f : ci.failures) own += f.blame == CiBlame::Pr;
  std::string out = fmt::format("\n**CI:** {} of {} checks failed{}: {} the PR's, {} not.\n", ci.failures.size(), ci.checks, pending, own,
                                static_cast<int>(ci.failures.size()) - own);
  for (const CiFailure& f : ci.failures) {
    std::string_view what = f.blame == CiBlame::Pr            ? "❌ the PR's"
                            : f.blame == CiBlame::InfraFlake  ? "⚪ infra flake"
                            : f.blame == CiBlame::AlsoOnMain  ? "⚪ fails on the base branch too"
                                                              : "⏳ logs expired";
    out += fmt::format("- {} — `{}` ({}): {}\n", what, f.name, f.conclusion, f.reason);
  }
  return out;
}

// Step 6's note, with what raised it.
std::string ai_risk_line(const AiRisk& risk) {
  std::vector<std::string> why = risk.table_signs;
  for (const std::string& s : risk.structural) why.push_back(s);
  std::string list;
  for (const std::string& w : why) list += (list.empty() ? "" : "; ") + w;
  std::string note = kElevatedAiRiskNote;
  note[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(note[0])));
  return fmt::format("\n📝 {} (signs: {}).\n", note, list);
}

// The rule groups this PR's type makes mandatory: which ran clean ("checked"), which have no
// implemented check. Groups with findings need no line: their findings are above.
std::string mandatory_footer(const Review& r) {
  std::string clean, uncovered, not_run;
  for (const MandatoryCheck& m : r.mandatory_checks) {
    if (m.rules_total == 0) uncovered += (uncovered.empty() ? "" : ", ") + m.group;
    else if (m.rules_run == 0) not_run += (not_run.empty() ? "" : ", ") + m.group;
    else if (m.findings == 0) clean += fmt::format("{}{} ({} check{})", clean.empty() ? "" : ", ", m.group, m.rules_run,
                                                   m.rules_run == 1 ? "" : "s");
  }
  std::string out;
  if (!clean.empty()) out += fmt::format("_Mandatory for this PR type, checked with no finding: {}._\n", clean);
  if (!not_run.empty()) out += fmt::format("_Mandatory for this PR type, not run for missing input: {}._\n", not_run);
  if (!uncovered.empty()) out += fmt::format("_Mandatory for this PR type, no automated check yet: {}._\n", uncovered);
  return out.empty() ? out : "\n" + out;
}

// "ruff" from a linter suppression's reason "reported by the repository's linter: ruff (F401, ...)".
std::string linter_name(std::string_view reason) {
  size_t colon = reason.find(": ");
  std::string_view rest = colon == std::string_view::npos ? reason : reason.substr(colon + 2);
  return std::string(rest.substr(0, rest.find(' ')));
}

// Suppressed findings are not shown, only counted (their reasons are in --format json).
std::string suppressed_line(const std::vector<SuppressedFinding>& suppressed) {
  int inline_count = 0, baseline_count = 0, linter_count = 0;
  std::set<std::string> linters;
  for (const SuppressedFinding& s : suppressed) {
    if (s.by == SuppressedFinding::By::Inline) ++inline_count;
    else if (s.by == SuppressedFinding::By::Baseline) ++baseline_count;
    else ++linter_count, linters.insert(linter_name(s.reason));
  }
  std::vector<std::string> parts;
  if (inline_count)
    parts.push_back(fmt::format("{} finding{} suppressed by `review-pr: ignore` comments", inline_count,
                                inline_count == 1 ? "" : "s"));
  if (baseline_count)
    parts.push_back(fmt::format("{} already in the baseline", baseline_count));
  if (linter_count)
    parts.push_back(fmt::format("{} left to the repository's linter ({}), which reports {} in CI", linter_count,
                                fmt::join(linters, ", "), linter_count == 1 ? "it" : "them"));
  if (parts.empty()) return "";
  std::string line = fmt::format("{}", fmt::join(parts, "; "));
  return fmt::format("\n_{} (reasons in `--format json`)._\n", line);
}

// A PR that edits the configuration is reviewed with the base's; say what its edit would turn
// off, so a reviewer sees an attempt to silence a check next to the check it would silence.
std::string config_change_lines(const ConfigChange& c) {
  if (c.file.empty()) return "";
  std::string out = fmt::format("\n_This PR changes `{}`; the review used {}.", c.file, c.used);
  if (!c.head_error.empty()) return out + fmt::format(" The PR's version does not parse: {}_\n", c.head_error);
  if (c.rules_disabled.empty() && c.findings_hidden.empty()) return out + " The change turns no check off._\n";
  out += " The change would turn off:_\n";
  for (const std::string& rule : c.rules_disabled) out += fmt::format("- rule {}\n", rule);
  for (const std::string& hidden : c.findings_hidden) out += fmt::format("- finding {}\n", hidden);
  return out;
}

// Checks whose time budget ran out (core/budget.h): not findings, and never red; a reader must
// know that a clean card did not cover them.
std::string unfinished_lines(const std::vector<UnfinishedRule>& unfinished) {
  std::string out;
  for (const UnfinishedRule& u : unfinished) {
    std::string where = u.file.empty() ? "" : fmt::format(" on `{}`", u.file);
    out += u.stopped ? fmt::format("_Did not finish: `{}`{} ran out of its time budget and stopped; its findings "
                                   "there and after are missing._\n",
                                   u.rule, where)
                     : fmt::format("_Over budget: `{}`{} took longer than its time budget; it finished, and its "
                                   "findings are complete._\n",
                                   u.rule, where);
  }
  return out;
}

}  // namespace

std::string render_finding_markdown(const Finding& f) { return render_finding(f); }

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
  out += render_ci(r.ci);
  out += render_tiers(r.tiers);
  if (r.ai_risk.elevated) out += ai_risk_line(r.ai_risk);
  out += mandatory_footer(r);
  out += suppressed_line(r.suppressed);
  out += config_change_lines(r.config_change);
  // Say what was not checked, so a clean card is not read as "checked and clean".
  int need_text = 0, need_description = 0;
  for (const SkippedRule& s : r.skipped) {
    if (s.missing == SkippedRule::Missing::Description) ++need_description;
    else ++need_text;
  }
  if (need_text || need_description || !r.unparsed_files.empty() || !r.unfinished.empty()) out += "\n";
  if (need_text)
    out += fmt::format("_Reviewed from the diff alone: {} check{} that need whole files did not run._\n", need_text,
                       need_text == 1 ? "" : "s");
  if (need_description)
    out += fmt::format("_No PR description was given: {} check{} of the description did not run._\n",
                       need_description, need_description == 1 ? "" : "s");
  if (!r.unparsed_files.empty())
    out += fmt::format("_{} file{} not parsed ({}{}; too large, or over the parse work budget): syntax checks skipped {}, line checks ran._\n",
                       r.unparsed_files.size(), r.unparsed_files.size() == 1 ? " was" : "s were",
                       "`" + r.unparsed_files.front() + "`", r.unparsed_files.size() > 1 ? ", ..." : "",
                       r.unparsed_files.size() == 1 ? "it" : "them");
  out += unfinished_lines(r.unfinished);
  return out;
}

}  // namespace rp
