// The one place that maps grammar node types to NodeKind, and the shared questions rules ask
// about statements and expressions (see node_kind.h).
#include "lang/node_kind.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lang/grammar.h"

namespace rp::lang {

namespace {

using K = NodeKind;

// Each kind with the node types that spell it in the Python grammar and in the C/C++/CUDA
// grammars (cuda extends cpp); "" where that grammar has no such node. A kind with two types in
// one grammar (`except` / `except*`, `struct` / `class`) takes one row per type.
struct Spelling {
  NodeKind kind;
  std::string_view python;
  std::string_view cpp;
};
constexpr Spelling kSpellings[] = {
    {K::Module, "module", "translation_unit"},
    {K::Block, "block", "compound_statement"},
    {K::Comment, "comment", "comment"},
    {K::ExpressionStatement, "expression_statement", "expression_statement"},
    {K::Assignment, "assignment", ""},
    {K::AugmentedAssignment, "augmented_assignment", ""},
    {K::Return, "return_statement", "return_statement"},
    {K::Raise, "raise_statement", ""},
    {K::Assert, "assert_statement", ""},
    {K::Pass, "pass_statement", ""},
    {K::Break, "break_statement", "break_statement"},
    {K::Continue, "continue_statement", "continue_statement"},
    {K::Match, "match_statement", ""},
    {K::Delete, "delete_statement", ""},
    {K::Global, "global_statement", ""},
    {K::Nonlocal, "nonlocal_statement", ""},
    {K::Import, "import_statement", ""},
    {K::ImportFrom, "import_from_statement", ""},
    {K::If, "if_statement", "if_statement"},
    {K::Elif, "elif_clause", ""},
    {K::Else, "else_clause", "else_clause"},
    {K::For, "for_statement", "for_statement"},
    {K::While, "while_statement", "while_statement"},
    {K::With, "with_statement", ""},
    {K::WithClause, "with_clause", ""},
    {K::Try, "try_statement", "try_statement"},
    {K::Except, "except_clause", "catch_clause"},
    {K::Except, "except_group_clause", ""},
    {K::FunctionDef, "function_definition", "function_definition"},
    {K::ClassDef, "class_definition", ""},
    {K::Finally, "finally_clause", ""},
    {K::DecoratedDef, "decorated_definition", ""},
    {K::Decorator, "decorator", ""},
    {K::Call, "call", "call_expression"},
    {K::ArgumentList, "argument_list", "argument_list"},
    {K::Attribute, "attribute", ""},
    {K::Subscript, "subscript", "subscript_expression"},
    {K::Identifier, "identifier", "identifier"},
    {K::DottedName, "dotted_name", ""},
    {K::AliasedImport, "aliased_import", ""},
    {K::String, "string", ""},
    {K::ConcatenatedString, "concatenated_string", "concatenated_string"},
    {K::Interpolation, "interpolation", ""},
    {K::Integer, "integer", ""},
    {K::Float, "float", ""},
    {K::True, "true", "true"},
    {K::False, "false", "false"},
    {K::None, "none", ""},
    {K::Ellipsis, "ellipsis", ""},
    {K::Tuple, "tuple", ""},
    {K::ExpressionList, "expression_list", ""},
    {K::List, "list", ""},
    {K::Set, "set", ""},
    {K::Dict, "dictionary", ""},
    {K::Pair, "pair", ""},
    {K::Lambda, "lambda", "lambda_expression"},
    {K::Await, "await", ""},
    {K::BinaryOp, "binary_operator", "binary_expression"},
    {K::BoolOp, "boolean_operator", ""},
    {K::Comparison, "comparison_operator", ""},
    {K::Not, "not_operator", ""},
    {K::Unary, "unary_operator", "unary_expression"},
    {K::Conditional, "conditional_expression", "conditional_expression"},
    {K::Parenthesized, "parenthesized_expression", "parenthesized_expression"},
    {K::Comprehension, "list_comprehension", ""},
    {K::Comprehension, "set_comprehension", ""},
    {K::Comprehension, "dictionary_comprehension", ""},
    {K::Comprehension, "generator_expression", ""},
    {K::ForInClause, "for_in_clause", ""},
    {K::AsPattern, "as_pattern", ""},
    {K::PatternList, "pattern_list", ""},
    {K::PatternList, "tuple_pattern", ""},
    {K::TypedParameter, "typed_parameter", ""},
    {K::ListSplat, "list_splat_pattern", ""},
    {K::DictSplat, "dictionary_splat_pattern", ""},
    {K::Declaration, "", "declaration"},
    {K::FieldDeclaration, "", "field_declaration"},
    {K::StructOrClass, "", "struct_specifier"},
    {K::StructOrClass, "", "class_specifier"},
    {K::InitDeclarator, "", "init_declarator"},
    {K::PointerDeclarator, "", "pointer_declarator"},
    {K::PreprocConditional, "", "preproc_if"},
    {K::PreprocConditional, "", "preproc_ifdef"},
    {K::PreprocConditional, "", "preproc_elif"},
    {K::SubscriptArguments, "", "subscript_argument_list"},
    {K::PointerDeref, "", "pointer_expression"},
};

// Keyed by the type's name, as the comparisons rules used to write: a named node and an
// anonymous token of the same name are the same kind. The two grammars share names only where
// they mean the same thing (`if_statement`, `comment`, `identifier`, ...).
const std::unordered_map<std::string_view, NodeKind>& kinds_by_type() {
  static const auto* map = [] {
    auto* m = new std::unordered_map<std::string_view, NodeKind>();
    for (const Spelling& sp : kSpellings) {
      if (!sp.python.empty()) m->emplace(sp.python, sp.kind);
      if (!sp.cpp.empty()) m->emplace(sp.cpp, sp.kind);
    }
    return m;
  }();
  return *map;
}

NodeKind kind_of_type(std::string_view type) {
  const auto& map = kinds_by_type();
  auto it = map.find(type);
  return it == map.end() ? K::Other : it->second;
}

// The same map keyed by where each type name lives. tree-sitter names a node's type with a
// pointer into its grammar's symbol-name table (`ts_node_type` returns
// `ts_language_symbol_name`), the same pointer for every node of that type, so the address
// answers without hashing the name (node_kind is asked for hundreds of thousands of nodes on a
// medium PR). Every symbol and alias of every grammar is entered with the kind its name has in
// kinds_by_type (Other when it has none); a name at any other address ("ERROR", a grammar not
// linked here) is looked up by name, so both give the same answer for every node.
class KindsByAddress {
 public:
  KindsByAddress() {
    std::vector<std::pair<const char*, NodeKind>> names;
    for (Grammar g : {Grammar::Python, Grammar::Cpp, Grammar::Cuda}) {
      const TSLanguage* lang = ts_language(g);
      if (!lang) continue;
      uint32_t count = ts_language_symbol_count(lang);
      for (uint32_t sym = 0; sym < count; ++sym) {
        const char* name = ts_language_symbol_name(lang, static_cast<TSSymbol>(sym));
        if (!name) continue;
        names.emplace_back(name, kind_of_type(name));
      }
    }
    size_t size = 16;
    while (size < 4 * names.size()) size *= 2;
    slots_.assign(size, {nullptr, K::Other});
    mask_ = size - 1;
    for (const auto& [name, kind] : names) {
      size_t i = slot_of(name);
      while (slots_[i].first && slots_[i].first != name) i = (i + 1) & mask_;
      slots_[i] = {name, kind};
    }
  }

