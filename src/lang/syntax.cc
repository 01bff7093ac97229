#include "lang/syntax.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include <tree_sitter/api.h>

#include "core/strings.h"
#include "lang/grammar.h"
#include "lang/parse_budget.h"

namespace rp::lang {

namespace {
// A node's kind tag: its symbol plus 3, in 16 bits, so that tree-sitter's ERROR (65535) and
// error-repair (65534) symbols get 2 and 1 and 0 stays free (no tag). kind_name_table() is
// indexed by it. The public symbol names the same node type as the symbol ts_node_type reads
// (tree-sitter maps symbols of one name to one public symbol).
constexpr uint32_t kKindShift = 16;
constexpr uint32_t kAliasMask = 0xFFFF;
uint32_t kind_tag(TSSymbol symbol) { return static_cast<uint16_t>(symbol + 3); }

// The node type names of one grammar by kind tag, built once per grammar.
const std::string_view* kind_name_table(Grammar g) {
  auto build = [](Grammar grammar) {
    const TSLanguage* lang = ts_language(grammar);
    uint32_t count = std::min<uint32_t>(ts_language_symbol_count(lang), kAliasMask - 3);
    std::vector<std::string_view> names(count + 3);
    for (uint32_t s = 0; s < count; ++s)
      if (const char* name = ts_language_symbol_name(lang, static_cast<TSSymbol>(s))) names[kind_tag(static_cast<TSSymbol>(s))] = name;
    names[kind_tag(static_cast<TSSymbol>(-1))] = ts_language_symbol_name(lang, static_cast<TSSymbol>(-1));
    names[kind_tag(static_cast<TSSymbol>(-2))] = ts_language_symbol_name(lang, static_cast<TSSymbol>(-2));
    return names;
  };
  static const std::vector<std::string_view> python = build(Grammar::Python);
  static const std::vector<std::string_view> cpp = build(Grammar::Cpp);
  static const std::vector<std::string_view> cuda = build(Grammar::Cuda);
  switch (g) {
    case Grammar::Python: return python.data();
    case Grammar::Cpp: return cpp.data();
    case Grammar::Cuda: return cuda.data();
    case Grammar::None: return nullptr;
  }
  return nullptr;
}
}  // namespace

// Converts between our Node and tree-sitter's TSNode; the only place that knows both.
struct NodeAccess {
  // Records the node's kind tag beside tree-sitter's alias symbol: every caller has just
  // reached `n` through its subtree (a cursor step, a child or field lookup), so reading its
  // symbol now is a warm read, where a later kind() would be a cold one.
  static Node wrap(const SyntaxTree* tree, TSNode n) {
    Node out;
    if (ts_node_is_null(n)) return out;
    out.tree_ = tree;
    std::memcpy(out.raw_, n.context, sizeof(out.raw_));
    out.raw_[3] = (n.context[3] & kAliasMask) | (kind_tag(ts_node_symbol(n)) << kKindShift);
    out.id_ = n.id;
    return out;
  }
  static const void* id(const Node& n) { return n.id_; }
  static TSNode ts(const Node& n) {
    TSNode t;
    std::memcpy(t.context, n.raw_, sizeof(t.context));
    t.context[3] &= kAliasMask;
    t.id = n.id_;
    t.tree = n.tree_ ? n.tree_->raw() : nullptr;
    return t;
  }
  static uint32_t tag(const Node& n) { return n.raw_[3] >> kKindShift; }
  // A Node without its tree pointer, for arrays of one tree's nodes: 24 bytes instead of 32.
  struct Packed {
    uint32_t raw[4];  // raw[0] is the start byte (tree-sitter's context[0])
    const void* id;
  };
  static Packed pack(const Node& n) {
    Packed p;
    std::memcpy(p.raw, n.raw_, sizeof(p.raw));
    p.id = n.id_;
    return p;
  }
  static Node unpack(const SyntaxTree* tree, const Packed& p) {
    Node out;
    out.tree_ = tree;
    std::memcpy(out.raw_, p.raw, sizeof(out.raw_));
    out.id_ = p.id;
    return out;
  }
  static const SyntaxTree* tree(const Node& n) { return n.tree_; }
};

namespace {

// The parse's work budget, in tree-sitter operations (roughly one per token and stack
// version; its progress callback runs every 100). Counted work, not wall-clock time, so a
// loaded machine (or valgrind) parses exactly what an idle one does. Source code takes well
// under one operation per byte; the budget only stops an input that makes the GLR parser
// thrash (many ambiguous versions, error recovery at every token).
// Measured: C++ and Python source 1.2-1.4 operations per byte, hostile shapes (20,000
// unclosed `a<`, `(a)` casts, `a<b<c>>` chains, tokens that are all errors) 2-10.
std::atomic<uint64_t> parse_ops_per_byte{64};
std::atomic<uint64_t> parse_ops_floor{1'000'000};
constexpr uint64_t kOpsPerProgressCall = 100;  // OP_COUNT_PER_PARSER_TIMEOUT_CHECK in parser.c

bool kind_in(std::string_view kind, std::initializer_list<std::string_view> kinds) {
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

std::string strip_spaces(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.push_back(c);
  return out;
}

// "a.b.c" / "a->b" / "ns::f<T>" → "c" / "b" / "f"
std::string last_component(std::string_view callee) {
  size_t lt = callee.find('<');
  if (lt != std::string_view::npos) callee = callee.substr(0, lt);
  size_t cut = 0;
  for (size_t i = 0; i < callee.size(); ++i) {
    if (callee[i] == '.') cut = i + 1;
    if (callee[i] == ':' && i + 1 < callee.size() && callee[i + 1] == ':') cut = i + 2;
    if (callee[i] == '-' && i + 1 < callee.size() && callee[i + 1] == '>') cut = i + 2;
  }
  return std::string(callee.substr(cut));
}

bool is_statement_kind(std::string_view k) {
  if (k.ends_with("_statement")) return true;
  return kind_in(k, {"function_definition", "class_definition", "decorated_definition", "declaration",
                     "field_declaration", "template_declaration", "class_specifier", "struct_specifier",
                     "preproc_def", "preproc_function_def", "preproc_include", "preproc_call",
                     "elif_clause", "else_clause", "except_clause", "finally_clause", "case_clause"});
}

bool is_function_kind(std::string_view k) { return k == "function_definition"; }

// Python function name / C++ declarator chain down to the function_declarator.
Node function_declarator(Node def) {
  Node d = def.child_by_field("declarator");
  for (int guard = 0; d && guard < 16; ++guard) {
    if (d.kind() == "function_declarator") return d;
    Node inner = d.child_by_field("declarator");
    if (!inner) {
      for (Node c : d.named_children())
        if (c.kind().find("declarator") != std::string_view::npos) inner = c;
    }
    d = inner;
  }
  return {};
}

// The identifier a C++ declarator finally names: `*x`, `&x`, `x[4]`, `x = 3` → x.
Node declarator_name(Node d) {
  for (int guard = 0; d && guard < 16; ++guard) {
    std::string_view k = d.kind();
    if (k == "identifier" || k == "field_identifier" || k == "qualified_identifier" ||
        k == "destructor_name" || k == "operator_name")
      return d;
    Node inner = d.child_by_field("declarator");
    if (!inner) {
      auto named = d.named_children();
      if (named.empty()) return {};
      inner = named.front();
    }
    d = inner;
  }
  return {};
}

void collect_target_names(Node target, std::vector<std::string>& out) {
  if (!target) return;
  std::string_view k = target.kind();
  if (k == "identifier" || k == "attribute" || k == "subscript" || k == "field_expression" ||
      k == "qualified_identifier" || k == "pointer_expression") {
    out.push_back(strip_spaces(target.text()));
    return;
  }
  if (kind_in(k, {"pattern_list", "tuple_pattern", "list_pattern", "expression_list", "tuple", "list",
                  "parenthesized_expression", "list_splat_pattern", "list_splat"})) {
    for (Node c : target.named_children()) collect_target_names(c, out);
    return;
  }
  Node name = declarator_name(target);
  if (name) out.push_back(std::string(name.text()));
}

std::string literal_value(Node n) {
  std::string_view k = n.kind();
  if (k == "integer" || k == "float" || k == "number_literal") return std::string(n.text());
  std::string value;
  bool found_content = false;
  for (Node c : n.named_children()) {
    if (c.kind() == "string_content" || c.kind() == "escape_sequence" || c.kind() == "raw_string_content") {
      value += c.text();
      found_content = true;
    }
  }
  if (found_content) return value;
  std::string_view t = n.text();
  // Strip prefix letters and matching quotes as a fallback (empty strings, C char literals).
  size_t q = t.find_first_of("\"'");
  if (q == std::string_view::npos) return std::string(t);
  t.remove_prefix(q);
  char quote = t.front();
  size_t run = 0;
  while (run < t.size() && t[run] == quote && run < 3) ++run;
  if (t.size() >= 2 * run) return std::string(t.substr(run, t.size() - 2 * run));
  return std::string();
}

}  // namespace

// ---------------------------------------------------------------- Node

std::string_view Node::kind() const {
  if (null()) return {};
  if (uint32_t tag = NodeAccess::tag(*this)) return tree_->kind_names()[tag];
  return ts_node_type(NodeAccess::ts(*this));
}

std::string_view Node::text() const {
  if (null()) return {};
  const std::string& src = tree_->source();
  uint32_t b = start_byte(), e = end_byte();
  if (b > src.size() || e > src.size() || b > e) return {};
  return std::string_view(src).substr(b, e - b);
}

int Node::start_line() const { return null() ? 0 : static_cast<int>(ts_node_start_point(NodeAccess::ts(*this)).row) + 1; }
int Node::end_line() const {
  if (null()) return 0;
  TSPoint p = ts_node_end_point(NodeAccess::ts(*this));
  // A node ending at column 0 ends on the previous line (its newline is the last byte).
  int line = static_cast<int>(p.row) + 1;
  if (p.column == 0 && line > start_line()) --line;
  return line;
}
uint32_t Node::start_byte() const { return null() ? 0 : ts_node_start_byte(NodeAccess::ts(*this)); }
uint32_t Node::end_byte() const { return null() ? 0 : ts_node_end_byte(NodeAccess::ts(*this)); }
bool Node::is_named() const { return !null() && ts_node_is_named(NodeAccess::ts(*this)); }
bool Node::is_error() const {
  if (null()) return false;
  TSNode n = NodeAccess::ts(*this);
  return ts_node_is_error(n) || ts_node_is_missing(n);
}
bool Node::has_error() const { return !null() && ts_node_has_error(NodeAccess::ts(*this)); }

Node Node::parent() const {
  if (null()) return {};
  return tree_->parent_of(*this);
}

namespace {
// A grammar's field names to their ids. tree-sitter's ts_language_field_id_for_name compares
// the name with each of the grammar's field names in turn (strncmp), on every
// child_by_field() call; rules and facts ask for fields of most nodes they look at. Built
// once for all grammars (a function-local static: thread-safe, read unlocked after).
using FieldIds = std::unordered_map<std::string_view, TSFieldId>;
const FieldIds* field_ids(Grammar g) {
  static const std::array<FieldIds, 4> tables = [] {
    std::array<FieldIds, 4> out;
    for (Grammar grammar : {Grammar::Python, Grammar::Cpp, Grammar::Cuda}) {
      const TSLanguage* lang = ts_language(grammar);
      FieldIds& ids = out[static_cast<size_t>(grammar)];
      uint32_t count = ts_language_field_count(lang);
      for (uint32_t i = 1; i <= count; ++i)
        if (const char* name = ts_language_field_name_for_id(lang, static_cast<TSFieldId>(i)))
          ids.emplace(name, static_cast<TSFieldId>(i));
    }
    return out;
  }();
  size_t i = static_cast<size_t>(g);
  return g == Grammar::None || i >= tables.size() ? nullptr : &tables[i];
}
}  // namespace

Node Node::child_by_field(std::string_view field) const {
  if (null()) return {};
  TSNode self = NodeAccess::ts(*this);
  if (const FieldIds* ids = tree_ ? field_ids(tree_->grammar()) : nullptr) {
    auto it = ids->find(field);
    if (it == ids->end()) return {};  // as tree-sitter: a name the grammar lacks has no child
    return NodeAccess::wrap(tree_, ts_node_child_by_field_id(self, it->second));
  }
  return NodeAccess::wrap(tree_, ts_node_child_by_field_name(self, field.data(), static_cast<uint32_t>(field.size())));
}

// Children through a cursor: ts_node_child(n, i) walks from the first child on every call,
// which makes a loop over i quadratic in wide nodes (a module with thousands of statements).
namespace {
std::vector<Node> collect_children(const SyntaxTree* tree, TSNode n, bool named_only) {
  std::vector<Node> out;
  TSTreeCursor cursor = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode c = ts_tree_cursor_current_node(&cursor);
      if (!named_only || ts_node_is_named(c)) out.push_back(NodeAccess::wrap(tree, c));
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}
}  // namespace

std::vector<Node> Node::children() const {
  if (null()) return {};
  return collect_children(tree_, NodeAccess::ts(*this), false);
}

Node Node::next_named_sibling() const {
  return null() ? Node() : NodeAccess::wrap(tree_, ts_node_next_named_sibling(NodeAccess::ts(*this)));
}
Node Node::prev_named_sibling() const {
  return null() ? Node() : NodeAccess::wrap(tree_, ts_node_prev_named_sibling(NodeAccess::ts(*this)));
}

Node Node::ancestor(std::initializer_list<std::string_view> kinds) const {
  for (Node p = parent(); p; p = p.parent())
    if (kind_in(p.kind(), kinds)) return p;
  return {};
}

bool Node::operator==(const Node& o) const {
  if (null() || o.null()) return null() == o.null();
  return ts_node_eq(NodeAccess::ts(*this), NodeAccess::ts(o));
}

// The named nodes of a whole tree in walk order, each with the index just past its subtree:
// walk() from any of them is a scan that jumps over a skipped subtree. Built by the first walk
// of the tree's root; kept in the tree's Memo.
// The same array answers named_children() (the children of entry i are i + 1, then each
// next one at the end of the previous one's subtree, up to end[i]) and parent() (`parent`).
// Kept for the tree's lifetime, and a review keeps the trees of every changed file, both
// sides: 32 bytes per named node (the nodes without their common tree pointer, whose first
// word is the start byte stored_index's binary search reads; `end`; `parent`).
struct WalkOrder {
  std::once_flag once;
  std::atomic<bool> ready{false};  // set once `nodes`, `end` and `parent` are complete
  const SyntaxTree* tree = nullptr;
  std::vector<NodeAccess::Packed> nodes;
  std::vector<uint32_t> end;
  std::vector<uint32_t> parent;  // index of the entry's parent; kNoParent for the root
  // The entry stored_index() found last: callers ask about nodes in source order and about
  // the same node again (its children, then its parent), so the next answer is near it. Any
  // value is a valid place to start the search from, so it is read and written unordered.
  mutable std::atomic<uint32_t> last_found{0};
  Node node(size_t i) const { return NodeAccess::unpack(tree, nodes[i]); }
  uint32_t start(size_t i) const { return nodes[i].raw[0]; }
};
constexpr uint32_t kNoParent = UINT32_MAX;

// Whole-file collections, each computed on first use. call_once keeps it safe should rules
// ever share a tree across threads. Kept as long as the tree, so without push_back's growth
// slack (as the walk order).
template <class T>
class Lazy {
 public:
  template <class F>
  const std::vector<T>& get(F&& compute) {
    std::call_once(once_, [&] {
      value_ = compute();
      value_.shrink_to_fit();
    });
    return value_;
  }

