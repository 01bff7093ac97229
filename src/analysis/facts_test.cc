// The shared facts of analysis/facts.h that take a parse tree.
#include "analysis/facts.h"

#include <gtest/gtest.h>

#include "lang/syntax.h"

namespace rp {
namespace {

using lang::Grammar;
using lang::SyntaxTree;

TEST(NamesRead, VariablesInReadingPositionsOnly) {
  auto t = SyntaxTree::parse(Grammar::Python,
                             "ok = not (mode and cfg.split) or f(x, key=y, *rest) is None and f'{z}' != 'w'\n");
  lang::Node value = t->assignments().front().value;
  EXPECT_EQ(names_read(*t, value), (std::vector<std::string>{"mode", "cfg", "f", "x", "y", "rest", "z"}));
}

TEST(NamesRead, CxxFieldNamesAreNotVariables) {
  auto t = SyntaxTree::parse(Grammar::Cuda, "int f(S s, int n) { return s.rows * n + g(n); }\n");
  const lang::Function& fn = t->functions().front();
  EXPECT_EQ(names_read(*t, fn.body), (std::vector<std::string>{"s", "n", "g", "n"}));
}

}  // namespace
}  // namespace rp
