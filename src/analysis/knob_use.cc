#include "analysis/knob_use.h"

#include <algorithm>
#include <set>
#include <string>

#include "analysis/logging_facts.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;
using lang::NodeKind;
using lang::is;
using lang::is_any;
using lang::node_kind;

// How many names a value may be re-bound to (`raw = getenv(..)`, `flag = raw == "1"`, ...)
// before the answer is "cannot tell".
constexpr int kMaxDepth = 4;

bool report_call(const lang::Call& c) {
  if (!logger_call_level(c).empty() || is_report_callee(c.callee)) return true;
  return c.callee == "warnings.warn" || c.callee == "warn";
}

// A stretch of code that only reports: report calls, and the locals it computes for them (a
// debug probe: `top = logits.topk(3)`, `rows.append(...)`, then `logger.info(top, rows)`).
// Statements that bind a name, index or extend a name bound in the stretch, branch, loop or
// try are allowed; a call statement on anything else, an attribute or item written on an object
// from outside, `return`, `break`, `continue`, `raise` are not. The names it binds must not be
// read outside it (checked by `locals_stay_inside`).
struct Probe {
  const lang::SyntaxTree& tree;
  // Only report calls and branches or loops over them: nothing computed for the report.
  bool strict = false;
  std::set<std::string> locals;
  int reports = 0;
};

bool probe_statement(Probe& p, Node s);

bool probe_block(Probe& p, Node body) {
  if (!body) return true;
  if (!is(body, NodeKind::Block)) return probe_statement(p, body);
  for (Node s : body.named_children())
    if (!probe_statement(p, s)) return false;
  return true;
}

// The identifier an attribute/subscript chain starts from: `rows` in `rows[i].x`.
Node root_name(Node n) {
  while (n && is_any(n, {NodeKind::Attribute, NodeKind::Subscript, NodeKind::Call}))
    n = is(n, NodeKind::Call) ? n.child_by_field("function") : n.child_by_field(is(n, NodeKind::Attribute) ? "object" : "value");
  return n && is(n, NodeKind::Identifier) ? n : Node();
}

bool probe_target(Probe& p, Node t) {
  if (!t) return false;
  if (is(t, NodeKind::Identifier)) {
    p.locals.insert(std::string(t.text()));
    return true;
  }
  if (is_any(t, {NodeKind::Attribute, NodeKind::Subscript})) {
    Node root = root_name(t);
    return root && p.locals.count(std::string(root.text()));
  }
  std::vector<Node> kids = t.named_children();
  if (kids.empty()) return false;
  for (Node k : kids)
    if (!probe_target(p, k)) return false;
  return true;
}

void bind_all(Probe& p, Node n) {
  walk(n, [&](Node x) {
    if (is(x, NodeKind::Identifier) && p.tree.is_binding(x)) p.locals.insert(std::string(x.text()));
    return true;
  });
}

bool probe_statement(Probe& p, Node s) {
  switch (node_kind(s)) {
    case NodeKind::Pass:
    case NodeKind::Comment:
      return true;
    case NodeKind::Import:
    case NodeKind::ImportFrom:
      if (p.strict) return false;
      bind_all(p, s);
      return true;
    case NodeKind::ExpressionStatement: {
      std::vector<Node> kids = s.named_children();
      if (kids.size() != 1) return false;
      Node e = kids[0];
      if (is(e, NodeKind::String)) return true;  // a docstring
      if (is(e, NodeKind::Call)) {
        if (report_call(lang::describe_call(e))) {
          ++p.reports;
          return true;
        }
        if (p.strict) return false;
        // `rows.append(x)`: a method of a local the stretch built.
        Node f = e.child_by_field("function");
        Node root = f && is(f, NodeKind::Attribute) ? root_name(f) : Node();
        return root && p.locals.count(std::string(root.text()));
      }
      if (p.strict) return false;
      if (is(e, NodeKind::Assignment)) return probe_target(p, e.child_by_field("left"));
      if (is(e, NodeKind::AugmentedAssignment)) {
        Node root = root_name(e.child_by_field("left"));
        if (!root && is(e.child_by_field("left"), NodeKind::Identifier)) root = e.child_by_field("left");
        return root && p.locals.count(std::string(root.text()));
      }
      return false;
    }
    case NodeKind::If: {
      auto chain = p.tree.if_chain_at(s);
      if (!chain) return false;
      for (const lang::Branch& b : chain->branches)
        if (!probe_block(p, b.body)) return false;
      return true;
    }
    case NodeKind::For:
      if (!probe_target(p, s.child_by_field("left"))) return false;
      [[fallthrough]];
    case NodeKind::While:
    case NodeKind::With:
    case NodeKind::Try:
      if (p.strict && is(s, NodeKind::Try)) return false;
      [[fallthrough]];
    case NodeKind::Except:
    case NodeKind::Finally:
    case NodeKind::Else:
      // Every body and clause of the compound statement; an `as` name is a local of the stretch.
      for (Node k : s.named_children()) {
        if (is(k, NodeKind::Block)) {
          if (!probe_block(p, k)) return false;
        } else if (is_any(k, {NodeKind::Except, NodeKind::Finally, NodeKind::Else})) {
          if (!probe_statement(p, k)) return false;
        } else {
          bind_all(p, k);
        }
      }
      return true;
    default:
      return false;
  }
}

