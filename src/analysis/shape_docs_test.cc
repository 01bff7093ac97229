// Shapes documented in docstrings, and a dimension an op reduces away.
#include "analysis/shape_docs.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

bool heads(std::string_view d) { return d == "N_HEADS" || d == "n_heads"; }

TEST(ShapeDocs, ArgumentsAndReturnedShapes) {
  std::vector<DocShape> s = documented_shapes(
      "Scores rows.\n\n    rows:   [tokens, N_HEADS, dim], bf16\n    mix: (tokens, N_HEADS)\n"
      "    flag: bool\n\n    Returns:\n    score: [tokens, keys], fp32\n");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].name, "rows");
  EXPECT_EQ(s[0].dims, (std::vector<std::string>{"tokens", "N_HEADS", "dim"}));
  EXPECT_FALSE(s[1].returned);
  EXPECT_TRUE(s[2].returned);
  EXPECT_EQ(s[2].dims.size(), 2u);
}

TEST(ShapeDocs, ReducedDimension) {
  auto reduced = lang::SyntaxTree::parse(lang::Grammar::Python,
                                         "def score(rows, mix):\n    \"\"\"\n    rows: [t, N_HEADS, d]\n"
                                         "    Returns:\n    out: [t, k]\n    \"\"\"\n    return rows\n");
  EXPECT_TRUE(documents_reduced_dimension(*reduced, heads));
  auto kept = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "def attend(q):\n    \"\"\"\n    q: [t, n_heads, d]\n"
                                      "    Returns:\n    o: [t, n_heads, d]\n    \"\"\"\n    return q\n");
  EXPECT_FALSE(documents_reduced_dimension(*kept, heads));
  auto no_returns = lang::SyntaxTree::parse(lang::Grammar::Python,
                                            "def f(q):\n    \"\"\"q: [t, n_heads, d]\"\"\"\n    return q\n");
  EXPECT_FALSE(documents_reduced_dimension(*no_returns, heads));
}

}  // namespace
}  // namespace rp
