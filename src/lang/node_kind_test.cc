// The typed vocabulary rules use instead of grammar node types (NodeKind, parameter kinds and
// the shared statement questions), checked on both grammars.
#include <gtest/gtest.h>

#include "lang/node_kind.h"

namespace rp::lang {
namespace {

std::unique_ptr<SyntaxTree> py(const std::string& src) { return SyntaxTree::parse(Grammar::Python, src); }
std::unique_ptr<SyntaxTree> cu(const std::string& src) { return SyntaxTree::parse(Grammar::Cuda, src); }

// The first node of kind `k` in the tree (source order), or null.
Node first(const SyntaxTree& t, NodeKind k) {
  Node found;
  walk(t.root(), [&](Node n) {
    if (!found && is(n, k)) found = n;
    return !found;
  });
  return found;
}

TEST(NodeKind, OneNameForBothGrammars) {
  auto p = py("y = f(x[0]) + 1\n");
  auto c = cu("int g() { return f(x[0]) + 1; }\n");
  for (const SyntaxTree* t : {p.get(), c.get()}) {
    EXPECT_EQ(first(*t, NodeKind::Call).text(), "f(x[0])");
    EXPECT_EQ(first(*t, NodeKind::Subscript).text(), "x[0]");
    EXPECT_EQ(first(*t, NodeKind::BinaryOp).text(), "f(x[0]) + 1");
  }
  EXPECT_TRUE(first(*c, NodeKind::Block));
  EXPECT_TRUE(first(*c, NodeKind::Return));
}

TEST(NodeKind, PythonStatementsAndLiterals) {
  auto t = py(
      "import os\n"
      "from a import b as c\n"
      "x += 1\n"
      "if not flag and ok:\n"
      "    pass\n"
      "elif x is None:\n"
      "    raise ValueError('bad')\n"
      "else:\n"
      "    del x\n"
      "v = (1.5, [True, False], {'k': ...}, lambda: 0)\n");
  EXPECT_EQ(node_kind(t->root()), NodeKind::Module);
  for (NodeKind k : {NodeKind::Import, NodeKind::ImportFrom, NodeKind::AliasedImport, NodeKind::AugmentedAssignment,
                     NodeKind::If, NodeKind::Elif, NodeKind::Else, NodeKind::Pass, NodeKind::Raise, NodeKind::Delete,
                     NodeKind::BoolOp, NodeKind::Not, NodeKind::Comparison, NodeKind::None, NodeKind::Float,
                     NodeKind::True, NodeKind::False, NodeKind::Dict, NodeKind::Pair, NodeKind::Ellipsis,
                     NodeKind::Lambda, NodeKind::Tuple, NodeKind::List, NodeKind::String})
    EXPECT_TRUE(first(*t, k)) << static_cast<int>(k);
  EXPECT_FALSE(first(*t, NodeKind::While));
  EXPECT_FALSE(first(*t, NodeKind::PatternList));
  EXPECT_EQ(node_kind(Node()), NodeKind::Other);
  // An unpacking target, with or without parentheses, is a PatternList; the value side is not.
  auto u = py("a, b = c, d\n(e, f) = g\nfor h, i in j:\n    pass\n");
  int targets = 0;
  walk(u->root(), [&](Node n) {
    if (is(n, NodeKind::PatternList)) ++targets;
    return true;
  });
  EXPECT_EQ(targets, 3);
  EXPECT_TRUE(is_any(first(*t, NodeKind::Not), {NodeKind::Call, NodeKind::Not}));
  EXPECT_FALSE(is_any(first(*t, NodeKind::Not), {NodeKind::Call, NodeKind::BoolOp}));
}

TEST(NodeKind, ParameterKinds) {
  auto t = py("def f(a, b=1, *args, c: int = 2, d: str, **kw): pass\n"
              "def g(*xs: int, **opts: str): pass\n");
  auto fns = t->functions();
  ASSERT_EQ(fns.size(), 2u);
  std::vector<ParamKind> kinds;
  for (const Param& p : fns[0].params) kinds.push_back(param_kind(p));
  EXPECT_EQ(kinds, (std::vector<ParamKind>{ParamKind::Plain, ParamKind::Plain, ParamKind::VarPositional,
                                           ParamKind::Plain, ParamKind::Plain, ParamKind::VarKeyword}));
  ASSERT_EQ(fns[1].params.size(), 2u);
  EXPECT_EQ(param_kind(fns[1].params[0]), ParamKind::VarPositional);
  EXPECT_EQ(fns[1].params[0].name, "xs");
  EXPECT_EQ(param_kind(fns[1].params[1]), ParamKind::VarKeyword);
  auto c = cu("void k(int n, float* p = nullptr) {}\n");
  auto kernels = c->functions();  // kept alive: the loop reads a member of one of them
  ASSERT_EQ(kernels.size(), 1u);
  for (const Param& p : kernels[0].params) EXPECT_EQ(param_kind(p), ParamKind::Plain);
}

TEST(NodeKind, StatementQuestions) {
  auto t = py(R"(def stub(x):
    """Doc."""
    # a comment
    ...
    return None
def work(x):
    # lead
    log(x)
    log((x))
    return ((x))
)");
  auto fns = t->functions();
  ASSERT_EQ(fns.size(), 2u);
  EXPECT_TRUE(is_stub_body(fns[0].body));
  EXPECT_FALSE(is_stub_body(fns[1].body));
  EXPECT_TRUE(is_stub_body(Node()));
  EXPECT_FALSE(is_stub_body(fns[0].body, Stub::Placeholder));  // `return None` is a hook's, not a placeholder's
  auto placeholder = py("def p():\n    'Doc.'\n    pass\n    ...\n");
  EXPECT_TRUE(is_stub_body(placeholder->functions()[0].body, Stub::Placeholder));
  EXPECT_EQ(docstring(fns[0].body).text(), "\"\"\"Doc.\"\"\"");
  EXPECT_FALSE(docstring(fns[1].body));
  std::vector<Node> stmts = statements(fns[1].body);
  ASSERT_EQ(stmts.size(), 3u);  // the comment left out
  EXPECT_TRUE(is(lone_expression(stmts[0]), NodeKind::Call));
  EXPECT_FALSE(lone_expression(stmts[2]));
  EXPECT_TRUE(is_exit(stmts[2]));
  EXPECT_FALSE(is_exit(stmts[0]));
  EXPECT_EQ(unparenthesized(stmts[2].named_children()[0]).text(), "x");
  EXPECT_EQ(unparenthesized(stmts[0]).text(), "log(x)");
  std::vector<Call> calls = lone_calls(fns[1].body);
  EXPECT_TRUE(calls.empty());  // the return is not a call
  auto logs = py("if x:\n    log(a)\n    # note\n    log.warn(b)\n");
  std::vector<Call> both = lone_calls(logs->if_chains()[0].branches[0].body);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[1].callee, "log.warn");
}

TEST(NodeKind, LiteralValues) {
  auto t = py("a = True\nb = False\nc = None\nd = 'x' 'y'\ne = f'{a}'\n");
  EXPECT_EQ(bool_literal(first(*t, NodeKind::True)), std::optional<bool>(true));
  EXPECT_EQ(bool_literal(first(*t, NodeKind::False)), std::optional<bool>(false));
  EXPECT_EQ(bool_literal(first(*t, NodeKind::None)), std::nullopt);
  EXPECT_TRUE(is_string_literal(first(*t, NodeKind::ConcatenatedString)));
  EXPECT_TRUE(first(*t, NodeKind::Interpolation));
  EXPECT_FALSE(is_string_literal(first(*t, NodeKind::None)));
  auto c = cu("bool b = true;\n");
  EXPECT_EQ(bool_literal(first(*c, NodeKind::True)), std::optional<bool>(true));
}

TEST(NodeKind, NestedFunctionsStopWalks) {
  auto t = py("def f():\n    g = lambda: 1\n    def h(): pass\n");
  Node body = t->functions()[0].body;
  int nested = 0;
  walk(body, [&](Node n) {
    if (is_nested_function(n)) ++nested;
    return true;
  });
  EXPECT_EQ(nested, 2);
}

// Every node in source order, anonymous tokens included.
void every_node(Node n, std::vector<Node>& out) {
  out.push_back(n);
  for (Node c : n.children()) every_node(c, out);
}

// node_kind looks a type up by where tree-sitter keeps its name; the kind must still be the one
// the name spells: an anonymous keyword spelled like a node type, a type only the C++ grammar
// has, and the ERROR node (whose name is not in any grammar's table) with what it encloses.
TEST(NodeKind, KindFollowsTheTypeNameForEveryNode) {
  auto p = py("async def f(q):\n    return await q(lambda: None)\n");
  std::vector<Node> all;
  every_node(p->root(), all);
  int awaits = 0, lambdas = 0, nones = 0;
  for (Node n : all) {
    if (n.kind() == "await") {
      ++awaits;
      EXPECT_TRUE(is(n, NodeKind::Await));
    }
    if (n.kind() == "lambda") {
      ++lambdas;
      EXPECT_TRUE(is(n, NodeKind::Lambda));
    }
    if (n.kind() == "none") {
      ++nones;
      EXPECT_TRUE(is(n, NodeKind::None));
    }
    if (n.kind() == "return") {
      EXPECT_EQ(node_kind(n), NodeKind::Other);
    }
  }
  EXPECT_EQ(awaits, 2);  // the expression and its keyword token
  EXPECT_EQ(lambdas, 2);
  EXPECT_EQ(nones, 1);

  auto c = cu("struct S { int *p; };\nint g(S s) { return *s.p; }\n");
  EXPECT_TRUE(first(*c, NodeKind::StructOrClass));
  EXPECT_TRUE(first(*c, NodeKind::FieldDeclaration));
  EXPECT_EQ(first(*c, NodeKind::PointerDeref).text(), "*s.p");

  auto e = py("y = k(1)\n) ) ]\n");
  all.clear();
  every_node(e->root(), all);
  int errors = 0;
  for (Node n : all) {
    if (n.kind() == "ERROR") {
      ++errors;
      EXPECT_EQ(node_kind(n), NodeKind::Other);
    }
  }
  EXPECT_GE(errors, 1);
  EXPECT_EQ(first(*e, NodeKind::Call).text(), "k(1)");
}

TEST(NodeKind, BoolOperandsFlattenOneOperatorLeftToRight) {
  auto t = py("ok = a or (b or c) or (d and e)\n");
  Node value = t->assignments()[0].value;
  std::vector<std::string> texts;
  for (Node n : bool_operands(value, "or")) texts.emplace_back(n.text());
  EXPECT_EQ(texts, (std::vector<std::string>{"a", "b", "c", "d and e"}));
  EXPECT_EQ(bool_operands(value, "and").size(), 1u);  // another operator: the node itself
  EXPECT_EQ(bool_operands(value, "or", 2).size(), 2u);
}

}  // namespace
}  // namespace rp::lang