 private:
  std::once_flag once_;
  std::vector<T> value_;
};

struct SyntaxTree::Memo {
  WalkOrder walk_order;
  Lazy<Function> functions;
  Lazy<ClassDef> classes;
  Lazy<Call> calls;
  Lazy<Assignment> assignments;
  Lazy<IfChain> if_chains;
  Lazy<Loop> loops;
  Lazy<WithBlock> with_blocks;
  Lazy<TryBlock> try_blocks;
  Lazy<Literal> string_literals;
  Lazy<Literal> number_literals;
  Lazy<Node> comments;
  Lazy<Import> imports;
  // Children of the wide nodes parent_of() passed through, in source order; a vector is
  // never changed once stored (the map's values stay where they are), so it is read unlocked.
  std::mutex wide_mutex;
  std::unordered_map<const void*, std::vector<TSNode>> wide_children;
  // The last walk parent_of() made from the root, where the next one resumes.
  std::mutex path_mutex;
  std::vector<TSNode> last_path;
  // identifiers(): the walk-order entries of the identifier nodes, by name, ascending. Built
  // by the first whole-file call; later calls, whole-file or within a scope, read it.
  std::once_flag idents_once;
  std::atomic<bool> idents_ready{false};
  std::unordered_map<std::string_view, std::vector<uint32_t>> idents;
};

namespace {
// The cursor walk below `root` (not visiting it): pre-order over named nodes, each handed to
// `named(node, depth)`, whose false skips that node's subtree. Anonymous tokens are neither
// visited nor descended into. One tree cursor for the whole walk: no per-node child vectors,
// and the cursor's own stack keeps deep nesting (generated or hostile files) off the call stack.
template <class F>
void cursor_walk(TSNode root, F&& named) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  size_t depth = 0;
  bool descend = true;  // into the current node (the root is the caller's)
  for (;;) {
    if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
      ++depth;
    } else {
      while (depth > 0 && !ts_tree_cursor_goto_next_sibling(&cursor)) {
        ts_tree_cursor_goto_parent(&cursor);
        --depth;
      }
      if (depth == 0) break;
    }
    TSNode n = ts_tree_cursor_current_node(&cursor);
    descend = ts_node_is_named(n) && named(n, depth);
  }
  ts_tree_cursor_delete(&cursor);
}

// The cursor walk of walk(), recording each named node and where its subtree ends.
void build_walk_order(WalkOrder& w, const SyntaxTree* tree, TSNode root) {
  std::vector<std::pair<uint32_t, size_t>> open;  // (index, depth) of nodes whose subtree is open
  auto record = [&](TSNode n, size_t depth) {
    while (!open.empty() && open.back().second >= depth) {
      w.end[open.back().first] = static_cast<uint32_t>(w.nodes.size());
      open.pop_back();
    }
    w.parent.push_back(open.empty() ? kNoParent : open.back().first);
    open.emplace_back(static_cast<uint32_t>(w.nodes.size()), depth);
    w.nodes.push_back(NodeAccess::pack(NodeAccess::wrap(tree, n)));
    w.end.push_back(0);
  };
  w.tree = tree;
  record(root, 0);
  cursor_walk(root, [&](TSNode n, size_t depth) {
    record(n, depth);
    return true;
  });
  for (const auto& entry : open) w.end[entry.first] = static_cast<uint32_t>(w.nodes.size());
  // Kept for the tree's lifetime (a review keeps the trees of every changed file, both sides):
  // without the growth slack of push_back, ~30% less on large PRs.
  w.nodes.shrink_to_fit();
  w.end.shrink_to_fit();
  w.parent.shrink_to_fit();
}

// The entry of `n` in a stored walk order: nullopt when the order is not stored yet (only
// parts of the tree were walked so far) or `n` is not in it (an anonymous node, or a node
// below one). Walk order is source order of start bytes; among the nodes starting where `n`
// does, it is found by identity. The first entry starting at or after `n` is searched from
// the last entry found, in steps that double away from it, then by bisection between the last
// two steps: the same entry a bisection of the whole order finds, in a few reads of memory
// near the last answer when the question is near it (most are), and at most about twice a
// whole bisection's reads when it is not.
std::optional<size_t> stored_index(const WalkOrder& w, const Node& n) {
  if (!w.ready.load(std::memory_order_acquire)) return std::nullopt;
  const TSNode& t = NodeAccess::ts(n);
  const uint32_t start = ts_node_start_byte(t);
  const size_t size = w.nodes.size();  // >= 1: the root is always stored
  const size_t from = std::min<size_t>(w.last_found.load(std::memory_order_relaxed), size - 1);
  // Entries before `lo` start before `start`; entries from `hi` on start at or after it.
  size_t lo = 0, hi = size;
  if (w.start(from) < start) {
    lo = from + 1;
    for (size_t step = 1;; step *= 2) {
      if (step >= size - from) break;  // from + step would be past the end: hi stays size
      if (w.start(from + step) >= start) {
        hi = from + step;
        break;
      }
      lo = from + step + 1;
    }
  } else {
    hi = from;
    for (size_t step = 1;; step *= 2) {
      if (step > from) break;  // lo stays 0
      if (w.start(from - step) < start) {
        lo = from - step + 1;
        break;
      }
      hi = from - step;
    }
  }
  auto at = std::lower_bound(w.nodes.begin() + static_cast<std::ptrdiff_t>(lo),
                             w.nodes.begin() + static_cast<std::ptrdiff_t>(hi), start,
                             [](const NodeAccess::Packed& e, uint32_t b) { return e.raw[0] < b; });
  size_t i = static_cast<size_t>(at - w.nodes.begin());
  while (i < size && w.start(i) == start && w.nodes[i].id != t.id) ++i;
  if (i == size || w.start(i) != start) return std::nullopt;
  w.last_found.store(static_cast<uint32_t>(i), std::memory_order_relaxed);
  return i;
}

// walk() over the stored walk order; false when it is not stored yet (only parts of the tree
// were walked so far) or `from` is not in it (an anonymous node).
bool walk_stored(WalkOrder* w, const SyntaxTree* tree, const Node& from,
                 const std::function<bool(Node)>& visit) {
  TSNode root = ts_tree_root_node(tree->raw());
  bool whole = NodeAccess::ts(from).id == root.id;
  if (whole) {
    std::call_once(w->once, [&] {
      build_walk_order(*w, tree, root);
      w->ready.store(true, std::memory_order_release);
    });
  }
  if (!w->ready.load(std::memory_order_acquire)) return false;
  size_t i = 0;
  if (!whole) {
    std::optional<size_t> at = stored_index(*w, from);
    if (!at) return false;
    i = *at;
  }
  if (!visit(w->node(i))) return true;
  for (size_t j = i + 1, end = w->end[i]; j < end;) j = visit(w->node(j)) ? j + 1 : w->end[j];
  return true;
}
}  // namespace

