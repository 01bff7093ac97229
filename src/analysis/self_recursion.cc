#include "analysis/self_recursion.h"

#include "analysis/call_binding.h"
#include "analysis/class_members.h"

namespace rp {
namespace {

using lang::Node;

// Whether anything inside `n` may leave the function or the module's control flow early: a
// return, raise, assert, yield or await, an exit call, a `while` loop (it may never end), or a
// nested def/lambda/class (left alone: what they do is not followed).
bool may_leave(Node n) {
  bool leaves = false;
  lang::walk(n, [&](Node c) {
    std::string_view k = c.kind();
    if (k == "return_statement" || k == "raise_statement" || k == "assert_statement" || k == "yield" ||
        k == "await" || k == "function_definition" || k == "lambda" || k == "class_definition" ||
        k == "while_statement")
      leaves = true;
    // sys.exit(), os._exit(), exit(), quit(): the process ends there.
    if (k == "call") {
      std::string_view f = c.child_by_field("function").text();
      if (f.ends_with("exit") || f == "quit") leaves = true;
    }
    return !leaves;
  });
  return leaves;
}

// The call a body statement makes as a whole: `f(...)`, `return f(...)`, `x = f(...)`.
Node statement_call(Node s) {
  Node e;
  if (s.kind() == "return_statement") {
    std::vector<Node> kids = s.named_children();
    if (kids.size() == 1) e = kids.front();
  } else if (s.kind() == "expression_statement") {
    std::vector<Node> kids = s.named_children();
    if (kids.size() == 1) {
      e = kids.front();
      if (e.kind() == "assignment") e = e.child_by_field("right");
    }
  }
  return e && e.kind() == "call" ? e : Node();
}

std::string compact(std::string_view text) {
  std::string s;
  for (char ch : text)
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') s += ch;
  return s;
}

}  // namespace

std::vector<SelfCall> unconditional_self_calls(const lang::SyntaxTree& tree) {
  std::vector<SelfCall> out;
  if (!tree.is_python()) return out;
  for (const lang::Function& fn : tree.functions()) {
    if (!fn.decorators.empty() || !fn.body) continue;
    Node def = fn.node.kind() == "decorated_definition" ? fn.node.child_by_field("definition") : fn.node;
    if (!def || def.kind() != "function_definition" || def.text().starts_with("async")) continue;
    Node scope = def.parent() ? def.parent().ancestor({"function_definition", "class_definition", "lambda"}) : Node();
    std::string expected;
    if (fn.class_name.empty()) {
      if (scope || module_bindings(tree, fn.name) != 1) continue;  // nested, or the name is rebound
      bool rebinds = false;
      for (Node id : tree.identifiers(fn.name, fn.body)) rebinds = rebinds || tree.is_binding(id);
      for (const lang::Param& p : fn.params) rebinds = rebinds || p.name == fn.name;
      if (rebinds) continue;
      expected = fn.name;
    } else {
      // A method of a module-level class, called as `self.name(...)`.
      if (!scope || scope.kind() != "class_definition" || scope.child_by_field("name").text() != fn.class_name ||
          scope.parent().ancestor({"function_definition", "class_definition", "lambda"}))
        continue;
      if (fn.params.empty() || fn.params.front().name != "self" || stores_attribute(tree, fn.name)) continue;
      bool rebinds_self = false;
      for (Node id : tree.identifiers("self", fn.body)) rebinds_self = rebinds_self || tree.is_binding(id);
      if (rebinds_self) continue;
      expected = "self." + fn.name;
    }
    bool generator = false;
    lang::walk(fn.body, [&](Node c) {
      generator = generator || c.kind() == "yield";
      return !generator;
    });
    if (generator) continue;
    for (Node s : fn.body.named_children()) {
      Node call = statement_call(s);
      if (call && compact(call.child_by_field("function").text()) == expected) {
        int helper = 0;
        if (!fn.class_name.empty())
          for (const lang::Function& other : tree.functions())
            if (other.class_name.empty() && other.name == fn.name && other.node.parent() &&
                !other.node.parent().ancestor({"function_definition", "class_definition", "lambda"}))
              helper = other.start_line;
        out.push_back({fn.class_name.empty() ? fn.name : fn.class_name + "." + fn.name, expected, fn.start_line,
                       call.start_line(), helper});
        break;
      }
      if (may_leave(s)) break;
    }
  }
  return out;
}

}  // namespace rp
