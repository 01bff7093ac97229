// public-op-break (aiter B6, family api-propagation): a public op of an op library loses a
// parameter or its name with no alias, and every in-repository caller was updated — so the
// callers that break are the library's consumers in other repositories.
#include <fmt/format.h>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

using index::RepoIndex;

constexpr RuleInfo kInfo{
    .name = "public-op-break",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A public op lost a parameter or its name with no alias; consumers in other repositories break.",
    .docs = R"(What it catches, in an op library (aiter): a parameter removed from, or a rename of, a
public op — a public name of a module directly under aiter/ops/, or of a module `import
aiter` re-exports — with no alias, even when every in-repository caller was updated.
Why it matters: ATOM, vLLM and SGLang call these ops by keyword; after upgrading, a consumer
that passes the old keyword or imports the old name raises TypeError/ImportError.
A warning, never red: the consumers live in other repositories, so no concrete caller can be
named (and a renamed positional parameter breaks only keyword callers).
Does not fire on: a name starting with `_`; an op that takes `**kwargs`; a method; a removal
or rename an in-repository caller still trips over (api-propagation reports that one, with
the caller); a name some module of the repository still binds (moved, not gone); a
compatibility alias, wrapper or re-export added in the same PR; a function its module only handed
to another call as a value and never called (a fake-tensor generator given to the op's
decorator, a registration callback).
Family: `api-propagation` in configuration and suppression comments also names this rule.)",
    .family = "api-propagation"};

class PublicOpBreak : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    if (!ctx.repo || !ctx.workspace.head_tree() || !ctx.profile.op_library) return;
    const RepoIndex& idx = ctx.repo->index();
    for (const api::ModuleApiDiff& m : api::api_diff(ctx).modules) {
      for (const api::ChangedFunction& c : m.changed)
        if (c.now->class_name.empty() && !c.removed.empty() && c.stale_keyword.empty() &&
            api::public_op(ctx, m.path, c.now->name))
          param_removed(*m.now, m.path, *c.now, c.removed, api::param_names(*c.before), out);
      for (const api::GoneSymbol& g : m.gone)
        if (g.uses.empty() && api::public_op(ctx, m.path, g.name) && !api::bound_anywhere(idx, g.name) &&
            !(m.before && callback_only(*m.before, g.name)))
          renamed(*m.now, m.old_fns, m.new_fns, m.path, g.name, out);
    }
  }

 private:
  // A function its module only hands to another call as a value (`gen_fake=make_fake`, a
  // registration helper's argument) and never calls: a callback of that machinery, not an op
  // a consumer calls, so removing it breaks no consumer.
  static bool callback_only(const lang::SyntaxTree& before, const std::string& name) {
    bool handed = false;
    for (const lang::Call& c : before.calls()) {
      if (c.callee == name) return false;
      for (const lang::Argument& a : c.args) handed = handed || a.value.text() == name;
    }
    return handed;
  }

  void param_removed(const lang::SyntaxTree& now, const std::string& path, const lang::Function& fn,
                     const std::vector<std::string>& removed, const std::set<std::string>& before_params,
                     std::vector<Finding>& out) const {
    std::string names;
    for (const std::string& n : removed) names += (names.empty() ? "`" : ", `") + n + "`";
    int line = fn.start_line;
    for (const lang::Param& p : fn.params)
      if (!before_params.count(p.name)) {  // the first replacement parameter
        line = p.node.start_line();
        break;
      }
    Finding fd = finding();
    fd.location = Location{path, line};
    fd.problem = fmt::format("param-removed: public op `{}` no longer accepts {} and keeps no alias for {}", fn.name, names,
                             removed.size() == 1 ? "it" : "them");
    fd.impact = "Consumers outside this repository (ATOM, vLLM, SGLang) that pass it by keyword raise TypeError after "
                "upgrading";
    fd.action = fmt::format("Author must keep accepting {} as a deprecated alias of the new parameter(s), or link the "
                            "consumer PRs that stop passing it",
                            names);
    fd.evidence.push_back(evidence(path, line, now.line_text(line)));
    out.push_back(std::move(fd));
  }

  // A public op that is gone with every in-repo user updated: the consumers are elsewhere.
  void renamed(const lang::SyntaxTree& now, const std::map<std::string, lang::Function>& old_fns,
               const std::map<std::string, lang::Function>& new_fns, const std::string& path, const std::string& name,
               std::vector<Finding>& out) const {
    int line = 0;
    std::string successor;
    for (const auto& [qual, fn] : new_fns) {
      if (!fn.class_name.empty() || old_fns.count(qual)) continue;
      if (fn.name.find(name) != std::string::npos || name.find(fn.name) != std::string::npos) {
        line = fn.start_line, successor = fn.name;
        break;
      }
    }
    Finding fd = finding();
    fd.location = Location{path, line};
    fd.problem = successor.empty()
                     ? fmt::format("rename: public op `{}` is removed from {} with no alias", name, path)
                     : fmt::format("rename: public op `{}` is renamed to `{}` with no alias", name, successor);
    fd.impact = "In-repo users were updated, but consumers outside this repository that import it get ImportError/"
                "AttributeError";
    fd.action = fmt::format("Author must keep `{}` as an alias or wrapper, or link the consumer PRs", name);
    if (line > 0) fd.evidence.push_back(evidence(path, line, now.line_text(line)));
    out.push_back(std::move(fd));
  }
};

REGISTER_RULE(PublicOpBreak);

}  // namespace
}  // namespace rp
