#include "analysis/possibly_unbound.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <utility>

#include "analysis/undefined_names.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

using lang::Node;
using lang::NodeKind;
using Names = std::set<std::string, std::less<>>;

constexpr int kMaxDepth = 1000;

bool scope_kind(std::string_view k) {
  return k == "function_definition" || k == "class_definition" || k == "lambda" || k == "list_comprehension" ||
         k == "set_comprehension" || k == "dictionary_comprehension" || k == "generator_expression";
}

// The bindings of the scope `n` sits in (a module, or a function body): assignment, for/with/
// except targets, imports, def and class names, and `global`/`nonlocal` declarations (for a
// module, a function's `global` binds the module's name from inside; for a function, either
// makes the name another scope's). Nested scopes' own names are left out.
void scope_bindings(Node n, bool module, std::vector<std::pair<std::string, Node>>& out, int depth = 0) {
  if (depth > kMaxDepth) return;
  std::string_view k = n.kind();
  if (k == "global_statement" || (k == "nonlocal_statement" && module)) {
    for (Node c : n.named_children())
      if (c.kind() == "identifier") out.emplace_back(std::string(c.text()), c);
    return;
  }
  if (k == "identifier") {
    if (module && n.parent()) {
      std::string_view pk = n.parent().kind();
      bool own_name = (pk == "function_definition" || pk == "class_definition") &&
                      n.parent().child_by_field("name") == n;
      if (own_name || !scope_kind(pk)) {
        // `is_binding` needs the tree; the caller's tree is the node's, reached through walk.
        out.emplace_back(std::string(n.text()), n);
      }
    }
    return;
  }
  bool inner = module && !scope_kind(k);
  for (Node c : n.named_children()) {
    bool c_module = inner;
    if (module && (k == "function_definition" || k == "class_definition") && c == n.child_by_field("name"))
      c_module = true;
    scope_bindings(c, c_module, out, depth + 1);
  }
}

std::vector<std::pair<std::string, Node>> bindings_in(const lang::SyntaxTree& tree, Node root) {
  std::vector<std::pair<std::string, Node>> all, out;
  scope_bindings(root, true, all);
  for (auto& [name, node] : all) {
    std::string_view pk = node.parent().kind();
    if (pk == "global_statement" || pk == "nonlocal_statement" || tree.is_binding(node))
      out.emplace_back(std::move(name), node);
  }
  return out;
}

bool inside(Node n, Node outer) {
  return outer && outer.start_byte() <= n.start_byte() && n.end_byte() <= outer.end_byte();
}

// Whether a statement is at module scope: no def, class or lambda around it.
bool at_module_scope(Node n) {
  for (Node p = n.parent(); p; p = p.parent())
    if (scope_kind(p.kind())) return false;
  return true;
}

// Whether a handler body can leave instead of going on: a raise anywhere in it (also one
// under a condition: in doubt it leaves), or a call that ends the process.
bool handler_can_leave(Node body) {
  bool leaves = false;
  lang::walk(body, [&](Node n) {
    if (leaves || lang::is_nested_function(n) || n.kind() == "class_definition") return false;
    if (lang::is_any(n, {NodeKind::Raise, NodeKind::Return, NodeKind::Break, NodeKind::Continue})) leaves = true;
    if (lang::is(n, NodeKind::Call)) {
      // Calls that end the process or the module's import (a test module's `pytest.skip(...,
      // allow_module_level=True)` raises Skipped).
      std::string_view fn = n.child_by_field("function").text();
      // argparse's `parser.error()` prints the usage and exits; unittest's `self.fail()` raises.
      if (fn == "sys.exit" || fn == "exit" || fn == "quit" || fn == "os._exit" || fn == "os.abort" ||
          fn == "pytest.skip" || fn == "pytest.fail" || fn == "pytest.exit" || fn == "pytest.xfail" ||
          fn == "parser.error" || fn.ends_with(".parser.error") || fn == "self.fail" || fn == "self.skipTest")
        leaves = true;
    }
    return !leaves;
  });
  return leaves;
}

