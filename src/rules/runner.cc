#include "rules/runner.h"

#include "workspace/read_ahead.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace rp {

namespace {
// Source bytes of other files' trees the file-major run keeps between files (trees take about
// 45 times their source with what hangs on them: ~90 MB).
constexpr size_t kOtherFilesBytes = size_t(2) << 20;

// One selected rule's run: what it found and how its budget ended, kept apart so the run's
// findings are each rule's in registry order, whatever order the rules ran in.
struct Slot {
  const Rule* rule = nullptr;
  const FileRule* per_file = nullptr;  // null: a whole-PR rule
  std::vector<Finding> found;
  std::optional<budget::Outcome> outcome;
  budget::Paused clock;  // a file rule's budget between its files
  std::unique_ptr<FileRule::State> state;
};
}  // namespace

RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection, std::chrono::milliseconds per_file,
                  size_t read_ahead) {
  RuleRun run;
  std::vector<Slot> slots;
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
    slots.push_back({rule, dynamic_cast<const FileRule*>(rule), {}, std::nullopt, {}, nullptr});
  }
  bool any_per_file = std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.per_file != nullptr; });
  // The read-ahead thread starts now, so the first files are parsed while the whole-PR rules
  // run, and stops when the file rules are done (also when a rule throws).
  struct StopReadAhead {
    Workspace& ws;
    ~StopReadAhead() { stop_read_ahead(ws); }
  } stop_guard{ctx.workspace};
  if (any_per_file && read_ahead > 0) start_read_ahead(ctx.workspace, ctx.pr.changes.files, read_ahead);
  // Whole-PR rules first, each over the whole PR, as they were written.
  for (Slot& s : slots) {
    if (s.per_file) continue;
    budget::start_rule(per_file);
    s.rule->check(ctx, s.found);
    s.outcome = budget::finish_rule();
  }
  // Then file-major: each file to every file rule, then its trees and facts are dropped. What a
  // file rule finds is what its own check() would (rules/rule.h FileRule::check): its files in
  // diff order, each on the rule's own budget, then finish().
  if (any_per_file) {
    for (Slot& s : slots) {
      if (!s.per_file) continue;
      budget::start_rule(per_file);
      s.state = s.per_file->start(ctx);
      s.clock = budget::pause();
    }
    for (const FileChange& f : ctx.pr.changes.files) {
      for (Slot& s : slots) {
        if (!s.per_file || s.clock.spent) continue;
        budget::resume(s.clock);
        budget::begin_file(f.path());
        s.per_file->judge(ctx, s.state.get(), f, s.found);
        budget::exhausted();  // notes a spent budget in the clock: the rule judges no later file
        s.clock = budget::pause();
      }
      ctx.workspace.release(f);
      for (const std::string* path : {&f.old_path, &f.new_path})
        if (!path->empty()) ctx.facts->forget(*path);
      // What the rules parsed of other files stays while small (an imported module asked for
      // each file); a fact of a file may point into a dropped tree, so they go too.
      if (ctx.workspace.trim(kOtherFilesBytes)) ctx.facts->forget_files();
    }
    for (Slot& s : slots) {
      if (!s.per_file) continue;
      budget::resume(s.clock);
      if (!s.clock.spent) s.per_file->finish(ctx, s.state.get(), s.found);
      s.outcome = budget::finish_rule();
      s.state.reset();
    }
  }
  stop_read_ahead(ctx.workspace);
  for (Slot& s : slots) {
    const RuleInfo& info = s.rule->info();
    if (s.outcome) run.unfinished.push_back({std::string(info.name), s.outcome->file, s.outcome->stopped});
    const SeverityFloor* floor = below_floor_kept(info, selection) ? nullptr : severity_floor(info.name, ctx.profile.name);
    for (Finding& f : s.found) {
      if (floor && f.severity < floor->floor) continue;
      if (f.rule.empty()) f.rule = std::string(info.name);
      run.findings.push_back(std::move(f));
    }
  }
  return run;
}

}  // namespace rp
