// Syntax facade: Python imports and "does importing the module run this node".
#include <map>

#include <gtest/gtest.h>

#include "lang/syntax.h"

namespace rp::lang {
namespace {

TEST(SyntaxImports, AbsoluteRelativeAliasedAndFuture) {
  auto t = SyntaxTree::parse(Grammar::Python,
                             "from __future__ import annotations\n"  // 1
                             "import os, torch.nn as nn\n"           // 2
                             "from aiter.ops import quant\n"         // 3
                             "from . import envs\n"                  // 4
                             "from ..utils.x import y\n"             // 5
                             "def f():\n"                            // 6
                             "    import einops\n");                 // 7
  auto im = t->imports();
  ASSERT_EQ(im.size(), 7u);
  EXPECT_EQ(im[0].module, "__future__");
  EXPECT_EQ(im[1].module, "os");
  EXPECT_EQ(im[2].module, "torch.nn");
  EXPECT_EQ(im[2].top_level(), "torch");
  EXPECT_EQ(im[3].module, "aiter.ops");
  EXPECT_EQ(im[3].line, 3);
  EXPECT_EQ(im[4].level, 1);
  EXPECT_EQ(im[4].module, "");
  EXPECT_EQ(im[4].top_level(), "");
  EXPECT_EQ(im[5].level, 2);
  EXPECT_EQ(im[5].module, "utils.x");
  EXPECT_EQ(im[5].top_level(), "");
  EXPECT_EQ(im[6].top_level(), "einops");
  EXPECT_EQ(im[6].line, 7);
}

TEST(SyntaxImports, RunsAtImport) {
  auto t = SyntaxTree::parse(Grammar::Python,
                             "import sys\n"                         // 1
                             "sys.path.insert(0, 'a')\n"            // 2 module level
                             "class A:\n"                           // 3
                             "    sys.path.append('b')\n"           // 4 class body runs
                             "def f():\n"                           // 5
                             "    sys.path.append('c')\n"           // 6
                             "g = lambda: sys.path.append('d')\n"   // 7
                             "if __name__ == '__main__':\n"         // 8
                             "    sys.path.append('e')\n"           // 9
                             "try:\n"                               // 10
                             "    sys.path.append('f')\n"           // 11
                             "except ImportError:\n"                // 12
                             "    pass\n");                         // 13
  std::map<int, bool> at;
  for (const Call& c : t->calls())
    if (c.callee.starts_with("sys.path.")) at[c.line] = t->runs_at_import(c.node);
  EXPECT_TRUE(at[2]);
  EXPECT_TRUE(at[4]);
  EXPECT_FALSE(at[6]);
  EXPECT_FALSE(at[7]);
  EXPECT_FALSE(at[9]);
  EXPECT_TRUE(at[11]);
}

}  // namespace
}  // namespace rp::lang
