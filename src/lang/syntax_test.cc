#include "lang/syntax.h"

#include <tuple>

#include "lang/parse_budget.h"

#include <gtest/gtest.h>
#include <tree_sitter/api.h>

namespace rp::lang {
namespace {

std::unique_ptr<SyntaxTree> py(const std::string& src) { return SyntaxTree::parse(Grammar::Python, src); }
std::unique_ptr<SyntaxTree> cu(const std::string& src) { return SyntaxTree::parse(Grammar::Cuda, src); }

// 20,000 unclosed template brackets: the costliest shape measured (~10 tree-sitter
// operations per byte, against ~1.3 for ordinary source).
std::string unclosed_templates() {
  std::string src = "void f() { ";
  for (int i = 0; i < 20000; ++i) src += "a<";
  return src + " }\n";
}

TEST(Syntax, HostileShapesParseWithinTheWorkBudget) {
  auto t = cu(unclosed_templates());
  EXPECT_FALSE(t->parse_stopped());
  EXPECT_FALSE(t->root().named_children().empty());
  std::string many;
  for (int i = 0; i < 20000; ++i) many += "def f" + std::to_string(i) + "(a):\n    return a\n";
  auto p = py(many);
  EXPECT_FALSE(p->parse_stopped());
  EXPECT_EQ(p->functions().size(), 20000u);
}

TEST(Syntax, ParseOverItsWorkBudgetIsEmptyAndSaysSo) {
  // The budget counts work, not time: the same input stops at the same point on any machine.
  std::unique_ptr<SyntaxTree> stopped, again;
  {
    lang::ParseBudgetForTesting tight(1, 0);
    stopped = cu(unclosed_templates());
    again = cu(unclosed_templates());
    EXPECT_FALSE(cu("void g() { return; }\n")->parse_stopped());  // 1 op/byte still covers this
  }
  EXPECT_TRUE(stopped->parse_stopped());
  EXPECT_TRUE(again->parse_stopped());
  EXPECT_TRUE(stopped->root().named_children().empty());
  EXPECT_EQ(stopped->root().end_line(), again->root().end_line());
  // A reparse cannot reuse an empty tree: it parses afresh, under the default budget here.
  std::string edited = stopped->source() + "void g() {}\n";
  auto reparsed = SyntaxTree::reparse(*stopped, edited, {{stopped->line_count() + 1, 0, 1}});
  EXPECT_FALSE(reparsed->parse_stopped());
  EXPECT_FALSE(reparsed->root().named_children().empty());
}

// Nodes that start at the same byte (`a.b.c(x)`: call, attribute, attribute, identifier) are
// told apart by identity in the stored walk order: the parent and the subtree walked from each
// are its own, before and after the whole-file walk stores the order.
TEST(Syntax, StoredWalkOrderTellsApartNodesStartingAtOneByte) {
  auto t = py("a.b.c(x)\n");
  auto chain = [&] {
    std::vector<Node> out;  // call, then the attribute chain down to `a`
    walk(t->root(), [&](Node n) {
      if (n.start_byte() == 0 && n.kind() != "module" && n.kind() != "expression_statement") out.push_back(n);
      return true;
    });
    return out;
  };
  std::vector<Node> nodes = chain();  // this whole-file walk stores the order
  ASSERT_EQ(nodes.size(), 4u);
  EXPECT_EQ(nodes[0].kind(), "call");
  EXPECT_EQ(nodes[3].text(), "a");
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    EXPECT_EQ(nodes[i].parent(), nodes[i - 1]) << i;
    int visited = 0;
    walk(nodes[i], [&](Node) { return ++visited, true; });
    // attribute `a.b.c`: itself, a.b, a, b, c; `a.b`: itself, a, b; `a`: itself.
    EXPECT_EQ(visited, i == 1 ? 5 : i == 2 ? 3 : 1) << i;
  }
  EXPECT_EQ(chain().size(), 4u);
}

// The stored walk order answers parent() and named_children() for any node, whatever the
// order of the questions: source order, reverse, far jumps both ways, the same node twice in a
// row, and nodes sharing a start byte (`a.b.c(x)` chains). Each answer is what tree-sitter's
// own children say.
TEST(Syntax, StoredWalkOrderAnswersQuestionsInAnyOrder) {
  std::string src;
  for (int i = 0; i < 120; ++i)
    src += "def f" + std::to_string(i) + "(a, b=" + std::to_string(i) + "):\n    return a.b.c(x[i]).d(b)\n";
  auto t = py(src);
  std::vector<Node> nodes;
  walk(t->root(), [&](Node n) { return nodes.push_back(n), true; });  // stores the order
  ASSERT_GT(nodes.size(), 2000u);
  std::vector<std::vector<Node>> kids(nodes.size());
  std::vector<Node> parent(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (Node c : nodes[i].children())
      if (c.is_named()) kids[i].push_back(c);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (std::size_t j = i + 1; j < nodes.size() && nodes[j].start_byte() < nodes[i].end_byte(); ++j)
      for (Node c : kids[i])
        if (c == nodes[j]) parent[j] = nodes[i];
  auto ask = [&](std::size_t i) {
    EXPECT_EQ(nodes[i].parent(), parent[i]) << i;
    EXPECT_EQ(nodes[i].named_children(), kids[i]) << i;
  };
  const std::size_t n = nodes.size();
  for (std::size_t i = 0; i < n; ++i) ask(i);
  for (std::size_t i = n; i-- > 0;) ask(i);
  for (std::size_t k = 0; k < n; ++k) ask((k * 7919) % n);        // far jumps
  for (std::size_t k = 0; k < n; ++k) ask(k % 2 ? n - 1 - k : k);  // ends alternating
  for (std::size_t k = 0; k < n; ++k) ask(k / 2);                  // each twice in a row
}

// kind() reads the kind recorded when the node was reached; it names what tree-sitter's own
// ts_node_type does for every node, named or not, aliased (C++ field_identifier is an alias of
// identifier), ERROR and MISSING included, reached as a child, a field, a parent or a walk.
void expect_kinds_match(const SyntaxTree& t) {
  int compared = 0;
  std::vector<std::pair<Node, TSNode>> stack{{t.root(), ts_tree_root_node(t.raw())}};
  while (!stack.empty()) {
    auto [node, ts] = stack.back();
    stack.pop_back();
    ASSERT_EQ(node.start_byte(), ts_node_start_byte(ts));
    EXPECT_EQ(node.kind(), std::string_view(ts_node_type(ts))) << node.text();
    EXPECT_EQ(node.is_named(), ts_node_is_named(ts)) << node.text();
    if (Node p = node.parent()) {
      EXPECT_EQ(p.kind(), std::string_view(ts_node_type(ts_node_parent(ts))));
    }
    std::vector<Node> kids = node.children();
    ASSERT_EQ(kids.size(), ts_node_child_count(ts));
    for (uint32_t i = 0; i < kids.size(); ++i) stack.emplace_back(kids[i], ts_node_child(ts, i));
    ++compared;
  }
  // The stored walk order (built by the first whole-file walk) holds the same kinds.
  std::vector<std::string_view> first, second;
  walk(t.root(), [&](Node n) { return first.push_back(n.kind()), true; });
  walk(t.root(), [&](Node n) { return second.push_back(n.kind()), true; });
  EXPECT_EQ(first, second);
  EXPECT_GT(compared, 10);
}

TEST(Syntax, KindIsTreeSittersNodeType) {
  expect_kinds_match(*py("import a.b as c\nclass K(B):\n    def f(self, *a, **k):\n        return [x for x in a if x]\n"));
  expect_kinds_match(*py("def broken(:\n    x = = 1\n    print(\n"));  // ERROR and MISSING nodes
  expect_kinds_match(*cu("struct S { int field; };\n__global__ void k(S s) { s.field = 1; k<<<1, 2>>>(s); }\n"));
  expect_kinds_match(*cu("void f( { int x = ; template <class T struct }\n"));
  auto field = cu("void f(S s) { s.field = 1; }\n");
  bool seen = false;
  walk(field->root(), [&](Node n) {
    if (n.kind() == "field_expression") {
      EXPECT_EQ(n.child_by_field("field").kind(), "field_identifier");
      seen = true;
    }
    return true;
  });
  EXPECT_TRUE(seen);
}

TEST(Syntax, GrammarPerExtension) {
  EXPECT_EQ(grammar_for_path("aiter/ops/mha.py"), Grammar::Python);
  EXPECT_EQ(grammar_for_path("csrc/kernels/a.cu"), Grammar::Cuda);
  EXPECT_EQ(grammar_for_path("csrc/include/a.h"), Grammar::Cuda);
  EXPECT_EQ(grammar_for_path("csrc/x.cpp"), Grammar::Cuda);
  EXPECT_EQ(grammar_for_path("README.md"), Grammar::None);
}

TEST(Syntax, PythonFunctionsWithDecoratorsAndParams) {
  auto t = py(
      "class Model(Base, metaclass=M):\n"          // 1
      "    @torch.compile(fullgraph=True)\n"       // 2
      "    def forward(self, x, *args, scale: float = 1.0, **kw):\n"  // 3
      "        return x\n"                         // 4
      "\n"                                         // 5
      "def helper(a, b=2):\n"                      // 6
      "    pass\n");
  auto fns = t->functions();
  ASSERT_EQ(fns.size(), 2u);
  EXPECT_EQ(fns[0].name, "forward");
  EXPECT_EQ(fns[0].qualified, "Model.forward");
  EXPECT_EQ(fns[0].class_name, "Model");
  ASSERT_EQ(fns[0].decorators.size(), 1u);
  EXPECT_EQ(fns[0].decorators[0], "torch.compile(fullgraph=True)");
  ASSERT_EQ(fns[0].params.size(), 5u);
  EXPECT_EQ(fns[0].params[2].name, "args");
  EXPECT_EQ(fns[0].params[3].name, "scale");
  EXPECT_EQ(fns[0].params[3].default_text, "1.0");
  EXPECT_EQ(fns[0].params[3].annotation, "float");
  EXPECT_EQ(fns[0].params[4].name, "kw");
  EXPECT_EQ(fns[0].start_line, 2);  // decorators belong to the definition
  EXPECT_EQ(fns[0].end_line, 4);
  EXPECT_EQ(fns[1].params[1].default_text, "2");
  auto cls = t->classes();
  ASSERT_EQ(cls.size(), 1u);
  EXPECT_EQ(cls[0].bases, std::vector<std::string>{"Base"});
}

TEST(Syntax, EnclosingFunctionAndClass) {
  auto t = py("class A:\n    def f(self):\n        x = 1\n\n        return x\n\ny = 2\n");
  auto f = t->enclosing_function(3);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->qualified, "A.f");
  EXPECT_TRUE(t->enclosing_function(4).has_value());  // blank line inside the body
  EXPECT_FALSE(t->enclosing_function(7).has_value());
  ASSERT_TRUE(t->enclosing_class(3).has_value());
  EXPECT_EQ(t->enclosing_class(3)->name, "A");
}

TEST(Syntax, PythonCallsWithKeywordsAndReceivers) {
  auto t = py("out = torch.empty((n, d), dtype=torch.bfloat16, device=x.device)\nv = x.item()\n");
  auto calls = t->calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].callee, "torch.empty");
  EXPECT_EQ(calls[0].callee_name, "empty");
  ASSERT_EQ(calls[0].args.size(), 3u);
  EXPECT_EQ(calls[0].args[1].keyword, "dtype");
  EXPECT_EQ(calls[0].args[1].value.text(), "torch.bfloat16");
  ASSERT_NE(calls[0].keyword("device"), nullptr);
  EXPECT_EQ(calls[0].keyword("missing"), nullptr);
  EXPECT_EQ(calls[1].callee_name, "item");
  EXPECT_EQ(calls[1].receiver.text(), "x");
  EXPECT_EQ(calls[1].line, 2);
}

