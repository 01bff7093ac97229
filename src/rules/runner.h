// Runs the rules enabled in a profile over one PR and collects their raw findings (before
// the verdict stage) and the rules that could not run, with why.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/budget.h"
#include "rules/registry.h"
#include "rules/rule.h"

namespace rp {

struct SkippedRule {
  enum class Missing { WholeFiles, Description };
  std::string rule;
  Missing missing = Missing::WholeFiles;
  std::string reason;
};

// A rule whose time budget (core/budget.h) ran out on a file: it stopped there and its findings
// are those it made before (stopped), or it ran to its end anyway (a rule that does not ask the
// budget) and its findings are complete.
struct UnfinishedRule {
  std::string rule;
  std::string file;  // "" = not while on a file
  bool stopped = true;
};

struct RuleRun {
  std::vector<Finding> findings;
  std::vector<SkippedRule> skipped;
  std::vector<UnfinishedRule> unfinished;
};

// `per_file`: each rule's time budget per file (0 = unlimited). `read_ahead` > 0: while the file
// rules judge one changed file, a second thread reads and parses up to that many next ones
// (Workspace::start_read_ahead); the findings are the same, the wall time shorter on a PR of
// many files. 0: one thread.
RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection = {},
                  std::chrono::milliseconds per_file = budget::kDefault, size_t read_ahead = 0);

}  // namespace rp
