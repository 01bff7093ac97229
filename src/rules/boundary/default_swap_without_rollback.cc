// default-swap-without-rollback: a parameter's default switches to another implementation or
// turns a feature on, and nothing lets an operator switch it back without a code change.
#include <re2/re2.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "default-swap-without-rollback",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A parameter's default switches to a new implementation with no env var to roll it back.",
    .docs = R"(What it catches: a Python function that exists on both sides of the PR whose parameter
default changes from one string literal to another (`backend="opus"` -> `backend="flydsl"`), or
from `False` to `True` on a `use_*`/`enable_*` switch, when the new version of the function does
not read an environment variable (`os.environ`, `os.getenv`, an `envs.` registry, a
`get_env*`/`*_env(...)` helper, or a literal with the profile's env prefix) and the PR
description names none.
Why it matters: every caller that relied on the default silently moves to the new path at once.
If the new path misbehaves on a model or shape the PR did not validate, the only way back is a
code change and a release; a short-lived env var lets an operator revert in minutes.
Does not fire on: numeric defaults (tuning values), `None` defaults on either side, new
parameters, renamed functions, defaults whose function reads an env var, PRs whose description
names an env var, test files. It does not ask for a permanent knob: aiter maintainers reject
those (HK9); the question is about a temporary rollback while the new default is validated.)"};

bool is_switch_change(const std::string& before, const std::string& after, const std::string& name) {
  auto is_str = [](const std::string& v) {
    return v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front();
  };
  if (is_str(before) && is_str(after) && before != after) return true;
  bool flag_name = name.starts_with("use_") || name.starts_with("enable_");
  return flag_name && before == "False" && after == "True";
}

bool reads_env(std::string_view text, const Profile& profile) {
  static const RE2 env(R"((os\.environ|os\.getenv|getenv\(|\benvs\.|get_env\w*\(|\w+_env\())");
  if (RE2::PartialMatch(std::string(text), env)) return true;
  for (const std::string& p : profile.env_prefixes)
    if (text.find("\"" + p) != std::string_view::npos || text.find("'" + p) != std::string_view::npos) return true;
  return false;
}

class DefaultSwapWithoutRollback : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    std::string body = ctx.pr.meta.body;
    for (const std::string& p : ctx.profile.env_prefixes)
      if (body.find(p) != std::string::npos) return;
    for (const FileChange& f : one_file(judged)) {
      if (f.status != FileStatus::Modified || f.binary || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const SyntaxTree* now = ctx.workspace.new_tree(f.new_path);
      const SyntaxTree* before = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      if (!now || !before) continue;
      std::map<std::string, Function> old_fns;
      for (const Function& fn : before->functions()) old_fns.emplace(fn.qualified, fn);
      for (const Function& fn : now->functions()) {
        auto it = old_fns.find(fn.qualified);
        if (it == old_fns.end()) continue;
        for (const lang::Param& p : fn.params) {
          if (!p.node || !added.count(p.node.start_line())) continue;
          std::string old_default;
          for (const lang::Param& q : it->second.params)
            if (q.name == p.name) old_default = q.default_text;
          if (old_default.empty() || !is_switch_change(old_default, p.default_text, p.name)) continue;
          if (reads_env(fn.node.text(), ctx.profile)) continue;
          report(*now, f.new_path, fn, p, old_default, out);
        }
      }
    }
  }

 private:
  void report(const SyntaxTree& tree, const std::string& path, const Function& fn, const lang::Param& p,
              const std::string& old_default, std::vector<Finding>& out) const {
    int line = p.node.start_line();
    Finding x = finding();
    x.location = Location{path, line};
    x.problem = "The default of `" + p.name + "` in `" + fn.qualified + "` changes from " + old_default + " to " +
                p.default_text + ", and nothing reads an env var to restore the old path";
    x.impact = "Every caller that relies on the default moves to the new path at once; if it misbehaves on an "
               "unvalidated model or shape, reverting needs a code change and a release";
    x.action = "Reviewer should ask for a temporary rollback switch (an env var read where the default is resolved, "
               "removed once the new path is validated), or for the validation that makes one unnecessary";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(DefaultSwapWithoutRollback);

}  // namespace
}  // namespace rp
