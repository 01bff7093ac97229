// param-discarded (ATOM B5 / aiter B6, family api-propagation): a parameter the PR adds to an
// existing function that its body never reads, or a new parameter of a base-class hook that
// every override ignores too. Callers pass a value that changes nothing.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>

#include <algorithm>
#include <optional>
#include <span>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "analysis/object_origin.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

using index::RepoIndex;

constexpr RuleInfo kInfo{
    .name = "param-discarded",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A parameter added to an existing function is never read by its body (or by any override of a hook).",
    .docs = R"(What it catches, in Python files the PR modifies: a parameter added to a function that
existed before the PR (module-level, or a method of a module-level class), on an added line,
that the body never reads; a new parameter of a base-class hook (a stub body) that every
override in the repository ignores too (never read, or only `del`-ed).
Severity: red when the name says it feeds the computation (mask, scale, mapping, expert,
bias, zero, offset, stride, sink, causal, window) and a call in the head tree passes it a value
(not None, not the caller's own same-named parameter passed on) — that caller gets a result
computed without it, and the finding names it; a note on a method of a subclass (the base class may force the
signature); a warning otherwise.
Why it matters: a caller that passes the new argument gets the same behaviour as without it,
silently; a feature the PR claims to add is not wired in.
Does not fire on: parameters of stubs (body only `...`/`pass`/docstring/raise), of functions
decorated with `compile_ops`/`custom_op`/`register_fake`/`abstractmethod`/`overload`/
`property` (or any decorator that is not a known pass-through, which may read the
arguments), of bodies using `locals()`/`vars()`, of fake/meta twins of an op (`*_fake`,
`fake_*`, `*_meta`); `*args`/`**kwargs`; names starting with `_`; functions stored in a table,
passed as a callable or selected beside sibling implementations (the slot fixes the
signature); a method of a class carrying a decorator that may rebuild it (anything but
`dataclass`, `total_ordering`, `final`, `runtime_checkable`: a decorator that picks its base
class or registers it with a framework fixes the signature); a new hook parameter when an override of the hook carries a decorator that is
not a known pass-through (a tracing decorator may read it by name, `@mark_trace` naming its
span from `prefix=`; `@torch.inference_mode()` does not); an override whose base class
declares the parameter; a method of a class plugged into an external framework that nothing
in the repository calls.
Family: `api-propagation` in configuration and suppression comments also names this rule.)",
    .family = "api-propagation"};

constexpr std::string_view kStubDecorators[] = {"compile_ops", "torch.library.custom_op", "custom_op", "register_fake",
                                               "abstractmethod", "abc.abstractmethod", "overload", "typing.overload",
                                               "impl_abstract", "register_kernel", "property"};

bool has_decorator(const lang::Function& f, std::span<const std::string_view> names) {
  for (const std::string& d : f.decorators)
    for (std::string_view n : names) {
      std::string_view dv(d);
      if (dv.starts_with(n) || dv.find("." + std::string(n)) != std::string_view::npos) return true;
    }
  return false;
}

bool reads_name(const lang::SyntaxTree& tree, const lang::Function& f, const std::string& name) {
  for (lang::Node id : tree.identifiers(name, f.body))
    if (tree.is_variable_read(id)) return true;
  return false;
}

// `_op_fake`, `fake_impl`, `op_meta`: the shape-only twin of a custom op takes the real op's
// parameters by contract and ignores most of them.
const Pattern fake_or_meta{R"((?i)(^|_)(fake|meta|abstract)(_|$))"};

const Pattern correctness_param{R"((?i)(mask|scale|mapping|expert|bias|zero|offset|stride|sink|causal|window))"};

// A decorator wraps the call and sees every argument: one that is not a known pass-through
// (staticmethod, property, no_grad, caches...) may be the reader of the new parameter.
bool decorator_may_read_args(const lang::Function& fn) {
  static const RE2 transparent(
      R"(^(?:staticmethod|classmethod|property|\w+\.setter|abstractmethod|abc\.abstractmethod|override|)"
      R"((?:functools\.)?(?:lru_cache|cache|wraps)\b.*|torch\.(?:no_grad|inference_mode)\b.*|)"
      R"((?:typing\.)?(?:overload|final))$)");
  for (const std::string& d : fn.decorators)
    if (!RE2::FullMatch(d, transparent)) return true;
  return false;
}

// Whether the class definition `cls` carries a decorator that may rebuild it: anything but the
// ones that only annotate or add dunders (dataclass, total_ordering, final, runtime_checkable).
bool class_rebuilt_by_decorator(lang::Node cls) {
  static const RE2 plain(
      R"(^(?:(?:dataclasses\.)?dataclass\b.*|(?:functools\.)?total_ordering|(?:typing\.)?(?:final|runtime_checkable))$)");
  lang::Node holder = node_kind(cls) == NodeKind::DecoratedDef ? cls : cls.parent();
  if (!holder || node_kind(holder) != NodeKind::DecoratedDef) return false;
  for (lang::Node d : holder.named_children()) {
    if (node_kind(d) != NodeKind::Decorator) continue;
    std::string_view text = d.text();
    while (!text.empty() && (text.front() == '@' || text.front() == ' ')) text.remove_prefix(1);
    if (!RE2::FullMatch(text, plain)) return true;
  }
  return false;
}

