#include "analysis/bound_class.h"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <vector>

#include "analysis/call_binding.h"
#include "analysis/class_members.h"
#include "analysis/dotted_reads.h"
#include "analysis/index_facts.h"
#include "core/strings.h"

namespace rp {
namespace {

using lang::Node;

std::string_view unquote(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = trim(s.substr(1, s.size() - 2));
  return s;
}

// `Optional[X]`, `X | None`, `None | X` → X.
std::string_view strip_optional(std::string_view a) {
  a = unquote(a);
  for (std::string_view opt : {"Optional[", "typing.Optional["})
    if (a.starts_with(opt) && a.ends_with("]")) return unquote(a.substr(opt.size(), a.size() - opt.size() - 1));
  for (std::string_view none : {"| None", "|None"})
    if (a.ends_with(none)) return unquote(a.substr(0, a.size() - none.size()));
  if (a.starts_with("None |")) return unquote(a.substr(6));
  return a;
}

// The comma-separated arguments of `Head[a, b]` at bracket depth 0.
std::vector<std::string_view> generic_args(std::string_view inner) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (c == '[' || c == '(') ++depth;
    else if (c == ']' || c == ')') --depth;
    else if (c == ',' && depth == 0) {
      out.push_back(trim(inner.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(inner.substr(start)));
  return out;
}

bool one_of(std::string_view s, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (s == n) return true;
  return false;
}

Node definition(Node fn_node) {
  return fn_node.kind() == "decorated_definition" ? fn_node.child_by_field("definition") : fn_node;
}

// What one question needs: the index, the trees, and the file being asked about.
struct Asker {
  const index::RepoIndex& idx;
  const TreeOf& tree_of;
  const std::string& path;
  const lang::SyntaxTree& tree;

  // The only node binding `name` in function `fn`, or null (bound twice, or not at all).
  Node only_binding(const lang::Function& fn, std::string_view name) const {
    Node found;
    int n = 0;
    for (Node id : tree.identifiers(name, fn.node))
      if (tree.is_binding(id)) {
        found = id;
        ++n;
      }
    return n == 1 ? found : Node();
  }

  // The annotation of `name` in `fn`: a parameter annotation, or `name: T = ...` as its only binding.
  std::string annotation_of(const lang::Function& fn, std::string_view name) const {
    Node b = only_binding(fn, name);
    if (!b) return "";
    for (const lang::Param& p : fn.params)
      if (p.name == name && definition(fn.node).child_by_field("parameters").contains_line(b.start_line()))
        return p.annotation;
    Node p = b.parent();
    if (p && p.kind() == "assignment" && p.child_by_field("left") == b)
      if (Node type = p.child_by_field("type")) return std::string(type.text());
    return "";
  }

  // `where`: "" for a parameter, " at line N" for an annotated assignment.
  std::optional<BoundClass> annotated(std::string_view annotation, const std::string& where, int line) const {
    std::string text = annotated_class(annotation);
    if (text.empty()) return std::nullopt;
    auto cls = resolve_class(idx, path, text, line);
    if (!cls) return std::nullopt;
    return BoundClass{*cls, text, fmt::format("annotated `{}`{}", text, where), line, false};
  }

  // The class of the element `container` (a name of `fn`) yields, read as `value`s or by iteration.
  std::optional<BoundClass> element(const lang::Function& fn, Node container, bool value, int line) const {
    if (container.kind() != "identifier") return std::nullopt;
    std::string ann = annotation_of(fn, container.text());
    if (ann.empty()) return std::nullopt;
    std::string text = element_class(ann, value);
    if (text.empty()) return std::nullopt;
    auto cls = resolve_class(idx, path, text, line);
    if (!cls) return std::nullopt;
    return BoundClass{*cls, text, fmt::format("an element of `{}: {}`", container.text(), trim(ann)), line, false};
  }

  // The class of the object expression `rhs` (in function `fn`) evaluates to.
  std::optional<BoundClass> value(const lang::Function& fn, Node rhs) const {
    int line = rhs.start_line();
    if (rhs.kind() == "subscript") {
      Node value_node = rhs.child_by_field("value");
      return value_node ? element(fn, value_node, true, line) : std::nullopt;
    }
    if (rhs.kind() != "call") return std::nullopt;
    std::string callee(rhs.child_by_field("function").text());
    if (auto cls = resolve_class(idx, path, callee, line))
      return BoundClass{*cls, callee, fmt::format("bound to `{}(...)` at line {}", callee, line), line, true};
    if (auto m = method_return(fn, callee, line)) return m;
    auto target = resolve_symbol(idx, path, callee, line);
    if (!target) return std::nullopt;
    auto resolved = idx.resolve_function(target->module_path, target->name);
    if (!resolved.function || !resolved.function->class_name.empty() || !signature_preserving(*resolved.function))
      return std::nullopt;
    const lang::SyntaxTree* def_tree = tree_of(resolved.path);
    if (!def_tree) return std::nullopt;
    for (const lang::Function& f : def_tree->functions()) {
      if (f.name != resolved.function->name || !f.class_name.empty() || !f.node.contains_line(resolved.function->line))
        continue;
      auto cls = returned_class(idx, resolved.path, f);
      if (!cls) return std::nullopt;
      return BoundClass{*cls, cls->name,
                        fmt::format("bound at line {} to what `{}` returns ({}:{}: -> {})", line, callee, resolved.path,
                                    f.start_line, cls->name),
                        line, false};
    }
    return std::nullopt;
  }

  // `self.make(...)` inside a method: the return annotation of method `make` of the same class.
  std::optional<BoundClass> method_return(const lang::Function& fn, const std::string& callee, int line) const {
    size_t dot = callee.find('.');
    if (fn.class_name.empty() || fn.params.empty() || dot == std::string::npos ||
        callee.substr(0, dot) != fn.params.front().name || callee.find('.', dot + 1) != std::string::npos)
      return std::nullopt;
    std::string method = callee.substr(dot + 1);
    std::optional<lang::Function> found;
    for (const lang::Function& f : tree.functions()) {
      if (f.class_name != fn.class_name || f.name != method) continue;
      if (found) return std::nullopt;  // defined twice (a property setter, a conditional def)
      found = f;
    }
    if (!found || !idx.subclasses(fn.class_name).empty()) return std::nullopt;  // a subclass may override it
    for (const std::string& d : found->decorators)
      if (d != "staticmethod" && d != "classmethod") return std::nullopt;
    auto cls = returned_class(idx, path, *found);
    if (!cls) return std::nullopt;
    return BoundClass{*cls, cls->name,
                      fmt::format("bound at line {} to what `{}` returns (line {}: -> {})", line, callee,
                                  found->start_line, cls->name),
                      line, false};
  }

  std::optional<BoundClass> local(std::string_view name, int line) const {
    auto fn = tree.enclosing_function(line);
    if (!fn) return std::nullopt;
    Node b = only_binding(*fn, name);
    if (!b || b.start_line() > line) return std::nullopt;
    Node p = b.parent();
    if (!p) return std::nullopt;
    Node params = definition(fn->node).child_by_field("parameters");
    if (params && params.start_byte() <= b.start_byte() && b.end_byte() <= params.end_byte()) {
      for (const lang::Param& param : fn->params)
        if (param.name == name && !param.annotation.empty())
          return annotated(param.annotation, "", b.start_line());
      return std::nullopt;
    }
    if (p.kind() == "assignment" && p.child_by_field("left") == b) {
      if (Node type = p.child_by_field("type"))
        return annotated(type.text(), fmt::format(" at line {}", b.start_line()), b.start_line());
      Node right = p.child_by_field("right");
      return right ? value(*fn, right) : std::nullopt;
    }
    return loop_element(*fn, b, p);
  }

  // `for v in items`, `for k, v in d.items()`, `for v in d.values()`, `for i, v in enumerate(items)`.
  std::optional<BoundClass> loop_element(const lang::Function& fn, Node b, Node p) const {
    Node target = b;
    int position = -1;  // -1: the whole target
    if (p.kind() == "pattern_list" || p.kind() == "tuple_pattern") {
      std::vector<Node> parts = p.named_children();
      if (parts.size() != 2) return std::nullopt;
      position = parts[0] == b ? 0 : 1;
      target = p;
      p = p.parent();
    }
    if (!p || p.kind() != "for_statement" || p.child_by_field("left") != target) return std::nullopt;
    Node right = p.child_by_field("right");
    if (!right) return std::nullopt;
    int line = b.start_line();
    if (position == -1) {
      if (right.kind() == "call") {
        Node f = right.child_by_field("function");
        std::vector<Node> args = right.child_by_field("arguments").named_children();
        if (f.kind() == "attribute" && f.child_by_field("attribute").text() == "values" && args.empty())
          return element(fn, f.child_by_field("object"), true, line);
        return std::nullopt;
      }
      return element(fn, right, false, line);
    }
    if (position != 1 || right.kind() != "call") return std::nullopt;
    Node f = right.child_by_field("function");
    std::vector<Node> args = right.child_by_field("arguments").named_children();
    if (f.kind() == "attribute" && f.child_by_field("attribute").text() == "items" && args.empty())
      return element(fn, f.child_by_field("object"), true, line);
    if (f.text() == "enumerate" && !args.empty()) return element(fn, args.front(), false, line);
    return std::nullopt;
  }

  // `self.attr` in a method: the one store of `.attr` in the file, `self.attr = Cls(...)` (or an
  // annotated one) in a method of the same class, which no repository subclass can redo.
  std::optional<BoundClass> self_attribute(std::string_view self_name, std::string_view attr, int line) const {
    auto fn = tree.enclosing_function(line);
    if (!fn || fn->class_name.empty() || fn->params.empty() || fn->params.front().name != self_name) return std::nullopt;
    auto cls = tree.enclosing_class(line);
    if (!cls || cls->name != fn->class_name || !resolve_class(idx, path, cls->name, 0) ||
        !idx.subclasses(cls->name).empty())
      return std::nullopt;
    Node store;
    int stores = 0;
    bool dynamic = false;
    lang::walk(tree.root(), [&](Node n) {
      if (n.kind() == "call" && n.child_by_field("function").text() == "setattr") dynamic = true;
      if (n.kind() != "attribute" || n.child_by_field("attribute").text() != attr || !stored_to(n)) return true;
      store = n;
      ++stores;
      return true;
    });
    if (dynamic || stores != 1 || !cls->node.contains_line(store.start_line())) return std::nullopt;
    auto method = tree.enclosing_function(store.start_line());
    Node p = store.parent();
    if (!method || method->class_name != cls->name || method->params.empty() ||
        store.child_by_field("object").text() != method->params.front().name || p.kind() != "assignment" ||
        p.child_by_field("left") != store)
      return std::nullopt;
    if (Node type = p.child_by_field("type"))
      return annotated(type.text(), fmt::format(" at line {}", store.start_line()), store.start_line());
    Node right = p.child_by_field("right");
    auto bound = right ? value(*method, right) : std::nullopt;
    return bound;
  }
};

}  // namespace

std::string element_class(std::string_view annotation, bool value) {
  std::string_view a = strip_optional(annotation);
  size_t open = a.find('[');
  if (open == std::string_view::npos || !a.ends_with("]")) return "";
  std::string_view head = a.substr(0, open);
  if (size_t dot = head.rfind('.'); dot != std::string_view::npos) head = head.substr(dot + 1);
  std::vector<std::string_view> args = generic_args(a.substr(open + 1, a.size() - open - 2));
  if (one_of(head, {"Dict", "dict", "Mapping", "MutableMapping", "OrderedDict", "DefaultDict", "defaultdict"})) {
    if (args.size() != 2) return "";
    return annotated_class(value ? args[1] : args[0]);
  }
  if (one_of(head, {"List", "list", "Sequence", "MutableSequence", "Iterable", "Iterator", "Set", "set", "FrozenSet",
                    "frozenset", "Collection"}))
    return args.size() == 1 ? annotated_class(args[0]) : "";
  if (one_of(head, {"Tuple", "tuple"}) && args.size() == 2 && args[1] == "...") return annotated_class(args[0]);
  return "";
}

std::optional<ClassRef> returned_class(const index::RepoIndex& idx, const std::string& def_path,
                                       const lang::Function& fn) {
  Node def = definition(fn.node);
  Node rt = def ? def.child_by_field("return_type") : Node();
  if (!rt) return std::nullopt;
  std::string text = annotated_class(rt.text());
  if (text.empty()) return std::nullopt;
  auto cls = resolve_class(idx, def_path, text, fn.start_line);
  if (!cls) return std::nullopt;
  // An annotation the body contradicts (`-> Plan` over `return Config(...)`) says nothing.
  std::set<std::string> related{cls->name};
  for (const auto& sub : idx.subclasses(cls->name)) related.insert(sub.first);
  bool contradicted = false;
  lang::walk(def.child_by_field("body"), [&](Node n) {
    if (contradicted) return false;
    std::string_view k = n.kind();
    if (k == "function_definition" || k == "lambda" || k == "class_definition") return false;
    if (k != "return_statement") return true;
    std::vector<Node> values = n.named_children();
    if (!values.empty() && values.front().kind() == "call")
      if (auto other = resolve_class(idx, def_path, std::string(values.front().child_by_field("function").text()),
                                     values.front().start_line()))
        contradicted = !related.count(other->name);
    return false;
  });
  if (contradicted) return std::nullopt;
  return cls;
}

std::optional<BoundClass> bound_class(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                                      std::string_view receiver, int line) {
  const lang::SyntaxTree* tree = tree_of(path);
  if (!tree || !tree->is_python()) return std::nullopt;
  Asker ask{idx, tree_of, path, *tree};
  size_t dot = receiver.find('.');
  if (dot == std::string_view::npos) return ask.local(receiver, line);
  if (receiver.find('.', dot + 1) != std::string_view::npos) return std::nullopt;
  return ask.self_attribute(receiver.substr(0, dot), receiver.substr(dot + 1), line);
}

}  // namespace rp