// Whether `id` is the target of `id = <literal>` (`True`, `False`, a number, None, a string).
bool literal_assignment(Node id) {
  Node p = id.parent();
  if (!p || p.kind() != "assignment" || !(p.child_by_field("left") == id)) return false;
  Node right = p.child_by_field("right");
  return right && (lang::is_any(right, {NodeKind::True, NodeKind::False, NodeKind::Integer, NodeKind::None}) ||
                   lang::is_string_literal(right));
}

bool catches_import(std::string_view type) {
  return type.empty() || type == "ImportError" || type == "ModuleNotFoundError" || type == "Exception" ||
         type == "BaseException";
}

bool catches_name_error(std::string_view type) {
  return type.empty() || type == "NameError" || type == "UnboundLocalError" || type == "Exception" ||
         type == "BaseException";
}

// The module an import statement around `id` names ("" when `id` is not bound by an import).
std::string imported_module(Node id) {
  for (Node p = id.parent(); p; p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "import_from_statement") {
      Node m = p.child_by_field("module_name");
      return m ? std::string(m.text()) : std::string();
    }
    if (k == "import_statement") {
      Node c = id.parent();
      if (c && c.kind() == "aliased_import") c = c.child_by_field("name");
      return c ? std::string(c.text()) : std::string();
    }
    if (k == "block" || k == "module") break;
  }
  return {};
}

// Whether `expr` mentions one of `names` (an identifier, or a string literal spelling it, as in
// `hasattr(mod, "X")`), not counting `skip` itself.
bool mentions(Node expr, const Names& names, Node skip) {
  bool found = false;
  lang::walk(expr, [&](Node n) {
    if (found) return false;
    if (n == skip) return false;
    if (n.kind() == "identifier" && names.count(n.text())) found = true;
    if (n.kind() == "string_content" && names.count(n.text())) found = true;
    return !found;
  });
  return found;
}

// Whether identifier `id` is the subject of a test of its own existence or truth: `X is None`,
// `X is not None`, `if X:`, `X and ...`, `not X`, `callable(X)`, `assert X`.
bool tested(Node id) {
  Node child = id, p = id.parent();
  while (p && (p.kind() == "parenthesized_expression" || p.kind() == "not_operator")) {
    child = p;
    p = p.parent();
  }
  if (!p) return false;
  std::string_view k = p.kind();
  if (k == "comparison_operator") {
    for (Node c : p.named_children())
      if (lang::is(c, NodeKind::None)) return true;
    return p.text().find(" is ") != std::string_view::npos;
  }
  if (k == "if_statement" || k == "elif_clause" || k == "while_statement") return p.child_by_field("condition") == child;
  if (k == "conditional_expression") {
    std::vector<Node> kids = p.named_children();
    return kids.size() == 3 && kids[1] == child;
  }
  if (k == "boolean_operator" || k == "assert_statement") return true;
  if (k == "argument_list" && p.parent() && p.parent().kind() == "call") {
    std::string_view fn = p.parent().child_by_field("function").text();
    return fn == "callable" || fn == "bool";
  }
  return false;
}

// What a try statement's handlers do: the first `except` clause that goes on without leaving,
// what it catches, whether that includes a failed import, and the names every going-on handler
// binds (its `as` alias aside): a fallback, or a flag that records the failure.
struct HandlerScan {
  Node going_on;
  std::string caught;
  bool import_failure = false;
  Names bound;
};

HandlerScan scan_handlers(const lang::SyntaxTree& tree, const lang::TryBlock& t) {
  HandlerScan h;
  for (size_t i = 0; i < t.handler_bodies.size(); ++i) {
    Node body = t.handler_bodies[i];
    if (!body || handler_can_leave(body)) continue;
    if (!h.going_on || h.going_on == body.parent()) {
      h.going_on = body.parent();
      h.caught = h.caught.empty() ? t.handler_types[i] : h.caught + ", " + t.handler_types[i];
      h.import_failure = h.import_failure || catches_import(t.handler_types[i]);
    }
    for (auto& [name, node] : bindings_in(tree, body))
      if (node.parent().kind() != "as_pattern_target") h.bound.insert(name);
  }
  return h;
}

