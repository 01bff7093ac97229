// The typed vocabulary rules use instead of grammar node types: what a node is (NodeKind),
// how a parameter binds (ParamKind), and the questions several rules ask about statements and
// expressions, answered once here. Only lang/ names tree-sitter node types.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "lang/syntax.h"

namespace rp::lang {

// What a node is, in the reviewer's terms rather than a grammar's: the vocabulary rules use
// instead of tree-sitter node-type strings. One name covers both grammars where they mean the
// same thing (a Python `call` and a C++ `call_expression` are both Call); a grammar's node
// that no rule asks about is Other. Only lang/ knows which grammar type is which kind.
enum class NodeKind : uint8_t {
  Other,
  // --- statements and their clauses ---
  Module,               // the whole file
  Block,                // an indented Python body / a C++ `{ ... }`
  Comment,
  ExpressionStatement,  // an expression used as a statement: `f(x)`, `a = b` (Python)
  Assignment,           // `a = b` / `a: int = b` (Python)
  AugmentedAssignment,  // `a += b` (Python)
  Return,
  Raise,
  Assert,
  Pass,
  Break,
  Continue,
  Match,                // Python `match`
  Delete,
  Global,
  Nonlocal,
  Import,               // `import a.b` (Python)
  ImportFrom,           // `from a import b` (Python)
  If,
  Elif,                 // Python `elif` clause
  Else,                 // Python `else` clause
  For,
  While,
  With,
  WithClause,           // the items of a `with`
  Try,
  Except,               // `except ...:` / `except* ...:` / C++ `catch (...)`
  Finally,
  FunctionDef,          // Python def / C++ function definition
  ClassDef,             // Python class
  DecoratedDef,         // a Python def or class with its decorators
  Decorator,            // one `@...` line of a DecoratedDef
  Declaration,          // C++ `T x = ...;`
  FieldDeclaration,     // C++ member of a struct/class
  StructOrClass,        // C++ struct/class specifier
  InitDeclarator,       // C++ `x = ...` inside a declaration
  PointerDeclarator,    // C++ `*p` in a declaration
  PreprocConditional,   // C/C++ `#if` / `#ifdef` / `#elif`
  // --- expressions ---
  Call,                 // `f(x)` in both grammars
  ArgumentList,
  Attribute,            // Python `a.b`
  Subscript,            // `a[i]` in both grammars
  SubscriptArguments,   // C++ the `[i]` of a subscript
  Identifier,
  DottedName,           // `a.b` in an import
  AliasedImport,        // `a as b` in an import
  String,               // one Python string literal (f-strings included)
  ConcatenatedString,   // `"a" "b"` (Python)
  Interpolation,        // `{x}` inside an f-string
  Integer,
  Float,
  True,
  False,
  None,
  Ellipsis,             // `...`
  Tuple,
  ExpressionList,       // `a, b` without parentheses (Python)
  List,
  Set,
  Dict,
  Pair,                 // `k: v` in a dict
  Lambda,               // Python `lambda` / C++ `[&](...) {...}`
  Await,
  BinaryOp,             // `a + b` in both grammars
  BoolOp,               // Python `a and b` / `a or b`
  Comparison,           // Python `a < b`, `a in b`, `a is b`
  Not,                  // Python `not a`
  Unary,                // `-a`, `~a` in both grammars
  Conditional,          // `a if c else b` / `c ? a : b`
  Parenthesized,        // `(a)`
  PointerDeref,         // C++ `*p` / `&x`
  Comprehension,        // `[... for ...]`, `{...}`, `{k: v ...}`, `(... for ...)`
  ForInClause,          // `for x in y` inside a comprehension
  AsPattern,            // `E as e` in an except clause
  PatternList,          // Python `a, b` / `(a, b)` as an assignment or loop target
  TypedParameter,       // Python `x: int` parameter
  ListSplat,            // Python `*args` parameter / `*xs` target
  DictSplat,            // Python `**kw` parameter
};

// What `n` is; Other for a null node or a grammar node no rule asks about.
NodeKind node_kind(Node n);
bool is(Node n, NodeKind k);
bool is_any(Node n, std::initializer_list<NodeKind> ks);
// Nearest ancestor of `n` (not `n` itself) that is one of `ks`; null when none.
Node ancestor(Node n, std::initializer_list<NodeKind> ks);

// How a parameter binds its arguments: `x` / `x=1` / `x: int` are Plain (C++ parameters too),
// `*args` is VarPositional, `**kw` VarKeyword.
enum class ParamKind { Plain, VarPositional, VarKeyword };
ParamKind param_kind(const Param& p);

// --- shared questions about statements and expressions ---
// `x` for `(x)`, `((x))`; the node itself when it is not a parenthesised single expression.
Node unparenthesized(Node n);
// The operands of a chain of one Python boolean operator `op` ("and" / "or"), left to right,
// parentheses removed: `a or (b or c)` gives a, b, c; any other node is its own only operand.
// At most `limit` operands.
std::vector<Node> bool_operands(Node n, std::string_view op, size_t limit = SIZE_MAX);
// The expression a Python expression statement consists of (`f(x)`, `a = b`); null when
// `statement` is not an expression statement of exactly one expression.
Node lone_expression(Node statement);
// The statements of a body in order, comments left out.
std::vector<Node> statements(Node body);
// The calls a body consists of, when each of its statements (comments aside) is one lone call
// (`log(a)` / `report(x)`); empty when a statement is anything else, or there is none.
std::vector<Call> lone_calls(Node body);
// The docstring of a Python body: its first statement when that is a lone string; else null.
Node docstring(Node body);
// Whether a statement leaves the enclosing function or branch: `return` or `raise`.
bool is_exit(Node statement);
// Whether the last statement of a block is a return or raise (`if x: raise ...`).
bool last_statement_exits(Node body);
// Whether `n` starts a nested function (def or lambda), whose body does not run where it is
// written: walks that look for what a function does stop there.
bool is_nested_function(Node n);
// What a stub body may hold besides strings (docstrings), `...`, `pass` and comments: nothing
// else (Placeholder), or also a bare `return` / `return None` and a raise (Hook: a base-class
// method that documents an API and does nothing).
enum class Stub { Placeholder, Hook };
// Whether a Python body is a stub of that form. A null body is a stub.
bool is_stub_body(Node body, Stub form = Stub::Hook);
// The value a Python/C++ literal `True`/`False`/`true`/`false` stands for; nullopt otherwise.
std::optional<bool> bool_literal(Node n);
// Whether `n` is a string literal, also one made of adjacent pieces (`"a" "b"`).
bool is_string_literal(Node n);

}  // namespace rp::lang
