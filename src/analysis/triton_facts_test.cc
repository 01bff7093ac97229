#include "analysis/triton_facts.h"

#include <gtest/gtest.h>

#include "lang/syntax.h"

namespace rp {
namespace {

TEST(TritonFacts, ANameReachesTheTileOnlyThroughTheBindingLiveAtTheAccess) {
  // `row` is a scalar when the first load reads it; the loop rebinds it to a tile of BLOCK later.
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "@triton.jit\n"
                                      "def k(idx, buf, n, BLOCK: tl.constexpr):\n"
                                      "    row = tl.load(idx + n - 1)\n"
                                      "    ptr = row * 64 + tl.arange(0, 16)\n"
                                      "    head = tl.load(buf + ptr)\n"
                                      "    for start in range(0, n, BLOCK):\n"
                                      "        offs = start + tl.arange(0, BLOCK)\n"
                                      "        row = tl.load(idx + offs, mask=offs < n)\n"
                                      "        ptr = row * 64\n"
                                      "        tail = tl.load(buf + ptr)\n");
  ASSERT_FALSE(tree->functions().empty());
  const lang::Function& k = tree->functions().front();
  EXPECT_FALSE(reaches_vector(*tree, k, "buf + ptr", 5, "offs"));
  EXPECT_TRUE(reaches_vector(*tree, k, "buf + ptr", 10, "offs"));
  EXPECT_TRUE(reaches_vector(*tree, k, "buf + ptr", 5, "arange(16)"));
  EXPECT_FALSE(reaches_vector(*tree, k, "buf + n", 10, "offs"));
}

TEST(TritonFacts, OnlyAnUpperBoundAgainstARuntimeExtentMakesABlockRagged) {
  // `lanes >= SPLIT` picks the upper part of a tile (SPLIT a constexpr local), `lanes < width`
  // bounds it by a runtime extent, `lanes > lo` is a lower bound against a runtime value.
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "@triton.jit\n"
                                      "def k(src, dst, aux, width, lo, PARTS: tl.constexpr, W: tl.constexpr):\n"
                                      "    SPLIT: tl.constexpr = (PARTS - 1) * W\n"
                                      "    lanes = tl.arange(0, PARTS * W)\n"
                                      "    upper = lanes >= SPLIT\n"
                                      "    a = tl.load(src + lanes, mask=upper, other=0.0)\n"
                                      "    b = tl.load(aux + lanes, mask=lanes > lo, other=0.0)\n"
                                      "    c = tl.load(aux + lanes, mask=lanes < SPLIT, other=0.0)\n"
                                      "    tl.store(dst + lanes, a + b + c, mask=lanes < width)\n");
  ASSERT_FALSE(tree->functions().empty());
  const lang::Function& k = tree->functions().front();
  VectorNames v = vector_names(*tree, k);
  auto ragged = ragged_blocks(*tree, k, v);
  ASSERT_EQ(ragged.size(), 1u);
  const RaggedBlock& r = ragged.begin()->second;
  EXPECT_EQ(r.dim, "width");
  EXPECT_EQ(r.bases, (std::set<std::string>{"dst"}));
}

}  // namespace
}  // namespace rp
