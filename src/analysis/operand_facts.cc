#include "analysis/operand_facts.h"

#include <re2/re2.h>

#include <cctype>
#include <map>
#include <optional>
#include <string>

#include "analysis/facts.h"

namespace rp {

using lang::Node;
using lang::SyntaxTree;

namespace {

ValueTime combine(ValueTime a, ValueTime b) {
  if (a == ValueTime::Runtime || b == ValueTime::Runtime) return ValueTime::Runtime;
  if (a == ValueTime::Unknown || b == ValueTime::Unknown) return ValueTime::Unknown;
  return ValueTime::CompileTime;
}

// Facts of two operands of one operator (or two definitions of one name); the value is the
// caller's to compute.
ValueFacts join(const ValueFacts& a, const ValueFacts& b) {
  return ValueFacts{combine(a.time, b.time), a.loaded || b.loaded, std::nullopt, a.grid || b.grid, a.paged || b.paged};
}

ValueFacts of(ValueTime t) { return ValueFacts{t, false, std::nullopt}; }

// Whether argument `a` (an argument_list child) of a load names the address it reads: a
// positional argument or the pointer/offsets keyword, not a mask, fill value or cache hint.
bool is_address_argument(Node a) {
  if (a.kind() != "keyword_argument") return true;
  Node k = a.child_by_field("name");
  std::string_view n = k ? k.text() : std::string_view{};
  return n == "ptr" || n == "pointer" || n == "pointers" || n == "offsets" || n == "offset" || n == "base";
}

std::optional<int64_t> parse_int(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != '_') s.push_back(c);
  if (s.empty() || s.size() > 18) return std::nullopt;
  int base = 10;
  size_t i = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2;
  int64_t v = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : (base == 16 && std::isxdigit(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : -1);
    if (d < 0) return std::nullopt;
    v = v * base + d;
  }
  return v;
}

// `a op b` of two known values, for the operators index arithmetic uses; nullopt past 2^62.
std::optional<int64_t> fold(std::string_view op, int64_t a, int64_t b) {
  constexpr int64_t kMax = int64_t{1} << 62;
  if (a < 0 || b < 0 || a > kMax || b > kMax) return std::nullopt;
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return (b == 0 || a <= kMax / b) ? std::optional<int64_t>(a * b) : std::nullopt;
  if (op == "//") return b ? std::optional<int64_t>(a / b) : std::nullopt;
  if (op == "%") return b ? std::optional<int64_t>(a % b) : std::nullopt;
  if (op == "<<") return b < 62 && a <= (kMax >> b) ? std::optional<int64_t>(a << b) : std::nullopt;
  if (op == ">>") return b < 63 ? std::optional<int64_t>(a >> b) : std::nullopt;
  return std::nullopt;
}

bool kind_is(Node n, std::initializer_list<std::string_view> kinds) {
  if (!n) return false;
  for (std::string_view k : kinds)
    if (n.kind() == k) return true;
  return false;
}

// The callee's last name: `Int32` for `fx.Int32(...)` and for `Int32(...)`.
std::string_view callee_name(Node call) {
  Node f = call.child_by_field("function");
  if (!f) return {};
  if (f.kind() == "attribute") {
    Node a = f.child_by_field("attribute");
    return a ? a.text() : std::string_view{};
  }
  return f.kind() == "identifier" ? f.text() : std::string_view{};
}

// A conversion of a scalar that keeps its value: a DSL integer type (`Int32`, `fx.Index`),
// `constexpr`, or the host ceiling division. Of compile-time arguments it is compile-time.
bool is_scalar_conversion(std::string_view name) {
  static const RE2 re(R"(^(U?[Ii]nt(8|16|32|64)?|Index|constexpr|cdiv|next_power_of_2)$)");
  return !name.empty() && RE2::FullMatch(std::string(name), re);
}

bool is_literal(Node n) {
  while (n && (n.kind() == "unary_operator" || n.kind() == "parenthesized_expression") && !n.named_children().empty())
    n = n.named_children().back();
  return kind_is(n, {"integer", "float", "string", "concatenated_string", "true", "false", "none"});
}

// A plain Python scalar annotation: `int`, `bool`, `float`, `str`, optionally `| None` or
// `Optional[...]`. In a host function such a parameter is a value fixed before tracing.
bool is_python_scalar_annotation(std::string_view a) {
  static const RE2 re(R"(^\s*(Optional\[\s*)?(int|bool|float|str)\s*\]?\s*(\|\s*None\s*)?$)");
  return RE2::FullMatch(std::string(a), re);
}

bool names_constexpr(std::string_view annotation) {
  return annotation.find("constexpr") != std::string_view::npos ||
         annotation.find("Constexpr") != std::string_view::npos;
}

class Resolver {
 public:
  // `paged`: also decide whether loads read page-table rows (costs a resolution of every product in
  // their addresses; asked only by page_table_slot()).
  explicit Resolver(const SyntaxTree& tree, bool paged = false) : tree_(tree), paged_(paged) {}

