// The Syntax facade: parse trees for Python and C/C++/CUDA/HIP behind a small API, so rules
// ask "which function encloses line 120?" or "which calls does this branch make?" and never
// touch the tree-sitter API. All lines are 1-based; all text views point into the tree's own
// copy of the source and live as long as the SyntaxTree.
//
// Robustness: tree-sitter recovers from errors locally (an ERROR node around what it could
// not parse). Queries skip ERROR subtrees' internals only where they would mislead (e.g. an
// if_statement inside an ERROR node is still reported if its own shape is complete), so a
// CUDA construct the grammar misreads costs at most the findings inside it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/paths.h"

struct TSTree;

namespace rp::lang {

class SyntaxTree;

// A node of a parsed tree: a value type, cheap to copy, valid while its tree lives.
class Node {
 public:
  Node() = default;
  bool null() const { return tree_ == nullptr; }
  explicit operator bool() const { return !null(); }

  std::string_view kind() const;   // grammar node type: "call", "if_statement", ...
  std::string_view text() const;   // exact source bytes
  int start_line() const;
  int end_line() const;
  uint32_t start_byte() const;
  uint32_t end_byte() const;
  bool is_named() const;
  bool is_error() const;           // ERROR or MISSING node
  bool has_error() const;          // this subtree contains an ERROR/MISSING node

  Node parent() const;
  Node child_by_field(std::string_view field) const;
  std::vector<Node> children() const;        // all, anonymous tokens included
  std::vector<Node> named_children() const;
  Node next_named_sibling() const;
  Node prev_named_sibling() const;
  // Nearest ancestor (not this node) whose kind is one of `kinds`.
  Node ancestor(std::initializer_list<std::string_view> kinds) const;
  bool contains_line(int line) const { return !null() && start_line() <= line && line <= end_line(); }
  bool operator==(const Node& o) const;

 private:
  friend struct NodeAccess;
  const SyntaxTree* tree_ = nullptr;
  // TSNode context. tree-sitter keeps a 16-bit alias symbol in the low half of raw_[3]; the
  // high half holds this node's kind tag (see NodeAccess::wrap), so kind() reads the kind
  // from the node instead of from the tree-sitter subtree, which on a large PR is cold memory.
  uint32_t raw_[4] = {0, 0, 0, 0};
  const void* id_ = nullptr;
};

// Visits `root` and every descendant in source order; return false to skip a subtree.
void walk(Node root, const std::function<bool(Node)>& visit);

struct Param {
  std::string name;        // "x", "*args", "**kw" are reported as "args", "kw"
  std::string default_text;  // "" when no default
  std::string annotation;    // "" when none
  Node node;
};

struct Function {
  Node node;               // whole definition (decorators included for Python)
  Node body;
  std::string name;        // "forward"; C++: unqualified name
  std::string qualified;   // "Model.forward" / "ns::Class::f"
  std::string class_name;  // enclosing class ("" if none)
  std::vector<std::string> decorators;  // text after '@', e.g. "torch.compile(fullgraph=True)"
  std::vector<Param> params;
  int start_line = 0, end_line = 0;  // of `node`
  bool is_cuda_kernel = false;       // __global__
};

struct ClassDef {
  Node node;
  std::string name;
  std::vector<std::string> bases;  // source text of each base
  int start_line = 0, end_line = 0;
};

struct Argument {
  std::string keyword;  // "" for positional
  Node value;
};

struct Call {
  Node node;
  std::string callee;       // full callee text with whitespace removed: "torch.empty", "x.item"
  std::string callee_name;  // last component: "empty", "item"
  Node receiver;            // "x" in x.item(); null for plain calls
  std::vector<Argument> args;
  int line = 0;
  const Argument* keyword(std::string_view name) const;
};

struct Assignment {
  Node node;
  std::vector<std::string> targets;  // plain names bound ("a", "b" for `a, b = ...`; "self.x" kept whole)
  Node value;
  int line = 0;
  bool augmented = false;  // +=, -=, ...
  bool declaration = false;  // C++ `T x = ...`
};

struct Branch {
  Node condition;  // null for else
  Node body;
  Node node;       // the if/elif/else clause itself
  int start_line = 0, end_line = 0;
};

struct IfChain {
  Node node;  // the whole if statement
  std::vector<Branch> branches;  // if, elif..., else
  bool has_else = false;
};

struct Loop {
  Node node;
  Node condition;  // while condition / for iterator; may be null
  Node body;
  bool is_while = false;
  bool infinite = false;  // while True / while 1 / while(true) / for(;;)
};

struct WithBlock {
  Node node;
  std::vector<std::string> items;  // "torch.cuda.graph(g)" ...
  Node body;
};

struct TryBlock {
  Node node;
  Node body;
  std::vector<std::string> handler_types;  // "ImportError", "" for bare except
  std::vector<Node> handler_bodies;
};

struct Literal {
  Node node;
  std::string text;   // as written
  std::string value;  // strings: contents without quotes/prefix; numbers: as written
  int line = 0;
};

// A Python import: `import a.b as c` → module "a.b"; `from ..x import y` → module "x", level 2;
// `from __future__ import annotations` → module "__future__".
struct Import {
  Node node;           // the whole import statement
  std::string module;  // dotted name without leading dots; "" for `from . import x`
  int level = 0;       // leading dots of a relative import; 0 = absolute
  int line = 0;
  // First component of an absolute module ("torch" for torch.nn.functional); "" when relative.
  std::string top_level() const;
};

// The names one Import binds: `from m import a as b, c` → {a, b}, {c, ""}; `from m import *`
// → {"*", ""}; `import a.b as c` → {"a.b", "c"}; `import a.b` → {"a.b", ""} (which binds `a`).
struct ImportedName {
  std::string name;
  std::string alias;  // "" when not renamed
};
std::vector<ImportedName> imported_names(const Import& imp);

// Which grammar parses a file. Chosen per extension by measurement (see lang/grammar.cc).
enum class Grammar { None, Python, Cpp, Cuda };
Grammar grammar_for_path(std::string_view path);

class SyntaxTree {
 public:
  ~SyntaxTree();
  SyntaxTree(const SyntaxTree&) = delete;
  SyntaxTree& operator=(const SyntaxTree&) = delete;

