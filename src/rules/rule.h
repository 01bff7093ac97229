// The rule contract. A rule is one file under rules/<category>/ with its documentation and
// a check() that reads facts from the ReviewContext and reports Findings. Rules register
// themselves with REGISTER_RULE; `review-pr rules` lists them with their docs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/context.h"
#include "core/finding.h"
#include "core/pull_request.h"
#include "profile/checklist.h"
#include "profile/profile.h"
#include "workspace/workspace.h"

namespace rp {

// What a rule reads. A rule that needs whole-file text is skipped (and the skip reported)
// when the review has only a diff.
enum class Needs { Description, Diff, FullText };

struct RuleInfo {
  std::string_view name;      // stable kebab-case, e.g. "unbound-local"
  Category category;
  Severity severity;          // default severity of its findings
  Needs needs;
  std::string_view summary;   // one line
  std::string_view docs;      // what it catches / why it matters / what it does not fire on
  // The rule this one was split from ("" for none): that name, written in configuration or a
  // suppression comment, also names this rule (rules/registry.h names_rule).
  std::string_view family = {};
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  // Appends findings; never throws on odd input (ERROR nodes, missing text).
  virtual void check(const ReviewContext& ctx, std::vector<Finding>& out) const = 0;

 protected:
  // A finding pre-filled with this rule's name and default severity.
  Finding finding() const;
};

// A rule that judges each changed file on its own, with the PR, the index and the head tree as
// context: the runner (rules/runner.h) hands it the PR's files one at a time, in diff order,
// interleaved with the other file rules, and drops each file's trees once every file rule has
// judged it. So neither judge() nor the rule's State may keep a tree, a Node or a Function of one
// file for a later one; a rule that reads other changed files asks the workspace again (they
// are parsed anew). What it reports is check()'s: start(), each file in diff order, finish().
// Rules derive from FileRuleWithInfo or FileRuleWithState (rules/rule_base.h).
class FileRule : public Rule {
 public:
  // What a rule carries from file to file: what it prepares once per PR, totals for finish().
  struct State {
    virtual ~State() = default;
  };
  // start(), every file, then finish(): the runner's order, for a caller that runs this rule alone.
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const final;
  virtual std::unique_ptr<State> start(const ReviewContext& ctx) const = 0;
  virtual void judge(const ReviewContext& ctx, State* state, const FileChange& file, std::vector<Finding>& out) const = 0;
  // After the last file (not when the time budget stopped the rule).
  virtual void finish(const ReviewContext& ctx, State* state, std::vector<Finding>& out) const = 0;
};

// Whether the rule runs for the profile, and its checklist code ("B3") there (nullopt when it
// has none): the profile's checklist table decides (profile/checklist.h).
bool enabled_in(const RuleInfo& rule, const Profile& profile);
std::optional<std::string> code_in(const RuleInfo& rule, const Profile& profile);

// All registered rules, sorted by name.
const std::vector<const Rule*>& all_rules();
const Rule* find_rule(std::string_view name);

namespace detail {
struct RuleRegistrar {
  explicit RuleRegistrar(std::unique_ptr<Rule> rule);
};
}  // namespace detail

#define REGISTER_RULE(Class) \
  static const ::rp::detail::RuleRegistrar kRegistrar_##Class{std::make_unique<Class>()}

}  // namespace rp