// Whether the code around `read` (up to `stop`, exclusive) shows it knows the name may be
// missing: the read tests it, or sits under an if/elif/while/ternary/`and` whose test mentions
// one of `guards` (the name, a flag; also as a string: `"x" in locals()`), in an `elif`/`else`
// after such a test, or in the body of a `try` that catches NameError. `at_function` is asked
// at each function or lambda on the way out.
bool guarded(const lang::SyntaxTree& tree, Node read, const Names& guards, Node stop,
             const std::function<bool(Node)>& at_function) {
  if (tested(read)) return true;
  Node child = read;
  for (Node p = read.parent(); p && !(p == stop); child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "if_statement" || k == "elif_clause" || k == "while_statement") {
      if (Node cond = p.child_by_field("condition"); cond && !(cond == child) && mentions(cond, guards, read))
        return true;
      // An elif or else of a chain whose earlier test is of the name: the chain handles it.
      if (k == "if_statement" && !(p.child_by_field("condition") == child))
        for (Node c : p.named_children())
          if (c.kind() == "elif_clause" && c.start_byte() < child.start_byte())
            if (Node cond = c.child_by_field("condition"); cond && mentions(cond, guards, read)) return true;
    } else if (k == "conditional_expression") {
      for (Node c : p.named_children())
        if (!(c == child) && mentions(c, guards, read)) return true;
    } else if (k == "boolean_operator") {
      Node left = p.child_by_field("left");
      if (left && !(left == child) && mentions(left, guards, read)) return true;
    } else if (k == "try_statement") {
      if (p.child_by_field("body") == child)
        for (const lang::TryBlock& t : tree.try_blocks(p))
          if (t.node == p)
            for (const std::string& type : t.handler_types)
              if (catches_name_error(type)) return true;
    } else if (k == "function_definition" || k == "lambda") {
      if (at_function && at_function(p)) return true;
    }
  }
  return false;
}

class Finder {
 public:
  explicit Finder(const lang::SyntaxTree& tree) : tree_(tree) {}

  PossiblyUnbound run() {
    PossiblyUnbound out;
    // Only a module-level try statement can leave a module name unbound: without one there is
    // nothing to find, and the whole-module name resolution below is not needed.
    std::vector<const lang::TryBlock*> module_tries;
    for (const lang::TryBlock& t : tree_.try_blocks())
      if (at_module_scope(t.node)) module_tries.push_back(&t);
    if (module_tries.empty()) return out;
    std::vector<ModuleNameRead> reads = module_name_reads(tree_);
    if (reads.empty()) return out;
    std::map<std::string, std::vector<Node>, std::less<>> bound;
    for (auto& [name, node] : bindings_in(tree_, tree_.root())) bound[name].push_back(node);
    for (const lang::TryBlock* tp : module_tries) {
      const lang::TryBlock& t = *tp;
      std::optional<OptionalBinding> b = optional_binding(t, bound);
      // A failure the module records in a flag it reads somewhere: the design knows the names
      // may be missing, and a read no syntactic test guards is more often guarded by data (a
      // kernel list that only holds the optional kernels when they loaded) than not.
      if (b && !flag_read(*b)) out.bindings.push_back(std::move(*b));
    }
    if (out.bindings.empty()) return out;
    std::map<std::string, int, std::less<>> owner_of;
    for (size_t i = 0; i < out.bindings.size(); ++i)
      for (const std::string& n : out.bindings[i].names) owner_of[n] = static_cast<int>(i);
    for (const ModuleNameRead& r : reads) {
      auto it = owner_of.find(r.name);
      if (it == owner_of.end() || r.in_annotation) continue;
      const OptionalBinding& b = out.bindings[it->second];
      if (inside(r.node, b.try_node)) continue;
      bool at_import = runs_unconditionally(r.node);
      // A read at import time before the statement is a different defect (never bound yet).
      if (at_import && r.node.start_byte() < b.try_node.start_byte()) continue;
      Names guards(b.flags.begin(), b.flags.end());
      guards.insert(r.name);
      if (excused(r.node, r.name, guards, b)) continue;
      PossiblyUnboundRead x{it->second, r.name, r.node, at_import, false, owner_name(r.node)};
      if (!x.owner.empty() && !at_import) {
        if (references(x.owner).empty())
          x.owner_unreferenced_with_flag = !b.flags.empty();
        else if (callers_excused(x.owner, r.name, guards, b, 0))
          continue;
      }
      out.reads.push_back(std::move(x));
    }
    return out;
  }

