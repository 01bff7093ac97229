#include "rules/runner.h"

namespace rp {

RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection, std::chrono::milliseconds per_file) {
  RuleRun run;
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    if (!rule_selected(info, ctx.profile, selection)) continue;
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
    budget::start_rule(per_file);
    rule->check(ctx, found);
    if (auto outcome = budget::finish_rule())
      run.unfinished.push_back({std::string(info.name), outcome->file, outcome->stopped});
    const SeverityFloor* floor = below_floor_kept(info, selection) ? nullptr : severity_floor(info.name, ctx.profile.name);
    for (Finding& f : found) {
      if (floor && f.severity < floor->floor) continue;
      if (f.rule.empty()) f.rule = std::string(info.name);
      run.findings.push_back(std::move(f));
    }
  }
  return run;
}

}  // namespace rp
