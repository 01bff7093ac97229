#include "analysis/passed_over_values.h"

#include <fmt/format.h>

#include <optional>

#include "analysis/facts.h"
#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;
using lang::NodeKind;

// The literals a placeholder is written with: 0, 0.0, None, True, False, "".
bool is_placeholder_literal(Node v) {
  if (lang::is_any(v, {NodeKind::None, NodeKind::True, NodeKind::False})) return true;
  if (lang::is(v, NodeKind::Integer)) return v.text() == "0";
  if (lang::is(v, NodeKind::Float)) return v.text() == "0.0" || v.text() == "0.";
  if (lang::is(v, NodeKind::String)) {
    std::string_view t = v.text();
    return t == "\"\"" || t == "''";
  }
  return false;
}

// Whether `n` (outside the subtree `skip`) holds an identifier spelled `name`: a variable, an
// attribute name after '.', anything.
bool mentions(Node n, std::string_view name, Node skip) {
  bool found = false;
  lang::walk(n, [&](Node c) {
    if (found || (skip && c == skip)) return false;
    if (lang::is(c, NodeKind::Identifier) && c.text() == name) found = true;
    return !found;
  });
  return found;
}

// Whether a condition that holds `call` tests `name`: an enclosing if/elif/while (the whole
// if statement's conditions, for a call in any of its branches) or conditional expression,
// below `stop`.
bool chosen_by_condition(Node call, Node stop, std::string_view name) {
  for (Node a = call.parent(); a && !(a == stop); a = a.parent()) {
    if (lang::is_any(a, {NodeKind::If, NodeKind::While})) {
      Node cond = a.child_by_field("condition");
      if (cond && mentions(cond, name, call)) return true;
      for (Node c : a.named_children())
        if (lang::is(c, NodeKind::Elif)) {
          Node ec = c.child_by_field("condition");
          if (ec && mentions(ec, name, call)) return true;
        }
    } else if (lang::is(a, NodeKind::Conditional)) {
      if (mentions(a, name, call)) return true;
    }
  }
  return false;
}

// `self.P` nodes in `scope` that are not the target of an assignment.
struct AttrUse {
  int first_assign = 0;  // line of the first `self.P = ...`
  Node first_statement;  // that assignment
  int reads = 0;         // `X.P` anywhere in the scope, outside assignment targets
};

// Whether a binding holds a collection filled per item rather than one value: an empty
// `{}`/`[]`/`set()`/`dict()`/`defaultdict(...)`/`OrderedDict()`, or an annotation naming a
// mapping (`dict[EngineId, list[int]]`, `Dict[...]`, `Mapping[...]`). A per-engine table of
// addresses is not the address a call takes.
bool per_item_collection(Node value, std::string_view annotation) {
  std::string_view a = trim(annotation);
  if (size_t dot = a.rfind('.', a.find('[')); dot != std::string_view::npos) a.remove_prefix(dot + 1);
  for (std::string_view m : {"dict[", "Dict[", "Mapping[", "MutableMapping[", "defaultdict[", "DefaultDict[",
                             "OrderedDict["})
    if (a.starts_with(m)) return true;
  if (!value) return false;
  std::string_view k = value.kind();
  if (k == "dictionary" || k == "list" || k == "set") return value.named_children().empty();
  if (k == "call") {
    Node fn = value.child_by_field("function");
    std::string_view callee = fn ? fn.text() : std::string_view{};
    if (size_t dot = callee.rfind('.'); dot != std::string_view::npos) callee.remove_prefix(dot + 1);
    Node args = value.child_by_field("arguments");
    bool no_args = !args || args.named_children().empty();
    if (callee == "defaultdict") return true;
    if (callee == "dict" || callee == "list" || callee == "set" || callee == "OrderedDict") return no_args;
  }
  return false;
}

// The same, for an assignment statement (`x: T = v`).
bool binds_per_item_collection(Node assignment) {
  if (!assignment) return false;
  Node type = assignment.child_by_field("type");
  return per_item_collection(assignment.child_by_field("right"), type ? type.text() : std::string_view{});
}