 private:
  std::optional<OptionalBinding> optional_binding(const lang::TryBlock& t,
                                                  const std::map<std::string, std::vector<Node>, std::less<>>& bound) {
    // The first handler that goes on without leaving; a try with none cannot leave names unbound.
    HandlerScan h = scan_handlers(tree_, t);
    if (!h.going_on) return std::nullopt;
    Names& handler_names = h.bound;
    OptionalBinding b;
    b.try_node = t.node;
    b.handler = h.going_on;
    b.caught = h.caught;
    b.catches_import_failure = h.import_failure;
    Names seen;
    std::vector<Node> bodies{t.body};
    for (Node c : t.node.named_children())
      if (c.kind() == "else_clause") bodies.push_back(c);
    for (Node body : bodies) {
      if (!body) continue;
      for (auto& [name, node] : bindings_in(tree_, body)) {
        if (seen.count(name)) continue;
        seen.insert(name);
        // Bound anywhere else in the module (a fallback before or after, the handler, another
        // statement, a function's `global`): in doubt it exists on the failing path too.
        bool elsewhere = false;
        auto it = bound.find(name);
        if (it != bound.end())
          for (Node other : it->second) elsewhere = elsewhere || !inside(other, body);
        // `HAS_X = False` before, `HAS_X = True` here: a flag. A name another statement binds
        // to something else (a second optional import of it) is only bound elsewhere.
        if (elsewhere && literal_assignment(node)) handler_names.insert(name);
        if (elsewhere || name.starts_with("__")) continue;
        b.names.push_back(name);
        b.bindings.push_back(node);
        b.modules.push_back(imported_module(node));
      }
    }
    if (b.names.empty()) return std::nullopt;
    b.flags.assign(handler_names.begin(), handler_names.end());
    return b;
  }

  // Whether the read runs every time the module is imported: no function body, lambda or
  // comprehension around it, and no branch, loop or handler on the way to the module.
  static bool runs_unconditionally(Node id) {
    Node child = id;
    for (Node p = id.parent(); p; child = p, p = p.parent()) {
      std::string_view k = p.kind();
      if (k == "function_definition") {
        if (p.child_by_field("body") == child) return false;
        continue;
      }
      if (k == "lambda" || k == "if_statement" || k == "elif_clause" || k == "else_clause" || k == "try_statement" ||
          k == "except_clause" || k == "for_statement" || k == "while_statement" || k == "conditional_expression" ||
          k == "boolean_operator" || k == "match_statement" || scope_kind(k))
        if (k != "class_definition") return false;
    }
    return true;
  }

