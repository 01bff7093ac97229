#include "rules/rule.h"

#include <algorithm>

#include "core/budget.h"

namespace rp {

Finding Rule::finding() const {
  Finding f;
  f.rule = std::string(info().name);
  f.severity = info().severity;
  return f;
}

void FileRule::check(const ReviewContext& ctx, std::vector<Finding>& out) const {
  std::unique_ptr<State> state = start(ctx);
  for (const FileChange& f : ctx.pr.changes.files) {
    budget::begin_file(f.path());
    judge(ctx, state.get(), f, out);
    if (budget::exhausted()) return;
  }
  finish(ctx, state.get(), out);
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
  return checklist_code(profile.checklist, rule.name).value_or("");
}
}  // namespace

bool enabled_in(const RuleInfo& rule, const Profile& profile) { return raw_code(rule, profile) != kOff; }

std::optional<std::string> code_in(const RuleInfo& rule, const Profile& profile) {
  std::string_view code = raw_code(rule, profile);
  if (code.empty() || code == kOff) return std::nullopt;
  return std::string(code);
}

}  // namespace rp