  ValueFacts expr(Node e) {
    ++depth_;
    if (!e || depth_ > 40) {
      ++cuts_;
      return leave(of(ValueTime::Unknown));
    }
    return leave(expr_inner(e));
  }

 private:
  ValueFacts leave(ValueFacts v) {
    --depth_;
    return v;
  }

  ValueFacts expr_inner(Node e) {
    std::string_view k = e.kind();
    if (k == "integer") return ValueFacts{ValueTime::CompileTime, false, parse_int(e.text())};
    if (kind_is(e, {"float", "string", "concatenated_string", "true", "false", "none", "ellipsis"}))
      return of(ValueTime::CompileTime);
    if (k == "identifier") return name(e, e.text(), nullptr);
    if (k == "attribute") {
      // An attribute of an imported module is a DSL query (`fx.thread_idx`, `gl.num_programs`);
      // an attribute of a value is as known as the value.
      Node obj = e.child_by_field("object");
      while (obj && obj.kind() == "attribute") obj = obj.child_by_field("object");
      if (obj && obj.kind() == "identifier") {
        bool imported = false;
        ValueFacts v = name(obj, obj.text(), &imported);
        if (imported) return of(ValueTime::Runtime);
        v.value.reset();
        return v;
      }
      return obj ? expr(obj) : of(ValueTime::Unknown);
    }
    if (k == "call") return call(e);
    if (k == "assignment") return expr(e.child_by_field("right"));
    if (k == "parenthesized_expression" && e.named_children().size() == 1) return expr(e.named_children().front());
    if (k == "binary_operator") {
      ValueFacts l = expr(e.child_by_field("left")), r = expr(e.child_by_field("right"));
      ValueFacts out = join(l, r);
      Node op = e.child_by_field("operator");
      if (l.value && r.value && op) out.value = fold(op.text(), *l.value, *r.value);
      return out;
    }
    if (kind_is(e, {"unary_operator", "boolean_operator", "not_operator", "comparison_operator",
                    "parenthesized_expression", "conditional_expression", "tuple", "list", "expression_list",
                    "subscript", "slice"})) {
      ValueFacts v = of(ValueTime::CompileTime);
      for (Node c : e.named_children()) {
        if (c.kind() == "comment") continue;
        v = join(v, expr(c));
      }
      return v;
    }
    return of(ValueTime::Unknown);
  }

  ValueFacts call(Node e) {
    Node f = e.child_by_field("function");
    Node args = e.child_by_field("arguments");
    ValueFacts v = of(ValueTime::CompileTime);
    std::optional<int64_t> single;
    size_t n = 0;
    if (args && args.kind() == "argument_list") {
      for (Node a : args.named_children()) {
        if (a.kind() == "comment") continue;
        ++n;
        ValueFacts x = a.kind() == "keyword_argument" ? expr(a.child_by_field("value"))
                       : kind_is(a, {"list_splat", "dictionary_splat"}) ? of(ValueTime::Unknown)
                                                                        : expr(a);
        single = x.value;
        v = join(v, x);
      }
    } else if (args) {
      v = of(ValueTime::Unknown);  // a generator argument
    }
    if (!f) return of(ValueTime::Unknown);
    std::string_view callee = callee_name(e);
    // A read of memory: its value is data (a row start, a pool slot), not an extent. Read from
    // a row a program id selects in a table with a runtime row length, it is a page-table
    // entry: a slot of a pool.
    if (callee.find("load") != std::string_view::npos)
      return ValueFacts{ValueTime::Runtime, true, std::nullopt, false, paged_ && args && reads_grid_row(args)};
    if (callee == "program_id") return ValueFacts{ValueTime::Runtime, false, std::nullopt, true, false};
    bool conversion = is_scalar_conversion(callee) && n > 0;
    if (conversion && n == 1) v.value = single;
    // A bare call (`min(4, BN // 16)`, `range_constexpr(V)`, `Int32(k)`) is what its
    // arguments are.
    if (f.kind() == "identifier") return n == 0 ? of(ValueTime::Unknown) : v;
    // A method or module function: a DSL query or op (`gl.program_id(0)`, `x.to(...)`),
    // except a conversion of compile-time scalars. What it computes from loaded data is data.
    if (f.kind() == "attribute" && conversion) return v;
    ValueFacts out{ValueTime::Runtime, v.loaded, std::nullopt, v.grid, v.paged};
    // A method of a value (`slot.to(gl.int64)`, `row.to(tl.int32)`) keeps which row or slot
    // the value is.
    if (Node obj = f.kind() == "attribute" ? f.child_by_field("object") : Node{}) {
      ValueFacts o = expr(obj);
      out.grid = out.grid || o.grid;
      out.paged = out.paged || o.paged;
    }
    return out;
  }