  // The kind of the type name at `name`, or nullptr when that address is not in a grammar's table.
  const NodeKind* find(const char* name) const {
    for (size_t i = slot_of(name);; i = (i + 1) & mask_) {
      if (slots_[i].first == name) return &slots_[i].second;
      if (!slots_[i].first) return nullptr;
    }
  }

 private:
  size_t slot_of(const char* p) const {
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(p) * 0x9E3779B97F4A7C15ull) >> 32) & mask_;
  }
  std::vector<std::pair<const char*, NodeKind>> slots_;  // open addressing, at most a quarter full
  size_t mask_ = 0;
};

const KindsByAddress& kinds_by_address() {
  static const auto* table = new KindsByAddress();
  return *table;
}

}  // namespace

NodeKind node_kind(Node n) {
  if (!n) return K::Other;
  std::string_view type = n.kind();
  if (const NodeKind* k = kinds_by_address().find(type.data())) return *k;
  return kind_of_type(type);
}

bool is(Node n, NodeKind k) { return node_kind(n) == k; }

bool is_any(Node n, std::initializer_list<NodeKind> ks) {
  NodeKind k = node_kind(n);
  for (NodeKind x : ks)
    if (x == k) return true;
  return false;
}

Node ancestor(Node n, std::initializer_list<NodeKind> ks) {
  for (Node p = n.parent(); p; p = p.parent())
    if (is_any(p, ks)) return p;
  return {};
}