class ParamDiscarded : public FileRuleWithState<kInfo, std::unique_ptr<Origins>> {
 public:
  std::unique_ptr<Origins> prepare(const ReviewContext& ctx) const override {
    if (!ctx.repo || !ctx.workspace.head_tree()) return nullptr;
    return std::make_unique<Origins>(ctx.repo->index(), *ctx.workspace.head_tree(),
                                     [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); });
  }
  void check_file(const ReviewContext& ctx, std::unique_ptr<Origins>& state, const FileChange& file,
                  std::vector<Finding>& out) const override {
    if (!state) return;
    Origins& origins = *state;
    for (const api::ModuleApiDiff& m : api::module_diff(ctx, file)) {
      std::set<int> added = added_line_numbers(*m.change);
      for (const api::ChangedFunction& c : m.changed) {
        std::set<std::string> before_params = api::param_names(*c.before);
        for (const lang::Param& p : c.now->params) {
          if (before_params.count(p.name) || !added.count(p.node.start_line())) continue;
          discarded(ctx, origins, m.path, *m.now, *c.now, p, out);
        }
      }
    }
  }

 private:
  void discarded(const ReviewContext& ctx, Origins& origins, const std::string& path, const lang::SyntaxTree& tree,
                 const lang::Function& fn, const lang::Param& p, std::vector<Finding>& out) const {
    if (lang::param_kind(p) != lang::ParamKind::Plain) return;  // *args / **kw: catch-alls
    if (fake_or_meta(fn.name)) return;  // a fake/meta twin mirrors the real op's signature
    if (lang::is_stub_body(fn.body) && !fn.class_name.empty() && !p.name.starts_with("_")) {
      dead_hook_param(ctx, path, tree, fn, p, out);
      return;
    }
    if (p.name.starts_with("_") || p.name == "self" || p.name == "cls" || lang::is_stub_body(fn.body) ||
        has_decorator(fn, kStubDecorators))
      return;
    if (reads_name(tree, fn, p.name)) return;
    if (decorator_may_read_args(fn)) return;  // e.g. @mark_trace reading `prefix=` from kwargs
    std::string body(fn.body.text());
    if (body.find("locals()") != std::string::npos || body.find("vars()") != std::string::npos) return;
    // Stored in a table, passed as a callable, selected beside sibling implementations: the
    // slot it fills fixes the parameter list, and dropping the parameter breaks those callers.
    if (origins.used_as_value(path, fn)) return;
    bool override_like = false;
    if (!fn.class_name.empty()) {
      auto cls = tree.enclosing_class(fn.start_line);
      override_like = cls && !cls->bases.empty() && !(cls->bases.size() == 1 && cls->bases[0] == "object");
      // A class a decorator rebuilds (picks its base class, wraps or registers it with a
      // framework) has the signature the decorator's caller expects: an interface slot.
      if (cls && class_rebuilt_by_decorator(cls->node)) return;
    }
    if (override_like && base_declares(ctx.repo->index(), origins, path, tree, fn, p.name)) return;  // the base forces it
    // A method of a class plugged into an external framework that nothing here calls: the
    // framework is the caller, and its call passes the argument whether this body reads it or not.
    if (override_like && origins.derives_from_external(path, fn.class_name) && !origins.called_in_repo(fn.name)) return;
    Finding fd = finding();
    fd.location = Location{path, p.node.start_line()};
    fd.problem = fmt::format("param-discard: new parameter `{}` of `{}` is never read in its body", p.name, fn.qualified);
    fd.impact = "Callers that pass it get the same behaviour as without it: the value is silently ignored";
    fd.action = fmt::format("Author must use `{}` in `{}` or remove it", p.name, fn.name);
    fd.evidence.push_back(evidence(path, p.node.start_line(), tree.line_text(p.node.start_line())));
    if (override_like) {
      fd.severity = Severity::Note;
      fd.problem += " (a method of a subclass: the base class may force the signature)";
      fd.action = fmt::format("Reviewer should ask whether `{}` ignores `{}` on purpose", fn.qualified, p.name);
    } else if (correctness_param(p.name)) {
      // Red only when a caller hands it a value: a parameter nobody passes (or that callers
      // only thread through from their own same-named parameter, or pass as None) changes no
      // result yet; it is dead, not a wrong answer.
      if (std::optional<std::string> passer = value_passer(ctx, path, fn, p.name)) {
        fd.severity = Severity::Red;
        fd.trigger = fmt::format("{} passes {}=, and the value never reaches the computation", *passer, p.name);
      }
    }
    out.push_back(std::move(fd));
  }

  // The first call in the head tree that passes parameter `name` of `fn` a value by keyword:
  // not the literal None, and not the caller's own parameter of the same name passed on.
  // "`path:line`" of that call; nullopt when no call does.
  static std::optional<std::string> value_passer(const ReviewContext& ctx, const std::string& path,
                                                 const lang::Function& fn, const std::string& name) {
    for (const index::CallSite& site : api::callers_of(ctx.repo->index(), path, fn)) {
      if (std::find(site.call->keywords.begin(), site.call->keywords.end(), name) == site.call->keywords.end()) continue;
      const lang::SyntaxTree* t = ctx.workspace.new_tree(site.path);
      if (!t) continue;
      lang::Node value = api::passed_argument(*t, *site.call, name);
      if (!value) continue;
      std::string_view v = value.text();
      if (v == "None") continue;
      if (v == name) {
        std::optional<lang::Function> in = t->enclosing_function(site.call->line);
        bool threaded = in && std::any_of(in->params.begin(), in->params.end(),
                                          [&](const lang::Param& q) { return q.name == name; });
        if (threaded) continue;
      }
      return fmt::format("`{}:{}`", site.path, site.call->line);
    }
    return std::nullopt;
  }

  // Whether a base class of `fn`'s class (by name, anywhere in the repository) declares the
  // same method with parameter `param`: the override takes it because the base does.
  static bool base_declares(const RepoIndex& idx, Origins& origins, const std::string& path,
                            const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& param) {
    auto cls = tree.enclosing_class(fn.start_line);
    if (!cls) return false;
    // The bases resolved through imports (`from m import Base as BaseAlias`), up the chain.
    std::vector<Origin> todo;
    for (const std::string& base : cls->bases) todo.push_back(origins.resolve_class(path, base, cls->start_line));
    for (size_t i = 0; i < todo.size() && i < 16; ++i) {
      if (!todo[i].repo()) continue;
      const index::FileIndex* fi = idx.file(todo[i].path);
      if (!fi) continue;
      if (const index::PyFunction* m = fi->function(fn.name, todo[i].name); m && m->param(param)) return true;
      if (const index::PyClass* c = fi->klass(todo[i].name))
        for (const std::string& b : c->bases) todo.push_back(origins.resolve_class(todo[i].path, b, c->line));
    }
    for (const std::string& base : cls->bases) {
      std::string name = base.substr(base.rfind('.') == std::string::npos ? 0 : base.rfind('.') + 1);
      for (const auto& [p, fi] : idx.files_naming(RepoIndex::Role::Def, fn.name)) {
        const index::PyFunction* m = fi->function(fn.name, name);
        if (m && m->param(param)) return true;
      }
    }
    return false;
  }

  // A new parameter of a base-class hook (stub body) is dead when every override in the
  // repository discards it too (never read, or only `del`-ed): callers pass a value nothing uses.
  void dead_hook_param(const ReviewContext& ctx, const std::string& path, const lang::SyntaxTree& tree,
                       const lang::Function& fn, const lang::Param& p, std::vector<Finding>& out) const {
    const RepoIndex& idx = ctx.repo->index();
    std::vector<std::string> overrides;
    for (const auto& [sub_path, sub] : idx.subclasses(fn.class_name)) {
      const index::FileIndex* fi = idx.file(sub_path);
      const index::PyFunction* m = fi ? fi->function(fn.name, sub->name) : nullptr;
      if (!m) continue;
      std::unique_ptr<lang::SyntaxTree> parsed;
      const lang::SyntaxTree* t = ctx.workspace.new_tree(sub_path);
      if (!t) {
        auto text = ctx.workspace.read_head(sub_path);
        if (!text) return;
        parsed = lang::SyntaxTree::parse(lang::Grammar::Python, std::move(*text));
        t = parsed.get();
      }
      auto body_fn = t ? t->enclosing_function(m->line + 1) : std::nullopt;
      if (!body_fn || body_fn->name != fn.name) return;  // cannot read the override: stay silent
      // A decorator on the override sees the call's arguments and may read this one by name
      // (a tracing decorator naming its span from `prefix=`): the parameter is not dead.
      if (decorator_may_read_args(*body_fn)) return;
      for (lang::Node id : t->identifiers(p.name, body_fn->body))
        if (t->is_variable_read(id) && !ancestor(id, {NodeKind::Delete})) return;  // an override uses it
      overrides.push_back(fmt::format("{}:{}", sub_path, m->line));
    }
    if (overrides.empty()) return;
    Finding fd = finding();
    fd.location = Location{path, p.node.start_line()};
    fd.problem = fmt::format("param-discard: new parameter `{}` of hook `{}` is ignored by the base and by every "
                             "override ({})",
                             p.name, fn.qualified, fmt::join(overrides, ", "));
    fd.impact = "Callers compute and pass a value no implementation reads: a dead parameter, and any behaviour its "
                "docstring promises does not exist";
    fd.action = fmt::format("Author must make an implementation use `{}` or drop the parameter", p.name);
    fd.evidence.push_back(evidence(path, p.node.start_line(), tree.line_text(p.node.start_line())));
    out.push_back(std::move(fd));
  }
};

REGISTER_RULE(ParamDiscarded);

}  // namespace
}  // namespace rp
