// Whether the values the code produces or admits reach a path through a function.
#include "analysis/admitted_values.h"

#include <gtest/gtest.h>

#include <memory>

#include "lang/node_kind.h"

namespace rp {
namespace {

struct Case {
  std::unique_ptr<lang::SyntaxTree> tree;
  lang::Function fn;
  std::vector<PathStep> steps;
};

// The function `name` of `src` and the conditions of its if statements at `lines`, each failing
// (or holding, for a negative line).
Case make(const char* src, const std::string& name, std::vector<int> lines) {
  Case c;
  c.tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  for (const lang::Function& f : c.tree->functions())
    if (f.name == name) c.fn = f;
  for (int line : lines) {
    bool holds = line < 0;
    int at = holds ? -line : line;
    lang::Node st = c.tree->node_starting_at(at, {"if_statement", "elif_clause"});
    c.steps.push_back({st.child_by_field("condition"), holds});
  }
  return c;
}

PathAdmission run(const Case& c) { return admitted_path(*c.tree, c.fn, c.steps); }

TEST(AdmittedValues, BoolAttributeFlagIsAdmitted) {
  Case c = make(R"(class Block:
    def __init__(self, gated: bool = True):
        self.gated = gated

    def forward(self, x):
        if self.gated:
            y = x
        return y
)",
                "forward", {6});
  PathAdmission a = run(c);
  ASSERT_TRUE(a.admitted());
  EXPECT_NE(a.reasons[0].why.find("bool flag"), std::string::npos);
  EXPECT_EQ(a.reasons[0].line, 3);
}

TEST(AdmittedValues, EnumerationOfSupportedValuesIsNot) {
  Case c = make(R"(def pack(w, fmt):
    if fmt == "a":
        p = 1
    elif fmt == "b":
        p = 2
    return p
)",
                "pack", {2, 4});
  PathAdmission a = run(c);
  EXPECT_FALSE(a.admitted());
  ASSERT_EQ(a.unadmitted.size(), 1u);
  EXPECT_EQ(a.unadmitted[0], "`fmt` is none of \"a\", \"b\"");
}

TEST(AdmittedValues, DefaultLeftUncoveredIsAdmittedUnlessRebound) {
  const char* src = R"(def pick(x, mode="auto"):
    if mode == "a":
        p = 1
    return p


def pick2(x, mode=None):
    mode = mode or "a"
    if mode == "a":
        p = 1
    return p
)";
  Case c = make(src, "pick", {2});
  EXPECT_TRUE(run(c).admitted());
  Case d = make(src, "pick2", {9});
  EXPECT_FALSE(run(d).admitted());
}

TEST(AdmittedValues, LiteralTestedElsewhereInTheFile) {
  const char* src = R"(ARCH = detect()
if ARCH == "x1":
    T = 1
elif ARCH == "x2":
    T = 2


def tile():
    if ARCH == "x1":
        t = 4
    return t


def tile2():
    if ARCH == "x2":
        return 8
    if ARCH == "x1":
        t = 4
    return t
)";
  Case c = make(src, "tile", {9});
  PathAdmission a = run(c);
  ASSERT_TRUE(a.admitted());
  EXPECT_NE(a.reasons[0].why.find("\"x2\" (line 4)"), std::string::npos);
  // "x2" is left for earlier in the function: only unsupported values remain.
  Case d = make(src, "tile2", {17});
  EXPECT_FALSE(run(d).admitted());
}

TEST(AdmittedValues, ArgparseChoiceAndVersionText) {
  const char* src = R"(import argparse
import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kind", choices=["a", "b", "c"], default="a")
    args = p.parse_args()
    if args.kind == "a":
        k = 1
    elif args.kind == "b":
        k = 2
    return k


def api():
    if torch.__version__ >= "2.6":
        f = 1
    return f
)";
  Case c = make(src, "main", {9, 11});
  PathAdmission a = run(c);
  ASSERT_TRUE(a.admitted());
  EXPECT_NE(a.reasons[0].why.find("\"c\""), std::string::npos);
  Case d = make(src, "api", {17});
  ASSERT_TRUE(run(d).admitted());
  EXPECT_NE(run(d).reasons[0].why.find("version string"), std::string::npos);
}