  // What the file calls to reach `n`: the module-level function around it, or the method of a
  // module-level class (a class body itself counts as the class); "" at module level.
  static std::string owner_name(Node n) {
    std::string owner;
    bool in_class_body = false;
    for (Node p = n.parent(); p; p = p.parent()) {
      std::string_view k = p.kind();
      if (k != "function_definition" && k != "class_definition") continue;
      Node name = p.child_by_field("name");
      if (!name) continue;
      if (k == "class_definition" && !owner.empty() && in_class_body) continue;  // keep the method
      owner = std::string(name.text());
      Node container = p.parent();
      if (container && container.kind() == "decorated_definition") container = container.parent();
      in_class_body = k == "function_definition" && container && container.parent() &&
                      container.parent().kind() == "class_definition";
    }
    return owner;
  }

  // The references of `name` in the file outside its own definition: reads of the name and
  // attribute accesses `.name` (a method called through `self.name(...)`).
  std::vector<Node> references(const std::string& name) const {
    std::vector<Node> out;
    for (Node id : tree_.identifiers(name)) {
      Node p = id.parent();
      bool attribute = p && p.kind() == "attribute" && p.child_by_field("attribute") == id;
      if (attribute || tree_.is_variable_read(id)) out.push_back(attribute ? p : id);
    }
    return out;
  }

  bool flag_read(const OptionalBinding& b) const {
    for (const std::string& f : b.flags)
      for (Node id : tree_.identifiers(f))
        if (!inside(id, b.try_node) && tree_.is_variable_read(id)) return true;
    return false;
  }

  // Whether every reference the file makes to `owner` is excused, directly or through the
  // references to its own owner (a helper called only by a helper called under the flag), a
  // few calls deep; none at all is not excused.
  bool callers_excused(const std::string& owner, const std::string& name, const Names& guards,
                       const OptionalBinding& b, int depth) const {
    std::vector<Node> refs = references(owner);
    if (refs.empty() || depth > 3) return false;
    for (Node ref : refs) {
      if (excused(ref, name, guards, b)) continue;
      std::string next = owner_name(ref);
      if (next.empty() || next == owner || !callers_excused(next, name, guards, b, depth + 1)) return false;
    }
    return true;
  }

  // Whether the code around the read shows it knows `name` may be missing.
  bool excused(Node read, const std::string& name, const Names& guards, const OptionalBinding& b) const {
    return guarded(tree_, read, guards, Node(), [&](Node fn) { return function_tests(fn, name, b.flags); });
  }

  // Whether a function tests the name itself anywhere or reads a flag the statement binds.
  bool function_tests(Node fn, const std::string& name, const std::vector<std::string>& flags) const {
    for (const std::string& f : flags)
      for (Node id : tree_.identifiers(f, fn))
        if (tree_.is_variable_read(id)) return true;
    for (Node id : tree_.identifiers(name, fn))
      if (tree_.is_variable_read(id) && tested(id)) return true;
    return false;
  }

  const lang::SyntaxTree& tree_;
};


// The def, lambda or class whose scope `n` belongs to (comprehensions read their function's
// locals and run at once: looked through); null at module level.
Node owning_def(Node n) {
  for (Node p = n.parent(); p; p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "function_definition" || k == "lambda" || k == "class_definition") return p;
  }
  return {};
}

// Whether a comprehension around `id` binds `name` itself (`[x for x in xs]`).
bool shadowed_by_comprehension(Node id, std::string_view name, Node stop) {
  for (Node p = id.parent(); p && !(p == stop); p = p.parent()) {
    if (!scope_kind(p.kind()) || p.kind() == "function_definition" || p.kind() == "lambda") continue;
    for (Node c : p.named_children()) {
      if (c.kind() != "for_in_clause") continue;
      Node left = c.child_by_field("left");
      bool binds = false;
      lang::walk(left, [&](Node n) {
        if (n.kind() == "identifier" && n.text() == name) binds = true;
        return !binds;
      });
      if (binds) return true;
    }
  }
  return false;
}

// The statement `n` is part of: the ancestor whose parent is a block or the module.
Node statement_of(Node n) {
  while (n.parent() && n.parent().kind() != "block" && n.parent().kind() != "module") n = n.parent();
  return n;
}