// An explicit stack: parse trees of generated or hostile files nest thousands deep.
// One tree cursor for the whole walk: no per-node child vectors, and the cursor's own stack
// keeps deep nesting off the call stack. Pre-order over named nodes, as before: anonymous
// tokens are neither visited nor descended into. A tree whose whole-file walk has run once
// keeps that walk's order in an array (WalkOrder), and later walks of it or of any
// of its named nodes read the array: the cursor's steps through hidden and anonymous nodes
// cost more than the visits (each rule and collection walks the same trees again).
void walk(Node root, const std::function<bool(Node)>& visit) {
  if (!root) return;
  const SyntaxTree* tree = NodeAccess::tree(root);
  if (walk_stored(&tree->memo_->walk_order, tree, root, visit)) return;
  if (!visit(root)) return;
  cursor_walk(NodeAccess::ts(root), [&](TSNode n, size_t) { return visit(NodeAccess::wrap(tree, n)); });
}

// A walk of this node that visits each named child and skips its subtree: from the stored walk
// order when the tree has one (the children of entry i are i + 1, then each next one where the
// previous one's subtree ends), else through a cursor, as collect_children() does. Rules and
// facts ask for the named children of most nodes they visit (the undefined-name resolver of
// every node); the cursor steps through hidden and anonymous nodes to find what the walk order
// already holds.
std::vector<Node> Node::named_children() const {
  if (null()) return {};
  std::vector<Node> out;
  bool self = true;
  walk(*this, [&](Node child) {
    if (self) {  // this node: descend into it, and into none of its children
      self = false;
      return true;
    }
    out.push_back(child);
    return false;
  });
  return out;
}

