// api-propagation (ATOM B5 / aiter B6): an API surface changed and a receiver did not follow —
// a parameter removed while callers still pass it, a symbol renamed or deleted while
// importers still import it (unless a compatibility shim keeps the old name), a new
// parameter the body never reads, a new `getattr(obj, "key", default)` for a key nothing in
// the repository ever sets.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>

#include <map>
#include <set>
#include <span>

#include "analysis/facts.h"
#include "analysis/index_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "analysis/object_origin.h"
#include "analysis/reach.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

using index::RepoIndex;

constexpr RuleInfo kInfo{
    .name = "api-propagation",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .codes = {.atom = "B5", .aiter = "B6"},
    .summary = "An API changed (parameter removed/added, symbol renamed, new getattr key) and a receiver did not follow.",
    .docs = R"(What it catches, in Python files the PR modifies:
- param-removed: a parameter is gone from a module-level function (or a method) and a call in
  the head tree still passes it by keyword, or passes more positional arguments than remain —
  TypeError at call time. Callers are found through the repository index: calls whose callee
  resolves (imports, module aliases, same file) to the function; for a method, `self.m()` in
  its class, `obj.m()` where the calling function binds `obj = Cls(...)` or takes `obj: Cls`,
  `Cls.m()` and `super().m()` in a subclass, with `Cls` resolved through the caller's imports
  (a same-named method of another class is not a caller).
- rename: a module-level function/class the base bound is no longer bound by the module, and a
  head-tree file still imports it (`from mod import old`, also through a package that star-
  imports the module) or calls `mod.old(...)`; a deleted module still imported.
- public op (aiter): a parameter removed from, or a rename of, a public op (a module directly
  under aiter/ops/, or re-exported by `import aiter`) with no alias, even with every in-repo
  caller updated. A warning: the consumers that would pass the old form live in other
  repositories, so no concrete caller can be named.
- param-discard: a parameter added to an existing function that its body never reads.
- attr-missing (ATOM, a note): an added `getattr(cfg, "key", default)` on a configuration
  object (`config`, `*_config`, `cfg`, `args`) with a plain-value default (a
  number, True/False, an empty literal) for a new key that no file of the repository ever
  assigns, declares or passes (`.key =`, `key: T =`, `key=`), so the default is always what
  runs unless an external config supplies it.
Why it matters: the old form keeps compiling in Python; the break shows up as a TypeError or
AttributeError in a caller the PR did not touch, or as a value silently ignored.
Does not fire on: a removal or rename behind a compatibility shim added in the same PR — a
same-named wrapper `def`, an alias assignment, a re-export, or `**kwargs` that still accepts
the old keyword (the old name still resolves); importers inside `try/except ImportError`; new
parameters of stubs (body only `...`/`pass`/docstring/raise), of functions decorated with
`compile_ops`/`custom_op`/`register_fake`/`abstractmethod`/`overload`, of bodies using
`locals()`, of fake/meta twins of an op (`*_fake`, `fake_*`, `*_meta`), `*args`/`**kwargs`,
and names starting with `_`; a method override whose class has a base class (the
base forces the signature: reported as a note); getattr keys the repository sets anywhere or
the base side already read, `None` defaults (the capability-probe idiom) and private keys.)"};

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

// Module-level functions and methods of module-level classes, by qualified name.
std::map<std::string, lang::Function> api_functions(const lang::SyntaxTree& tree) {
  std::map<std::string, lang::Function> out;
  for (lang::Function& f : tree.functions()) {
    if (ancestor(f.node, {NodeKind::FunctionDef})) continue;
    lang::Node cls = ancestor(f.node, {NodeKind::ClassDef});
    if (cls && ancestor(cls, {NodeKind::FunctionDef, NodeKind::ClassDef})) continue;
    out.emplace(f.qualified, std::move(f));
  }
  return out;
}

std::set<std::string> param_names(const lang::Function& f) {
  std::set<std::string> s;
  for (const lang::Param& p : f.params) s.insert(p.name);
  return s;
}

