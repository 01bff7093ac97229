#include "rules/rule.h"

#include <algorithm>

namespace rp {

std::string_view category_name(Category c) {
  switch (c) {
    case Category::Coverage: return "coverage";
    case Category::SilentBypass: return "silent-bypass";
    case Category::Hardcoded: return "hardcoded";
    case Category::Boundary: return "boundary";
    case Category::CrossRepo: return "cross-repo";
    case Category::Resources: return "resources";
    case Category::Streams: return "streams";
    case Category::Perf: return "perf";
    case Category::Housekeeping: return "housekeeping";
    case Category::AiDiagnostic: return "ai-diagnostic";
  }
  return "";
}

Finding Rule::finding() const {
  Finding f;
  f.rule = std::string(info().name);
  f.severity = info().severity;
  return f;
}

namespace {
std::vector<std::unique_ptr<Rule>>& storage() {
  static std::vector<std::unique_ptr<Rule>> rules;
  return rules;
}
std::vector<const Rule*>& sorted_view() {
  static std::vector<const Rule*> view;
  return view;
}
}  // namespace

detail::RuleRegistrar::RuleRegistrar(std::unique_ptr<Rule> rule) {
  storage().push_back(std::move(rule));
  auto& view = sorted_view();
  view.clear();
  for (const auto& r : storage()) view.push_back(r.get());
  std::sort(view.begin(), view.end(), [](const Rule* a, const Rule* b) { return a->info().name < b->info().name; });
}

const std::vector<const Rule*>& all_rules() { return sorted_view(); }

const Rule* find_rule(std::string_view name) {
  for (const Rule* r : all_rules())
    if (r->info().name == name) return r;
  return nullptr;
}

}  // namespace rp

namespace rp {

namespace {
std::string_view raw_code(const RuleInfo& rule, const Profile& profile) {
  if (profile.name == "atom") return rule.codes.atom;
  if (profile.name == "aiter") return rule.codes.aiter;
  return "";
}
}  // namespace

bool enabled_in(const RuleInfo& rule, const Profile& profile) { return raw_code(rule, profile) != kOff; }

std::optional<std::string> code_in(const RuleInfo& rule, const Profile& profile) {
  std::string_view code = raw_code(rule, profile);
  if (code.empty() || code == kOff) return std::nullopt;
  return std::string(code);
}

}  // namespace rp