  // Whether an address argument of a load holds `a * b` with one side a program-id row and the
  // other a runtime extent that is not (`pid_b * max_blocks`, `seq * stride_bt`), written there
  // or in the local row pointer it reads (`row = table + seq * width`, then `load(row + j)`).
  bool reads_grid_row(Node args) {
    // The sides of a row product need only `grid`: loads nested in them are not asked again.
    paged_ = false;
    bool found = false;
    for (Node a : args.named_children())
      if (!found && is_address_argument(a))
        found = grid_row_in(a.kind() == "keyword_argument" ? a.child_by_field("value") : a, 0);
    paged_ = true;
    return found;
  }
  bool grid_row_in(Node v, int depth) {
    bool found = false;
    lang::walk(v, [&](Node c) {
      if (found) return false;
      if (c.kind() == "identifier" && depth < 2) {
        // A local of this function bound once: follow it (a row pointer or row offset).
        Node scope = c.ancestor({"function_definition"});
        Node value;
        int bindings = 0;
        for (Node id : tree_.identifiers(c.text(), scope ? scope.child_by_field("body") : Node{}))
          if (tree_.is_binding(id) && id.parent() && id.parent().kind() == "assignment" &&
              id.parent().child_by_field("left") == id && ++bindings == 1)
            value = id.parent().child_by_field("right");
        if (bindings == 1 && value) found = grid_row_in(value, depth + 1);
        return false;
      }
      if (!kind_is(c, {"binary_operator"})) return true;
      Node op = c.child_by_field("operator");
      if (!op || op.text() != "*") return true;
      ValueFacts l = expr(c.child_by_field("left")), r = expr(c.child_by_field("right"));
      auto extent = [](const ValueFacts& x) { return x.time == ValueTime::Runtime && !x.grid && !x.loaded; };
      found = (l.grid && extent(r)) || (r.grid && extent(l));
      return !found;
    });
    return found;
  }

  // The parameter `name` of function `def`, classified; nullopt when `def` has none.
  std::optional<ValueFacts> param(Node def, std::string_view name, bool traced) {
    Node params = def.child_by_field("parameters");
    if (!params) return std::nullopt;
    for (Node p : params.named_children()) {
      std::string_view k = p.kind();
      Node id, type, value;
      if (k == "identifier") {
        id = p;
      } else if (k == "typed_parameter") {
        for (Node c : p.named_children())
          if (c.kind() == "identifier") {
            id = c;
            break;
          }
        type = p.child_by_field("type");
      } else if (k == "default_parameter" || k == "typed_default_parameter") {
        id = p.child_by_field("name");
        type = p.child_by_field("type");
        value = p.child_by_field("value");
      } else {
        for (Node c : p.named_children())
          if (c.kind() == "identifier" && c.text() == name) return of(ValueTime::Unknown);  // *args, **kw
        continue;
      }
      if (!id || id.text() != name) continue;
      std::string_view annotation = type ? type.text() : std::string_view{};
      if (names_constexpr(annotation)) return of(ValueTime::CompileTime);
      if (traced) return of(ValueTime::Runtime);
      if (!annotation.empty())
        return of(is_python_scalar_annotation(annotation) ? ValueTime::CompileTime : ValueTime::Runtime);
      if (value && is_literal(value)) return of(ValueTime::CompileTime);
      return of(ValueTime::Unknown);
    }
    return std::nullopt;
  }

  // The scope (function_definition, class_definition, lambda; null = module) that binding
  // identifier `id` binds in.
  static Node owner_scope(Node id) {
    Node p = id.parent();
    if (kind_is(p, {"function_definition", "class_definition"}) && p.child_by_field("name") == id)
      return p.ancestor({"function_definition", "class_definition", "lambda"});
    return id.ancestor({"function_definition", "class_definition", "lambda"});
  }

