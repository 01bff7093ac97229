#include "core/paths.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

TEST(Paths, DirNamedMatchesDirectoriesNotTheFileName) {
  EXPECT_TRUE(has_dir_named("tests/a.py", "tests"));
  EXPECT_TRUE(has_dir_named("aiter/ops/tests/deep/a.py", "tests"));
  EXPECT_FALSE(has_dir_named("tests", "tests"));          // the file itself
  EXPECT_FALSE(has_dir_named("a/tests.py", "tests"));     // a file name, not a directory
  EXPECT_FALSE(has_dir_named("a/my_tests/b.py", "tests"));  // whole components only
  EXPECT_FALSE(has_dir_named("a/b.py", ""));
  EXPECT_TRUE(has_dir_named(".github/workflows/ci.yml", ".github"));
}

TEST(Paths, TestAndDocPaths) {
  EXPECT_TRUE(is_test_path("op_tests/test_gemm.py"));
  EXPECT_TRUE(is_test_path("aiter/unittests/x.py"));
  EXPECT_TRUE(is_test_path("aiter/ops/gemm_test.py"));
  EXPECT_TRUE(is_test_path("conftest.py"));
  EXPECT_TRUE(is_test_path("mesh/src/core/placement/tests.rs"));
  EXPECT_TRUE(is_test_path("mesh/src/router_test.rs"));
  EXPECT_FALSE(is_test_path("mesh/src/core/placement/testsuite.rs"));
  EXPECT_FALSE(is_test_path("aiter/ops/testing_utils.py"));
  EXPECT_FALSE(is_test_path("aiter/contest/x.py"));
  EXPECT_TRUE(is_doc_path("docs/index.rst"));
  EXPECT_TRUE(is_doc_path("aiter/doc/x.txt"));
  EXPECT_TRUE(is_doc_path("README.md"));
  EXPECT_FALSE(is_doc_path("aiter/docstring.py"));
}

}  // namespace
}  // namespace rp