const Argument* Call::keyword(std::string_view name) const {
  for (const Argument& a : args)
    if (a.keyword == name) return &a;
  return nullptr;
}

// ---------------------------------------------------------------- SyntaxTree

namespace {
// Below this many children a linear scan is as fast as a binary search.
constexpr uint32_t kWideNode = 32;
bool non_empty(TSNode n) { return ts_node_start_byte(n) < ts_node_end_byte(n); }
}  // namespace

// As ts_node_parent (walk down from the root to the child that contains `n`), with two
// shortcuts. The walk resumes from the deepest node of the previous walk that still contains
// `n`: callers ask about nodes in source order and ask again about the same node, so most walks
// are a step or two. And a wide node's child is found by binary search over its stored
// children instead of a scan. Together: a near-constant cost, not the depth times the siblings.
Node SyntaxTree::parent_of(const Node& n) const {
  TSNode target = NodeAccess::ts(n);
  TSNode root = ts_tree_root_node(tree_);
  if (root.id == target.id) return {};
  // A named node of a tree whose walk order is stored: its parent is recorded there (the
  // walk's parent of a named node is its nearest visible ancestor, as tree-sitter's).
  const WalkOrder& w = memo_->walk_order;
  if (std::optional<size_t> i = stored_index(w, n)) return w.parent[*i] == kNoParent ? Node() : w.node(w.parent[*i]);
  const uint32_t start = ts_node_start_byte(target), end = ts_node_end_byte(target);
  std::lock_guard path_lock(memo_->path_mutex);
  std::vector<TSNode>& path = memo_->last_path;  // root, then each the parent of the next
  // A node whose range strictly contains a non-empty target's is one of its ancestors (ranges
  // of unrelated non-empty nodes do not overlap); an equal range may be a child of the target.
  size_t keep = 1;
  if (start < end) {
    for (size_t i = path.size(); i-- > 1;) {
      if (path[i].id == target.id) return NodeAccess::wrap(this, path[i - 1]);
      uint32_t s = ts_node_start_byte(path[i]), e = ts_node_end_byte(path[i]);
      if (s <= start && end <= e && (s < start || end < e)) {
        keep = i + 1;
        break;
      }
    }
  }
  if (path.empty() || path.front().id != root.id) path.assign(1, root);
  path.resize(std::min(keep, path.size()));
  TSNode node = path.back();
  for (;;) {
    TSNode next{};
    bool found = false;
    // A zero-width target may sit between zero-width siblings: tree-sitter's scan decides.
    if (start < end && ts_node_child_count(node) >= kWideNode) {
      const std::vector<TSNode>* kids = nullptr;
      {
        std::lock_guard lock(memo_->wide_mutex);
        auto [it, inserted] = memo_->wide_children.try_emplace(node.id);
        if (inserted) {
          TSTreeCursor cursor = ts_tree_cursor_new(node);
          if (ts_tree_cursor_goto_first_child(&cursor)) {
            do it->second.push_back(ts_tree_cursor_current_node(&cursor));
            while (ts_tree_cursor_goto_next_sibling(&cursor));
          }
          ts_tree_cursor_delete(&cursor);
        }
        kids = &it->second;
      }
      // The last child starting at or before the target; non-empty children do not overlap,
      // so the first non-empty one met going back either contains the target or none does.
      auto it = std::upper_bound(kids->begin(), kids->end(), start,
                                 [](uint32_t b, const TSNode& c) { return b < ts_node_start_byte(c); });
      while (it != kids->begin()) {
        --it;
        if (it->id == target.id || (non_empty(*it) && end <= ts_node_end_byte(*it))) {
          next = *it;
          found = true;
          break;
        }
        if (non_empty(*it)) break;
      }
    }
    if (!found) next = ts_node_child_with_descendant(node, target);
    if (ts_node_is_null(next) || next.id == target.id) break;
    path.push_back(next);
    node = next;
  }
  return NodeAccess::wrap(this, node);
}

#define RP_MEMOIZED_COLLECTION(Type, name)                                   \
  const std::vector<Type>& SyntaxTree::name() const {                         \
    return memo_->name.get([this] { return collect_##name(root()); });        \
  }                                                                           \
  std::vector<Type> SyntaxTree::name(Node scope) const {                      \
    if (scope && !(scope == root())) return collect_##name(scope);            \
    return name();                                                            \
  }
RP_MEMOIZED_COLLECTION(Function, functions)
RP_MEMOIZED_COLLECTION(ClassDef, classes)
RP_MEMOIZED_COLLECTION(Call, calls)
RP_MEMOIZED_COLLECTION(Assignment, assignments)
RP_MEMOIZED_COLLECTION(IfChain, if_chains)
RP_MEMOIZED_COLLECTION(Loop, loops)
RP_MEMOIZED_COLLECTION(WithBlock, with_blocks)
RP_MEMOIZED_COLLECTION(TryBlock, try_blocks)
RP_MEMOIZED_COLLECTION(Literal, string_literals)
RP_MEMOIZED_COLLECTION(Literal, number_literals)
RP_MEMOIZED_COLLECTION(Node, comments)
RP_MEMOIZED_COLLECTION(Import, imports)

std::optional<IfChain> SyntaxTree::if_chain_at(Node if_node) const {
  if (!if_node) return std::nullopt;
  for (IfChain& chain : if_chains(if_node))
    if (chain.node == if_node) return std::move(chain);
  return std::nullopt;
}
#undef RP_MEMOIZED_COLLECTION

SyntaxTree::SyntaxTree(Grammar g, std::string source)
    : memo_(std::make_unique<Memo>()), grammar_(g), source_(std::move(source)) {
  kind_names_ = kind_name_table(g);
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < source_.size(); ++i)
    if (source_[i] == '\n' && i + 1 < source_.size()) line_starts_.push_back(i + 1);
  if (source_.empty()) line_starts_.clear();
}

SyntaxTree::~SyntaxTree() {
  if (tree_) ts_tree_delete(tree_);
}

namespace {
struct ParseBudget {
  uint64_t calls = 0;
  uint64_t max_calls = 0;
};

bool over_budget(TSParseState* state) {
  auto* b = static_cast<ParseBudget*>(state->payload);
  return ++b->calls > b->max_calls;
}

// Runs the parser; `base` (already edited) lets tree-sitter reuse unchanged subtrees. Sets
// `stopped` when the work budget ran out (the tree is then empty).
TSTree* run_parser(Grammar grammar, const std::string& source, const TSTree* base, bool& stopped) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, ts_language(grammar));
  ParseBudget budget;
  budget.max_calls = (parse_ops_floor.load(std::memory_order_relaxed) +
                      parse_ops_per_byte.load(std::memory_order_relaxed) * source.size()) /
                     kOpsPerProgressCall;
  TSInput input{};
  struct Text {
    const char* data;
    uint32_t size;
  } text{source.data(), static_cast<uint32_t>(source.size())};
  input.payload = &text;
  input.read = [](void* payload, uint32_t byte, TSPoint, uint32_t* bytes_read) -> const char* {
    auto* t = static_cast<Text*>(payload);
    if (byte >= t->size) {
      *bytes_read = 0;
      return "";
    }
    *bytes_read = t->size - byte;
    return t->data + byte;
  };
  input.encoding = TSInputEncodingUTF8;
  TSParseOptions options{&budget, over_budget};
  TSTree* tree = ts_parser_parse_with_options(parser, base, input, options);
  stopped = tree == nullptr;
  if (!tree) {
    // Over budget: an empty parse keeps every query valid and empty.
    ts_parser_reset(parser);
    tree = ts_parser_parse_string(parser, nullptr, "", 0);
  }
  ts_parser_delete(parser);
  return tree;
}

