#include "analysis/mode_state.h"

#include "analysis/index_facts.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

using lang::is;
using lang::Node;
using lang::node_kind;
using lang::NodeKind;

bool is_scope(Node n) {
  return is_any(n, {NodeKind::FunctionDef, NodeKind::ClassDef, NodeKind::Lambda, NodeKind::DecoratedDef});
}

// Names a function body declares `global` (not in nested scopes).
std::set<std::string> globals_of(Node body) {
  std::set<std::string> out;
  lang::walk(body, [&](Node n) {
    if (is_scope(n)) return false;
    if (is(n, NodeKind::Global))
      for (Node id : n.named_children())
        if (is(id, NodeKind::Identifier)) out.insert(std::string(id.text()));
    return true;
  });
  return out;
}

// The module-level function of `tree` named `name`.
const lang::Function* module_function(const lang::SyntaxTree& tree, const std::string& name) {
  for (const lang::Function& fn : tree.functions())
    if (fn.name == name && fn.class_name.empty() && fn.qualified == fn.name) return &fn;
  return nullptr;
}

// The definition `callee` at `line` of `path` names: its module path and function, following
// re-exports (`from .impl import is_remote` in a package `__init__`) a few hops.
std::optional<std::pair<std::string, const lang::Function*>> definition(const index::RepoIndex& idx,
                                                                        const TreeOf& tree_of, std::string path,
                                                                        std::string callee, int line) {
  for (int hop = 0; hop < 4; ++hop) {
    std::optional<SymbolTarget> t = resolve_symbol(idx, path, callee, line);
    if (!t) return std::nullopt;
    const lang::SyntaxTree* tree = tree_of(t->module_path);
    if (!tree) return std::nullopt;
    if (const lang::Function* fn = module_function(*tree, t->name)) return std::make_pair(t->module_path, fn);
    if (t->module_path == path && t->name == callee) return std::nullopt;
    path = t->module_path;
    callee = t->name;
    line = 0;
  }
  return std::nullopt;
}

}  // namespace

std::set<std::string> mutable_module_state(const lang::SyntaxTree& tree) {
  std::set<std::string> out;
  for (const lang::Function& fn : tree.functions()) {
    if (!fn.class_name.empty() || fn.qualified != fn.name) continue;
    std::set<std::string> set = states_set_by(tree, fn);
    out.insert(set.begin(), set.end());
  }
  return out;
}

std::set<std::string> states_set_by(const lang::SyntaxTree& tree, const lang::Function& fn) {
  std::set<std::string> out;
  if (!fn.body) return out;
  std::set<std::string> globals = globals_of(fn.body);
  if (globals.empty()) return out;
  for (const lang::Assignment& a : tree.assignments(fn.body))
    for (const std::string& t : a.targets)
      if (globals.count(t)) out.insert(t);
  return out;
}

std::optional<std::string> predicate_state(const lang::SyntaxTree& tree, const lang::Function& fn) {
  if (!fn.body || !fn.params.empty() || !fn.class_name.empty()) return std::nullopt;
  Node doc = lang::docstring(fn.body);
  Node ret;
  for (Node st : fn.body.named_children()) {
    if ((doc && lang::lone_expression(st) == doc) || is_any(st, {NodeKind::Comment, NodeKind::Global})) continue;
    if (ret || !is(st, NodeKind::Return)) return std::nullopt;
    ret = st;
  }
  if (!ret || ret.named_children().empty()) return std::nullopt;
  std::set<std::string> state = mutable_module_state(tree);
  std::set<std::string> read;
  lang::walk(ret, [&](Node n) {
    if (is_scope(n)) return false;
    if (is(n, NodeKind::Attribute)) {  // `_MODE.lower()`: the object is read, the member is not a name
      lang::walk(n.child_by_field("object"), [&](Node m) {
        if (is(m, NodeKind::Identifier) && state.count(std::string(m.text()))) read.insert(std::string(m.text()));
        return !is_scope(m);
      });
      return false;
    }
    if (is(n, NodeKind::Identifier) && state.count(std::string(n.text()))) read.insert(std::string(n.text()));
    return true;
  });
  if (read.size() != 1) return std::nullopt;
  return *read.begin();
}

std::optional<std::string> mode_predicate_call(const index::RepoIndex& idx, const TreeOf& tree_of,
                                               const std::string& path, const std::string& callee, int line) {
  auto def = definition(idx, tree_of, path, callee, line);
  if (!def) return std::nullopt;
  const lang::SyntaxTree* tree = tree_of(def->first);
  std::optional<std::string> state = predicate_state(*tree, *def->second);
  if (!state) return std::nullopt;
  return def->first + ":" + *state;
}

std::set<std::string> mode_states_set_by_call(const index::RepoIndex& idx, const TreeOf& tree_of,
                                              const std::string& path, const std::string& callee, int line) {
  std::set<std::string> out;
  auto def = definition(idx, tree_of, path, callee, line);
  if (!def) return out;
  const lang::SyntaxTree* tree = tree_of(def->first);
  for (const std::string& s : states_set_by(*tree, *def->second)) out.insert(def->first + ":" + s);
  return out;
}

}  // namespace rp