ParamKind param_kind(const Param& p) {
  Node n = p.node;
  if (is(n, K::TypedParameter) && !n.named_children().empty()) n = n.named_children().front();
  if (is(n, K::ListSplat)) return ParamKind::VarPositional;
  if (is(n, K::DictSplat)) return ParamKind::VarKeyword;
  return ParamKind::Plain;
}

Node unparenthesized(Node n) {
  while (n && is(n, K::Parenthesized) && n.named_children().size() == 1) n = n.named_children().front();
  return n;
}

std::vector<Node> bool_operands(Node n, std::string_view op, size_t limit) {
  std::vector<Node> out, work{n};
  while (!work.empty() && out.size() < limit) {
    Node x = unparenthesized(work.back());
    work.pop_back();
    if (is(x, K::BoolOp) && x.child_by_field("operator").text() == op) {
      work.push_back(x.child_by_field("right"));
      work.push_back(x.child_by_field("left"));
    } else {
      out.push_back(x);
    }
  }
  return out;
}

Node lone_expression(Node statement) {
  if (!is(statement, K::ExpressionStatement)) return {};
  std::vector<Node> kids = statement.named_children();
  return kids.size() == 1 ? kids.front() : Node();
}

std::vector<Node> statements(Node body) {
  std::vector<Node> out;
  if (!body) return out;
  for (Node c : body.named_children())
    if (!is(c, K::Comment)) out.push_back(c);
  return out;
}

std::vector<Call> lone_calls(Node body) {
  std::vector<Call> out;
  if (!body) return out;
  for (Node s : statements(body)) {
    Node e = lone_expression(s);
    if (!is(e, K::Call)) return {};
    out.push_back(describe_call(e));
  }
  return out;
}

Node docstring(Node body) {
  if (!body) return {};
  for (Node st : body.named_children()) {
    if (is(st, K::Comment)) continue;
    Node e = lone_expression(st);
    return is(e, K::String) ? e : Node();
  }
  return {};
}

bool is_exit(Node statement) { return is_any(statement, {K::Return, K::Raise}); }

bool last_statement_exits(Node body) {
  if (!body) return false;
  std::vector<Node> stmts = statements(body);
  return !stmts.empty() && is_exit(stmts.back());
}

bool is_nested_function(Node n) { return is_any(n, {K::FunctionDef, K::Lambda}); }

bool is_stub_body(Node body, Stub form) {
  if (!body) return true;
  for (Node s : body.named_children()) {
    if (is_any(s, {K::Comment, K::Pass})) continue;
    if (form == Stub::Hook && is(s, K::Raise)) continue;
    if (form == Stub::Hook && is(s, K::Return) && (s.named_children().empty() || s.named_children()[0].text() == "None"))
      continue;
    if (is(s, K::ExpressionStatement)) {
      auto kids = s.named_children();
      if (kids.size() == 1 && is_any(kids[0], {K::String, K::Ellipsis})) continue;
    }
    return false;
  }
  return true;
}

std::optional<bool> bool_literal(Node n) {
  if (is(n, K::True)) return true;
  if (is(n, K::False)) return false;
  return std::nullopt;
}

bool is_string_literal(Node n) { return is_any(n, {K::String, K::ConcatenatedString}); }

}  // namespace rp::lang
