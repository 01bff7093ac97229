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

}  // namespace
}  // namespace rp
