#include "analysis/host_integration.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "analysis/index_facts.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

using lang::is;
using lang::Node;
using lang::node_kind;
using lang::NodeKind;

bool imports_package(const lang::Import& imp, const std::string& want) {
  return imp.level == 0 && squashed_name(imp.top_level()) == want;
}

bool inside_try(Node n, Node stop) {
  for (Node a = n.parent(); a && a != stop; a = a.parent())
    if (is(a, NodeKind::Try)) return true;
  return false;
}

}  // namespace

std::string squashed_name(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '_' && c != '-' && c != '.') out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

bool under_host_test(Node n, std::string_view package) {
  const std::string want = squashed_name(package);
  if (want.size() < 3) return false;
  Node from = n;
  for (Node a = n.parent(); a; from = a, a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::Module) break;
    // An earlier statement of the same block that stops unless the package is there:
    // `assert has_triton_kernels()`, `if not is_x_available(): raise ...` / `return`.
    if (k == NodeKind::Block)
      for (Node prev = from.prev_named_sibling(); prev; prev = prev.prev_named_sibling()) {
        NodeKind pk = node_kind(prev);
        Node test;
        if (pk == NodeKind::Assert && !prev.named_children().empty()) test = prev.named_children().front();
        // `if not has_x(): raise` goes on only when x is there; `if has_x(): return` is the opposite.
        if (pk == NodeKind::If)
          if (Node c = prev.child_by_field("condition"); c && c.kind() == "not_operator") test = c;
        if (!test || squashed_name(test.text()).find(want) == std::string::npos) continue;
        if (pk == NodeKind::Assert) return true;
        if (lang::last_statement_exits(prev.child_by_field("consequence"))) return true;
      }
    if (k != NodeKind::If && k != NodeKind::Elif) continue;
    NodeKind came = node_kind(from);
    if (came == NodeKind::Else || came == NodeKind::Elif) continue;  // an alternative of this test
    Node c = a.child_by_field("condition");
    if (c && squashed_name(c.text()).find(want) != std::string::npos) return true;
  }
  return false;
}

bool in_host_folder(std::string_view path, std::string_view package) {
  const std::string want = squashed_name(package);
  if (want.size() < 3) return false;
  for (size_t start = 0, slash; (slash = path.find('/', start)) != std::string_view::npos; start = slash + 1)
    if (squashed_name(path.substr(start, slash - start)) == want) return true;
  return false;
}

bool scope_imports(const lang::SyntaxTree& tree, Node n, std::string_view package) {
  const std::string want = squashed_name(package);
  if (want.size() < 3) return false;
  auto innermost_function = [](Node x) {
    for (Node a = x.parent(); a; a = a.parent())
      if (is_any(a, {NodeKind::FunctionDef, NodeKind::Lambda, NodeKind::ClassDef})) return a;
    return Node();
  };
  std::vector<Node> scopes;  // the functions around `n`
  for (Node a = n.parent(); a; a = a.parent())
    if (is(a, NodeKind::FunctionDef)) scopes.push_back(a);
  if (scopes.empty()) return false;
  for (const lang::Import& imp : tree.imports()) {
    if (!imports_package(imp, want) || imp.node.start_byte() >= n.start_byte()) continue;
    Node scope = innermost_function(imp.node);
    if (!scope || std::find(scopes.begin(), scopes.end(), scope) == scopes.end()) continue;
    if (!inside_try(imp.node, scope)) return true;
  }
  return false;
}

namespace {

// Whether `path`'s tree imports `want` at module level (other than at `skip_line`).
bool module_imports(const lang::SyntaxTree& tree, const std::string& want, int skip_line) {
  for (const lang::Import& imp : tree.imports())
    if (imports_package(imp, want) && imp.line != skip_line && imp.node.parent() &&
        is(imp.node.parent(), NodeKind::Module))
      return true;
  return false;
}

// Whether the statement `n` of `tree` (in `path`) runs only where `package` is required.
bool runs_inside_host(const lang::SyntaxTree& tree, const std::string& path, Node n, std::string_view package,
                      int skip_line) {
  return in_host_folder(path, package) || under_host_test(n, package) || scope_imports(tree, n, package) ||
         module_imports(tree, squashed_name(package), skip_line);
}

}  // namespace

bool called_only_inside_host(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                             const lang::SyntaxTree& tree, Node n, std::string_view package, int depth) {
  if (squashed_name(package).size() < 3 || depth > 3) return false;
  // The module-level function around `n`.
  Node def;
  for (Node a = n.parent(); a; a = a.parent())
    if (is(a, NodeKind::FunctionDef)) def = a;
  if (!def || !def.parent() || !is_any(def.parent(), {NodeKind::Module, NodeKind::DecoratedDef})) return false;
  std::string name(def.child_by_field("name").text());
  bool any = false;
  for (const index::CallSite& c : idx.callers(name)) {
    std::optional<SymbolTarget> t = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
    if (!t || t->name != name) continue;
    index::RepoIndex::Resolved r = idx.resolve_function(t->module_path, t->name);
    if (!r.function || r.path != path || !r.function->class_name.empty()) continue;
    const lang::SyntaxTree* caller = tree_of(c.path);
    if (!caller) return false;
    const lang::Call* call = nullptr;
    for (const lang::Call& k : caller->calls())
      if (k.line == c.call->line && k.callee == c.call->callee) call = &k;
    if (!call) return false;
    any = true;
    // A caller that is itself only called inside the host (`register_all()` calls
    // `register_attention()` and only the host branch calls `register_all()`).
    if (!runs_inside_host(*caller, c.path, call->node, package, 0) &&
        !called_only_inside_host(idx, tree_of, c.path, *caller, call->node, package, depth + 1))
      return false;
  }
  return any;
}

bool loaded_only_inside_host(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& module_path,
                             std::string_view package) {
  const std::string want = squashed_name(package);
  if (want.size() < 3) return false;
  std::vector<index::ImportSite> sites = idx.importers_of_module(module_path);
  bool any = false;
  for (const index::ImportSite& s : sites) {
    if (s.path == module_path) continue;
    any = true;
    if (in_host_folder(s.path, package)) continue;
    const lang::SyntaxTree* tree = tree_of(s.path);
    if (!tree) return false;
    bool here = false;
    for (const lang::Import& imp : tree->imports())
      if (imp.line == s.import->line && runs_inside_host(*tree, s.path, imp.node, package, imp.line)) here = true;
    if (!here) return false;
  }
  return any;
}

}  // namespace rp