bool is_assignment_target(Node n) {
  Node p = n.parent();
  if (!p) return false;
  if (lang::is_any(p, {NodeKind::Assignment, NodeKind::AugmentedAssignment}) && p.child_by_field("left") == n) return true;
  // `a, self.P = ...`
  if (lang::is(p, NodeKind::PatternList)) return is_assignment_target(p);
  return false;
}

AttrUse attribute_use(Node scope, std::string_view name) {
  AttrUse u;
  lang::walk(scope, [&](Node n) {
    if (!lang::is(n, NodeKind::Attribute)) return true;
    Node attr = n.child_by_field("attribute");
    if (!attr || attr.text() != name) return true;
    Node obj = n.child_by_field("object");
    if (is_assignment_target(n)) {
      if (obj && obj.text() == "self" && u.first_assign == 0) {
        u.first_assign = n.start_line();
        u.first_statement = n.parent();
      }
    } else {
      ++u.reads;
    }
    return true;
  });
  return u;
}

// Whether identifier `name` is read anywhere in `scope` (nested scopes included).
bool name_read(const lang::SyntaxTree& tree, Node scope, std::string_view name) {
  for (Node id : tree.identifiers(name, scope))
    if (tree.is_variable_read(id)) return true;
  return false;
}

// The commented-out value on the argument's line: the comment is code that ends in `P`
// (`# self.hidden_pad,`, `# P`), not prose.
enum class LineComment { None, NamesValue, Prose };
LineComment line_comment(const lang::SyntaxTree& tree, int line, std::string_view param) {
  std::string_view c = trim(comment_part(tree.line_text(line), true));
  if (c.empty()) return LineComment::None;
  // A second comment after the first (`# self.P  # TODO`) is not part of the commented-out code.
  if (size_t hash = c.find('#'); hash != std::string_view::npos) c = trim(c.substr(0, hash));
  while (!c.empty() && (c.back() == ',' || c.back() == ' ' || c.back() == ')')) c.remove_suffix(1);
  // Strip a leading `P=` of a commented-out keyword argument.
  if (c.starts_with(param) && c.substr(param.size()).starts_with("=")) c.remove_prefix(param.size() + 1);
  c = trim(c);
  if (!c.ends_with(param)) return LineComment::Prose;
  std::string_view head = c.substr(0, c.size() - param.size());
  if (!head.empty() && head.back() != '.') return LineComment::Prose;
  for (char ch : head)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.')) return LineComment::Prose;
  return LineComment::NamesValue;
}

// Whether the statement block `n` sits in also holds `call`: a local bound (or an attribute
// read) in another branch, loop body or with body does not reach the call.
bool reaches(Node n, Node call) {
  Node block = lang::ancestor(n, {NodeKind::Block, NodeKind::Module});
  if (!block) return false;
  return block.start_byte() <= call.start_byte() && call.end_byte() <= block.end_byte();
}

// Whether comment-only lines right above the argument's line explain it (any comment there
// counts: `# pinned off: ...` before `flag=False,`).
bool explained_above(const lang::SyntaxTree& tree, int line) {
  int above = line - 1;
  return above >= 1 && is_comment_only(tree.line_text(above), true) && !trim(tree.line_text(above)).empty();
}

struct InScope {
  std::string value;
  int line = 0;
  bool unread = false;  // bound and nothing reads it
  bool can_be_unread = false;
};

