#include "analysis/api_surface.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

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

TEST(ApiSurface, CalledSignatureOfFunctionsAndConstructors) {
  testing_support::PythonRepo repo({{"kit/__init__.py", "from .parts import Gear, spin\n"},
                                    {"kit/parts.py", "class Gear:\n    def __init__(self, teeth, pitch=1.0):\n"
                                                     "        self.teeth = teeth\n"
                                                     "class Plain:\n    pass\n"
                                                     "def spin(rate, *, clockwise=True):\n    return rate\n"},
                                    {"use.py", "import kit\nfrom kit.parts import Plain\n"
                                               "def f():\n    kit.Gear(3)\n    kit.spin(1)\n    Plain()\n    len([])\n"}});
  const index::PyFunction* gear = api::called_signature(*repo.idx, "use.py", "kit.Gear", 4);
  ASSERT_NE(gear, nullptr);
  EXPECT_EQ(gear->name, "__init__");
  EXPECT_NE(gear->param("pitch"), nullptr);
  const index::PyFunction* spin = api::called_signature(*repo.idx, "use.py", "kit.spin", 5);
  ASSERT_NE(spin, nullptr);
  EXPECT_NE(spin->param("clockwise"), nullptr);
  EXPECT_EQ(api::called_signature(*repo.idx, "use.py", "Plain", 6), nullptr);  // no own __init__
  EXPECT_EQ(api::called_signature(*repo.idx, "use.py", "len", 7), nullptr);
}

}  // namespace
}  // namespace rp