// No name the stretch [from, to) binds is read in `scope` outside it.
bool locals_stay_inside(const Probe& p, Node scope, uint32_t from, uint32_t to) {
  for (const std::string& name : p.locals)
    for (Node id : p.tree.identifiers(name, scope))
      if ((id.start_byte() < from || id.start_byte() >= to) && p.tree.is_variable_read(id)) return false;
  return true;
}

Node enclosing_scope(Node n) {
  Node def = lang::ancestor(n, {NodeKind::FunctionDef});
  return def ? def : Node();
}

// Whether statement `s` (an if whose condition holds the value, a loop) only reports.
bool statement_reports(const lang::SyntaxTree& tree, Node s, bool strict) {
  Probe p{tree, strict, {}, 0};
  if (!probe_statement(p, s) || p.reports == 0) return false;
  return locals_stay_inside(p, enclosing_scope(s), s.start_byte(), s.end_byte());
}

bool body_reports(const lang::SyntaxTree& tree, Node body, bool strict) {
  Probe p{tree, strict, {}, 0};
  if (!body || !probe_block(p, body) || p.reports == 0) return false;
  return locals_stay_inside(p, enclosing_scope(body), body.start_byte(), body.end_byte());
}

// `if not DEBUG: return` at the top of a stretch: the statements after it in the same block
// run only when the knob says so. True when the if has one branch whose body is a bare
// `return` (report calls before it allowed) and the rest of the block only reports.
bool guards_rest_of_block(const lang::SyntaxTree& tree, Node if_node) {
  auto chain = tree.if_chain_at(if_node);
  if (!chain || chain->branches.size() != 1 || !chain->branches[0].body) return false;
  std::vector<Node> body = chain->branches[0].body.named_children();
  if (body.empty() || !is(body.back(), NodeKind::Return) || !body.back().named_children().empty()) return false;
  Probe before{tree, false, {}, 0};
  for (size_t i = 0; i + 1 < body.size(); ++i)
    if (!probe_statement(before, body[i]) || !before.locals.empty()) return false;
  Node block = if_node.parent();
  if (!block || !is(block, NodeKind::Block)) return false;
  Probe p{tree, false, {}, 0};
  bool after = false;
  uint32_t from = 0;
  for (Node s : block.named_children()) {
    if (!after) {
      after = s.start_byte() == if_node.start_byte();
      from = s.end_byte();
      continue;
    }
    if (!probe_statement(p, s)) return false;
  }
  return p.reports > 0 && locals_stay_inside(p, enclosing_scope(block), from, block.end_byte());
}

// Every branch of the if statement (or elif) whose condition holds the value only reports,
// or the if guards a rest of its block that only reports.
bool branch_reports(const lang::SyntaxTree& tree, Node clause, bool strict) {
  Node owner = clause;
  if (is(owner, NodeKind::Elif)) owner = owner.parent();
  if (!owner || !is(owner, NodeKind::If)) return false;
  return statement_reports(tree, owner, strict) || (!strict && owner == clause && guards_rest_of_block(tree, owner));
}

bool uses_only_report(const lang::SyntaxTree& tree, Node value, int depth, bool strict);
bool returned_value_reports(const lang::SyntaxTree& tree, Node ret, int depth, bool strict);