TEST(AdmittedValues, SeveralFlagsOfAnotherObjectAreNotButOneTruthTestIs) {
  const char* src = R"(def load(cfg):
    if cfg.mode.is_a:
        n = 1
    elif cfg.mode.is_b:
        n = 2
    return n


def rope(cfg):
    if cfg.scaling is not None:
        f = cfg.scaling["factor"]
    return f


def view(key: Tensor):
    if key is not None:
        s = key.shape
    return s
)";
  EXPECT_FALSE(run(make(src, "load", {2, 4})).admitted());
  EXPECT_TRUE(run(make(src, "rope", {10})).admitted());
  // The annotation says the parameter is never None: only an unsupported call gets there.
  EXPECT_FALSE(run(make(src, "view", {16})).admitted());
}

TEST(AdmittedValues, ElseStepsCoverTheirLiteralsAndArmsAreAdmitted) {
  const char* src = R"(def fwd(self, x):
    if self.q == Q.NONE:
        y = x
    else:
        if self.q == Q.A:
            y = 1
        elif self.q == Q.B:
            y = 2
    return y


def other(self):
    if self.q == Q.C:
        return 3
)";
  Case c = make(src, "fwd", {5, 7});
  lang::Node outer = c.tree->node_starting_at(2, {"if_statement"}).child_by_field("condition");
  c.steps.push_back({outer, false, 4});
  PathAdmission a = run(c);
  // Q.C is tested elsewhere and left out: admitted; without that function it would not be.
  ASSERT_TRUE(a.admitted());
  Case d = make(R"(def fwd(self, x):
    if self.q == Q.NONE:
        y = x
    else:
        if self.q == Q.A:
            y = 1
    return y
)",
                "fwd", {5});
  lang::Node outer2 = d.tree->node_starting_at(2, {"if_statement"}).child_by_field("condition");
  d.steps.push_back({outer2, false, 4});
  EXPECT_FALSE(run(d).admitted());
  Case e = make(src, "fwd", {-5});
  EXPECT_TRUE(run(e).admitted());
  EXPECT_TRUE(run(e).reasons[0].arm);
}

TEST(AdmittedValues, OlderDependencyStepsAndArms) {
  const char* src = R"(import sys
import numpy as np
from packaging.version import Version


def pick(cfg, mode):
    if hasattr(np.linalg, "matrix_power"):
        a = 1
    else:
        if mode == "x":
            b = 2
    if Version(np.__version__) < Version("1.20"):
        c = 3
    if sys.version_info >= (3, 10):
        d = 4
    if np.__version__ < "1.20":
        e = 5
    if hasattr(cfg, "fast") and hasattr(np, "fft"):
        f = 6
    if hasattr(np.ops.mylib, "fused"):
        g = 7
    return b
)";
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  auto cond = [&](int line) {
    return tree->node_starting_at(line, {"if_statement", "elif_clause"}).child_by_field("condition");
  };
  // A feature probe of an imported module: false needs an older release; true does not.
  std::optional<std::string> probe = older_dependency_step(*tree, cond(7), false);
  ASSERT_TRUE(probe);
  EXPECT_NE(probe->find("older release"), std::string::npos);
  EXPECT_FALSE(older_dependency_step(*tree, cond(7), true));
  // Parsed versions: the lower side only.
  EXPECT_TRUE(older_dependency_step(*tree, cond(12), true));
  EXPECT_FALSE(older_dependency_step(*tree, cond(12), false));
  EXPECT_TRUE(older_dependency_step(*tree, cond(14), false));
  EXPECT_FALSE(older_dependency_step(*tree, cond(14), true));
  // A version compared as text is not one ("1.3" < "1.20" as text); a probe of a parameter is not.
  EXPECT_FALSE(older_dependency_step(*tree, cond(16), true));
  EXPECT_FALSE(older_dependency_step(*tree, cond(18), false));
  // A registry of built ops: a missing op is a build choice, not an older release.
  EXPECT_FALSE(older_dependency_step(*tree, cond(20), false));
  // The chain at line 10 sits in the else of the probe at line 7.
  lang::Node inner = tree->node_starting_at(10, {"if_statement"});
  std::optional<std::string> arm = older_dependency_arm(*tree, inner);
  ASSERT_TRUE(arm);
  EXPECT_NE(arm->find("matrix_power"), std::string::npos);
  EXPECT_FALSE(older_dependency_arm(*tree, tree->node_starting_at(12, {"if_statement"})));
}

}  // namespace
}  // namespace rp
