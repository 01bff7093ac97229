// The import guards read from the syntax tree: optional dependencies and type-checking-only imports.
#include "lang/import_guard.h"

#include <gtest/gtest.h>

#include <map>
#include <utility>

namespace rp {
namespace {

TEST(ImportGuard, TypeCheckingBlocksAreNotRuntimeImports) {
  auto t = lang::SyntaxTree::parse(lang::Grammar::Python,
                                   "import typing\n"                         // 1
                                   "from typing import TYPE_CHECKING\n"      // 2
                                   "if TYPE_CHECKING:\n"                     // 3
                                   "    from a import A\n"                   // 4
                                   "if typing.TYPE_CHECKING:\n"              // 5
                                   "    from b import B\n"                   // 6
                                   "if DEBUG:\n"                             // 7
                                   "    from c import C\n"                   // 8
                                   "try:\n"                                  // 9
                                   "    from d import D\n"                   // 10
                                   "except ImportError:\n"                   // 11
                                   "    D = None\n");                        // 12
  ASSERT_TRUE(t);
  std::map<int, std::pair<bool, bool>> by_line;  // line -> (type checking, import guarded)
  for (const lang::Import& im : t->imports())
    by_line[im.line] = {under_type_checking(im.node), guarded_by_import_error(*t, im.node)};
  EXPECT_EQ(by_line[1], std::make_pair(false, false));
  EXPECT_EQ(by_line[4], std::make_pair(true, false));
  EXPECT_EQ(by_line[6], std::make_pair(true, false));
  EXPECT_EQ(by_line[8], std::make_pair(false, false));
  EXPECT_EQ(by_line[10], std::make_pair(false, true));
}

}  // namespace
}  // namespace rp
