#include "analysis/decorator_binding.h"

#include <algorithm>
#include <iterator>

namespace rp {
namespace {

using lang::Function;
using lang::Node;

enum class ParamKind { Plain, Star, DoubleStar };

ParamKind kind_of(const lang::Param& p) {
  Node n = p.node;
  if (n.kind() == "typed_parameter" && !n.named_children().empty()) n = n.named_children().front();
  if (n.kind() == "list_splat_pattern") return ParamKind::Star;
  if (n.kind() == "dictionary_splat_pattern") return ParamKind::DoubleStar;
  return ParamKind::Plain;
}

// The function_definition node of a def (its decorated_definition wrapper stripped).
Node def_node(const Function& f) {
  if (f.node.kind() == "function_definition") return f.node;
  for (Node c : f.node.named_children())
    if (c.kind() == "function_definition") return c;
  return f.node;
}

// The function whose own scope holds `n` (null at module level).
Node owner_of(Node n) { return n.ancestor({"function_definition", "lambda"}); }

// What `outer` returns: the defs nested directly in it that its own return statements name.
// Empty `ok` when a return gives anything else (the shape is not read here).
struct Returned {
  std::vector<const Function*> defs;
  bool ok = true;
};

Returned returned_defs(const lang::SyntaxTree& tree, const Function& outer) {
  Returned r;
  Node self = def_node(outer);
  std::vector<const Function*> nested;
  for (const Function& f : tree.functions())
    if (f.node.start_byte() > self.start_byte() && f.node.end_byte() <= self.end_byte() && owner_of(def_node(f)) == self)
      nested.push_back(&f);
  walk(self, [&](Node n) {
    if (!(n == self) && (n.kind() == "function_definition" || n.kind() == "lambda" || n.kind() == "class_definition"))
      return false;
    if (n.kind() != "return_statement") return true;
    std::vector<Node> v = n.named_children();
    if (v.size() != 1 || v.front().kind() != "identifier") {
      r.ok = false;
      return false;
    }
    std::string_view name = v.front().text();
    auto it = std::find_if(nested.begin(), nested.end(), [&](const Function* f) { return f->name == name; });
    if (it == nested.end()) {
      r.ok = false;
      return false;
    }
    if (std::find(r.defs.begin(), r.defs.end(), *it) == r.defs.end()) r.defs.push_back(*it);
    return false;
  });
  if (r.defs.empty()) r.ok = false;
  return r;
}

bool only_wraps(const Function& f) {
  return std::all_of(f.decorators.begin(), f.decorators.end(), [](const std::string& d) {
    return d.starts_with("functools.wraps(") || d.starts_with("wraps(");
  });
}

}  // namespace

DecoratorBinding decorator_binding(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                                   std::string_view decorator) {
  DecoratorBinding none;
  size_t paren = decorator.find('(');
  std::string name(decorator.substr(0, paren));
  name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == ' ' || c == '\t'; }), name.end());
  bool factory = paren != std::string_view::npos;
  if (name.empty() || name.find('.') != std::string::npos) return none;
  index::RepoIndex::Resolved def = idx.resolve_function(path, name);
  if (!def.function || !def.function->class_name.empty()) return none;
  const lang::SyntaxTree* tree = tree_of ? tree_of(def.path) : nullptr;
  if (!tree) return none;
  const Function* top = nullptr;
  for (const Function& f : tree->functions())
    if (f.name == name && f.class_name.empty() && !owner_of(def_node(f)) && f.start_line <= def.function->line &&
        def.function->line <= f.end_line)
      top = &f;
  if (!top) return none;
  // The decorating function: the factory's returned def, or the decorator itself.
  const Function* decorating = top;
  if (factory) {
    Returned r = returned_defs(*tree, *top);
    if (!r.ok || r.defs.size() != 1) return none;
    decorating = r.defs.front();
  }
  if (decorating->params.empty() || kind_of(decorating->params.front()) != ParamKind::Plain) return none;
  const std::string& decorated = decorating->params.front().name;
  Returned wrappers = returned_defs(*tree, *decorating);
  if (!wrappers.ok) return none;

  DecoratorBinding b;
  b.where = def.path + ":" + std::to_string(top->start_line);
  b.binds = DecoratorBinding::Binds::Elsewhere;
  bool first = true;
  for (const Function* w : wrappers.defs) {
    bool star = false, double_star = false;
    std::vector<std::string> own;
    for (const lang::Param& p : w->params) {
      ParamKind k = kind_of(p);
      star = star || k == ParamKind::Star;
      double_star = double_star || k == ParamKind::DoubleStar;
      if (k == ParamKind::Plain) own.push_back(p.name);
    }
    if (!star || !double_star) return none;  // a wrapper with its own signature: not read here
    if (!only_wraps(*w)) {
      // Handed to another decorator (`@torch_compile_guard(calling_func_=func)`): it may read
      // the decorated function's signature, so that signature is what a call binds to.
      b.binds = DecoratorBinding::Binds::Decorated;
      own.clear();
    }
    for (const lang::Call& c : tree->calls(def_node(*w)))
      if (c.callee == decorated) b.binds = DecoratorBinding::Binds::Decorated;
    std::sort(own.begin(), own.end());
    if (first) {
      b.wrapper_keywords = own;
    } else {
      std::vector<std::string> both;
      std::set_intersection(b.wrapper_keywords.begin(), b.wrapper_keywords.end(), own.begin(), own.end(),
                            std::back_inserter(both));
      b.wrapper_keywords = std::move(both);
    }
    first = false;
  }
  return b;
}

}  // namespace rp