TEST(Syntax, PythonAssignments) {
  auto t = py("a = 1\nb, (c, d) = f()\nself.x = 2\ne += 3\nif (n := len(v)) > 2:\n    pass\n");
  auto as = t->assignments();
  ASSERT_EQ(as.size(), 5u);
  EXPECT_EQ(as[0].targets, std::vector<std::string>{"a"});
  EXPECT_EQ(as[1].targets, (std::vector<std::string>{"b", "c", "d"}));
  EXPECT_EQ(as[2].targets, std::vector<std::string>{"self.x"});
  EXPECT_TRUE(as[3].augmented);
  EXPECT_EQ(as[4].targets, std::vector<std::string>{"n"});
}

TEST(Syntax, PythonIfChains) {
  auto t = py("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\nif c:\n    y = 1\n");
  auto chains = t->if_chains();
  ASSERT_EQ(chains.size(), 2u);
  ASSERT_EQ(chains[0].branches.size(), 3u);
  EXPECT_TRUE(chains[0].has_else);
  EXPECT_EQ(chains[0].branches[1].condition.text(), "b");
  EXPECT_TRUE(chains[0].branches[2].condition.null());
  EXPECT_EQ(chains[0].branches[2].start_line, 5);
  EXPECT_FALSE(chains[1].has_else);
  // The chain at an `if` statement is found from the node; any other node has none.
  auto second = t->if_chain_at(chains[1].node);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->branches.size(), 1u);
  EXPECT_EQ(second->branches[0].start_line, 7);
  EXPECT_FALSE(t->if_chain_at(chains[0].branches[0].body).has_value());
  EXPECT_FALSE(t->if_chain_at(lang::Node()).has_value());
}