bool takes_kwargs(const lang::Function& f) {
  for (const lang::Param& p : f.params)
    if (lang::param_kind(p) == lang::ParamKind::VarKeyword) return true;
  return false;
}

int plain_positional(const lang::Function& f, bool* has_star) {
  int n = 0;
  *has_star = false;
  for (const lang::Param& p : f.params) {
    if (lang::param_kind(p) == lang::ParamKind::VarPositional) *has_star = true;
    else if (lang::param_kind(p) != lang::ParamKind::VarKeyword) ++n;
  }
  return n;
}


bool reads_name(const lang::SyntaxTree& tree, const lang::Function& f, const std::string& name) {
  for (lang::Node id : tree.identifiers(name, f.body))
    if (tree.is_variable_read(id)) return true;
  return false;
}

// `_op_fake`, `fake_impl`, `op_meta`: the shape-only twin of a custom op takes the real op's
// parameters by contract and ignores most of them.
bool fake_or_meta(std::string_view name) {
  static const RE2 re(R"((?i)(^|_)(fake|meta|abstract)(_|$))");
  return RE2::PartialMatch(name, re);
}

// A default that is a plain value (0, 1.0, False, "", []), not None: `getattr(x, "k", None)`
// is the capability-probe idiom, checked right after; a value default runs silently.
bool silent_value_default(std::string_view d) {
  static const RE2 re(R"(-?\d[\d_.eE+-]*|True|False|""|''|\[\]|\{\}|\(\))");
  return RE2::FullMatch(d, re);
}

// `config`, `self.args`, `hf_config.text_config`: a configuration object, where an absent key
// silently changes what the model computes (ATOM#1548). Runtime objects probed for optional
// features (`forward_batch`, a connector) are not judged.
bool config_object(std::string_view object) {
  static const RE2 re(R"((?i)(config|cfg|args)\w*$)");
  return RE2::PartialMatch(object, re);
}

bool correctness_param(std::string_view name) {
  static const RE2 re(R"((?i)(mask|scale|mapping|expert|bias|zero|offset|stride|sink|causal|window))");
  return RE2::PartialMatch(name, re);
}

