// Binding arguments to parameters the way CPython does before a function body runs.
#include "analysis/call_binding.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

using index::PyCall;
using index::PyFunction;
using index::PyParam;

PyFunction def(std::vector<PyParam> params) {
  PyFunction f;
  f.name = "f";
  f.params = std::move(params);
  return f;
}
PyParam plain(std::string n, bool dflt = false) { return {std::move(n), dflt, PyParam::Plain}; }
PyParam star(std::string n) { return {std::move(n), false, PyParam::Star}; }
PyParam kwargs(std::string n) { return {std::move(n), false, PyParam::DoubleStar}; }
PyCall call(int positional, std::vector<std::string> keywords = {}, bool star = false) {
  PyCall c;
  c.callee = "f";
  c.positional = positional;
  c.keywords = std::move(keywords);
  c.star_args = star;
  return c;
}

TEST(CallBinding, AFullCallBindsEveryParameter) {
  CallBinding b = bind_call(def({plain("x"), plain("y"), plain("eps", true)}), call(1, {"y"}));
  EXPECT_TRUE(b.checkable);
  EXPECT_TRUE(b.missing.empty());
  EXPECT_TRUE(b.unexpected_keywords.empty());
  EXPECT_EQ(b.excess_positional, 0);
}

TEST(CallBinding, ARequiredParameterNothingFillsIsMissing) {
  CallBinding b = bind_call(def({plain("x"), plain("scale"), plain("out"), plain("eps", true)}), call(1, {"eps"}));
  EXPECT_EQ(b.missing, (std::vector<std::string>{"scale", "out"}));
}

TEST(CallBinding, KeywordOnlyParametersAfterStarArgsNeedAKeyword) {
  PyFunction f = def({plain("x"), star("rest"), plain("mode")});
  EXPECT_EQ(bind_call(f, call(3)).missing, (std::vector<std::string>{"mode"}));
  EXPECT_TRUE(bind_call(f, call(3, {"mode"})).missing.empty());
  EXPECT_EQ(bind_call(f, call(3)).excess_positional, 0);  // *rest takes them
}

TEST(CallBinding, TooManyPositionalAndUnknownKeywords) {
  CallBinding b = bind_call(def({plain("x"), plain("y", true)}), call(3, {"alpha"}));
  EXPECT_EQ(b.excess_positional, 1);
  EXPECT_EQ(b.unexpected_keywords, (std::vector<std::string>{"alpha"}));
  EXPECT_TRUE(bind_call(def({plain("x"), kwargs("kw")}), call(1, {"alpha"})).unexpected_keywords.empty());
}

TEST(CallBinding, ACallThatUnpacksIsNotCheckable) {
  CallBinding b = bind_call(def({plain("x"), plain("y")}), call(0, {}, true));
  EXPECT_FALSE(b.checkable);
  EXPECT_TRUE(b.missing.empty());
}

TEST(CallBinding, ModuleBindingsCountEveryBranchButNotInnerScopes) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "import os\n"
                                      "if os.environ.get('X'):\n"
                                      "    def f(a):\n        return a\n"
                                      "else:\n"
                                      "    def f(a, b):\n        return a\n"
                                      "def g():\n    f = 1\n    return f\n"
                                      "class C:\n    def f(self):\n        pass\n"
                                      "def h(x):\n    return x\n");
  EXPECT_EQ(module_bindings(*tree, "f"), 2);
  EXPECT_EQ(module_bindings(*tree, "h"), 1);
  EXPECT_EQ(module_bindings(*tree, "os"), 1);
}

}  // namespace
}  // namespace rp