// Whether try statement `t` binds `name` on every path out of it: its body binds it and each
// handler binds it too or leaves.
bool try_binds_always(const lang::SyntaxTree& tree, Node t, std::string_view name) {
  auto binds = [&](Node body) {
    for (auto& [n, node] : bindings_in(tree, body))
      if (n == name) return true;
    return false;
  };
  if (!binds(t.child_by_field("body"))) return false;
  for (Node c : t.named_children())
    if (c.kind() == "except_clause" || c.kind() == "except_group_clause")
      for (Node body : c.named_children())
        if (body.kind() == "block" && !handler_can_leave(body) && !binds(body)) return false;
  return true;
}

// Whether binding `b` of `name` runs on every path to `read` that passes it: its statement
// precedes the read in a block that holds both (a `with` body counts as its statement's block,
// a try that binds the name on every path out of it as one statement), or it is the target of
// the `for`/`with` whose body holds the read.
bool binds_before(const lang::SyntaxTree& tree, Node b, std::string_view name, Node read) {
  Node st = statement_of(b);
  for (int depth = 0; depth < kMaxDepth; ++depth) {
    if (inside(read, st)) {
      std::string_view k = st.kind();
      Node body = st.child_by_field("body");
      return (k == "for_statement" || k == "with_statement") && inside(read, body) && !inside(b, body);
    }
    Node blk = st.parent();
    if (!blk) return false;
    if (inside(read, blk)) return st.start_byte() < read.start_byte();
    Node owner = blk.parent();
    if (owner && owner.kind() == "except_clause") owner = owner.parent();
    if (!owner) return false;
    if (owner.kind() == "try_statement" ? !try_binds_always(tree, owner, name) : owner.kind() != "with_statement")
      return false;
    st = owner;
  }
  return false;
}

// Whether control can reach `read` (after the try ends) from the end of `try_node`: the read
// does not sit in another arm of an if or match around them, or in an `except` of an outer try.
bool reachable_after(Node try_node, Node read) {
  Node child_r = read, p = read.parent();
  while (p && !inside(try_node, p)) {
    child_r = p;
    p = p.parent();
  }
  if (!p) return false;
  Node child_t = try_node;
  for (Node q = try_node.parent(); q && !(q == p); q = q.parent()) child_t = q;
  std::string_view k = p.kind();
  if (k == "block" || k == "module") return true;
  if (k == "for_statement" || k == "while_statement") return child_r.kind() == "else_clause";
  if (k == "try_statement")
    return child_r.kind() == "finally_clause" ||
           (child_r.kind() == "else_clause" && child_t == p.child_by_field("body"));
  return false;
}

// Whether the path from `try_node` to `read` leaves a loop that the handler's path cannot get
// out of: `while True:` (only a `break`, which the handler does not have, exits it), or a loop
// whose `else:` (run when no `break` ended it) leaves.
bool loop_exit_leaves(Node try_node, Node read, Node stop) {
  for (Node p = try_node.parent(); p && !(p == stop); p = p.parent()) {
    std::string_view k = p.kind();
    if ((k != "for_statement" && k != "while_statement") || inside(read, p)) continue;
    if (k == "while_statement") {
      std::string_view cond = p.child_by_field("condition").text();
      if (cond == "True" || cond == "1") return true;
    }
    for (Node c : p.named_children())
      if (c.kind() == "else_clause")
        if (Node body = c.child_by_field("body"); body && handler_can_leave(body)) return true;
  }
  return false;
}

