#include "analysis/intent_facts.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

using lang::Grammar;
using lang::SyntaxTree;

std::unique_ptr<SyntaxTree> py(const std::string& src) { return SyntaxTree::parse(Grammar::Python, src); }

const lang::Function& fn_named(const SyntaxTree& t, const std::string& name) {
  static std::vector<lang::Function> keep;
  keep = t.functions();
  for (const lang::Function& f : keep)
    if (f.name == name) return f;
  throw std::runtime_error("no function " + name);
}

TEST(IntentFacts, ReferenceNamesAndOracleNames) {
  EXPECT_TRUE(is_reference_function_name("ref_softmax"));
  EXPECT_TRUE(is_reference_function_name("naive_scan"));
  EXPECT_FALSE(is_reference_function_name("test_matches_torch"));
  EXPECT_TRUE(is_oracle_function_name("torch_moe_stage2"));
  EXPECT_TRUE(is_oracle_function_name("rope_ref"));
  // `native` names a backend in library code, not an oracle.
  EXPECT_FALSE(is_oracle_function_name("attn_fwd_native_split"));
}

TEST(IntentFacts, FullPrecisionIntentComesFromTheFunctionsOwnWords) {
  auto t = py(
      "def golden_a(x):\n    \"\"\"Kept in float64: the oracle must not round.\"\"\"\n    return x.double()\n\n"
      "def ref_b(x):\n    \"\"\"Port of upstream lib.ops.gate.ref_gate.\"\"\"\n    return x.float()\n\n"
      "def ref_c(x):\n    \"\"\"Reference gate.\"\"\"\n    return x.float()\n");
  EXPECT_TRUE(states_full_precision_intent(*t, fn_named(*t, "golden_a")));
  EXPECT_TRUE(states_full_precision_intent(*t, fn_named(*t, "ref_b")));
  EXPECT_FALSE(states_full_precision_intent(*t, fn_named(*t, "ref_c")));
}

TEST(IntentFacts, DocstringStatesTheDataFormat) {
  auto t = py(
      "def load_cfg(c):\n    \"\"\"Checkpoint layout: experts are FP4 (e2m1) with ue8m0 scales.\"\"\"\n    return c\n\n"
      "def pick(c):\n    \"\"\"Uses fp4 kernels when fast.\"\"\"\n    return c\n\n"
      "def plain(c):\n    return c\n");
  EXPECT_TRUE(docstring_states_format(fn_named(*t, "load_cfg"), "fp4|e2m1"));
  EXPECT_TRUE(docstring_states_format(fn_named(*t, "load_cfg"), "u?e8m0"));
  EXPECT_FALSE(docstring_states_format(fn_named(*t, "load_cfg"), "bf16|bfloat16"));
  // Names the dtype but documents no data layout.
  EXPECT_FALSE(docstring_states_format(fn_named(*t, "pick"), "fp4|e2m1"));
  EXPECT_FALSE(docstring_states_format(fn_named(*t, "plain"), "fp4|e2m1"));
}

TEST(IntentFacts, RelativeErrorMetricWithoutAbsoluteTolerance) {
  auto rel = py("def rel(a, b):\n    return (a - b).norm() / b.norm()\n\ndef test_x():\n    assert rel(f(), g()) < 1e-3\n");
  EXPECT_TRUE(compares_by_relative_error(*rel));
  auto both = py("def rel(a, b):\n    return (a - b).norm() / b.norm()\n\ndef test_x():\n"
                 "    torch.testing.assert_close(f(), g(), atol=1e-2, rtol=0)\n");
  EXPECT_FALSE(compares_by_relative_error(*both));
}

TEST(IntentFacts, ScriptOnlyFunctionsAreReachedOnlyFromMain) {
  auto t = py(
      "def helper():\n    print(1)\n\n"
      "def shared():\n    print(2)\n\n"
      "def main():\n    helper()\n    shared()\n\n"
      "def test_a():\n    shared()\n\n"
      "if __name__ == '__main__':\n    main()\n");
  std::set<std::string> s = script_only_functions(*t);
  EXPECT_TRUE(s.count("main"));
  EXPECT_TRUE(s.count("helper"));
  EXPECT_FALSE(s.count("shared"));  // pytest reaches it through test_a
  EXPECT_FALSE(s.count("test_a"));
}

TEST(IntentFacts, AttributeNameArgument) {
  auto t = py("if mode == getattr(Kind, 'Fast', None):\n    pass\nif mode == 'Fast':\n    pass\n");
  std::vector<lang::Literal> lits = t->string_literals();
  ASSERT_EQ(lits.size(), 2u);
  EXPECT_TRUE(is_attribute_name_argument(lits[0].node));
  EXPECT_FALSE(is_attribute_name_argument(lits[1].node));
}

TEST(IntentFacts, GuardStatementSpansLines) {
  auto t = py("def f(a):\n    assert (\n        a in (1, 2)\n    ), 'bad a'\n    b = (\n        a + 1\n    )\n");
  EXPECT_TRUE(line_in_guard_statement(*t, 3));
  EXPECT_FALSE(line_in_guard_statement(*t, 6));
  auto c = SyntaxTree::parse(Grammar::Cpp, "void f(int n) {\n  TORCH_CHECK(\n      n > 0, \"n\");\n  g(n);\n}\n");
  EXPECT_TRUE(line_in_guard_statement(*c, 3));
  EXPECT_FALSE(line_in_guard_statement(*c, 4));
}

TEST(IntentFacts, BehaviourPreservingRewrites) {
  EXPECT_TRUE(behaviour_preserving_rewrite("    if x > 0:", "    elif x > 0:", ""));
  EXPECT_FALSE(behaviour_preserving_rewrite("    if x > 0:", "    elif x >= 0:", ""));
  EXPECT_TRUE(behaviour_preserving_rewrite("n = table[key(a)]", "n = table.get(key(a), 4)", ""));
  EXPECT_TRUE(behaviour_preserving_rewrite("def f(a, b=1):", "def f(a, b=1, c=None):", ""));
  EXPECT_FALSE(behaviour_preserving_rewrite("def f(a, b=1):", "def f(a, c, b=1):", ""));
  EXPECT_TRUE(behaviour_preserving_rewrite("tmp = x + y", "total = x + y", "total = x + y\nreturn total\n"));
  // The old name still used elsewhere: two different values now, not a rename.
  EXPECT_FALSE(behaviour_preserving_rewrite("tmp = x + y", "total = x + y", "total = x + y\nreturn tmp\n"));
  EXPECT_FALSE(behaviour_preserving_rewrite("n = a + b", "n = a - b", ""));
}

TEST(IntentFacts, DocumentedFolder) {
  ChangeSet cs;
  FileChange skill;
  skill.new_path = "tools/x/SKILL.md";
  cs.files.push_back(skill);
  auto none = [](const std::string&) { return std::string(); };
  EXPECT_TRUE(documented_folder(cs, "tools/x/run.sh", none));
  EXPECT_FALSE(documented_folder(cs, "tools/y/run.sh", none));
  auto readme = [](const std::string& p) { return p == "tools/y/README.md" ? std::string("# y") : std::string(); };
  EXPECT_TRUE(documented_folder(cs, "tools/y/run.sh", readme));
}

}  // namespace
}  // namespace rp
