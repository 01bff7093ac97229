// Undefined names: Python's scopes as the interpreter sees them.
#include "analysis/undefined_names.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<std::string> undefined(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const UndefinedRead& r : undefined_reads(*tree)) out.push_back(r.name + ":" + std::to_string(r.line));
  return out;
}

TEST(UndefinedNames, ReadsNoScopeBinds) {
  EXPECT_EQ(undefined("import torch\n\ndef f(x):\n    return torch.ceil(x / block) + math.pi\n"),
            (std::vector<std::string>{"block:4", "math:4"}));
}

TEST(UndefinedNames, ModuleBindingsCountInAnyOrderAndEveryForm) {
  EXPECT_TRUE(undefined(R"(def f(x):
    return helper(x) + LIMIT + np.sum(x) + Cfg.size + alias(x)

try:
    import numpy as np
except ImportError:
    np = None
if True:
    LIMIT = 4
for _i in range(2):
    pass
with open(__file__) as fh:
    pass

def helper(v):
    return v + _i + len(fh.name)

class Cfg:
    size = 1

from os.path import join as alias
)")
                  .empty());
}

TEST(UndefinedNames, FunctionScopesParametersClosuresAndGlobals) {
  EXPECT_TRUE(undefined(R"(def outer(a, *rest, scale=2, **kw):
    total = 0
    def inner(b):
        nonlocal total
        total += b
        return a * scale + len(rest) + len(kw)
    for i, (p, q) in enumerate([(1, 2)]):
        total += p + q + i
    try:
        pass
    except ValueError as err:
        print(err)
    squares = [n * n for n in range(3) if (m := n) > 0]
    return inner(total) + m + sum(squares) + (lambda z: z + a)(1)

def setup():
    global REGISTRY
    REGISTRY = {}

def use():
    return REGISTRY
)")
                  .empty());
}

TEST(UndefinedNames, ClassBodyNamesAreNotVisibleInsideMethods) {
  EXPECT_EQ(undefined(R"(class Tile:
    width = 64
    area = width * width
    lanes = [width for _ in range(2)]

    def span(self):
        return width + self.width
)"),
            (std::vector<std::string>{"width:7"}));
}

TEST(UndefinedNames, BuiltinsAndModuleAttributes) {
  EXPECT_TRUE(undefined("def f(x):\n    if not isinstance(x, int):\n        raise TypeError(__name__)\n"
                        "    return max(x, 0), __file__, NotImplemented\n")
                  .empty());
}

TEST(UndefinedNames, PostponedAnnotationsAreNotEvaluated) {
  EXPECT_TRUE(undefined("from __future__ import annotations\n\ndef f(x: Tensor) -> Tensor:\n    return x\n").empty());
  EXPECT_EQ(undefined("def f(x: Tensor) -> int:\n    return x\n"), (std::vector<std::string>{"Tensor:1"}));
}

TEST(UndefinedNames, UnknowableModulesYieldNothing) {
  EXPECT_TRUE(undefined("from kernels import *\n\ndef f():\n    return gemm()\n").empty());
  EXPECT_TRUE(undefined("globals()['fast'] = 1\n\ndef f():\n    return fast\n").empty());
  EXPECT_TRUE(undefined("exec('x = 1')\nprint(x)\n").empty());
  EXPECT_TRUE(undefined("def f(:\n    return y\n").empty());  // parse error
}

TEST(UndefinedNames, NestingThousandsDeepIsUnknowableNotACrash) {
  std::string src = "def f():\n    return " + std::string(20000, '(') + "x" + std::string(20000, ')') + "\n";
  EXPECT_TRUE(undefined(src).empty());
  std::string shallow = "def f():\n    return " + std::string(50, '(') + "x" + std::string(50, ')') + "\n";
  EXPECT_EQ(undefined(shallow), (std::vector<std::string>{"x:2"}));
}

}  // namespace
}  // namespace rp
