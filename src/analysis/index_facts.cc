#include "analysis/index_facts.h"

#include <fmt/format.h>

#include "index/knowledge.h"

namespace rp {

using index::PyImport;
using index::RepoIndex;

bool import_in_scope(const index::FileIndex& fi, const PyImport& im, int line) {
  if (im.at_import) return true;
  const index::PyFunction* inner = nullptr;
  for (const index::PyFunction& f : fi.functions)
    if (f.line <= line && line <= f.end_line && (!inner || f.line >= inner->line)) inner = &f;
  return inner && inner->line <= im.line && im.line <= inner->end_line;
}

namespace {

// Names bound in `path` (read from `home`) to module files of `idx`.
std::map<std::string, std::string> aliases_in(const RepoIndex& home, const std::string& path, int line,
                                              const RepoIndex& idx) {
  std::map<std::string, std::string> out;
  const index::FileIndex* fi = home.file(path);
  if (!fi) return out;
  // Module-level imports first, then the function's own: a name a function imports is local
  // to the whole function and hides the module's binding of it, even when the local import
  // names a module of another package (then the name is no module of `idx` at all).
  for (bool local : {false, true})
    for (const PyImport& im : fi->imports) {
      if (im.at_import == local || !import_in_scope(*fi, im, line)) continue;
      std::string dotted = RepoIndex::absolute_module(path, im);
      auto bind = [&](const std::string& name, const std::string& target) {
        if (!target.empty()) out[name] = target;
        else if (local) out.erase(name);
      };
      if (im.names.empty()) {  // import a.b [as x]
        if (!im.alias.empty()) {
          bind(im.alias, idx.module_path(dotted));
        } else {
          std::string top = dotted.substr(0, dotted.find('.'));
          bind(top, idx.module_path(top));
        }
        continue;
      }
      for (const auto& n : im.names) {
        if (n.name == "*") continue;
        bind(n.bound(), idx.module_path(dotted.empty() ? n.name : dotted + "." + n.name));
      }
    }
  return out;
}

}  // namespace

std::map<std::string, std::string> module_aliases(const RepoIndex& idx, const std::string& path, int line) {
  return aliases_in(idx, path, line, idx);
}

std::optional<SymbolTarget> resolve_symbol(const RepoIndex& idx, const std::string& path, const std::string& callee,
                                           int line) {
  const index::FileIndex* fi = idx.file(path);
  if (!fi || callee.empty()) return std::nullopt;
  // A same-file definition, unless the function around `line` imports the name itself.
  bool imported_here = false;
  for (const PyImport& im : fi->imports)
    if (!im.at_import && import_in_scope(*fi, im, line))
      for (const auto& n : im.names) imported_here = imported_here || n.bound() == callee;
  if (callee.find('.') == std::string::npos && !imported_here && (fi->function(callee) || fi->klass(callee)))
    return SymbolTarget{path, callee, "defined in this file"};
  return resolve_symbol_in(idx, path, callee, line, idx);
}

std::optional<SymbolTarget> resolve_symbol_in(const RepoIndex& home, const std::string& path, const std::string& callee,
                                              int line, const RepoIndex& idx) {
  const index::FileIndex* fi = home.file(path);
  if (!fi || callee.empty()) return std::nullopt;
  size_t dot = callee.rfind('.');
  if (dot == std::string::npos) {
    // The function's own import of the name first: it shadows a module-level one.
    for (bool local : {true, false})
      for (const PyImport& im : fi->imports) {
        if (im.at_import == local || !import_in_scope(*fi, im, line)) continue;
        for (const auto& n : im.names) {
          if (n.name == "*" || n.bound() != callee) continue;
          std::string dotted = RepoIndex::absolute_module(path, im);
          if (!idx.first_party(dotted.empty() ? path : dotted)) return std::nullopt;
          std::string target = idx.module_path(dotted);
          if (target.empty()) return std::nullopt;
          return SymbolTarget{target, n.name, fmt::format("imported at line {}", im.line)};
        }
        if (local && im.names.empty() && (im.alias.empty() ? im.module.substr(0, im.module.find('.')) : im.alias) == callee)
          return std::nullopt;  // `import x` binds a module, not a function of this repository
      }
    return std::nullopt;
  }
  // mod.f / pkg.sub.f: the prefix must be a module alias, possibly followed by submodules.
  std::string prefix = callee.substr(0, dot), name = callee.substr(dot + 1);
  auto aliases = aliases_in(home, path, line, idx);
  size_t first_dot = prefix.find('.');
  auto it = aliases.find(prefix.substr(0, first_dot));
  if (it == aliases.end()) return std::nullopt;
  std::string module = it->second;
  if (first_dot != std::string::npos) {
    std::string dotted = RepoIndex::dotted_of(module) + prefix.substr(first_dot);
    module = idx.module_path(dotted);
    if (module.empty()) return std::nullopt;  // an attribute chain, not submodules
  }
  return SymbolTarget{module, name, fmt::format("`{}` is module {}", prefix, module)};
}

namespace {

// Whether `name` reached from module file `mpath` is class `cls` of `def_path`.
bool reaches_class(const RepoIndex& idx, const std::string& mpath, const std::string& name, const std::string& def_path,
                   const std::string& cls, int depth) {
  if (mpath == def_path && name == cls) return true;
  const index::FileIndex* fi = idx.file(mpath);
  if (!fi || depth > 8 || fi->klass(name) || fi->function(name)) return false;
  for (const PyImport& im : fi->imports)
    for (const auto& n : im.names) {
      std::string target = idx.module_path(RepoIndex::absolute_module(mpath, im));
      if (target.empty()) continue;
      if (n.name == "*" ? reaches_class(idx, target, name, def_path, cls, depth + 1)
                        : n.bound() == name && reaches_class(idx, target, n.name, def_path, cls, depth + 1))
        return true;
    }
  return false;
}

const index::PyFunction* innermost_function(const index::FileIndex& fi, int line) {
  const index::PyFunction* inner = nullptr;
  for (const index::PyFunction& f : fi.functions)
    if (f.line <= line && line <= f.end_line && (!inner || f.line >= inner->line)) inner = &f;
  return inner;
}

// Whether call `c` of `path` reaches method `method` of class `cls` of `def_path`.
bool calls_method(const RepoIndex& idx, const std::string& path, const index::PyCall& c, const std::string& def_path,
                  const std::string& cls, const std::string& method) {
  size_t dot = c.callee.rfind('.');
  if (dot == std::string::npos || c.callee.substr(dot + 1) != method) return false;
  std::string receiver = c.callee.substr(0, dot);
  const index::FileIndex* fi = idx.file(path);
  const index::PyFunction* fn = fi ? innermost_function(*fi, c.line) : nullptr;
  if (receiver == "self") {  // inside a method of the class (or a closure within one)
    if (path != def_path) return false;
    for (const index::PyFunction& m : fi->functions)
      if (m.class_name == cls && m.line <= c.line && c.line <= m.end_line) return true;
    return false;
  }
  if (receiver == "super()") {
    const index::PyClass* sub = fn && !fn->class_name.empty() ? fi->klass(fn->class_name) : nullptr;
    if (!sub) return false;
    for (const std::string& base : sub->bases)
      if (names_class(idx, path, base, c.line, def_path, cls)) return true;
    return false;
  }
  if (!c.receiver_class.empty()) return names_class(idx, path, c.receiver_class, c.line, def_path, cls);
  return names_class(idx, path, receiver, c.line, def_path, cls);  // Cls.m(...)
}

}  // namespace

index::TierFacts file_tier(const ReviewContext& ctx, const std::string& path) {
  if (ctx.repo) return ctx.repo->tier(path);
  index::TierFacts t;
  for (const BackboneFile& b : ctx.profile.backbone)
    if (!b.path.ends_with("/") && b.path == path && b.tier < t.tier) t = {b.tier, "the profile's Step 4 table"};
  return t;
}

bool names_class(const RepoIndex& idx, const std::string& path, const std::string& text, int line,
                 const std::string& def_path, const std::string& cls) {
  auto target = resolve_symbol(idx, path, text, line);
  return target && reaches_class(idx, target->module_path, target->name, def_path, cls, 0);
}

std::vector<index::CallSite> method_callers(const RepoIndex& idx, const std::string& def_path, const std::string& cls,
                                            const std::string& method) {
  std::vector<index::CallSite> out;
  for (const index::CallSite& c : idx.callers(method))
    if (calls_method(idx, c.path, *c.call, def_path, cls, method)) out.push_back(c);
  return out;
}

}  // namespace rp