// Byte offset where 1-based `line` starts; the end of the text past the last line.
uint32_t line_offset(const std::vector<uint32_t>& starts, size_t size, int line) {
  if (line >= 1 && static_cast<size_t>(line) <= starts.size()) return starts[line - 1];
  return static_cast<uint32_t>(size);
}

// Row and column of a byte offset (the end of a text without a final newline is mid-line).
TSPoint point_at(const std::vector<uint32_t>& starts, uint32_t byte) {
  auto it = std::upper_bound(starts.begin(), starts.end(), byte);
  if (it == starts.begin()) return {0, byte};
  uint32_t row = static_cast<uint32_t>(it - starts.begin() - 1);
  return {row, byte - starts[row]};
}
}  // namespace

ParseBudgetForTesting::ParseBudgetForTesting(uint64_t ops_per_byte, uint64_t ops_floor)
    : per_byte_(parse_ops_per_byte.exchange(ops_per_byte)), floor_(parse_ops_floor.exchange(ops_floor)) {}
ParseBudgetForTesting::~ParseBudgetForTesting() {
  parse_ops_per_byte.store(per_byte_);
  parse_ops_floor.store(floor_);
}

std::unique_ptr<SyntaxTree> SyntaxTree::parse(Grammar grammar, std::string source) {
  if (grammar == Grammar::None) return nullptr;
  // tree-sitter addresses bytes with uint32_t; larger inputs are not source code.
  if (source.size() > (size_t(1) << 30)) source.resize(size_t(1) << 30);
  std::unique_ptr<SyntaxTree> tree(new SyntaxTree(grammar, std::move(source)));
  tree->tree_ = run_parser(grammar, tree->source_, nullptr, tree->stopped_);
  return tree;
}

std::unique_ptr<SyntaxTree> SyntaxTree::reparse(const SyntaxTree& previous, std::string source,
                                                const std::vector<LineEdit>& edits) {
  if (source.size() > (size_t(1) << 30)) source.resize(size_t(1) << 30);
  // A previous parse that ran out of budget has no subtrees to reuse: parse afresh.
  if (previous.stopped_) return parse(previous.grammar_, std::move(source));
  std::unique_ptr<SyntaxTree> tree(new SyntaxTree(previous.grammar_, std::move(source)));
  TSTree* base = ts_tree_copy(previous.tree_);
  // Last edit first: each edit's start then lies at the same place in the old text and in
  // the text being edited, since only what follows it has changed so far.
  int shift = 0;
  for (const LineEdit& e : edits) shift += e.new_lines - e.old_lines;
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
    shift -= it->new_lines - it->old_lines;
    int new_first = it->first_line + shift;
    TSInputEdit edit;
    edit.start_byte = line_offset(previous.line_starts_, previous.source_.size(), it->first_line);
    edit.old_end_byte = line_offset(previous.line_starts_, previous.source_.size(), it->first_line + it->old_lines);
    uint32_t new_start = line_offset(tree->line_starts_, tree->source_.size(), new_first);
    uint32_t new_end = line_offset(tree->line_starts_, tree->source_.size(), new_first + it->new_lines);
    edit.new_end_byte = edit.start_byte + (new_end - new_start);
    edit.start_point = point_at(previous.line_starts_, edit.start_byte);
    edit.old_end_point = point_at(previous.line_starts_, edit.old_end_byte);
    // Rows before this edit are as in the old text; in the new text they moved by `shift`.
    TSPoint end_in_new = point_at(tree->line_starts_, new_end);
    edit.new_end_point = {static_cast<uint32_t>(static_cast<int>(end_in_new.row) - shift), end_in_new.column};
    ts_tree_edit(base, &edit);
  }
  tree->tree_ = run_parser(tree->grammar_, tree->source_, base, tree->stopped_);
  ts_tree_delete(base);
  return tree;
}

Node SyntaxTree::root() const { return NodeAccess::wrap(this, ts_tree_root_node(tree_)); }

int SyntaxTree::error_count() const {
  int n = 0;
  walk(root(), [&](Node x) {
    if (x.is_error()) ++n;
    return x.has_error();
  });
  // MISSING nodes are not named; count them through the full child list.
  std::vector<Node> stack{root()};
  while (!stack.empty()) {
    Node x = stack.back();
    stack.pop_back();
    if (!x.has_error()) continue;
    for (Node c : x.children()) {
      if (!c.is_named() && ts_node_is_missing(NodeAccess::ts(c))) ++n;
      if (c.has_error()) stack.push_back(c);
    }
  }
  return n;
}