TEST(Syntax, LoopsWithTryAndLiterals) {
  auto t = py(
      "while True:\n"
      "    try:\n"
      "        item = q.get(timeout=1)\n"
      "    except (queue.Empty, TimeoutError):\n"
      "        continue\n"
      "    except:\n"
      "        pass\n"
      "for i in range(3):\n"
      "    s = 'gfx942' + \"x\"\n"
      "n = 448.0\n");
  auto loops = t->loops();
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_TRUE(loops[0].infinite);
  EXPECT_FALSE(loops[1].infinite);
  auto tries = t->try_blocks();
  ASSERT_EQ(tries.size(), 1u);
  EXPECT_EQ(tries[0].handler_types, (std::vector<std::string>{"queue.Empty", "TimeoutError", ""}));
  auto strs = t->string_literals();
  ASSERT_EQ(strs.size(), 2u);
  EXPECT_EQ(strs[0].value, "gfx942");
  auto nums = t->number_literals();
  ASSERT_EQ(nums.back().value, "448.0");
}

TEST(Syntax, WithBlocks) {
  auto t = py("with torch.cuda.graph(g, stream=s) as cg, open(p):\n    y = model(x)\n");
  auto ws = t->with_blocks();
  ASSERT_EQ(ws.size(), 1u);
  EXPECT_EQ(ws[0].items, (std::vector<std::string>{"torch.cuda.graph(g,stream=s)", "open(p)"}));
  EXPECT_EQ(ws[0].body.start_line(), 2);
}

