#include "analysis/knob_use.h"

#include <algorithm>
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

// Whether a statement only reports: a report call, `pass`, a comment, or a compound statement
// (if/for/while/with/try) whose bodies only report.
bool statement_reports(const lang::SyntaxTree& tree, Node s);

bool body_reports(const lang::SyntaxTree& tree, Node body) {
  if (!body) return true;
  bool any = false;
  for (Node s : body.named_children()) {
    if (is(s, NodeKind::Comment)) continue;
    if (!statement_reports(tree, s)) return false;
    any = true;
  }
  return any;
}

bool statement_reports(const lang::SyntaxTree& tree, Node s) {
  switch (node_kind(s)) {
    case NodeKind::Pass:
    case NodeKind::Comment:
      return true;
    case NodeKind::ExpressionStatement: {
      std::vector<Node> kids = s.named_children();
      if (kids.size() != 1 || !is(kids[0], NodeKind::Call)) return false;
      return report_call(lang::describe_call(kids[0]));
    }
    case NodeKind::If: {
      auto chain = tree.if_chain_at(s);
      return chain && std::all_of(chain->branches.begin(), chain->branches.end(),
                                  [&](const lang::Branch& b) { return body_reports(tree, b.body); });
    }
    case NodeKind::For:
    case NodeKind::While:
    case NodeKind::With:
      return body_reports(tree, s.child_by_field("body"));
    default:
      return false;
  }
}

// Every branch of the if statement (or elif) whose condition holds the value only reports.
bool branch_reports(const lang::SyntaxTree& tree, Node clause) {
  Node owner = clause;
  if (is(owner, NodeKind::Elif)) owner = owner.parent();
  if (!owner || !is(owner, NodeKind::If)) return false;
  return statement_reports(tree, owner);
}

bool uses_only_report(const lang::SyntaxTree& tree, Node value, int depth);
bool returned_value_reports(const lang::SyntaxTree& tree, Node ret, int depth);

// The uses of a name a value is bound to: plain names read anywhere in the file, `self.x` /
// `obj.x` attributes read by their last component. At least one use, and all of them report.
bool bound_name_reports(const lang::SyntaxTree& tree, Node target, int depth) {
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
    if (!uses_only_report(tree, use, depth + 1)) return false;
    ++uses;
  }
  return uses > 0;
}

// A value a function returns: every call of that function (`_debug_enabled()`,
// `self._verbose()`) in the file carries it on. At least one call, and all of them report.
bool returned_value_reports(const lang::SyntaxTree& tree, Node ret, int depth) {
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
    if (!uses_only_report(tree, call, depth + 1)) return false;
    ++calls;
  }
  return calls > 0;
}

bool uses_only_report(const lang::SyntaxTree& tree, Node value, int depth) {
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
        if (up.child_by_field("condition") == p) return branch_reports(tree, up);
        return false;
      case NodeKind::While:
        if (up.child_by_field("condition") == p) return body_reports(tree, up.child_by_field("body"));
        return false;
      case NodeKind::Return:
        return returned_value_reports(tree, up, depth);
      case NodeKind::Assignment: {
        if (!(up.child_by_field("right") == p)) return false;
        Node left = up.child_by_field("left");
        return left && bound_name_reports(tree, left, depth);
      }
      default:
        return false;  // a return, a computing call's statement, a default, a dict entry, ...
    }
  }
  return false;
}

}  // namespace

bool value_only_reports(const lang::SyntaxTree& tree, Node value) { return uses_only_report(tree, value, 0); }

bool knob_only_reports(const lang::SyntaxTree& tree, std::string_view name, bool& found) {
  found = false;
  bool all = true;
  for (const lang::Literal& lit : tree.string_literals()) {
    if (lit.value != name) continue;
    found = true;
    all = all && uses_only_report(tree, lit.node, 0);
  }
  for (Node id : tree.identifiers(name)) {
    Node p = id.parent();
    if (!p || !is(p, NodeKind::Attribute) || !(p.child_by_field("attribute") == id)) continue;
    found = true;
    all = all && uses_only_report(tree, p, 0);
  }
  return found && all;
}

}  // namespace rp