std::string_view SyntaxTree::line_text(int line) const {
  if (line < 1 || line > line_count()) return {};
  uint32_t b = line_starts_[line - 1];
  uint32_t e = line < line_count() ? line_starts_[line] : static_cast<uint32_t>(source_.size());
  std::string_view s = std::string_view(source_).substr(b, e - b);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

namespace {
// The leaf-most node at the first non-blank column of `line`, or null for a blank line.
Node node_at_line_start(const SyntaxTree& t, int line) {
  std::string_view text = t.line_text(line);
  size_t col = text.find_first_not_of(" \t");
  if (col == std::string_view::npos) return {};
  TSPoint p{static_cast<uint32_t>(line - 1), static_cast<uint32_t>(col)};
  TSNode root = ts_tree_root_node(t.raw());
  return NodeAccess::wrap(&t, ts_node_named_descendant_for_point_range(root, p, p));
}
}  // namespace

Node SyntaxTree::statement_at(int line) const {
  for (Node n = node_at_line_start(*this, line); n; n = n.parent())
    if (is_statement_kind(n.kind())) return n;
  return {};
}

std::optional<Function> SyntaxTree::enclosing_function(int line) const {
  Node start = node_at_line_start(*this, line);
  if (!start) {
    // Blank line: the innermost function spanning it, from the memoized list itself (a copy of
    // functions() per blank line was quadratic in the functions of a file).
    const Function* best = nullptr;
    for (const Function& f : memo_->functions.get([this] { return collect_functions(root()); }))
      if (f.start_line <= line && line <= f.end_line && (!best || f.start_line >= best->start_line)) best = &f;
    if (best) return *best;
    return std::nullopt;
  }
  for (Node n = start; n; n = n.parent())
    if (is_function_kind(n.kind())) return describe_function(n);
  return std::nullopt;
}

std::optional<ClassDef> SyntaxTree::enclosing_class(int line) const {
  Node start = node_at_line_start(*this, line);
  for (Node n = start; n; n = n.parent()) {
    if (kind_in(n.kind(), {"class_definition", "class_specifier", "struct_specifier"})) {
      for (const ClassDef& c : classes(n.parent()))
        if (c.node == n) return c;
    }
  }
  return std::nullopt;
}

Node SyntaxTree::node_starting_at(int line, std::initializer_list<std::string_view> kinds, Node scope) const {
  Node found;
  walk(scope ? scope : root(), [&](Node n) {
    if (found || !n.contains_line(line)) return false;
    if (n.start_line() == line && kind_in(n.kind(), kinds)) {
      found = n;
      return false;
    }
    return true;
  });
  return found;
}

bool SyntaxTree::line_is_comment(int line) const {
  std::string_view t = trim(line_text(line));
  if (t.empty()) return false;
  if (t.starts_with("#") && is_python()) return true;
  if (t.starts_with("//") || t.starts_with("/*") || t.starts_with("*")) {
    if (!is_python()) return true;
  }
  for (Node n = node_at_line_start(*this, line); n; n = n.parent()) {
    std::string_view k = n.kind();
    if (k == "comment") return true;
    if (k == "string" || k == "string_literal" || k == "raw_string_literal" || k == "concatenated_string") {
      // A docstring or multi-line string that the line sits inside (not starts a statement with).
      Node stmt = n.parent();
      return stmt && stmt.kind() == "expression_statement" && stmt.named_children().size() == 1;
    }
    if (is_statement_kind(k)) return false;
  }
  return false;
}

Function describe_function(Node def) {
  Function f;
  if (def.kind() == "decorated_definition") {
    Node inner = def.child_by_field("definition");
    if (inner) def = inner;
  }
  if (def.kind() != "function_definition") return f;
  f.body = def.child_by_field("body");
  Node outer = def;
  Node parent = def.parent();
  bool python = def.child_by_field("parameters") && def.child_by_field("name");
  if (python) {
    if (parent && parent.kind() == "decorated_definition") {
      outer = parent;
      for (Node c : parent.named_children()) {
        if (c.kind() != "decorator") continue;
        std::string_view t = trim(c.text());
        if (t.starts_with("@")) t.remove_prefix(1);
        f.decorators.push_back(std::string(trim(t)));
      }
    }
    f.name = std::string(def.child_by_field("name").text());
    for (Node p : def.child_by_field("parameters").named_children()) {
      Param param;
      param.node = p;
      std::string_view k = p.kind();
      if (k == "identifier") {
        param.name = std::string(p.text());
      } else if (k == "default_parameter" || k == "typed_default_parameter") {
        param.name = std::string(p.child_by_field("name").text());
        param.default_text = std::string(p.child_by_field("value").text());
        param.annotation = std::string(p.child_by_field("type").text());
      } else if (k == "typed_parameter") {
        Node first = p.named_children().empty() ? Node() : p.named_children().front();
        if (first && (first.kind() == "list_splat_pattern" || first.kind() == "dictionary_splat_pattern"))
          first = first.named_children().empty() ? first : first.named_children().front();
        param.name = std::string(first.text());
        param.annotation = std::string(p.child_by_field("type").text());
      } else if (k == "list_splat_pattern" || k == "dictionary_splat_pattern") {
        auto kids = p.named_children();
        param.name = kids.empty() ? std::string() : std::string(kids.front().text());
      } else {
        continue;  // '*' / '/' separators
      }
      if (!param.name.empty()) f.params.push_back(std::move(param));
    }
    for (Node a = outer.parent(); a; a = a.parent()) {
      if (a.kind() == "class_definition") {
        f.class_name = std::string(a.child_by_field("name").text());
        break;
      }
      if (a.kind() == "function_definition") break;  // nested function: not a method
    }
    f.qualified = f.class_name.empty() ? f.name : f.class_name + "." + f.name;
  } else {
    Node decl = function_declarator(def);
    Node name = decl ? decl.child_by_field("declarator") : Node();
    f.qualified = strip_spaces(name.text());
    f.name = last_component(f.qualified);
    size_t colons = f.qualified.rfind("::");
    if (colons != std::string::npos) f.class_name = last_component(f.qualified.substr(0, colons));
    if (f.class_name.empty()) {
      Node cls = def.ancestor({"class_specifier", "struct_specifier"});
      if (cls) f.class_name = std::string(cls.child_by_field("name").text());
    }
    if (decl) {
      for (Node p : decl.child_by_field("parameters").named_children()) {
        if (p.kind() != "parameter_declaration" && p.kind() != "optional_parameter_declaration") continue;
        Param param;
        param.node = p;
        Node n = declarator_name(p.child_by_field("declarator"));
        param.name = std::string(n.text());
        param.default_text = std::string(p.child_by_field("default_value").text());
        param.annotation = std::string(p.child_by_field("type").text());
        f.params.push_back(std::move(param));
      }
    }
    uint32_t head_end = f.body ? f.body.start_byte() : def.end_byte();
    std::string_view head = def.text().substr(0, head_end - def.start_byte());
    f.is_cuda_kernel = head.find("__global__") != std::string_view::npos;
    Node tmpl = def.parent();
    if (tmpl && tmpl.kind() == "template_declaration") outer = tmpl;
  }
  f.node = outer;
  f.start_line = outer.start_line();
  f.end_line = outer.end_line();
  return f;
}

std::vector<Function> SyntaxTree::collect_functions(Node scope) const {
  std::vector<Function> out;
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() == "function_definition") {
      Function f = describe_function(n);
      if (!f.name.empty()) out.push_back(std::move(f));
    }
    return true;
  });
  return out;
}

std::vector<ClassDef> SyntaxTree::collect_classes(Node scope) const {
  std::vector<ClassDef> out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    if (k != "class_definition" && k != "class_specifier" && k != "struct_specifier") return true;
    Node name = n.child_by_field("name");
    Node body = n.child_by_field("body");
    if (!name || !body) return true;  // a forward declaration or elaborated type, not a definition
    ClassDef c;
    c.node = n;
    c.name = std::string(name.text());
    if (k == "class_definition") {
      for (Node b : n.child_by_field("superclasses").named_children())
        if (b.kind() != "keyword_argument") c.bases.push_back(strip_spaces(b.text()));
    } else {
      for (Node ch : n.named_children()) {
        if (ch.kind() != "base_class_clause") continue;
        for (Node b : ch.named_children())
          if (b.kind() != "access_specifier") c.bases.push_back(strip_spaces(b.text()));
      }
    }
    c.start_line = n.start_line();
    c.end_line = n.end_line();
    out.push_back(std::move(c));
    return true;
  });
  return out;
}

