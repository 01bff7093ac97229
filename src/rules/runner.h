// Runs the rules enabled in a profile over one PR and collects their raw findings (before
// the verdict stage) and the rules that could not run, with why.
#pragma once

#include <string>
#include <vector>

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

struct RuleSelection {
  std::vector<std::string> only;     // when non-empty, run just these rules
  std::vector<std::string> disable;  // never run these
  std::vector<std::string> enable;   // also run these where the profile turns them off
};

RuleRun run_rules(const ReviewContext& ctx, const RuleSelection& selection = {});

}  // namespace rp
