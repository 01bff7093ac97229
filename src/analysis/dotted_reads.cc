#include "analysis/dotted_reads.h"

namespace rp {
namespace {

using lang::Node;

// `a`, `a.b`, `a.b.c`: identifiers joined by attribute access only.
bool plain_chain(Node n) {
  while (n.kind() == "attribute") {
    if (!n.child_by_field("attribute")) return false;
    n = n.child_by_field("object");
    if (!n) return false;
  }
  return n.kind() == "identifier";
}

std::string chain_text(Node n) {
  std::string out;
  for (char ch : n.text())
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' && ch != '\\') out += ch;
  return out;
}

bool catches_attribute_error(Node try_stmt) {
  for (Node c : try_stmt.named_children()) {
    if (c.kind() != "except_clause") continue;
    Node type;
    for (Node k : c.named_children())
      if (k.kind() != "block") {
        type = k;
        break;
      }
    if (!type) return true;  // bare except
    std::string_view t = type.text();
    for (std::string_view caught : {"AttributeError", "Exception", "BaseException"})
      if (t.find(caught) != std::string_view::npos) return true;
  }
  return false;
}

// Whether `n` sits in the tested branch of a hasattr check or in a try body that expects an
// AttributeError, up to the enclosing function or class.
bool guarded(Node n) {
  for (Node child = n, p = n.parent(); p; child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "function_definition" || k == "class_definition" || k == "lambda") return false;
    if (k == "if_statement" || k == "elif_clause" || k == "conditional_expression" || k == "while_statement") {
      if (p.text().find("hasattr(") != std::string_view::npos) return true;
    } else if (k == "boolean_operator") {
      if (p.text().find("hasattr(") != std::string_view::npos) return true;  // hasattr(m, "x") and m.x
    } else if (k == "try_statement" && p.child_by_field("body") == child && catches_attribute_error(p)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool stored_to(Node n) {
  Node child = n, p = n.parent();
  while (p && (p.kind() == "pattern_list" || p.kind() == "tuple_pattern" || p.kind() == "list_pattern" ||
               p.kind() == "expression_list" || p.kind() == "parenthesized_expression")) {
    child = p;
    p = p.parent();
  }
  if (!p) return false;
  std::string_view k = p.kind();
  if (k == "assignment" || k == "augmented_assignment" || k == "for_statement" || k == "for_in_clause")
    return p.child_by_field("left") == child;
  return k == "delete_statement";
}

std::vector<DottedRead> dotted_reads(const lang::SyntaxTree& tree, const std::set<int>& lines, bool with_calls) {
  std::vector<DottedRead> out;
  if (!tree.is_python()) return out;
  lang::walk(tree.root(), [&](Node n) {
    // A subtree none of whose lines is asked about holds no read that starts on one of them:
    // a few added lines in a large file cost the path to them, not a walk of the file.
    if (!lines.empty()) {
      auto first = lines.lower_bound(n.start_line());
      if (first == lines.end() || *first > n.end_line()) return false;
    }
    if (n.kind() != "attribute") return true;
    Node parent = n.parent();
    // Only the outermost link of a chain; its inner links are the same question asked shorter.
    if (parent && parent.kind() == "attribute" && parent.child_by_field("object") == n) return true;
    if (!plain_chain(n)) return true;
    if (!lines.empty() && !lines.count(n.start_line())) return false;
    bool called = parent && parent.kind() == "call" && parent.child_by_field("function") == n;
    if ((called && !with_calls) || stored_to(n) || guarded(n)) return false;
    out.push_back({chain_text(n), n.start_line(), called});
    return false;
  });
  return out;
}

}  // namespace rp