Call describe_call(Node n) {
  Call c;
  c.node = n;
  c.line = n.start_line();
  Node fn = n.child_by_field("function");
  std::string callee = strip_spaces(fn.text());
  size_t launch = callee.find("<<<");
  if (launch != std::string::npos) callee.resize(launch);
  c.callee = callee;
  c.callee_name = last_component(callee);
  if (fn.kind() == "attribute") c.receiver = fn.child_by_field("object");
  if (fn.kind() == "field_expression") c.receiver = fn.child_by_field("argument");
  Node args = n.child_by_field("arguments");
  if (args.kind() == "generator_expression") {
    c.args.push_back(Argument{"", args});
    return c;
  }
  for (Node a : args.named_children()) {
    if (a.kind() == "comment") continue;
    if (a.kind() == "keyword_argument") {
      c.args.push_back(Argument{std::string(a.child_by_field("name").text()), a.child_by_field("value")});
    } else {
      c.args.push_back(Argument{"", a});
    }
  }
  return c;
}

std::vector<Call> SyntaxTree::collect_calls(Node scope) const {
  std::vector<Call> out;
  walk(scope ? scope : root(), [&](Node n) {
    if ((n.kind() == "call" || n.kind() == "call_expression") && n.child_by_field("function"))
      out.push_back(describe_call(n));
    return true;
  });
  return out;
}

std::vector<Assignment> SyntaxTree::collect_assignments(Node scope) const {
  std::vector<Assignment> out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    Assignment a;
    a.node = n;
    a.line = n.start_line();
    if (k == "assignment" || k == "augmented_assignment" || k == "assignment_expression") {
      collect_target_names(n.child_by_field("left"), a.targets);
      a.value = n.child_by_field("right");
      Node op = n.child_by_field("operator");
      a.augmented = k == "augmented_assignment" || (op && op.text() != "=");
    } else if (k == "named_expression") {
      collect_target_names(n.child_by_field("name"), a.targets);
      a.value = n.child_by_field("value");
    } else if (k == "init_declarator") {
      collect_target_names(n.child_by_field("declarator"), a.targets);
      a.value = n.child_by_field("value");
      a.declaration = true;
    } else {
      return true;
    }
    if (!a.targets.empty()) out.push_back(std::move(a));
    return true;
  });
  return out;
}

std::vector<IfChain> SyntaxTree::collect_if_chains(Node scope) const {
  std::vector<IfChain> out;
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() != "if_statement") return true;
    // C++ `else if` is an if_statement inside an else_clause: part of its parent's chain.
    Node parent = n.parent();
    if (!is_python() && parent && parent.kind() == "else_clause") return true;
    IfChain chain;
    chain.node = n;
    Node cond = n.child_by_field("condition");
    Node cons = n.child_by_field("consequence");
    chain.branches.push_back(Branch{cond, cons, n, n.start_line(), cons ? cons.end_line() : n.end_line()});
    if (is_python()) {
      for (Node c : n.named_children()) {
        if (c.kind() == "elif_clause") {
          Node body = c.child_by_field("consequence");
          chain.branches.push_back(Branch{c.child_by_field("condition"), body, c, c.start_line(), c.end_line()});
        } else if (c.kind() == "else_clause") {
          chain.branches.push_back(Branch{{}, c.child_by_field("body"), c, c.start_line(), c.end_line()});
          chain.has_else = true;
        }
      }
    } else {
      Node alt = n.child_by_field("alternative");
      for (int guard = 0; alt && guard < 10000; ++guard) {
        auto kids = alt.named_children();
        Node stmt = kids.empty() ? Node() : kids.back();
        if (stmt && stmt.kind() == "if_statement") {
          Node body = stmt.child_by_field("consequence");
          chain.branches.push_back(Branch{stmt.child_by_field("condition"), body, alt, alt.start_line(),
                                          body ? body.end_line() : alt.end_line()});
          alt = stmt.child_by_field("alternative");
        } else {
          chain.branches.push_back(Branch{{}, stmt, alt, alt.start_line(), alt.end_line()});
          chain.has_else = true;
          break;
        }
      }
    }
    out.push_back(std::move(chain));
    return true;
  });
  return out;
}

std::vector<Loop> SyntaxTree::collect_loops(Node scope) const {
  std::vector<Loop> out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    if (!kind_in(k, {"for_statement", "while_statement", "do_statement", "for_range_loop", "for_in_statement"}))
      return true;
    Loop l;
    l.node = n;
    l.body = n.child_by_field("body");
    l.is_while = k == "while_statement" || k == "do_statement";
    l.condition = n.child_by_field("condition");
    if (!l.condition) l.condition = n.child_by_field("right");
    if (l.is_while) {
      std::string c = strip_spaces(l.condition.text());
      while (c.size() >= 2 && c.front() == '(' && c.back() == ')') c = c.substr(1, c.size() - 2);
      l.infinite = c == "True" || c == "1" || c == "true";
    } else if (k == "for_statement" && !is_python()) {
      std::string t = strip_spaces(n.text().substr(0, std::min<size_t>(n.text().size(), 64)));
      l.infinite = t.starts_with("for(;;)");
    }
    out.push_back(l);
    return true;
  });
  return out;
}

std::vector<WithBlock> SyntaxTree::collect_with_blocks(Node scope) const {
  std::vector<WithBlock> out;
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() != "with_statement") return true;
    WithBlock w;
    w.node = n;
    w.body = n.child_by_field("body");
    for (Node c : n.named_children()) {
      if (c.kind() != "with_clause") continue;
      for (Node item : c.named_children()) {
        Node v = item.child_by_field("value");
        // `with f() as x`: the value is an as_pattern whose first child is the expression.
        if (v && v.kind() == "as_pattern" && !v.named_children().empty()) v = v.named_children().front();
        w.items.push_back(strip_spaces(v ? v.text() : item.text()));
      }
    }
    out.push_back(std::move(w));
    return true;
  });
  return out;
}

std::vector<TryBlock> SyntaxTree::collect_try_blocks(Node scope) const {
  std::vector<TryBlock> out;
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() != "try_statement") return true;
    TryBlock t;
    t.node = n;
    t.body = n.child_by_field("body");
    for (Node c : n.named_children()) {
      std::string_view k = c.kind();
      if (k != "except_clause" && k != "except_group_clause" && k != "catch_clause") continue;
      Node body;
      for (Node x : c.named_children())
        if (x.kind() == "block" || x.kind() == "compound_statement") body = x;
      Node value = c.child_by_field("value");
      if (k == "catch_clause") value = c.child_by_field("parameters");
      if (!value && k != "catch_clause") {
        auto kids = c.named_children();
        if (!kids.empty() && kids.front().kind() != "block") value = kids.front();
      }
      if (value && value.kind() == "as_pattern" && !value.named_children().empty())
        value = value.named_children().front();
      std::vector<std::string> types;
      if (value && value.kind() == "tuple") {
        for (Node e : value.named_children()) types.push_back(strip_spaces(e.text()));
      } else {
        types.push_back(strip_spaces(value.text()));
      }
      for (std::string& ty : types) {
        t.handler_types.push_back(std::move(ty));
        t.handler_bodies.push_back(body);
      }
    }
    out.push_back(std::move(t));
    return true;
  });
  return out;
}

std::vector<Literal> SyntaxTree::collect_string_literals(Node scope) const {
  std::vector<Literal> out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    if (k == "string" || k == "string_literal" || k == "raw_string_literal") {
      out.push_back(Literal{n, std::string(n.text()), literal_value(n), n.start_line()});
      return false;
    }
    return true;
  });
  return out;
}