// Whether the read of `id` within its statement `top` runs whenever the statement does: no
// body of a compound statement (a `with` body aside), no right side of and/or, no arm of a
// conditional expression, no lambda, no comprehension but through its first iterable (evaluated
// at once, in the function's scope).
bool evaluated_whenever(Node id, Node top) {
  Node child = id, below;
  for (Node p = id.parent(); p && !(child == top); below = child, child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (scope_kind(k) && k != "lambda" && k != "function_definition" && k != "class_definition") {
      Node first;
      for (Node c : p.named_children())
        if (c.kind() == "for_in_clause") {
          first = c;
          break;
        }
      if (first == child && below && child.child_by_field("right") == below) continue;
      return false;
    }
    if (k == "block" && !(p.parent() && p.parent().kind() == "with_statement")) return false;
    if (k == "boolean_operator" && p.child_by_field("right") == child) return false;
    if (k == "conditional_expression") {
      std::vector<Node> kids = p.named_children();
      if (kids.size() == 3 && !(kids[1] == child)) return false;
    }
    if (scope_kind(k)) return false;
  }
  return true;
}

// Whether every statement between the try and `top` (same block) runs straight through: no
// branch, loop, try, with, match, and nothing that leaves.
bool straight_between(Node try_node, Node top) {
  for (Node n = try_node.next_named_sibling(); n && !(n == top); n = n.next_named_sibling()) {
    std::string_view k = n.kind();
    if (k == "comment") continue;
    if (k != "expression_statement" && k != "pass_statement") return false;
  }
  return true;
}

// The first call in `n` (not in a nested scope).
Node first_call(Node n) {
  Node found;
  lang::walk(n, [&](Node c) {
    if (found || scope_kind(c.kind())) return false;
    if (lang::is(c, NodeKind::Call)) found = c;
    return !found;
  });
  return found;
}

class LocalFinder {
 public:
  explicit LocalFinder(const lang::SyntaxTree& tree) : tree_(tree) {}

  std::vector<TryUnboundRead> run() {
    std::vector<TryUnboundRead> out;
    for (const lang::Function& fn : tree_.functions()) {
      if (!fn.body || fn.body.has_error()) continue;
      Node def = fn.body.parent();
      std::vector<lang::TryBlock> tries;
      for (const lang::TryBlock& t : tree_.try_blocks(fn.body))
        if (owning_def(t.node) == def) tries.push_back(t);
      if (tries.empty()) continue;
      // `locals()`/`vars()`/`exec`: the function inspects or makes its own names.
      std::string_view text = fn.body.text();
      if (text.find("locals()") != std::string_view::npos || text.find("vars()") != std::string_view::npos ||
          text.find("exec(") != std::string_view::npos)
        continue;
      std::map<std::string, std::vector<Node>, std::less<>> bound;
      for (auto& [name, node] : bindings_in(tree_, fn.body)) bound[name].push_back(node);
      Names params;
      for (const lang::Param& p : fn.params) params.insert(p.name);
      for (const lang::TryBlock& t : tries) examine(fn, def, t, bound, params, out);
    }
    std::sort(out.begin(), out.end(), [](const TryUnboundRead& a, const TryUnboundRead& b) {
      return a.read.start_byte() < b.read.start_byte();
    });
    return out;
  }