// The uses of a name a value is bound to: plain names read anywhere in the file, `self.x` /
// `obj.x` attributes read by their last component. At least one use, and all of them report.
bool bound_name_reports(const lang::SyntaxTree& tree, Node target, int depth, bool strict) {
  if (depth >= kMaxDepth) return false;
  std::string_view text = target.text();
  std::string name(text.substr(text.rfind('.') == std::string_view::npos ? 0 : text.rfind('.') + 1));
  bool attribute = is(target, NodeKind::Attribute);
  if (!attribute && !is(target, NodeKind::Identifier)) return false;
  int uses = 0;
  for (Node id : tree.identifiers(name)) {
    Node use = id;
    if (attribute) {
      Node p = id.parent();
      if (!p || !is(p, NodeKind::Attribute) || !(p.child_by_field("attribute") == id)) continue;
      use = p;
    } else if (!tree.is_variable_read(id)) {
      continue;
    }
    if (use.start_byte() == target.start_byte()) continue;  // the binding itself
    // Another binding of the same name (`self.x = ...` elsewhere) is not a use.
    Node up = use.parent();
    if (up && is_any(up, {NodeKind::Assignment, NodeKind::AugmentedAssignment}) && up.child_by_field("left") == use)
      continue;
    if (!uses_only_report(tree, use, depth + 1, strict)) return false;
    ++uses;
  }
  return uses > 0;
}

// A value a function returns: every call of that function (`_debug_enabled()`,
// `self._verbose()`) in the file carries it on. At least one call, and all of them report.
bool returned_value_reports(const lang::SyntaxTree& tree, Node ret, int depth, bool strict) {
  if (depth >= kMaxDepth) return false;
  Node def = lang::ancestor(ret, {NodeKind::FunctionDef, NodeKind::Lambda});
  if (!def || !is(def, NodeKind::FunctionDef)) return false;
  Node name_node = def.child_by_field("name");
  if (!name_node) return false;
  int calls = 0;
  for (Node id : tree.identifiers(name_node.text())) {
    Node callee = id;
    Node p = id.parent();
    if (p && is(p, NodeKind::Attribute) && p.child_by_field("attribute") == id) callee = p;
    Node call = callee.parent();
    if (!call || !is(call, NodeKind::Call) || !(call.child_by_field("function") == callee)) continue;
    if (!uses_only_report(tree, call, depth + 1, strict)) return false;
    ++calls;
  }
  return calls > 0;
}

bool uses_only_report(const lang::SyntaxTree& tree, Node value, int depth, bool strict) {
  Node p = value;
  for (Node up = p.parent(); up; p = up, up = up.parent()) {
    switch (node_kind(up)) {
      case NodeKind::ArgumentList: {
        Node call = up.parent();
        if (call && is(call, NodeKind::Call) && report_call(lang::describe_call(call))) return true;
        continue;  // a conversion or helper: its result carries the value on
      }
      case NodeKind::Call:
      case NodeKind::Attribute:   // `os.getenv("X").lower()`
      case NodeKind::Subscript:   // `os.environ["X"]`
      case NodeKind::BinaryOp:
      case NodeKind::BoolOp:
      case NodeKind::Comparison:
      case NodeKind::Not:
      case NodeKind::Unary:
      case NodeKind::Parenthesized:
      case NodeKind::Conditional:  // `a if <value> else b` picks a value that carries it on
        continue;
      case NodeKind::If:
      case NodeKind::Elif:
        if (up.child_by_field("condition") == p) return branch_reports(tree, up, strict);
        return false;
      case NodeKind::While:
        if (up.child_by_field("condition") == p) return body_reports(tree, up.child_by_field("body"), strict);
        return false;
      case NodeKind::Return:
        return returned_value_reports(tree, up, depth, strict);
      case NodeKind::Assignment: {
        if (!(up.child_by_field("right") == p)) return false;
        Node left = up.child_by_field("left");
        return left && bound_name_reports(tree, left, depth, strict);
      }
      default:
        return false;  // a return, a computing call's statement, a default, a dict entry, ...
    }
  }
  return false;
}

}  // namespace

bool value_only_reports(const lang::SyntaxTree& tree, Node value) { return uses_only_report(tree, value, 0, false); }

bool knob_only_reports(const lang::SyntaxTree& tree, std::string_view name, bool& found, bool bare_reports) {
  found = false;
  bool all = true;
  for (const lang::Literal& lit : tree.string_literals()) {
    if (lit.value != name) continue;
    found = true;
    all = all && uses_only_report(tree, lit.node, 0, bare_reports);
  }
  for (Node id : tree.identifiers(name)) {
    Node p = id.parent();
    if (!p || !is(p, NodeKind::Attribute) || !(p.child_by_field("attribute") == id)) continue;
    found = true;
    all = all && uses_only_report(tree, p, 0, bare_reports);
  }
  return found && all;
}

}  // namespace rp