TEST(Syntax, BindingsAndReads) {
  auto t = py("def f(a):\n    b = a.b\n    g(b=b)\n    return b\n");
  int reads = 0, binds = 0;
  for (Node id : t->identifiers("b")) {
    reads += t->is_variable_read(id);
    binds += t->is_binding(id);
  }
  // `b =` binds; `a.b` attribute and `b=` keyword are neither; `=b` and `return b` read.
  EXPECT_EQ(binds, 1);
  EXPECT_EQ(reads, 2);
}

TEST(Syntax, ExceptAliasIsABinding) {
  auto t = py("try:\n    f()\nexcept ValueError as err:\n    log(err)\n");
  auto ids = t->identifiers("err");
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_TRUE(t->is_binding(ids[0]));
  EXPECT_FALSE(t->is_variable_read(ids[0]));
  EXPECT_TRUE(t->is_variable_read(ids[1]));
}

// identifiers() answers from a by-name index once a whole-file question built it; a question
// within a scope must give what a walk of that scope gives, before and after the index exists.
TEST(Syntax, IdentifiersWithinAScopeAgreeBeforeAndAfterTheIndex) {
  const char* src =
      "x = 1\n"
      "def f(x, y):\n"
      "    def g(x):\n"
      "        return x + y\n"
      "    return g(x) + z\n"
      "class C:\n"
      "    x = f(1, 2)\n"
      "    def m(self):\n"
      "        return self.x + x\n";
  auto walked = py(src);
  auto indexed = py(src);
  auto lines = [](const std::vector<Node>& ids) {
    std::vector<int> out;
    for (Node id : ids) out.push_back(id.start_line() * 100 + static_cast<int>(id.start_byte() % 100));
    return out;
  };
  std::vector<Node> all_x;  // by hand: a whole-file identifiers() call would index `walked` too
  walk(walked->root(), [&](Node n) {
    if (n.kind() == "identifier" && n.text() == "x") all_x.push_back(n);
    return true;
  });
  EXPECT_EQ(lines(indexed->identifiers("x")), lines(all_x));
  for (const char* name : {"x", "y", "z", "self", "g", "nothing"}) {
    for (size_t i = 0; i < walked->functions().size(); ++i) {
      const Function& a = walked->functions()[i];
      const Function& b = indexed->functions()[i];
      EXPECT_EQ(lines(indexed->identifiers(name, b.node)), lines(walked->identifiers(name, a.node))) << name;
      EXPECT_EQ(lines(indexed->identifiers(name, b.body)), lines(walked->identifiers(name, a.body))) << name;
    }
    ASSERT_EQ(indexed->classes().size(), 1u);
    EXPECT_EQ(lines(indexed->identifiers(name, indexed->classes()[0].node)),
              lines(walked->identifiers(name, walked->classes()[0].node)))
        << name;
  }
  EXPECT_EQ(indexed->identifiers("x").size(), 8u);
  EXPECT_EQ(indexed->identifiers("x", indexed->functions()[1].node).size(), 2u);  // g: its parameter and its read
}

