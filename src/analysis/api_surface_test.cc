#include "analysis/api_surface.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

TEST(ApiSurface, PassedArgumentByKeywordOrPosition) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "def run(x):\n"
                                      "    norm(x, w, scale=None)\n"
                                      "    mix(a, b)\n");
  index::PyCall norm;
  norm.callee = "norm";
  norm.line = 2;
  index::PyCall mix;
  mix.callee = "mix";
  mix.line = 3;
  lang::Node scale = api::passed_argument(*tree, norm, "scale");
  ASSERT_TRUE(scale);
  EXPECT_EQ(scale.text(), "None");
  EXPECT_EQ(api::passed_argument(*tree, mix, "b", 1).text(), "b");
  EXPECT_FALSE(api::passed_argument(*tree, mix, "c", 2));     // only two positional arguments
  EXPECT_FALSE(api::passed_argument(*tree, mix, "scale"));    // neither by keyword nor position
  index::PyCall elsewhere;
  elsewhere.line = 9;
  EXPECT_FALSE(api::passed_argument(*tree, elsewhere, "scale", 0));  // no call on that line
}

}  // namespace
}  // namespace rp