  // Parses `source`; never fails for Grammar != None (errors are local ERROR nodes).
  // A parse that exceeds the work budget (tree-sitter operations, proportional to the size;
  // never wall-clock time) yields a tree with only a root (no queries match) and
  // parse_stopped() true.
  static std::unique_ptr<SyntaxTree> parse(Grammar grammar, std::string source);

  // A whole-line replacement: lines [first_line, first_line + old_lines) of the old text
  // became `new_lines` lines starting at the same place (a diff hunk).
  struct LineEdit {
    int first_line = 1;  // 1-based, on the old side
    int old_lines = 0;
    int new_lines = 0;
  };
  // Parses `source`, which is `previous`'s text with `edits` applied (ascending, not
  // overlapping), reusing every subtree the edits did not touch: a PR that changes ten lines
  // of a 400 KB header reparses ten lines, not the header. The tree equals a fresh parse.
  static std::unique_ptr<SyntaxTree> reparse(const SyntaxTree& previous, std::string source,
                                             const std::vector<LineEdit>& edits);

  Grammar grammar() const { return grammar_; }
  // True when the parse ran out of its work budget: the tree is empty, the file unparsed.
  bool parse_stopped() const { return stopped_; }
  bool is_python() const { return grammar_ == Grammar::Python; }
  const std::string& source() const { return source_; }
  Node root() const;
  int error_count() const;  // ERROR + MISSING nodes
  // Text of one source line (without terminator); "" outside the file.
  std::string_view line_text(int line) const;
  int line_count() const { return static_cast<int>(line_starts_.size()); }

  // --- structure at a line ---
  // Innermost statement-level node (Python statement / C++ statement or declaration) that
  // contains `line`; null when the line is blank or outside any statement.
  Node statement_at(int line) const;
  std::optional<Function> enclosing_function(int line) const;
  std::optional<ClassDef> enclosing_class(int line) const;
  // The first descendant-or-self node of `scope` of one of `kinds` that starts on `line`.
  Node node_starting_at(int line, std::initializer_list<std::string_view> kinds, Node scope = {}) const;
  bool line_is_comment(int line) const;  // only a comment (or inside a docstring/string)