std::vector<Literal> SyntaxTree::collect_number_literals(Node scope) const {
  std::vector<Literal> out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    if (k == "integer" || k == "float" || k == "number_literal") {
      out.push_back(Literal{n, std::string(n.text()), std::string(n.text()), n.start_line()});
      return false;
    }
    return true;
  });
  return out;
}

std::vector<Node> SyntaxTree::collect_comments(Node scope) const {
  std::vector<Node> out;
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() == "comment") out.push_back(n);
    return true;
  });
  return out;
}

// Rules ask for the identifiers of one name per function or call (is this name bound twice in
// the module?), so a whole-file walk per question made them quadratic in the file's size. The
// first whole-file question indexes every identifier by name (one pass over the walk order);
// after it, a question within a scope is the index's entries inside the scope's subtree.
std::vector<Node> SyntaxTree::identifiers(std::string_view name, Node scope) const {
  std::vector<Node> out;
  Memo& m = *memo_;
  WalkOrder& w = m.walk_order;
  bool whole = !scope || scope == root();
  if (whole) {
    std::call_once(m.idents_once, [&] {
      walk(root(), [](Node) { return false; });  // stores the walk order
      for (size_t i = 0; i < w.nodes.size(); ++i)
        if (Node n = w.node(i); n.kind() == "identifier") m.idents[n.text()].push_back(static_cast<uint32_t>(i));
      m.idents_ready.store(true, std::memory_order_release);
    });
  }
  std::optional<size_t> at;
  bool indexed = m.idents_ready.load(std::memory_order_acquire);
  if (indexed && !whole && NodeAccess::tree(scope) == this) at = stored_index(w, scope);
  if (indexed && (whole || at)) {
    auto it = m.idents.find(name);
    if (it == m.idents.end()) return out;
    const std::vector<uint32_t>& entries = it->second;
    auto first = whole ? entries.begin() : std::lower_bound(entries.begin(), entries.end(), static_cast<uint32_t>(*at));
    auto last = whole ? entries.end() : std::lower_bound(first, entries.end(), w.end[*at]);
    out.reserve(static_cast<size_t>(last - first));
    for (auto e = first; e != last; ++e) out.push_back(w.node(*e));
    return out;
  }
  walk(scope ? scope : root(), [&](Node n) {
    if (n.kind() == "identifier" && n.text() == name) out.push_back(n);
    return true;
  });
  return out;
}

bool SyntaxTree::is_binding(Node id) const {
  Node child = id;
  Node p = id.parent();
  while (p && kind_in(p.kind(), {"pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern",
                                 "dictionary_splat_pattern", "parenthesized_expression"})) {
    child = p;
    p = p.parent();
  }
  if (!p) return false;
  std::string_view k = p.kind();
  auto is_field = [&](std::string_view field) { return p.child_by_field(field) == child; };
  if (k == "assignment" || k == "augmented_assignment" || k == "for_statement" || k == "for_in_clause")
    return is_field("left");
  if (k == "named_expression") return is_field("name");
  if (k == "except_clause" || k == "except_group_clause") return is_field("alias");
  if (k == "function_definition" || k == "class_definition") return is_field("name");
  if (k == "default_parameter" || k == "typed_default_parameter") return is_field("name");
  if (k == "parameters" || k == "lambda_parameters" || k == "typed_parameter") return true;
  if (k == "as_pattern_target" || k == "aliased_import" || k == "global_statement" || k == "nonlocal_statement")
    return true;
  if (k == "as_pattern") return !(p.named_children().front() == child);
  if (k == "dotted_name") {
    // `import a.b` binds `a` only; `from m.n import x` binds `x`, never the module's parts.
    Node gp = p.parent();
    if (!gp || !(p.named_children().front() == child)) return false;
    if (gp.kind() == "import_statement") return true;
    return gp.kind() == "import_from_statement" && !(gp.child_by_field("module_name") == p);
  }
  if (k == "init_declarator") return is_field("declarator");
  if (k == "parameter_declaration" || k == "optional_parameter_declaration") return true;
  return false;
}

bool SyntaxTree::is_variable_read(Node id) const {
  if (is_binding(id)) return false;
  Node p = id.parent();
  if (!p) return true;
  std::string_view k = p.kind();
  if (k == "attribute") return p.child_by_field("object") == id;
  if (k == "keyword_argument") return p.child_by_field("value") == id;
  if (k == "field_expression") return p.child_by_field("argument") == id;
  if (k == "dotted_name" || k == "import_from_statement" || k == "import_statement") return false;
  return true;
}

std::string Import::top_level() const {
  if (level > 0) return {};
  return module.substr(0, module.find('.'));
}

std::vector<Import> SyntaxTree::collect_imports(Node scope) const {
  std::vector<Import> out;
  if (!is_python()) return out;
  walk(scope ? scope : root(), [&](Node n) {
    std::string_view k = n.kind();
    if (k == "import_statement") {
      for (Node c : n.named_children()) {
        Node name = c.kind() == "aliased_import" ? c.child_by_field("name") : c;
        if (!name || name.kind() != "dotted_name") continue;
        out.push_back(Import{n, strip_spaces(name.text()), 0, n.start_line()});
      }
      return false;
    }
    if (k == "future_import_statement") {
      out.push_back(Import{n, "__future__", 0, n.start_line()});
      return false;
    }
    if (k == "import_from_statement") {
      Node m = n.child_by_field("module_name");
      if (!m) return false;
      Import imp{n, "", 0, n.start_line()};
      if (m.kind() == "relative_import") {
        for (Node c : m.named_children()) {
          if (c.kind() == "import_prefix") imp.level = static_cast<int>(strip_spaces(c.text()).size());
          if (c.kind() == "dotted_name") imp.module = strip_spaces(c.text());
        }
        if (imp.level == 0) imp.level = 1;
      } else {
        imp.module = strip_spaces(m.text());
      }
      out.push_back(std::move(imp));
      return false;
    }
    return true;
  });
  return out;
}

std::vector<ImportedName> imported_names(const Import& imp) {
  std::vector<ImportedName> out;
  Node n = imp.node;
  if (!n) return out;
  auto name_of = [](Node c) -> ImportedName {
    if (c.kind() == "aliased_import")
      return {strip_spaces(c.child_by_field("name").text()), strip_spaces(c.child_by_field("alias").text())};
    return {strip_spaces(c.text()), ""};
  };
  if (n.kind() == "import_statement") {
    for (Node c : n.named_children()) {
      if (c.kind() != "dotted_name" && c.kind() != "aliased_import") continue;
      ImportedName in = name_of(c);
      if (in.name == imp.module) out.push_back(std::move(in));
    }
    return out;
  }
  if (n.kind() != "import_from_statement" && n.kind() != "future_import_statement") return out;
  Node module = n.child_by_field("module_name");
  for (Node c : n.named_children()) {
    if (c == module) continue;
    if (c.kind() == "wildcard_import") out.push_back({"*", ""});
    else if (c.kind() == "dotted_name" || c.kind() == "aliased_import") out.push_back(name_of(c));
  }
  return out;
}

bool SyntaxTree::runs_at_import(Node n) const {
  Node child = n;
  for (Node p = n.parent(); p; child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "function_definition" || k == "lambda") return false;
    if (k == "if_statement" && p.child_by_field("consequence") == child) {
      std::string cond = strip_spaces(p.child_by_field("condition").text());
      for (char& c : cond)
        if (c == '\'') c = '"';
      if (cond == "__name__==\"__main__\"" || cond == "\"__main__\"==__name__") return false;
    }
  }
  return true;
}

}  // namespace rp::lang