  // What binding identifier `id` binds its name to.
  // Memoized per binding: a kernel's names form a DAG (every load of a pipelined loop reads the
  // same loop positions), which unmemoized resolution walks once per path. A result computed
  // while a cycle or the depth limit cut the walk short is not kept.
  ValueFacts binding(Node id, bool* imported) {
    const uint64_t key = uint64_t{id.start_byte()} * 2 + (paged_ ? 1 : 0);
    if (auto it = memo_.find(key); it != memo_.end()) {
      if (imported && it->second.second) *imported = true;
      return it->second.first;
    }
    if (!visiting_.insert(id.start_byte()).second) {  // `k = k + 1`
      ++cuts_;
      return of(ValueTime::Unknown);
    }
    const int cuts = cuts_;
    bool imp = false;
    ValueFacts v = binding_inner(id, &imp);
    visiting_.erase(id.start_byte());
    if (imported && imp) *imported = true;
    if (cuts_ == cuts) memo_[key] = {v, imp};
    return v;
  }

  ValueFacts binding_inner(Node id, bool* imported) {
    Node child = id, p = id.parent();
    int levels = 0, pos = -1;
    while (kind_is(p, {"pattern_list", "tuple_pattern", "list_pattern", "parenthesized_expression"})) {
      if (p.kind() != "parenthesized_expression") {
        ++levels;
        std::vector<Node> elems = p.named_children();
        for (size_t i = 0; i < elems.size(); ++i)
          if (elems[i] == child) pos = static_cast<int>(i);
      }
      child = p;
      p = p.parent();
    }
    if (!p) return of(ValueTime::Unknown);
    std::string_view k = p.kind();
    if (k == "assignment") {
      Node type = p.child_by_field("type");
      Node right = p.child_by_field("right");
      if (type && names_constexpr(type.text())) {
        ValueFacts v = right ? expr(right) : of(ValueTime::CompileTime);
        return ValueFacts{ValueTime::CompileTime, false, v.value};
      }
      if (!right) return of(ValueTime::CompileTime);  // a bare annotation binds no value
      if (levels == 1 && pos >= 0 && kind_is(right, {"expression_list", "tuple"})) {
        std::vector<Node> elems = right.named_children();
        if (pos < static_cast<int>(elems.size()) && elems.size() == child.named_children().size())
          return expr(elems[pos]);
      }
      ValueFacts v = expr(right);
      if (levels > 0) v.value.reset();
      return v;
    }
    if (k == "augmented_assignment") {
      ValueFacts v = expr(p.child_by_field("right"));
      v.value.reset();
      return v;
    }
    if (k == "for_statement" || k == "for_in_clause") {
      ValueFacts v = expr(p.child_by_field("right"));
      v.value.reset();
      return v;
    }
    if (k == "named_expression") return expr(p.child_by_field("value"));
    if (k == "function_definition" || k == "class_definition") return of(ValueTime::CompileTime);
    if (k == "dotted_name" || k == "aliased_import" || k == "import_statement" || k == "import_from_statement") {
      if (imported) *imported = true;
      return of(ValueTime::CompileTime);
    }
    return of(ValueTime::Unknown);
  }

  // Bindings of `name` made directly in scope `scope` (a function; null for the module),
  // parameters excluded; joined (a value only when there is one binding). nullopt when none.
  std::optional<ValueFacts> bindings_in(Node scope, std::string_view name, bool* imported) {
    Node where = scope ? scope.child_by_field("body") : tree_.root();
    if (!where) return std::nullopt;
    std::optional<ValueFacts> out;
    for (Node id : tree_.identifiers(name, where)) {
      if (!tree_.is_binding(id)) continue;
      Node owner = owner_scope(id);
      if (!(owner == scope)) continue;
      ValueFacts v = binding(id, imported);
      out = out ? join(*out, v) : v;
    }
    return out;
  }

 public:
  // Resolves a read of `name` at `use`. `imported` is set when it names an import.
  ValueFacts name(Node use, std::string_view name, bool* imported) {
    if (++depth_ > 40) {
      ++cuts_;
      return leave(of(ValueTime::Unknown));
    }
    bool traced_inside = false;  // a traced function lies between `use` and the scope
    for (Node f = use.ancestor({"function_definition"}); f; f = f.ancestor({"function_definition"})) {
      bool traced = is_traced_function(f);
      // A plain function that builds a traced kernel: its values are Python values the
      // kernel closes over, fixed when the kernel is traced.
      bool host = !traced && traced_inside;
      std::optional<ValueFacts> v = param(f, name, traced);
      if (!v) v = bindings_in(f, name, imported);
      if (v) return leave(host ? ValueFacts{ValueTime::CompileTime, false, v->value} : *v);
      traced_inside = traced_inside || traced;
    }
    // Module level: Python values bound at import, before any kernel is traced.
    if (std::optional<ValueFacts> v = bindings_in(Node{}, name, imported))
      return leave(ValueFacts{ValueTime::CompileTime, false, v->value});
    return leave(of(ValueTime::Unknown));
  }