TEST(Syntax, ImportsBindTheNameTheyIntroduceOnly) {
  auto t = py("from pkg.util import fp4\nimport pkg.ops\nimport tools.cli as cli\nfrom . import pkg\n");
  auto binds = [&](const char* name) {
    int n = 0;
    for (Node id : t->identifiers(name)) n += t->is_binding(id);
    return n;
  };
  // `from pkg.util import` binds fp4, not pkg; `import pkg.ops` binds pkg (line 2) and not
  // ops; `import tools.cli as cli` binds the alias; `from . import pkg` binds pkg (line 4).
  EXPECT_EQ(binds("fp4"), 1);
  EXPECT_EQ(binds("util"), 0);
  EXPECT_EQ(binds("pkg"), 2);
  EXPECT_EQ(binds("ops"), 0);
  EXPECT_EQ(binds("tools"), 0);
  EXPECT_EQ(binds("cli"), 1);
}

TEST(Syntax, StatementAtAndComments) {
  auto t = py("def f():\n    # note\n    x = 1\n    \"\"\"doc\n    more\"\"\"\n");
  EXPECT_TRUE(t->line_is_comment(2));
  EXPECT_FALSE(t->line_is_comment(3));
  EXPECT_TRUE(t->line_is_comment(5));
  Node s = t->statement_at(3);
  ASSERT_FALSE(s.null());
  EXPECT_EQ(s.kind(), "expression_statement");
  EXPECT_TRUE(t->statement_at(99).null());
}

