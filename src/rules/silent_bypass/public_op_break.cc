// public-op-break (aiter B6, family api-propagation): a public op of an op library loses a
// parameter or its name with no alias, and every in-repository caller was updated — so the
// callers that break are the library's consumers in other repositories.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"
#include "source/git_source.h"

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
Does not fire on: an op, or a parameter of it, that main gained less than three days before the
PR's base (first-parent history: it has not shipped to a consumer; removing it again is often a
revert of the commit that added it); a name starting with `_`; an op that takes `**kwargs`; a method; a removal
or rename an in-repository caller still trips over (api-propagation reports that one, with
the caller); a name some module of the repository still binds (moved, not gone); a
compatibility alias, wrapper or re-export added in the same PR; a function its module only handed
to another call as a value and never called (a fake-tensor generator given to the op's
decorator, a registration callback).
Family: `api-propagation` in configuration and suppression comments also names this rule.)",
    .family = "api-propagation"};

class PublicOpBreak : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    if (!ctx.repo || !ctx.workspace.head_tree() || !ctx.profile.op_library) return;
    const RepoIndex& idx = ctx.repo->index();
    Shipped shipped(ctx);
    for (const api::ModuleApiDiff& m : api::module_diff(ctx, file)) {
      for (const api::ChangedFunction& c : m.changed)
        if (c.now->class_name.empty() && !c.removed.empty() && c.stale_keyword.empty() &&
            api::public_op(ctx, m.path, c.now->name)) {
          std::vector<std::string> removed = shipped.params(m.path, c.now->name, c.removed);
          if (!removed.empty()) param_removed(*m.now, m.path, *c.now, removed, api::param_names(*c.before), out);
        }
      for (const api::GoneSymbol& g : m.gone)
        if (g.uses.empty() && api::public_op(ctx, m.path, g.name) && !api::bound_anywhere(idx, g.name) &&
            !(m.before && callback_only(*m.before, g.name)) && shipped.defined(m.path, g.name))
          renamed(*m.now, m.old_fns, m.new_fns, m.path, g.name, out);
    }
  }

 private:
  // What consumers could have been built against: the module as it was kShippedAge before the
  // PR's base (first-parent history). An op, or a parameter of it, that main gained after that
  // has not shipped: taking it out again (often a revert of the commit that added it) breaks no
  // consumer. Without history (a diff-only review) everything counts as shipped.
  class Shipped {
   public:
    explicit Shipped(const ReviewContext& ctx) : ctx_(ctx) {}
    // Whether `path` defined top-level function `name` then.
    bool defined(const std::string& path, const std::string& name) { return then(path, name) || !module(path); }
    // The parameters of `params` that top-level function `name` of `path` had then.
    std::vector<std::string> params(const std::string& path, const std::string& name,
                                    const std::vector<std::string>& params) {
      if (!module(path)) return params;
      const lang::Function* f = then(path, name);
      if (!f) return {};
      std::set<std::string> had;
      for (const lang::Param& p : f->params) had.insert(p.name);
      std::vector<std::string> out;
      for (const std::string& p : params)
        if (had.count(p)) out.push_back(p);
      return out;
    }

   private:
    const lang::Function* then(const std::string& path, const std::string& name) {
      const lang::SyntaxTree* tree = module(path);
      if (!tree) return nullptr;
      for (const lang::Function& f : tree->functions())
        if (f.name == name && f.class_name.empty()) return &f;
      return nullptr;
    }
    static constexpr long kShippedAge = 3L * 24 * 3600;  // three days
    const lang::SyntaxTree* module(const std::string& path) {
      if (!looked_) {
        looked_ = true;
        if (ctx_.git && !ctx_.pr.base_rev.empty())
          if (auto id = ctx_.git->first_parent_older_than(ctx_.pr.base_rev, kShippedAge, 2000); id.ok() && !id->empty())
            if (auto t = ctx_.git->tree(*id); t.ok()) old_ = std::move(*t);
      }
      if (!old_) return nullptr;
      auto [it, fresh] = parsed_.try_emplace(path);
      if (fresh) {
        // A module that did not exist then has not shipped: an empty tree defines nothing.
        std::optional<std::string> text = old_->read(path);
        it->second = lang::SyntaxTree::parse(lang::Grammar::Python, text ? *text : std::string());
      }
      return it->second.get();
    }
    const ReviewContext& ctx_;
    bool looked_ = false;
    std::unique_ptr<TreeReader> old_;
    std::map<std::string, std::unique_ptr<lang::SyntaxTree>> parsed_;
  };

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
  void renamed(const lang::SyntaxTree& now, const api::FunctionsByName& old_fns, const api::FunctionsByName& new_fns,
               const std::string& path, const std::string& name,
               std::vector<Finding>& out) const {
    int line = 0;
    std::string successor;
    for (const auto& [qual, fn] : new_fns) {
      if (!fn->class_name.empty() || old_fns.count(qual)) continue;
      if (fn->name.find(name) != std::string::npos || name.find(fn->name) != std::string::npos) {
        line = fn->start_line, successor = fn->name;
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
