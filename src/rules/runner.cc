#include "rules/runner.h"

#include <algorithm>

namespace rp {

namespace {
bool listed(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}
}  // namespace

RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection) {
  RuleRun run;
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    if (!selection.only.empty() && !listed(selection.only, info.name)) continue;
    if (listed(selection.disable, info.name)) continue;
    if (selection.only.empty() && !enabled_in(info, ctx.profile) && !listed(selection.enable, info.name)) continue;
    if (info.needs == Needs::Description && !ctx.pr.meta.has_description) {
      run.skipped.push_back({std::string(info.name), SkippedRule::Missing::Description,
                             "needs the PR description; give --meta (gh pr view --json ...)"});
      continue;
    }
    if (info.needs == Needs::FullText && !ctx.workspace.has_full_text()) {
      run.skipped.push_back({std::string(info.name), SkippedRule::Missing::WholeFiles,
                             "needs whole-file text; only a diff was given (use --repo)"});
      continue;
    }
    std::vector<Finding> found;
    rule->check(ctx, found);
    for (Finding& f : found) {
      if (f.rule.empty()) f.rule = std::string(info.name);
      run.findings.push_back(std::move(f));
    }
  }
  return run;
}

}  // namespace rp