std::optional<InScope> value_in_scope(const lang::SyntaxTree& tree, const lang::Function& fn, const lang::Call& call,
                                      std::string_view param) {
  const bool method = !fn.class_name.empty() && !fn.params.empty() && fn.params.front().name == "self";
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const lang::Param& p = fn.params[i];
    if (p.name != param || (method && i == 0)) continue;
    if (per_item_collection(Node{}, p.annotation)) return std::nullopt;
    return InScope{std::string(param), p.node ? p.node.start_line() : fn.start_line, !name_read(tree, fn.body, param), true};
  }
  for (const lang::Assignment& a : tree.assignments(fn.body)) {
    if (a.augmented || a.line >= call.line || !reaches(a.node, call.node)) continue;
    for (const std::string& t : a.targets) {
      if (t != param) continue;
      if (binds_per_item_collection(a.node)) return std::nullopt;  // a table filled per item
      return InScope{std::string(param), a.line, !name_read(tree, fn.body, param), true};
    }
  }
  if (method) {
    std::optional<lang::ClassDef> cls = tree.enclosing_class(call.line);
    if (cls && cls->name == fn.class_name) {
      AttrUse u = attribute_use(cls->node, param);
      if (u.first_assign > 0) {
        if (binds_per_item_collection(u.first_statement)) return std::nullopt;
        // Reads anywhere in the file count (another class may read `layer.P`).
        AttrUse whole = attribute_use(tree.root(), param);
        return InScope{fmt::format("self.{}", param), u.first_assign, whole.reads == 0, true};
      }
    }
  }
  // An attribute `x.P` of an object the function already reads.
  std::optional<InScope> found;
  lang::walk(fn.body, [&](Node n) {
    if (found) return false;
    if (!lang::is(n, NodeKind::Attribute)) return true;
    Node attr = n.child_by_field("attribute");
    Node obj = n.child_by_field("object");
    if (attr && obj && attr.text() == param && lang::is(obj, NodeKind::Identifier) && !is_assignment_target(n) && reaches(n, call.node) &&
        !(n.start_byte() >= call.node.start_byte() && n.end_byte() <= call.node.end_byte()))
      found = InScope{std::string(n.text()), n.start_line(), false, false};
    return true;
  });
  return found;
}

// Whether the callee, defined in this file, has `literal` as its default for `param`.
bool callee_default_is(const lang::SyntaxTree& tree, const lang::Call& call, std::string_view param,
                       std::string_view literal) {
  for (const lang::Function& f : tree.functions()) {
    if (f.name != call.callee_name) continue;
    for (const lang::Param& p : f.params)
      if (p.name == param && trim(p.default_text) == literal) return true;
  }
  return false;
}

}  // namespace

std::vector<PassedOverValue> literals_passed_over_values(const lang::SyntaxTree& tree, const std::set<int>& lines) {
  std::vector<PassedOverValue> out;
  // A literal is reported at its own first line: one on a line not asked about is skipped
  // before its function and scope are looked up.
  auto candidate = [&](const lang::Argument& a) {
    return !a.keyword.empty() && a.value && (lines.empty() || lines.count(a.value.start_line())) &&
           is_placeholder_literal(a.value);
  };
  for (const lang::Call& call : tree.calls()) {
    bool has_candidate = false;
    for (const lang::Argument& a : call.args)
      if (candidate(a)) has_candidate = true;
    if (!has_candidate) continue;
    std::optional<lang::Function> fn = tree.enclosing_function(call.line);
    if (!fn || !fn->body || fn->name == call.callee_name) continue;
    for (const lang::Argument& a : call.args) {
      if (!candidate(a)) continue;
      const std::string& param = a.keyword;
      if (param == "self" || param == "cls") continue;
      std::optional<InScope> v = value_in_scope(tree, *fn, call, param);
      if (!v) continue;
      std::string literal(a.value.text());
      int line = a.value.start_line();
      if (callee_default_is(tree, call, param, literal)) continue;
      if (chosen_by_condition(call.node, fn->body, param)) continue;
      LineComment c = line_comment(tree, line, param);
      if (c == LineComment::Prose || explained_above(tree, line)) continue;
      std::string because;
      if (c == LineComment::NamesValue) {
        because = fmt::format("the comment on the line is `{}` commented out", trim(comment_part(tree.line_text(line), true)));
      } else if (v->can_be_unread && v->unread) {
        because = fmt::format("`{}` is bound at line {} and nothing reads it", v->value, v->line);
      } else {
        continue;
      }
      out.push_back(PassedOverValue{line, call.callee, param, literal, v->value, v->line, because});
    }
  }
  return out;
}

}  // namespace rp
