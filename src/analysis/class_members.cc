#include "analysis/class_members.h"

#include <cctype>
#include <optional>

#include "analysis/dotted_reads.h"
#include "core/strings.h"

namespace rp {
namespace {

using lang::Node;

bool dotted_name(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.') return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return false;
  return !std::isdigit(static_cast<unsigned char>(s.front()));
}

// Decorators that keep instance attributes what the class body says.
bool attribute_preserving(std::string_view d) {
  for (std::string_view p : {"dataclass", "dataclasses.dataclass", "functools.total_ordering", "total_ordering",
                             "final", "typing.final"})
    if (d == p || (d.starts_with(p) && d.size() > p.size() && d[p.size()] == '(')) return true;
  return false;
}

void add_targets(Node left, std::set<std::string, std::less<>>& names) {
  if (left.kind() == "identifier") {
    names.insert(std::string(left.text()));
    return;
  }
  if (left.kind() == "pattern_list" || left.kind() == "tuple_pattern" || left.kind() == "list_pattern")
    for (Node c : left.named_children()) add_targets(c, names);
}

// The names a class body binds, descending into if/try/with/for blocks (they run in the body).
void body_names(Node block, std::set<std::string, std::less<>>& names, std::vector<Node>& methods, bool& unknowable) {
  for (Node st : block.named_children()) {
    std::string_view k = st.kind();
    Node def = st;
    if (k == "decorated_definition") def = st.child_by_field("definition");
    if (!def) continue;
    if (def.kind() == "function_definition" || def.kind() == "class_definition") {
      std::string n(def.child_by_field("name").text());
      if (n == "__getattr__" || n == "__getattribute__") unknowable = true;
      names.insert(n);
      if (def.kind() == "function_definition") methods.push_back(def);
      continue;
    }
    if (k == "expression_statement") {
      for (Node e : st.named_children()) {
        if (e.kind() != "assignment" && e.kind() != "augmented_assignment") continue;
        Node left = e.child_by_field("left");
        if (!left) continue;
        add_targets(left, names);
        if (left.text() == "__slots__") {
          lang::walk(e.child_by_field("right"), [&](Node s) {
            if (s.kind() != "string") return true;
            std::string_view t = s.text();
            if (t.size() >= 2) names.insert(std::string(t.substr(1, t.size() - 2)));
            return false;
          });
        }
      }
      continue;
    }
    if (k == "if_statement" || k == "try_statement" || k == "with_statement" || k == "for_statement" ||
        k == "else_clause" || k == "elif_clause" || k == "except_clause" || k == "finally_clause" || k == "block")
      body_names(st, names, methods, unknowable);
  }
}

// `self.x = ...` (any target position, augmented, annotated, for-target) in a method whose
// first parameter is `self_name`; `setattr(`/`__dict__` make the class unknowable.
void method_stores(Node method, std::set<std::string, std::less<>>& names, bool& unknowable) {
  Node params = method.child_by_field("parameters");
  std::string self_name;
  for (Node p : params.named_children()) {
    if (p.kind() == "identifier") self_name = std::string(p.text());
    else if (p.kind() == "typed_parameter" && !p.named_children().empty())
      self_name = std::string(p.named_children().front().text());
    break;
  }
  lang::walk(method.child_by_field("body"), [&](Node n) {
    std::string_view k = n.kind();
    if (k == "call") {
      std::string_view fn = n.child_by_field("function").text();
      if (fn == "setattr" || fn == "object.__setattr__" || fn.ends_with(".__setattr__")) unknowable = true;
      return true;
    }
    if (k != "attribute") return true;
    Node obj = n.child_by_field("object");
    Node attr = n.child_by_field("attribute");
    if (!obj || !attr || obj.kind() != "identifier" || obj.text() != self_name) return true;
    if (attr.text() == "__dict__") unknowable = true;
    if (stored_to(n)) names.insert(std::string(attr.text()));
    return true;
  });
}

}  // namespace

ClassMembers class_members(const lang::SyntaxTree& tree, std::string_view name) {
  ClassMembers m;
  if (!tree.is_python()) return m;
  Node found;
  int count = 0;
  for (Node st : tree.root().named_children()) {
    Node def = st.kind() == "decorated_definition" ? st.child_by_field("definition") : st;
    if (!def || def.kind() != "class_definition" || def.child_by_field("name").text() != name) continue;
    found = st;
    ++count;
  }
  if (count != 1) return m;
  m.found = true;
  m.line = found.start_line();
  bool unknowable = false;
  Node def = found;
  if (found.kind() == "decorated_definition") {
    def = found.child_by_field("definition");
    for (Node d : found.named_children()) {
      if (d.kind() != "decorator") continue;
      std::string_view t = trim(d.text());
      if (t.starts_with("@")) t.remove_prefix(1);
      if (!attribute_preserving(trim(t))) unknowable = true;
    }
  }
  for (Node b : def.child_by_field("superclasses").named_children()) {
    if (b.kind() == "keyword_argument") {
      unknowable = true;  // metaclass=...
      continue;
    }
    std::string text(b.text());
    if (text == "object") continue;
    if (!dotted_name(text)) unknowable = true;  // Generic[T], a call...
    m.bases.push_back(text);
  }
  std::vector<Node> methods;
  body_names(def.child_by_field("body"), m.names, methods, unknowable);
  for (Node method : methods) method_stores(method, m.names, unknowable);
  m.knowable = !unknowable;
  return m;
}

bool every_instance_has(std::string_view attr) {
  static const std::set<std::string, std::less<>> kObject{
      "__class__",      "__delattr__",   "__dict__",   "__dir__",          "__doc__",     "__eq__",
      "__format__",     "__ge__",        "__getattribute__", "__getstate__", "__gt__",     "__hash__",
      "__init__",       "__init_subclass__", "__le__", "__lt__",           "__module__",  "__ne__",
      "__new__",        "__reduce__",    "__reduce_ex__", "__repr__",       "__setattr__", "__sizeof__",
      "__str__",        "__subclasshook__", "__weakref__"};
  return kObject.count(attr) > 0;
}

namespace {

// `self` (or `cls`) inside a class whose name is not among `own`: an instance of another class.
bool others_self(Node receiver, const std::set<std::string, std::less<>>* own) {
  if (!own || (receiver.text() != "self" && receiver.text() != "cls")) return false;
  Node cls = receiver.ancestor({"class_definition"});
  return cls && !own->count(cls.child_by_field("name").text());
}

// The text of a plain string literal (`"name"`, no interpolation); nullopt for anything else.
std::optional<std::string> plain_string(Node n) {
  if (n.kind() != "string") return std::nullopt;
  std::string out;
  for (Node c : n.named_children()) {
    std::string_view k = c.kind();
    if (k == "interpolation") return std::nullopt;
    if (k == "string_content" || k == "escape_sequence") out += c.text();
  }
  return out;
}

// The keys of a dict display whose every key is a plain string (`{"a": x, "b": y}`, no `**`).
bool literal_keys(Node dict, std::set<std::string>& keys) {
  if (dict.kind() != "dictionary") return false;
  for (Node pair : dict.named_children()) {
    if (pair.kind() == "comment") continue;
    if (pair.kind() != "pair") return false;
    auto key = plain_string(pair.child_by_field("key"));
    if (!key) return false;
    keys.insert(*key);
  }
  return true;
}

// The function a call in `scope` runs when it is `f(...)` (a module-level def) or `self.f(...)`
// (a method of the class enclosing `scope`).
Node called_def(const lang::SyntaxTree& tree, Node scope, Node callee) {
  std::string_view name;
  Node body = tree.root();
  if (callee.kind() == "identifier") {
    name = callee.text();
  } else if (callee.kind() == "attribute" && callee.child_by_field("object").text() == "self") {
    name = callee.child_by_field("attribute").text();
    Node cls = scope.ancestor({"class_definition"});
    if (!cls) return {};
    body = cls.child_by_field("body");
  } else {
    return {};
  }
  for (Node d : body.named_children()) {
    if (d.kind() == "decorated_definition") d = d.child_by_field("definition");
    if (d.kind() == "function_definition" && d.child_by_field("name").text() == name) return d;
  }
  return {};
}

// Every key a value bound to `value` can hold: a dict display of plain string keys, `None`
// (nothing to iterate), or a call of a function every `return` of which is one of those.
bool value_keys(const lang::SyntaxTree& tree, Node scope, Node value, std::set<std::string>& keys) {
  if (value.kind() == "none") return true;
  if (value.kind() == "dictionary") return literal_keys(value, keys);
  if (value.kind() == "conditional_expression") {  // `a if c else b`: both arms
    std::vector<Node> arms = value.named_children();
    return arms.size() == 3 && value_keys(tree, scope, arms[0], keys) && value_keys(tree, scope, arms[2], keys);
  }
  if (value.kind() != "call") return false;
  Node def = called_def(tree, scope, value.child_by_field("function"));
  if (!def) return false;
  bool known = true;
  int returns = 0;
  lang::walk(def.child_by_field("body"), [&](Node n) {
    if (!known) return false;
    std::string_view k = n.kind();
    if (k == "function_definition" || k == "lambda" || k == "class_definition") return false;
    if (k == "yield") known = false;
    if (k != "return_statement") return true;
    ++returns;
    Node v = n.named_children().empty() ? Node() : n.named_children().front();
    known = v && (v.kind() == "dictionary" ? literal_keys(v, keys) : v.kind() == "none");
    return false;
  });
  return known && returns > 0;
}

// The names `setattr(obj, k, v)` can store when `k` is the key of `for k, v in D.items()` (or
// `for k in D`) and every binding of `D` in the function has known keys; nullopt otherwise.
std::optional<std::set<std::string>> loop_keys(const lang::SyntaxTree& tree, Node name) {
  if (name.kind() != "identifier") return std::nullopt;
  Node loop = name.ancestor({"for_statement"});
  if (!loop) return std::nullopt;
  Node left = loop.child_by_field("left"), right = loop.child_by_field("right");
  Node key = left.kind() == "identifier" ? left : Node();
  Node dict = right;
  if (left.kind() == "pattern_list" || left.kind() == "tuple_pattern") {
    std::vector<Node> parts = left.named_children();
    if (parts.size() != 2 || right.kind() != "call") return std::nullopt;
    Node fn = right.child_by_field("function");
    if (fn.kind() != "attribute" || fn.child_by_field("attribute").text() != "items") return std::nullopt;
    key = parts.front();
    dict = fn.child_by_field("object");
  }
  if (!key || key.text() != name.text() || dict.kind() != "identifier") return std::nullopt;
  Node fn = loop.ancestor({"function_definition"});
  if (!fn) return std::nullopt;
  std::set<std::string> keys;
  int bindings = 0;
  bool known = true;
  lang::walk(fn.child_by_field("body"), [&](Node n) {
    if (!known) return false;
    if (n.kind() == "function_definition" || n.kind() == "lambda") return false;
    if (n.kind() == "augmented_assignment" && n.child_by_field("left").text() == dict.text()) known = false;
    if (n.kind() != "assignment") return true;
    Node l = n.child_by_field("left");
    if (l.kind() != "identifier" || l.text() != dict.text()) return true;
    ++bindings;
    Node v = n.child_by_field("right");
    known = v && value_keys(tree, fn, v, keys);
    return true;
  });
  if (!known || bindings == 0) return std::nullopt;
  return keys;
}

// Whether `setattr(obj, name, ...)` can store `attr` on an object of the classes in `own`.
bool setattr_may_store(const lang::SyntaxTree& tree, Node call, std::string_view attr,
                       const std::set<std::string, std::less<>>* own) {
  std::vector<Node> args = call.child_by_field("arguments").named_children();
  if (args.size() < 2) return true;
  if (others_self(args[0], own)) return false;
  if (auto name = plain_string(args[1])) return *name == attr;
  if (auto keys = loop_keys(tree, args[1])) return keys->count(std::string(attr)) > 0;
  return true;  // a computed name may be this one
}

}  // namespace

bool stores_attribute(const lang::SyntaxTree& tree, std::string_view attr,
                      const std::set<std::string, std::less<>>* own) {
  // Asked once per attribute a rule cannot place, so a whole-file walk each time was a scan of
  // the file per question. In Python the `attribute` field of an attribute node is an
  // identifier: the tree's identifier index finds the candidates, the same nodes the walk
  // would stop at. A file that spells `setattr` anywhere takes the walk (what a call's function
  // text can be in a damaged tree is the walk's question).
  if (tree.is_python() && !attr.empty() && tree.source().find("setattr") == std::string::npos) {
    for (Node id : tree.identifiers(attr)) {
      Node a = id.parent();
      if (a && a.kind() == "attribute" && a.child_by_field("attribute") == id && stored_to(a) &&
          !others_self(a.child_by_field("object"), own))
        return true;
    }
    return false;
  }
  bool stored = false;
  lang::walk(tree.root(), [&](Node n) {
    if (stored) return false;
    if (n.kind() == "call" && n.child_by_field("function").text() == "setattr") {
      stored = setattr_may_store(tree, n, attr, own);
      return !stored;
    }
    if (n.kind() != "attribute" || n.child_by_field("attribute").text() != attr) return true;
    stored = stored_to(n) && !others_self(n.child_by_field("object"), own);
    return !stored;
  });
  return stored;
}

std::string annotated_class(std::string_view annotation) {
  std::string_view a = trim(annotation);
  if (a.size() >= 2 && (a.front() == '"' || a.front() == '\'') && a.back() == a.front()) a = trim(a.substr(1, a.size() - 2));
  for (std::string_view opt : {"Optional[", "typing.Optional["}) {
    if (a.starts_with(opt) && a.ends_with("]")) {
      a = trim(a.substr(opt.size(), a.size() - opt.size() - 1));
      break;
    }
  }
  for (std::string_view none : {"| None", "|None"})
    if (a.ends_with(none)) a = trim(a.substr(0, a.size() - none.size()));
  if (a.starts_with("None |")) a = trim(a.substr(6));
  if (a.size() >= 2 && (a.front() == '"' || a.front() == '\'') && a.back() == a.front()) a = trim(a.substr(1, a.size() - 2));
  return dotted_name(a) ? std::string(a) : std::string();
}

}  // namespace rp