class ApiPropagation : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    if (!ctx.repo || !ctx.workspace.head_tree()) return;
    Origins origins(ctx.repo->index(), *ctx.workspace.head_tree(),
                    [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); });
    std::vector<std::pair<std::string, std::string>> getattr_candidates;  // key, path:line
    for (const FileChange& f : ctx.pr.changes.files) {
      if (!is_python(f.old_path.empty() ? f.path() : f.old_path) && !is_python(f.path())) continue;
      if (f.status == FileStatus::Deleted || f.status == FileStatus::Renamed) deleted_module(ctx, f, out);
      if (f.status == FileStatus::Deleted || !is_python(f.path())) continue;
      const lang::SyntaxTree* now = ctx.workspace.new_tree(f.path());
      const lang::SyntaxTree* before = ctx.workspace.old_tree(f.old_path.empty() ? f.path() : f.old_path);
      if (!now) continue;
      if (before) compare_functions(ctx, origins, f, *before, *now, out);
      if (before) renamed_symbols(ctx, f, *before, out);
      if (!ctx.profile.op_library) collect_getattrs(ctx, origins, f, *now, before, getattr_candidates);
    }
    if (!getattr_candidates.empty()) attr_missing(ctx, getattr_candidates, out);
  }

 private:
  // --- param-removed and param-discard ---------------------------------------------------
  void compare_functions(const ReviewContext& ctx, Origins& origins, const FileChange& f, const lang::SyntaxTree& before,
                         const lang::SyntaxTree& now, std::vector<Finding>& out) const {
    auto old_fns = api_functions(before);
    auto new_fns = api_functions(now);
    std::set<int> added = added_line_numbers(f);
    for (const auto& [qual, nf] : new_fns) {
      auto it = old_fns.find(qual);
      if (it == old_fns.end()) continue;
      const lang::Function& of = it->second;
      std::set<std::string> before_params = param_names(of), now_params = param_names(nf);
      if (!takes_kwargs(nf)) {
        std::vector<std::string> removed;
        for (const lang::Param& p : of.params)
          if (!now_params.count(p.name) && p.name != "self" && p.name != "cls") removed.push_back(p.name);
        if (!removed.empty() && removed_params(ctx, f.path(), nf, removed, out) == 0 &&
            public_op(ctx, f.path(), nf.name) && nf.class_name.empty())
          public_param_removed(ctx, f.path(), nf, removed, before_params, out);
      }
      removed_positional(ctx, f.path(), of, nf, out);
      for (const lang::Param& p : nf.params) {
        if (before_params.count(p.name) || !added.count(p.node.start_line())) continue;
        discarded_param(ctx, origins, f.path(), now, nf, p, out);
      }
    }
  }

  // Calls in the head tree that reach function `fn` of `path`.
  std::vector<index::CallSite> callers_of(const RepoIndex& idx, const std::string& path, const lang::Function& fn) const {
    std::vector<index::CallSite> out;
    if (!fn.class_name.empty()) {
      // A method: self.m() in the class, obj.m() on an instance bound in the caller,
      // Cls.m(), super().m() in a subclass (index_facts.h method_callers).
      for (const index::CallSite& c : method_callers(idx, path, fn.class_name, fn.name))
        if (!c.call->star_args) out.push_back(c);
      return out;
    }
    for (const index::CallSite& c : idx.callers(fn.name)) {
      if (c.call->star_args) continue;
      auto target = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
      if (!target) continue;
      auto resolved = idx.resolve_function(target->module_path, target->name);
      if (resolved.function && resolved.path == path && resolved.function->name == fn.name &&
          resolved.function->class_name.empty())
        out.push_back(c);
    }
    return out;
  }

  // aiter's public op surface (B6 "Public-API scope"): a public name of a module directly
  // under aiter/ops/, or one `import aiter` re-exports. Consumers live in other repositories.
  static bool public_op(const ReviewContext& ctx, const std::string& path, const std::string& name) {
    if (!ctx.profile.op_library || name.empty() || name.starts_with("_")) return false;
    if (path.starts_with("aiter/ops/") && path.find('/', 10) == std::string::npos) return true;
    return star_reexports(ctx.repo->index(), "aiter/__init__.py", path);
  }

  void public_param_removed(const ReviewContext& ctx, const std::string& path, const lang::Function& fn,
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
    // No consumer is at hand to name (they live in other repositories), so this is a warning:
    // the red gate wants a concrete caller, and a renamed positional parameter breaks only
    // keyword callers.
    fd.severity = Severity::Warn;
    if (const lang::SyntaxTree* t = ctx.workspace.new_tree(path)) fd.evidence.push_back(evidence(path, line, t->line_text(line)));
    out.push_back(std::move(fd));
  }

  int removed_params(const ReviewContext& ctx, const std::string& path, const lang::Function& fn,
                     const std::vector<std::string>& removed, std::vector<Finding>& out) const {
    int reported = 0;
    const RepoIndex& idx = ctx.repo->index();
    for (const index::CallSite& c : callers_of(idx, path, fn)) {
      std::vector<std::string> still;
      for (const std::string& kw : c.call->keywords)
        if (std::find(removed.begin(), removed.end(), kw) != removed.end()) still.push_back(kw);
      if (still.empty()) continue;
      std::string names;
      for (const std::string& n : still) names += (names.empty() ? "`" : ", `") + n + "=`";
      Finding fd = finding();
      fd.location = Location{path, fn.start_line};
      fd.related.push_back(Location{c.path, c.call->line});
      fd.problem = fmt::format("param-removed: `{}` no longer accepts {} but {}:{} still passes {}", fn.qualified,
                               names, c.path, c.call->line, still.size() == 1 ? "it" : "them");
      fd.impact = "That call raises TypeError (unexpected keyword argument) the first time it runs";
      fd.action = fmt::format("Author must update every caller of `{}` or keep accepting the removed keyword as a deprecated alias",
                              fn.name);
      fd.trigger = fmt::format("the call at {}:{} passes {} to {}()", c.path, c.call->line, names, fn.name);
      demote_off_production(fd, code_reach(ctx, c.path));
      add_evidence(ctx, fd, path, fn.start_line, c.path, c.call->line);
      out.push_back(std::move(fd));
      ++reported;
    }
    return reported;
  }

  void removed_positional(const ReviewContext& ctx, const std::string& path, const lang::Function& of,
                          const lang::Function& nf, std::vector<Finding>& out) const {
    bool old_star = false, new_star = false;
    int before = plain_positional(of, &old_star), now = plain_positional(nf, &new_star);
    if (new_star || now >= before) return;
    int self = nf.class_name.empty() ? 0 : 1;
    const RepoIndex& idx = ctx.repo->index();
    for (const index::CallSite& c : callers_of(idx, path, nf)) {
      if (c.call->positional + self <= now) continue;
      // Cls.m(obj, ...) passes the instance explicitly (or m is a static/class method).
      if (self && c.call->receiver_class.empty() && !c.call->callee.starts_with("self.") &&
          !c.call->callee.starts_with("super()."))
        continue;
      Finding fd = finding();
      fd.location = Location{path, nf.start_line};
      fd.related.push_back(Location{c.path, c.call->line});
      fd.problem = fmt::format("param-removed: `{}` now takes {} positional parameters (was {}) but {}:{} still passes {}",
                               nf.qualified, now - self, before - self, c.path, c.call->line, c.call->positional);
      fd.impact = "That call raises TypeError (too many positional arguments) the first time it runs";
      fd.action = fmt::format("Author must update every caller of `{}`", nf.name);
      fd.trigger = fmt::format("the call at {}:{} passes {} positional arguments", c.path, c.call->line, c.call->positional);
      demote_off_production(fd, code_reach(ctx, c.path));
      add_evidence(ctx, fd, path, nf.start_line, c.path, c.call->line);
      out.push_back(std::move(fd));
    }
  }

  // A decorator wraps the call and sees every argument: one that is not a known pass-through
  // (staticmethod, property, no_grad, caches...) may be the reader of the new parameter.
  static bool decorator_may_read_args(const lang::Function& fn) {
    static const RE2 transparent(
        R"(^(?:staticmethod|classmethod|property|\w+\.setter|abstractmethod|abc\.abstractmethod|override|)"
        R"((?:functools\.)?(?:lru_cache|cache|wraps)\b.*|torch\.(?:no_grad|inference_mode)\b.*|)"
        R"((?:typing\.)?(?:overload|final))$)");
    for (const std::string& d : fn.decorators)
      if (!RE2::FullMatch(d, transparent)) return true;
    return false;
  }

  void discarded_param(const ReviewContext& ctx, Origins& origins, const std::string& path, const lang::SyntaxTree& tree,
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
      fd.severity = Severity::Red;
      fd.trigger = fmt::format("any call of {}() that passes {}= (the value never reaches the computation)", fn.name, p.name);
    } else {
      fd.severity = Severity::Warn;
    }
    out.push_back(std::move(fd));
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
      for (lang::Node id : t->identifiers(p.name, body_fn->body))
        if (t->is_variable_read(id) && !ancestor(id, {NodeKind::Delete})) return;  // an override uses it
      overrides.push_back(fmt::format("{}:{}", sub_path, m->line));
    }
    if (overrides.empty()) return;
    Finding fd = finding();
    fd.severity = Severity::Warn;
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

  // --- rename -----------------------------------------------------------------------------
  // Whether module file `mod` re-exports names of `target` by a star import (transitively).
  static bool star_reexports(const RepoIndex& idx, const std::string& mod, const std::string& target, int depth = 0) {
    if (mod == target) return true;
    const index::FileIndex* fi = idx.file(mod);
    if (!fi || depth > 6) return false;
    for (const index::PyImport& im : fi->imports) {
      if (!im.is_star()) continue;
      std::string t = idx.module_path(RepoIndex::absolute_module(mod, im));
      if (!t.empty() && star_reexports(idx, t, target, depth + 1)) return true;
    }
    return false;
  }

  void renamed_symbols(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& before,
                       std::vector<Finding>& out) const {
    const RepoIndex& idx = ctx.repo->index();
    const std::string& path = f.path();
    std::vector<std::pair<std::string, int>> gone;  // name, old line
    for (const auto& [qual, fn] : api_functions(before))
      if (fn.class_name.empty() && !idx.module_binds(path, fn.name)) gone.emplace_back(fn.name, fn.start_line);
    for (const lang::ClassDef& c : before.classes())
      if (!ancestor(c.node, {NodeKind::FunctionDef, NodeKind::ClassDef}) && !idx.module_binds(path, c.name))
        gone.emplace_back(c.name, c.start_line);
    for (const auto& [name, old_line] : gone) {
      size_t before_count = out.size();
      for (const index::ImportSite& s : idx.importers_of_name(name)) {
        if (s.import->guarded) continue;
        std::string mod = idx.module_path(RepoIndex::absolute_module(s.path, *s.import));
        if (mod.empty() || idx.module_binds(mod, name) || !star_reexports(idx, mod, path)) continue;
        report_rename(ctx, path, name, s.path, s.import->line, fmt::format("imports `{}` from {}", name, mod), out);
      }
      for (const index::CallSite& c : idx.callers(name)) {
        if (c.call->callee.find('.') == std::string::npos) continue;  // plain names come through imports
        auto target = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
        if (!target || idx.module_binds(target->module_path, name) || !star_reexports(idx, target->module_path, path)) continue;
        report_rename(ctx, path, name, c.path, c.call->line, fmt::format("calls `{}`", c.call->callee), out);
      }
      if (out.size() == before_count && public_op(ctx, path, name) && !bound_anywhere(idx, name))
        public_rename(ctx, f, name, out);
    }
  }

  // Whether any module of the repository still binds `name` at module level (moved, not gone).
  static bool bound_anywhere(const RepoIndex& idx, const std::string& name) {
    for (const auto& [p, fi] : idx.files_naming(RepoIndex::Role::Bind, name))
      if (fi->lang == index::FileIndex::Python && fi->binds(name)) return true;
    return false;
  }

  // A public op that is gone with every in-repo user updated: the consumers are elsewhere.
  void public_rename(const ReviewContext& ctx, const FileChange& f, const std::string& name,
                     std::vector<Finding>& out) const {
    const std::string& path = f.path();
    int line = 0;
    std::string successor;
    const lang::SyntaxTree* now = ctx.workspace.new_tree(path);
    const lang::SyntaxTree* before = ctx.workspace.old_tree(f.old_path.empty() ? path : f.old_path);
    if (now && before) {
      auto old_fns = api_functions(*before);
      for (const auto& [qual, fn] : api_functions(*now)) {
        if (!fn.class_name.empty() || old_fns.count(qual)) continue;
        if (fn.name.find(name) != std::string::npos || name.find(fn.name) != std::string::npos) {
          line = fn.start_line, successor = fn.name;
          break;
        }
      }
    }
    Finding fd = finding();
    fd.severity = Severity::Warn;
    fd.location = Location{path, line};
    fd.problem = successor.empty()
                     ? fmt::format("rename: public op `{}` is removed from {} with no alias", name, path)
                     : fmt::format("rename: public op `{}` is renamed to `{}` with no alias", name, successor);
    fd.impact = "In-repo users were updated, but consumers outside this repository that import it get ImportError/"
                "AttributeError";
    fd.action = fmt::format("Author must keep `{}` as an alias or wrapper, or link the consumer PRs", name);
    if (now && line > 0) fd.evidence.push_back(evidence(path, line, now->line_text(line)));
    out.push_back(std::move(fd));
  }

  void report_rename(const ReviewContext& ctx, const std::string& path, const std::string& name, const std::string& user,
                     int line, const std::string& how, std::vector<Finding>& out, bool whole_module = false) const {
    Finding fd = finding();
    fd.location = Location{user, line};
    if (!whole_module) fd.related.push_back(Location{path, 0});
    fd.problem = whole_module
                     ? fmt::format("rename: module {} ({}) is renamed or deleted by this PR but {}:{} still {}", name, path,
                                   user, line, how)
                     : fmt::format("rename: `{}` is no longer defined in {} (renamed or removed, no shim keeps the old "
                                   "name) but {}:{} still {}",
                                   name, path, user, line, how);
    fd.impact = "That import or call raises ImportError/AttributeError; consumers outside the repository that use the old "
                "name break the same way";
    fd.action = fmt::format("Author must update {} or keep `{}` as a compatibility alias or wrapper", user, name);
    fd.trigger = fmt::format("executing {}:{} ({})", user, line, how);
    if (const lang::SyntaxTree* t = ctx.workspace.new_tree(user)) fd.evidence.push_back(evidence(user, line, t->line_text(line)));
    else if (auto text = ctx.workspace.read_head(user)) fd.evidence.push_back(evidence(user, line, nth_line(*text, line)));
    out.push_back(std::move(fd));
  }

  void deleted_module(const ReviewContext& ctx, const FileChange& f, std::vector<Finding>& out) const {
    if (!is_python(f.old_path)) return;
    const RepoIndex& idx = ctx.repo->index();
    if (idx.file(f.old_path)) return;  // still there
    std::string dotted = RepoIndex::dotted_of(f.old_path);
    if (!idx.module_path(dotted).empty()) return;  // m.py became m/__init__.py: the name still imports
    for (const index::ImportSite& s : idx.imports_of_module_name(dotted))
      if (!s.import->guarded) report_rename(ctx, f.old_path, dotted, s.path, s.import->line, "imports it", out, true);
  }

  // --- attr-missing -----------------------------------------------------------------------
  void collect_getattrs(const ReviewContext& ctx, Origins& origins, const FileChange& f, const lang::SyntaxTree& now,
                        const lang::SyntaxTree* before, std::vector<std::pair<std::string, std::string>>& out) const {
    std::set<std::string> old_keys, old_attributes;
    if (before) {
      for (const lang::Call& c : before->calls())
        if (c.callee == "getattr" && c.args.size() >= 2) old_keys.insert(std::string(c.args[1].value.text()));
      // `obj.key` read directly on the base side: the attribute was taken to exist, and a new
      // getattr with a default is a compatibility shim for versions that drop it.
      lang::walk(before->root(), [&](lang::Node n) {
        if (is(n, NodeKind::Attribute))
          if (lang::Node a = n.child_by_field("attribute")) old_attributes.insert(std::string(a.text()));
        return true;
      });
    }
    std::vector<lang::Call> now_calls = now.calls();
    const index::FileIndex* fi = ctx.repo->index().file(f.path());
    if (!fi) return;
    std::set<int> added = added_line_numbers(f);
    for (const index::PyGetattr& g : fi->getattrs) {
      if (!added.count(g.line) || !silent_value_default(g.default_text) || g.key.starts_with("_")) continue;
      if (!config_object(g.object)) continue;
      if (old_keys.count("\"" + g.key + "\"") || old_keys.count("'" + g.key + "'")) continue;
      static const RE2 ident(R"([A-Za-z_]\w*)");
      if (!RE2::FullMatch(g.key, ident)) continue;
      if (old_attributes.count(g.key)) continue;
      if (!owned_config(origins, f.path(), now_calls, g)) continue;
      out.emplace_back(g.key, fmt::format("{}:{}", f.path(), g.line));
    }
  }

  // Whether getattr `g` reads a key the repository is expected to provide: not the fallback of an
  // alias chain (`getattr(c, "new", getattr(c, "old", True))`), and not on an object of
  // external origin — a HuggingFace checkpoint config (a field typed PretrainedConfig, an
  // AutoConfig load, anything derived from one), an imported vLLM/SGLang config type, or a
  // repository class deriving from one — whose keys come from outside by design.
  static bool owned_config(Origins& origins, const std::string& path, const std::vector<lang::Call>& calls,
                           const index::PyGetattr& g) {
    for (const lang::Call& c : calls) {
      if (c.callee != "getattr" || c.args.size() < 2 || c.line != g.line) continue;
      std::string_view key = c.args[1].value.text();
      if (key.size() < 2 || key.substr(1, key.size() - 2) != g.key) continue;
      if (getattr_fallback(c)) return false;
      Origin o = origins.object_origin(path, c.args[0].value);
      if (o.external()) return false;
      if (o.repo() && origins.derives_from_external(o.path, o.name)) return false;
      return true;
    }
    return true;
  }

  void attr_missing(const ReviewContext& ctx, const std::vector<std::pair<std::string, std::string>>& candidates,
                    std::vector<Finding>& out) const {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    std::string alt;
    for (const auto& [key, where] : candidates) alt += (alt.empty() ? "" : "|") + key;
    // Set somewhere: `.key =`, `key: T = ...` / `key: T` (dataclass field), `key=` (kwarg /
    // assignment), setattr(obj, "key", ...), a dict entry "key": ...
    RE2 set_re(fmt::format(R"((?:\b|\.)({0})\s*(?::[^=\n]*)?=[^=]|setattr\([^,]+,\s*["']({0})["']|["']({0})["']\s*:|^\s+({0})\s*:)",
                           alt));
    std::set<std::string> seen;
    if (set_re.ok()) {
      for (const std::string& path : head->list_files()) {
        if (!is_python(path)) continue;
        auto text = head->read(path);
        if (!text) continue;
        re2::StringPiece in(*text);
        std::string a, b, c, d;
        while (RE2::FindAndConsume(&in, set_re, &a, &b, &c, &d))
          for (const std::string* s : {&a, &b, &c, &d})
            if (!s->empty()) seen.insert(*s);
      }
    }
    for (const auto& [key, where] : candidates) {
      if (seen.count(key)) continue;
      size_t colon = where.rfind(':');
      std::string path = where.substr(0, colon);
      int line = std::stoi(where.substr(colon + 1));
      Finding fd = finding();
      fd.severity = Severity::Note;  // the key may come from an external config file: a question
      fd.location = Location{path, line};
      fd.problem = fmt::format("attr-missing: new `getattr(..., \"{}\", default)` reads an attribute that nothing in this "
                               "repository sets",
                               key);
      fd.impact = "Unless an external config supplies it, the default is what always runs, silently, with no warning";
      fd.action = fmt::format("Reviewer should ask where `{}` is set, or for a read without a default so its absence "
                              "fails loudly",
                              key);
      if (const lang::SyntaxTree* t = ctx.workspace.new_tree(path)) fd.evidence.push_back(evidence(path, line, t->line_text(line)));
      fd.verified = false;
      out.push_back(std::move(fd));
    }
  }

  static void add_evidence(const ReviewContext& ctx, Finding& fd, const std::string& def_path, int def_line,
                           const std::string& call_path, int call_line) {
    if (const lang::SyntaxTree* t = ctx.workspace.new_tree(def_path))
      fd.evidence.push_back(evidence(def_path, def_line, t->line_text(def_line)));
    if (const lang::SyntaxTree* t = ctx.workspace.new_tree(call_path))
      fd.evidence.push_back(evidence(call_path, call_line, t->line_text(call_line)));
    else if (auto text = ctx.workspace.read_head(call_path))
      fd.evidence.push_back(evidence(call_path, call_line, nth_line(*text, call_line)));
  }

  static std::string nth_line(const std::string& text, int line) {
    size_t pos = 0;
    for (int i = 1; i < line && pos != std::string::npos; ++i) {
      pos = text.find('\n', pos);
      if (pos != std::string::npos) ++pos;
    }
    if (pos == std::string::npos || pos >= text.size()) return {};
    size_t end = text.find('\n', pos);
    return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  }
};

REGISTER_RULE(ApiPropagation);

}  // namespace
}  // namespace rp
