#include "report/rules_doc.h"

#include <fmt/format.h>

#include "rules/registry.h"

namespace rp {

namespace {
std::string codes_of(const RuleInfo& r) {
  auto show = [](std::string_view c) { return c == kOff ? std::string("off") : c.empty() ? std::string("—") : std::string(c); };
  return fmt::format("atom: {}, aiter: {}", show(checklist_code(Checklist::Atom, r.name).value_or("")),
                     show(checklist_code(Checklist::Aiter, r.name).value_or("")));
}

std::string_view needs_name(Needs n) {
  switch (n) {
    case Needs::Description: return "PR description";
    case Needs::Diff: return "diff";
    case Needs::FullText: return "whole files (--repo)";
  }
  return "";
}
std::string floor_text(const SeverityFloor& f, std::string_view before, std::string_view after) {
  return fmt::format("{}By default{} only its {} and higher findings are reported ({}); `--enable {}` shows all.{}",
                     before, f.profile.empty() ? "" : fmt::format(" in {}", f.profile), severity_name(f.floor), f.why,
                     f.rule, after);
}
}  // namespace

std::string render_rule_text(const RuleInfo& r) {
  std::string out = fmt::format("{} [{}, {}; {}; reads: {}]\n  {}\n", r.name, category_name(r.category),
                       severity_name(r.severity), codes_of(r), needs_name(r.needs), r.summary);
  for (const SwitchedOff& off : switched_off())
    if (off.rule == r.name)
      out += fmt::format("  Off by default{} ({}); `--enable {}` runs it.\n",
                         off.profile.empty() ? "" : fmt::format(" in {}", off.profile), off.why, r.name);
  for (const SeverityFloor& f : severity_floors())
    if (f.rule == r.name) out += floor_text(f, "  ", "\n");
  std::string_view docs = r.docs;
  while (!docs.empty()) {
    size_t nl = docs.find('\n');
    std::string_view line = docs.substr(0, nl);
    out += line.empty() ? "\n" : fmt::format("  {}\n", line);
    if (nl == std::string_view::npos) break;
    docs.remove_prefix(nl + 1);
  }
  return out;
}

std::string render_rules_text() {
  std::string out;
  for (const RuleInfo* info : rule_infos()) out += render_rule_text(*info) + "\n";
  return out;
}

std::string render_rules_markdown() {
  std::string out = "# review-pr rules\n\n| rule | category | severity | codes | reads |\n|---|---|---|---|---|\n";
  for (const RuleInfo* info : rule_infos()) {
    const RuleInfo& r = *info;
    out += fmt::format("| [`{}`](#{}) | {} | {} | {} | {} |\n", r.name, r.name, category_name(r.category),
                       severity_name(r.severity), codes_of(r), needs_name(r.needs));
  }
  for (const RuleInfo* info : rule_infos()) {
    const RuleInfo& r = *info;
    std::string off;
    for (const SwitchedOff& o : switched_off())
      if (o.rule == r.name)
        off += fmt::format("\n\nOff by default{} ({}); `--enable {}` runs it.",
                           o.profile.empty() ? "" : fmt::format(" in {}", o.profile), o.why, r.name);
    for (const SeverityFloor& f : severity_floors())
      if (f.rule == r.name) off += floor_text(f, "\n\n", "");
    out += fmt::format("\n## {}\n\n{}{}\n\n{}\n", r.name, r.summary, off, r.docs);
  }
  return out;
}

}  // namespace rp