TEST(Syntax, CudaKernelAndHostFunction) {
  auto t = cu(
      "template <typename T>\n"
      "__global__ void scale_kernel(T* __restrict__ out, const T* in, int n, float s = 1.f) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) out[i] = in[i] * s;\n"
      "  else if (i == n) { atomicAdd(out, 0); }\n"
      "  else { }\n"
      "}\n"
      "void launch(float* o, const float* i, int n, hipStream_t st) {\n"
      "  scale_kernel<float><<<(n + 255) / 256, 256, 0, st>>>(o, i, n);\n"
      "}\n"
      "namespace ns { struct Op : public Base { int f(int x) { return x; } }; }\n");
  auto fns = t->functions();
  ASSERT_EQ(fns.size(), 3u);
  EXPECT_EQ(fns[0].name, "scale_kernel");
  EXPECT_TRUE(fns[0].is_cuda_kernel);
  EXPECT_EQ(fns[0].start_line, 1);  // the template header belongs to it
  ASSERT_EQ(fns[0].params.size(), 4u);
  EXPECT_EQ(fns[0].params[0].name, "out");
  EXPECT_EQ(fns[0].params[3].default_text, "1.f");
  EXPECT_FALSE(fns[1].is_cuda_kernel);
  EXPECT_EQ(fns[2].class_name, "Op");
  auto chains = t->if_chains();
  ASSERT_EQ(chains.size(), 1u);  // the else-if belongs to the first chain
  EXPECT_EQ(chains[0].branches.size(), 3u);
  EXPECT_TRUE(chains[0].has_else);
  bool saw_launch = false, saw_atomic = false;
  for (const Call& c : t->calls()) {
    saw_launch |= c.callee_name == "scale_kernel";
    saw_atomic |= c.callee == "atomicAdd";
  }
  EXPECT_TRUE(saw_launch);
  EXPECT_TRUE(saw_atomic);
  auto classes = t->classes();
  ASSERT_EQ(classes.size(), 1u);
  EXPECT_EQ(classes[0].bases, std::vector<std::string>{"Base"});
  auto as = t->assignments();
  ASSERT_FALSE(as.empty());
  EXPECT_EQ(as[0].targets, std::vector<std::string>{"i"});
  EXPECT_TRUE(as[0].declaration);
}

TEST(Syntax, RobustToErrorsAndDeepNesting) {
  auto t = py("def f(:\n    x = = 1\n");
  EXPECT_GT(t->error_count(), 0);
  EXPECT_NO_THROW(t->functions());
  std::string deep = "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  auto d = py(deep);
  EXPECT_NO_THROW(d->number_literals());
  auto empty = py("");
  EXPECT_EQ(empty->functions().size(), 0u);
  EXPECT_EQ(empty->line_text(1), "");
  EXPECT_FALSE(empty->enclosing_function(1).has_value());
}

TEST(Syntax, NodeStartingAt) {
  auto t = py("a = 1\nif a:\n    b = torch.zeros(3)\n");
  Node n = t->node_starting_at(3, {"call"});
  ASSERT_FALSE(n.null());
  EXPECT_EQ(n.text(), "torch.zeros(3)");
  EXPECT_TRUE(t->node_starting_at(1, {"call"}).null());
}

}  // namespace
}  // namespace rp::lang