 private:
  const SyntaxTree& tree_;
  bool paged_ = false;
  std::set<uint32_t> visiting_;
  std::map<uint64_t, std::pair<ValueFacts, bool>> memo_;  // binding (x2, + paged) -> facts, imported
  int cuts_ = 0;
  int depth_ = 0;
};

bool only_compared(const SyntaxTree& tree, Node n, int depth) {
  Node child = n;
  for (Node p = n.parent(); p; child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "comparison_operator") return true;
    if (k == "binary_operator" || k == "unary_operator" || k == "parenthesized_expression") continue;
    if (k == "argument_list") {
      Node call = p.parent();
      if (!kind_is(call, {"call"}) || p.named_children().size() != 1 || !is_scalar_conversion(callee_name(call)))
        return false;
      child = p;
      p = call;
      continue;
    }
    if (k == "assignment" && p.child_by_field("right") == child) {
      Node left = p.child_by_field("left");
      if (!left || left.kind() != "identifier" || depth >= 4) return false;
      Node scope = p.ancestor({"function_definition"});
      for (Node id : tree.identifiers(left.text(), scope ? scope : tree.root())) {
        if (!tree.is_variable_read(id)) continue;
        if (!only_compared(tree, id, depth + 1)) return false;
      }
      return true;
    }
    return false;
  }
  return false;
}

void flatten_sum(Node n, std::vector<Node>& out) {
  while (n && n.kind() == "parenthesized_expression" && n.named_children().size() == 1) n = n.named_children().front();
  if (kind_is(n, {"binary_operator", "binary_expression"})) {
    Node op = n.child_by_field("operator");
    if (op && (op.text() == "+" || op.text() == "-")) {
      flatten_sum(n.child_by_field("left"), out);
      flatten_sum(n.child_by_field("right"), out);
      return;
    }
  }
  if (n) out.push_back(n);
}

}  // namespace

bool is_traced_function(Node def) {
  if (!def || def.kind() != "function_definition") return false;
  Node d = def.parent();
  if (!d || d.kind() != "decorated_definition") return false;
  for (Node c : d.named_children()) {
    if (c.kind() != "decorator") continue;
    std::string_view t = c.text();
    if (t.find("jit") != std::string_view::npos || t.find("kernel") != std::string_view::npos) return true;
  }
  return false;
}

ValueFacts python_value_facts(const SyntaxTree& tree, Node expr) {
  if (!expr || !tree.is_python()) return of(ValueTime::Unknown);
  Resolver r(tree);
  return r.expr(expr);
}

ValueTime python_value_time(const SyntaxTree& tree, Node expr) { return python_value_facts(tree, expr).time; }

bool page_table_slot(const SyntaxTree& tree, Node expr) {
  if (!expr || !tree.is_python()) return false;
  Resolver r(tree, true);
  return r.expr(expr).paged;
}

int declared_int_width(std::string_view annotation) {
  static const RE2 wide(R"((\b|_|\.)(u?int64(_t)?|U?[Ii]nt64|i64|u64|long|size_t|ptrdiff_t|intptr_t|uintptr_t|index64_t)\b)");
  static const RE2 narrow(R"((\b|_|\.)(u?int32(_t)?|U?[Ii]nt32|i32|u32|int|unsigned)\b)");
  std::string a(annotation);
  if (RE2::PartialMatch(a, wide)) return 64;
  if (RE2::PartialMatch(a, narrow)) return 32;
  return 0;
}

std::vector<Node> sum_sibling_terms(Node n) {
  std::vector<Node> out;
  Node cur = n;
  for (Node p = n.parent(); p; cur = p, p = p.parent()) {
    if (p.kind() == "parenthesized_expression") continue;
    if (!kind_is(p, {"binary_operator", "binary_expression"})) break;
    Node op = p.child_by_field("operator");
    if (!op || (op.text() != "+" && op.text() != "-")) break;
    Node l = p.child_by_field("left"), r = p.child_by_field("right");
    flatten_sum(l == cur ? r : l, out);
  }
  return out;
}

bool reaches_only_comparisons(const SyntaxTree& tree, Node n) {
  if (!n || !tree.is_python()) return false;
  return only_compared(tree, n, 0);
}

}  // namespace rp
