#include "analysis/method_binding.h"

#include <set>

#include "analysis/class_members.h"

namespace rp {
namespace {

// A copy of `fn` as a bound method: without its first (self) parameter. nullopt when `fn` has no
// plain first parameter or a decorator that may change what it takes.
std::optional<index::PyFunction> as_bound(const index::PyFunction& fn) {
  if (!signature_preserving(fn) || fn.params.empty() || fn.params.front().kind != index::PyParam::Plain)
    return std::nullopt;
  index::PyFunction b = fn;
  b.params.erase(b.params.begin());
  return b;
}

// How many statements directly in the body of class `cls` bind `name` (defs, assignments, in any
// if/try branch): a second one means which definition the class has depends on what ran last.
int class_bindings(const lang::SyntaxTree& tree, std::string_view cls, std::string_view name) {
  int n = 0;
  for (lang::Node id : tree.identifiers(name)) {
    if (!tree.is_binding(id)) continue;
    lang::Node scope = id.ancestor({"function_definition", "class_definition", "lambda"});
    if (scope && scope.child_by_field("name") == id) scope = scope.ancestor({"function_definition", "class_definition", "lambda"});
    if (scope && scope.kind() == "class_definition" && scope.child_by_field("name").text() == cls) ++n;
  }
  return n;
}

}  // namespace

std::optional<std::vector<MethodTarget>> method_targets(const index::RepoIndex& idx, const TreeOf& tree_of,
                                                        const ClassRef& cls, std::string_view method) {
  std::vector<MethodTarget> out;
  // The definition the class itself runs: its own body, else along its single base chain.
  ClassRef cur = cls;
  for (int depth = 0;; ++depth) {
    const lang::SyntaxTree* tree = tree_of(cur.path);
    const index::FileIndex* fi = idx.file(cur.path);
    if (!tree || !fi || depth > 8) return std::nullopt;
    ClassMembers m = class_members(*tree, cur.name);
    if (!m.found || !m.knowable) return std::nullopt;
    if (const index::PyFunction* fn = fi->function(method, cur.name)) {
      if (class_bindings(*tree, cur.name, method) != 1) return std::nullopt;
      auto bound = as_bound(*fn);
      if (!bound) return std::nullopt;
      out.push_back({cur, std::move(*bound), false});
      break;
    }
    if (m.names.count(method) || m.bases.size() != 1) return std::nullopt;
    auto base = resolve_class(idx, cur.path, m.bases.front(), 0);
    if (!base) return std::nullopt;
    cur = *base;
  }
  // Overrides in repository subclasses of `cls`, transitively.
  std::vector<ClassRef> todo{cls};
  std::set<std::pair<std::string, std::string>> seen{{cls.path, cls.name}};
  while (!todo.empty()) {
    ClassRef parent = todo.back();
    todo.pop_back();
    for (const auto& [path, sub] : idx.subclasses(parent.name)) {
      bool derives = false;
      for (const std::string& b : sub->bases)
        if (auto ref = resolve_class(idx, path, b, 0); ref && *ref == parent) derives = true;
      if (!derives || !seen.insert({path, sub->name}).second) continue;
      if (seen.size() > 64) return std::nullopt;
      ClassRef child{path, sub->name};
      todo.push_back(child);
      const index::FileIndex* fi = idx.file(path);
      const index::PyFunction* fn = fi ? fi->function(method, sub->name) : nullptr;
      if (!fn) continue;
      auto bound = as_bound(*fn);
      if (!bound) return std::nullopt;
      out.push_back({child, std::move(*bound), true});
    }
  }
  return out;
}

MethodCallFit fit_method_call(const std::vector<MethodTarget>& targets, const index::PyCall& call) {
  MethodCallFit fit;
  if (call.star_args || targets.empty()) return fit;
  fit.checkable = true;
  for (size_t i = 0; i < targets.size(); ++i) {
    CallBinding b = bind_call(targets[i].fn, call);
    if (i == 0) fit.first = b;
    if (b.missing.empty() && b.unexpected_keywords.empty() && b.excess_positional == 0) fit.fits = true;
  }
  return fit;
}

}  // namespace rp