namespace rp::lang {
namespace {

// Every node's kind and byte range, in order: two trees are the same parse when these match.
std::vector<std::tuple<std::string, uint32_t, uint32_t, int, int>> shape(const SyntaxTree& t) {
  std::vector<std::tuple<std::string, uint32_t, uint32_t, int, int>> out;
  walk(t.root(), [&](Node n) {
    out.emplace_back(std::string(n.kind()), n.start_byte(), n.end_byte(), n.start_line(), n.end_line());
    return true;
  });
  return out;
}

TEST(Syntax, ReparseThroughLineEditsEqualsAFreshParse) {
  std::string old_src =
      "def f(x):\n    return x\n\n\ndef g(y):\n    if y:\n        return 1\n    return 2\n\n\nclass C:\n    pass\n";
  // Line 2 replaced by two lines, line 7 deleted, one line inserted after line 12 (the end).
  std::string new_src =
      "def f(x):\n    y = x + 1\n    return y\n\n\ndef g(y):\n    if y:\n    return 2\n\n\nclass C:\n    pass\n"
      "    z = 3";
  auto old_tree = SyntaxTree::parse(Grammar::Python, old_src);
  auto fresh = SyntaxTree::parse(Grammar::Python, new_src);
  auto incremental = SyntaxTree::reparse(*old_tree, new_src, {{2, 1, 2}, {7, 1, 0}, {13, 0, 1}});
  EXPECT_EQ(shape(*incremental), shape(*fresh));
  // And back: the old text from the new tree through the inverse edits.
  auto back = SyntaxTree::reparse(*fresh, old_src, {{2, 2, 1}, {8, 0, 1}, {13, 1, 0}});
  EXPECT_EQ(shape(*back), shape(*old_tree));
}

TEST(Syntax, ReparseCudaHeader) {
  std::string old_src = "__global__ void k(float* a) {\n  a[0] = 1;\n}\nvoid h() {}\n";
  std::string new_src = "__global__ void k(float* a, int n) {\n  if (n) a[0] = 1;\n}\nvoid h() {}\n";
  auto old_tree = SyntaxTree::parse(Grammar::Cuda, old_src);
  auto incremental = SyntaxTree::reparse(*old_tree, new_src, {{1, 2, 2}});
  EXPECT_EQ(shape(*incremental), shape(*SyntaxTree::parse(Grammar::Cuda, new_src)));
}

// parent() answers wide nodes (a module of many statements, a long initializer list) from
// stored children; every node, anonymous tokens and zero-width MISSING nodes included, must
// still name the node whose children() listed it.
void expect_parents_match_children(const SyntaxTree& t) {
  std::vector<Node> todo{t.root()};
  size_t checked = 0;
  EXPECT_TRUE(t.root().parent().null());
  while (!todo.empty()) {
    Node p = todo.back();
    todo.pop_back();
    for (Node c : p.children()) {
      ASSERT_TRUE(c.parent() == p) << c.kind() << " at line " << c.start_line() << " under " << p.kind();
      ++checked;
      todo.push_back(c);
    }
  }
  EXPECT_GT(checked, 1000u);
}

TEST(Syntax, ParentOfEveryNodeInWideTrees) {
  std::string src;
  for (int i = 0; i < 300; ++i) src += "x" + std::to_string(i) + " = f(a, b)[" + std::to_string(i) + "]\n";
  src += "def g():\n    return [" ;
  for (int i = 0; i < 100; ++i) src += std::to_string(i) + ", ";
  src += "]\n";
  src += "y = (1 +\n";  // unbalanced: an ERROR node and recovery inside a wide module
  for (int i = 0; i < 50; ++i) src += "z" + std::to_string(i) + " = ()\n";
  expect_parents_match_children(*py(src));

  std::string cpp = "int table[] = {";
  for (int i = 0; i < 200; ++i) cpp += std::to_string(i) + ",";
  cpp += "};\n__global__ void k(int* p) {\n";
  for (int i = 0; i < 100; ++i) cpp += "  p[" + std::to_string(i) + "] = " + std::to_string(i) + "\n";  // missing ';'
  cpp += "}\n";
  expect_parents_match_children(*cu(cpp));
}

}  // namespace
}  // namespace rp::lang
