#include "rules/index_facts.h"

#include <fmt/format.h>

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

std::map<std::string, std::string> module_aliases(const RepoIndex& idx, const std::string& path, int line) {
  std::map<std::string, std::string> out;
  const index::FileIndex* fi = idx.file(path);
  if (!fi) return out;
  for (const PyImport& im : fi->imports) {
    if (!import_in_scope(*fi, im, line)) continue;
    std::string dotted = RepoIndex::absolute_module(path, im);
    if (im.names.empty()) {  // import a.b [as x]
      if (!im.alias.empty()) {
        std::string target = idx.module_path(dotted);
        if (!target.empty()) out[im.alias] = target;
      } else {
        std::string top = dotted.substr(0, dotted.find('.'));
        std::string target = idx.module_path(top);
        if (!target.empty()) out[top] = target;
      }
      continue;
    }
    for (const auto& n : im.names) {
      if (n.name == "*") continue;
      std::string target = idx.module_path(dotted.empty() ? n.name : dotted + "." + n.name);
      if (!target.empty()) out[n.bound()] = target;
    }
  }
  return out;
}

std::optional<SymbolTarget> resolve_symbol(const RepoIndex& idx, const std::string& path, const std::string& callee,
                                           int line) {
  const index::FileIndex* fi = idx.file(path);
  if (!fi || callee.empty()) return std::nullopt;
  size_t dot = callee.rfind('.');
  if (dot == std::string::npos) {
    if (fi->function(callee) || fi->klass(callee)) return SymbolTarget{path, callee, "defined in this file"};
    for (const PyImport& im : fi->imports) {
      if (!import_in_scope(*fi, im, line)) continue;
      for (const auto& n : im.names) {
        if (n.name == "*" || n.bound() != callee) continue;
        std::string dotted = RepoIndex::absolute_module(path, im);
        if (!idx.first_party(dotted.empty() ? path : dotted)) return std::nullopt;
        std::string target = idx.module_path(dotted);
        if (target.empty()) return std::nullopt;
        return SymbolTarget{target, n.name, fmt::format("imported at line {}", im.line)};
      }
    }
    return std::nullopt;
  }
  // mod.f / pkg.sub.f: the prefix must be a module alias, possibly followed by submodules.
  std::string prefix = callee.substr(0, dot), name = callee.substr(dot + 1);
  auto aliases = module_aliases(idx, path, line);
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

}  // namespace rp
