// Runs the rules enabled in a profile over one PR and collects their raw findings (before
// the verdict stage) and the rules that could not run, with why.
#pragma once

#include <string>
#include <vector>

#include "rules/registry.h"
#include "rules/rule.h"

namespace rp {

struct SkippedRule {
  enum class Missing { WholeFiles, Description };
  std::string rule;
  Missing missing = Missing::WholeFiles;
  std::string reason;
};

struct RuleRun {
  std::vector<Finding> findings;
  std::vector<SkippedRule> skipped;
};

RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection = {});

}  // namespace rp