  // --- collections: the whole file's (no argument) are computed once per tree and returned by
  //     reference, valid as long as the tree; those within a scope are computed on each call
  //     (a null scope or the root gives a copy of the whole file's) ---
  const std::vector<Function>& functions() const;
  std::vector<Function> functions(Node scope) const;
  const std::vector<ClassDef>& classes() const;
  std::vector<ClassDef> classes(Node scope) const;
  const std::vector<Call>& calls() const;
  std::vector<Call> calls(Node scope) const;
  const std::vector<Assignment>& assignments() const;
  std::vector<Assignment> assignments(Node scope) const;
  const std::vector<IfChain>& if_chains() const;
  std::vector<IfChain> if_chains(Node scope) const;
  // The chain whose `if` statement is `if_node`; nullopt for any other node.
  std::optional<IfChain> if_chain_at(Node if_node) const;
  const std::vector<Loop>& loops() const;
  std::vector<Loop> loops(Node scope) const;
  const std::vector<WithBlock>& with_blocks() const;
  std::vector<WithBlock> with_blocks(Node scope) const;
  const std::vector<TryBlock>& try_blocks() const;
  std::vector<TryBlock> try_blocks(Node scope) const;
  const std::vector<Literal>& string_literals() const;
  std::vector<Literal> string_literals(Node scope) const;
  const std::vector<Literal>& number_literals() const;
  std::vector<Literal> number_literals(Node scope) const;
  const std::vector<Node>& comments() const;
  std::vector<Node> comments(Node scope) const;
  // Python import statements, one entry per imported module (`import a, b` gives two).
  const std::vector<Import>& imports() const;
  std::vector<Import> imports(Node scope) const;
  // Whether importing the module executes `n`: not inside a function or lambda body and not
  // under an `if __name__ == "__main__":` block. Class bodies and module-level if/try run.
  bool runs_at_import(Node n) const;
  // Identifier nodes named `name` inside `scope` (reads and writes).
  std::vector<Node> identifiers(std::string_view name, Node scope = {}) const;
  // Whether identifier node `id` is being bound (assignment target, for target, param,
  // def/class name, import alias, except alias).
  bool is_binding(Node id) const;
  // Whether identifier node `id` reads a variable: not a binding, not an attribute/field
  // name after '.', not a keyword-argument name.
  bool is_variable_read(Node id) const;

  // Internal: used by Node.
  const TSTree* raw() const { return tree_; }
  // Internal: Node::kind(). The grammar's node type names indexed by kind tag.
  const std::string_view* kind_names() const { return kind_names_; }
  // Internal: Node::parent(). tree-sitter finds a parent by walking down from the root and
  // scanning each ancestor's children, so a module of thousands of statements made every
  // parent() call scan them all; wide nodes keep their children sorted for a binary search.
  Node parent_of(const Node& n) const;

 private:
  SyntaxTree(Grammar g, std::string source);
  // The collections above, computed; the public calls memoize the whole-file ones, which
  // every rule asks for again (a 800-file PR walked each tree some 40 times).
  std::vector<Function> collect_functions(Node scope) const;
  std::vector<ClassDef> collect_classes(Node scope) const;
  std::vector<Call> collect_calls(Node scope) const;
  std::vector<Assignment> collect_assignments(Node scope) const;
  std::vector<IfChain> collect_if_chains(Node scope) const;
  std::vector<Loop> collect_loops(Node scope) const;
  std::vector<WithBlock> collect_with_blocks(Node scope) const;
  std::vector<TryBlock> collect_try_blocks(Node scope) const;
  std::vector<Literal> collect_string_literals(Node scope) const;
  std::vector<Literal> collect_number_literals(Node scope) const;
  std::vector<Node> collect_comments(Node scope) const;
  std::vector<Import> collect_imports(Node scope) const;
  struct Memo;  // the whole-file collections and walk() order (syntax.cc)
  friend void walk(Node root, const std::function<bool(Node)>& visit);
  std::unique_ptr<Memo> memo_;
  Grammar grammar_;
  std::string source_;
  TSTree* tree_ = nullptr;
  const std::string_view* kind_names_ = nullptr;
  bool stopped_ = false;
  std::vector<uint32_t> line_starts_;
};

Function describe_function(Node def);
Call describe_call(Node call);

}  // namespace rp::lang
