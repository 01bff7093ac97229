#include "analysis/api_surface.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "analysis/index_facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "lang/import_guard.h"
#include "lang/node_kind.h"

namespace rp::api {

using index::RepoIndex;
using lang::NodeKind;

FunctionsByName api_functions(const lang::SyntaxTree& tree) {
  FunctionsByName out;
  // The names `typing.overload` goes by in this file: `overload`, `typing.overload`, and any alias
  // an import gives it (`from typing import overload as _overload`).
  std::set<std::string> overload_names = {"overload", "typing.overload", "typing_extensions.overload"};
  for (const lang::Import& imp : tree.imports())
    if (imp.module == "typing" || imp.module == "typing_extensions")
      for (const lang::ImportedName& n : lang::imported_names(imp))
        if (n.name == "overload" && !n.alias.empty()) overload_names.insert(n.alias);
  for (const lang::Function& f : tree.functions()) {
    if (lang::ancestor(f.node, {NodeKind::FunctionDef})) continue;
    lang::Node cls = lang::ancestor(f.node, {NodeKind::ClassDef});
    if (cls && lang::ancestor(cls, {NodeKind::FunctionDef, NodeKind::ClassDef})) continue;
    // An `@overload` stub only describes a signature for type checkers; the name binds the
    // definition without it.
    bool overload_stub = std::any_of(f.decorators.begin(), f.decorators.end(), [&](const std::string& d) {
      return overload_names.count(std::string(trim(d))) > 0;
    });
    if (!overload_stub) out.emplace(f.qualified, &f);
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

std::vector<index::CallSite> callers_of(const RepoIndex& idx, const std::string& path, const lang::Function& fn) {
  std::vector<index::CallSite> out;
  if (!fn.class_name.empty()) {
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

const index::PyFunction* called_signature(const RepoIndex& idx, const std::string& path, const std::string& callee,
                                          int line) {
  std::optional<SymbolTarget> target = resolve_symbol(idx, path, callee, line);
  for (int hop = 0; target && hop < 4; ++hop) {
    RepoIndex::Resolved fn = idx.resolve_function(target->module_path, target->name);
    if (fn.function) return fn.function;
    const index::FileIndex* fi = idx.file(target->module_path);
    if (!fi) return nullptr;
    for (const index::PyClass& c : fi->classes) {
      if (c.name != target->name || !c.top_level) continue;
      for (const index::PyFunction& m : fi->functions)
        if (m.class_name == c.name && m.name == "__init__") return &m;
      return nullptr;
    }
    // A class re-exported by `from .impl import Cls`: follow the import of the defining module.
    std::optional<SymbolTarget> next = resolve_symbol(idx, target->module_path, target->name, 0);
    if (!next || (next->module_path == target->module_path && next->name == target->name)) return nullptr;
    target = next;
  }
  return nullptr;
}

lang::Node passed_argument(const lang::SyntaxTree& caller, const index::PyCall& call, const std::string& keyword,
                           int position) {
  for (const lang::Call& c : caller.calls()) {
    if (c.line != call.line) continue;
    if (const lang::Argument* a = c.keyword(keyword); a && a->value) return a->value;
    int k = 0;
    for (const lang::Argument& arg : c.args)
      if (arg.keyword.empty() && k++ == position && arg.value) return arg.value;
  }
  return {};
}

namespace {
bool star_reexports_from(const RepoIndex& idx, const std::string& mod, const std::string& target, int depth) {
  if (mod == target) return true;
  const index::FileIndex* fi = idx.file(mod);
  if (!fi || depth > 6) return false;
  for (const index::PyImport& im : fi->imports) {
    if (!im.is_star()) continue;
    std::string t = idx.module_path(RepoIndex::absolute_module(mod, im));
    if (!t.empty() && star_reexports_from(idx, t, target, depth + 1)) return true;
  }
  return false;
}
}  // namespace

bool star_reexports(const RepoIndex& idx, const std::string& mod, const std::string& target) {
  return star_reexports_from(idx, mod, target, 0);
}

bool public_op(const ReviewContext& ctx, const std::string& path, const std::string& name) {
  if (!ctx.profile.op_library || !ctx.repo || name.empty() || name.starts_with("_")) return false;
  if (path.starts_with("aiter/ops/") && path.find('/', 10) == std::string::npos) return true;
  return star_reexports(ctx.repo->index(), "aiter/__init__.py", path);
}

bool bound_anywhere(const RepoIndex& idx, const std::string& name) {
  for (const auto& [p, fi] : idx.files_naming(RepoIndex::Role::Bind, name))
    if (fi->lang == index::FileIndex::Python && fi->binds(name)) return true;
  return false;
}

std::vector<std::string> removed_keywords(const lang::Function& before, const lang::Function& now) {
  std::vector<std::string> removed;
  if (takes_kwargs(now)) return removed;
  std::set<std::string> now_params = param_names(now);
  for (const lang::Param& p : before.params)
    if (!now_params.count(p.name) && p.name != "self" && p.name != "cls") removed.push_back(p.name);
  return removed;
}

std::vector<StaleCall> stale_keyword_calls(const RepoIndex& idx, const std::string& path, const lang::Function& now,
                                           const std::vector<std::string>& removed) {
  std::vector<StaleCall> out;
  if (removed.empty()) return out;
  for (const index::CallSite& c : callers_of(idx, path, now)) {
    std::vector<std::string> still;
    for (const std::string& kw : c.call->keywords)
      if (std::find(removed.begin(), removed.end(), kw) != removed.end()) still.push_back(kw);
    if (!still.empty()) out.push_back({c, std::move(still)});
  }
  return out;
}

std::vector<StaleCall> stale_positional_calls(const RepoIndex& idx, const std::string& path,
                                              const lang::Function& before, const lang::Function& now) {
  std::vector<StaleCall> out;
  bool old_star = false, new_star = false;
  int was = plain_positional(before, &old_star), takes = plain_positional(now, &new_star);
  if (new_star || takes >= was) return out;
  int self = now.class_name.empty() ? 0 : 1;
  for (const index::CallSite& c : callers_of(idx, path, now)) {
    if (c.call->positional + self <= takes) continue;
    // Cls.m(obj, ...) passes the instance explicitly (or m is a static/class method).
    if (self && c.call->receiver_class.empty() && !c.call->callee.starts_with("self.") &&
        !c.call->callee.starts_with("super()."))
      continue;
    out.push_back({c, {}});
  }
  return out;
}

std::vector<std::pair<std::string, int>> gone_symbols(const RepoIndex& idx, const std::string& path,
                                                      const lang::SyntaxTree& before) {
  std::vector<std::pair<std::string, int>> gone;
  for (const auto& [qual, fn] : api_functions(before))
    if (fn->class_name.empty() && !idx.module_binds(path, fn->name)) gone.emplace_back(fn->name, fn->start_line);
  for (const lang::ClassDef& c : before.classes())
    if (!lang::ancestor(c.node, {NodeKind::FunctionDef, NodeKind::ClassDef}) && !idx.module_binds(path, c.name))
      gone.emplace_back(c.name, c.start_line);
  return gone;
}

std::vector<StaleUse> stale_uses(const RepoIndex& idx, const std::string& path, const std::string& name) {
  std::vector<StaleUse> out;
  for (const index::ImportSite& s : idx.importers_of_name(name)) {
    if (s.import->guarded) continue;
    std::string mod = idx.module_path(RepoIndex::absolute_module(s.path, *s.import));
    if (mod.empty() || idx.module_binds(mod, name) || !star_reexports(idx, mod, path)) continue;
    out.push_back({s.path, s.import->line, fmt::format("imports `{}` from {}", name, mod)});
  }
  for (const index::CallSite& c : idx.callers(name)) {
    if (c.call->callee.find('.') == std::string::npos) continue;  // plain names come through imports
    auto target = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
    if (!target || idx.module_binds(target->module_path, name) || !star_reexports(idx, target->module_path, path)) continue;
    out.push_back({c.path, c.call->line, fmt::format("calls `{}`", c.call->callee)});
  }
  return out;
}

bool type_checking_import(const ReviewContext& ctx, const std::string& path, int line) {
  std::optional<std::string> text = ctx.workspace.read_head(path);
  if (!text || text->find("TYPE_CHECKING") == std::string::npos) return false;
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, *text);
  if (!tree) return false;
  for (const lang::Import& im : tree->imports())
    if (im.line == line) return under_type_checking(im.node);
  return false;
}

namespace {
std::optional<ModuleApiDiff> compute_module_diff(const ReviewContext& ctx, const FileChange& f) {
  if (!ctx.repo || !ctx.workspace.head_tree()) return std::nullopt;
  if (f.status == FileStatus::Deleted || !is_python(f.path())) return std::nullopt;
  const RepoIndex& idx = ctx.repo->index();
  ModuleApiDiff m;
  m.change = &f;
  m.path = f.path();
  m.now = ctx.workspace.new_tree(f.path());
  m.before = ctx.workspace.old_tree(f.old_path.empty() ? f.path() : f.old_path);
  if (!m.now || !m.before) return std::nullopt;
  m.old_fns = api_functions(*m.before);
  m.new_fns = api_functions(*m.now);
  for (const auto& [qual, nf] : m.new_fns) {
    auto it = m.old_fns.find(qual);
    if (it == m.old_fns.end()) continue;
    ChangedFunction c{it->second, nf, removed_keywords(*it->second, *nf), {}, {}};
    c.stale_keyword = stale_keyword_calls(idx, m.path, *nf, c.removed);
    c.stale_positional = stale_positional_calls(idx, m.path, *it->second, *nf);
    m.changed.push_back(std::move(c));
  }
  for (auto& [name, line] : gone_symbols(idx, m.path, *m.before)) {
    std::vector<StaleUse> uses = stale_uses(idx, m.path, name);
    std::erase_if(uses, [&](const StaleUse& u) { return type_checking_import(ctx, u.path, u.line); });
    m.gone.push_back({std::move(name), line, std::move(uses)});
  }
  return m;
}

// One module's diff in the review's fact cache, under the file's head-side path.
struct ModuleApiDiffFact {
  std::optional<ModuleApiDiff> diff;
};
}  // namespace

const ModuleApiDiff* api_diff_of(const ReviewContext& ctx, const FileChange& f) {
  const auto& fact =
      ctx.facts->get_for<ModuleApiDiffFact>(f.path(), [&] { return ModuleApiDiffFact{compute_module_diff(ctx, f)}; });
  return fact.diff ? &*fact.diff : nullptr;
}

}  // namespace rp::api