 private:
  void examine(const lang::Function& fn, Node def, const lang::TryBlock& t,
               const std::map<std::string, std::vector<Node>, std::less<>>& bound, const Names& params,
               std::vector<TryUnboundRead>& out) const {
    HandlerScan h = scan_handlers(tree_, t);
    if (!h.going_on) return;
    Node else_clause, finally;
    for (Node c : t.node.named_children()) {
      if (c.kind() == "else_clause") else_clause = c;
      if (c.kind() == "finally_clause") finally = c;
    }
    Names flags = h.bound;
    std::vector<std::pair<std::string, Node>> candidates;
    Names seen;
    for (Node body : {t.body, else_clause}) {
      if (!body) continue;
      for (auto& [name, node] : bindings_in(tree_, body)) {
        if (!seen.insert(name).second || params.count(name) || h.bound.count(name)) continue;
        bool before = false, safe = false;
        auto it = bound.find(name);
        if (it != bound.end())
          for (Node other : it->second) {
            if (inside(other, t.body) || inside(other, else_clause)) continue;
            std::string_view pk = other.parent().kind();
            if (pk == "global_statement" || pk == "nonlocal_statement" ||
                other.start_byte() < t.node.start_byte())
              before = true;
            if (inside(other, finally)) safe = true;
          }
        // `ok = False` before, `ok = True` here: a flag that records the failure.
        if (before && literal_assignment(node)) flags.insert(name);
        if (before || safe) continue;
        candidates.emplace_back(name, node);
      }
    }
    for (const auto& [name, binding] : candidates) {
      Names guards = flags;
      guards.insert(name);
      for (Node id : tree_.identifiers(name, fn.body)) {
        if (!read_of(id) || !(owning_def(id) == def) || shadowed_by_comprehension(id, name, def)) continue;
        bool in_finally = inside(id, finally);
        if (!in_finally && (id.start_byte() < t.node.end_byte() || !reachable_after(t.node, id))) continue;
        if (!in_finally && rebound_between(tree_, bound, name, t.node, id)) continue;
        if (guarded(tree_, id, guards, def, nullptr) || tested_between(fn.body, guards, name, t.node, id)) continue;
        if (!in_finally && loop_exit_leaves(t.node, id, def)) continue;
        TryUnboundRead r;
        r.try_node = t.node;
        r.handler = h.going_on;
        r.caught = h.caught;
        r.name = name;
        r.binding = binding;
        r.read = id;
        r.function = fn.qualified;
        Node top = statement_of(id);
        r.every_path = !in_finally && top.parent() == t.node.parent() && straight_between(t.node, top) &&
                       evaluated_whenever(id, top);
        r.failing = failing_call(t.body, binding);
        out.push_back(std::move(r));
        break;
      }
    }
  }

  // A read of the variable: also the target of `x += 1`, which reads it first.
  bool read_of(Node id) const {
    Node p = id.parent();
    if (p && p.kind() == "augmented_assignment" && p.child_by_field("left") == id) return true;
    return tree_.is_variable_read(id);
  }

  // Whether `name` is bound again after the try on every path to the read.
  static bool rebound_between(const lang::SyntaxTree& tree, const std::map<std::string, std::vector<Node>, std::less<>>& bound,
                              const std::string& name, Node try_node, Node read) {
    auto it = bound.find(name);
    if (it == bound.end()) return false;
    for (Node b : it->second)
      if (b.start_byte() >= try_node.end_byte() && b.start_byte() < read.start_byte() &&
          binds_before(tree, b, name, read))
        return true;
    return false;
  }

  // Whether, between the try and the read, the function reads a flag of the failure or tests the
  // name itself (`if not ok: return`, `if result is None: ...`): the code checks the failure.
  bool tested_between(Node body, const Names& flags, const std::string& name, Node try_node, Node read) const {
    for (const std::string& f : flags)
      for (Node id : tree_.identifiers(f, body))
        if (id.start_byte() >= try_node.end_byte() && id.start_byte() < read.start_byte() &&
            (f != name ? tree_.is_variable_read(id) : tested(id)))
          return true;
    return false;
  }

  // The call whose failure the handler catches: the first call of the binding's statement, else
  // the last call before it in the try body.
  static Node failing_call(Node body, Node binding) {
    Node st = statement_of(binding);
    if (Node c = first_call(st)) return c;
    Node last;
    for (Node s : body.named_children()) {
      if (s.start_byte() >= st.start_byte()) break;
      if (Node c = first_call(s)) last = c;
    }
    return last;
  }

  const lang::SyntaxTree& tree_;
};
}  // namespace

PossiblyUnbound possibly_unbound_names(const lang::SyntaxTree& tree) {
  if (!tree.is_python() || tree.error_count() > 0) return {};
  return Finder(tree).run();
}

}  // namespace rp

namespace rp {

std::vector<TryUnboundRead> try_unbound_locals(const lang::SyntaxTree& tree) {
  if (!tree.is_python() || tree.error_count() > 0) return {};
  return LocalFinder(tree).run();
}

}  // namespace rp
