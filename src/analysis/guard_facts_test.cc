#include "analysis/guard_facts.h"

#include <gtest/gtest.h>

namespace rp::guards {
namespace {

using lang::Grammar;
using lang::SyntaxTree;

std::unique_ptr<SyntaxTree> py(const std::string& src) { return SyntaxTree::parse(Grammar::Python, src); }
std::unique_ptr<SyntaxTree> cu(const std::string& src) { return SyntaxTree::parse(Grammar::Cuda, src); }

TEST(GuardFacts, ArchDirectory) {
  EXPECT_EQ(arch_directory("aiter/ops/_kernels/gfx950/attn/decode.py"), "gfx950");
  EXPECT_EQ(arch_directory("csrc/gfx1250/x.cu"), "gfx1250");
  EXPECT_EQ(arch_directory("aiter/ops/decode_gfx950.py"), "");  // a file name, not a directory
  EXPECT_EQ(arch_directory("aiter/ops/attn.py"), "");
}

TEST(GuardFacts, AllowlistPolarity) {
  auto t = py(
      "def f(arch):\n"                                                       // 1
      "    assert arch == 'gfx950'\n"                                        // 2
      "    if not arch.startswith('gfx942') and not arch.startswith('gfx950'):\n"  // 3
      "        raise ValueError(arch)\n"                                     // 4
      "    if arch not in ('gfx942', 'gfx1250'):\n"                          // 5
      "        raise ValueError(arch)\n"                                     // 6
      "    if arch == 'gfx942':\n"                                           // 7
      "        raise ValueError(arch)\n"                                     // 8
      "    assert arch != 'gfx90a'\n");                                      // 9
  auto checks = checks_in(*t);
  ASSERT_EQ(checks.size(), 5u);
  EXPECT_EQ(arch_allowlist(checks[0]), (std::set<std::string>{"gfx950"}));
  EXPECT_EQ(arch_allowlist(checks[1]), (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(arch_allowlist(checks[2]), (std::set<std::string>{"gfx942", "gfx1250"}));
  EXPECT_FALSE(arch_allowlist(checks[3]));  // rejects one arch; a new arch still passes
  EXPECT_FALSE(arch_allowlist(checks[4]));
}

TEST(GuardFacts, ValidatorCalledFirstPinsTheArch) {
  auto t = py(
      "def check_shape(arch, n):\n"                                    // 1
      "    if arch not in ('gfx942', 'gfx950'):\n"                     // 2
      "        raise RuntimeError('arch')\n"                           // 3
      "    if n < 0:\n"                                                // 4
      "        raise RuntimeError('n')\n"                              // 5
      "\n"                                                             // 6
      "def tile(arch):\n"                                              // 7
      "    if arch == 'gfx942':\n"                                     // 8
      "        return 4\n"                                             // 9
      "    return 16\n"                                                // 10
      "\n"                                                             // 11
      "def make(arch, n):\n"                                           // 12
      "    check_shape(arch, n)\n"                                     // 13
      "    return tile(arch)\n"                                        // 14
      "\n"                                                             // 15
      "def loose(arch):\n"                                             // 16
      "    if arch == 'gfx942':\n"                                     // 17
      "        return 1\n"                                             // 18
      "    return 2\n");                                               // 19
  auto reach = arch_reach(*t, "aiter/ops/x.py", 8);  // tile's only caller validates first
  ASSERT_TRUE(reach);
  EXPECT_EQ(reach->archs, (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(reach->line, 2);
  EXPECT_FALSE(arch_reach(*t, "aiter/ops/x.py", 17));  // nobody validates loose()
  EXPECT_TRUE(arch_reach(*t, "aiter/ops/gfx950/x.py", 17));  // unless the file is arch-specific
}

TEST(GuardFacts, UnguardedCallerOrSiblingBranchDoesNotCount) {
  auto t = py(
      "def tile(arch):\n"                                  // 1
      "    if arch == 'gfx942':\n"                         // 2
      "        return 4\n"                                 // 3
      "    return 16\n"                                    // 4
      "\n"                                                 // 5
      "def a(arch):\n"                                     // 6
      "    assert arch in ('gfx942', 'gfx950')\n"          // 7
      "    return tile(arch)\n"                            // 8
      "\n"                                                 // 9
      "def b(arch, fast):\n"                               // 10
      "    if fast:\n"                                     // 11
      "        assert arch == 'gfx950'\n"                  // 12
      "    return tile(arch)\n");                          // 13
  EXPECT_FALSE(arch_reach(*t, "x.py", 2));  // b's assert sits in a branch the call does not need
  EXPECT_TRUE(arch_reach(*t, "x.py", 8));
}

TEST(GuardFacts, NestedKernelSeesTheBuilderCheck) {
  auto t = py(
      "def build(arch):\n"                     // 1
      "    assert arch == 'gfx950'\n"          // 2
      "    def body(x):\n"                     // 3
      "        if arch == 'gfx950':\n"         // 4
      "            return x\n"                 // 5
      "        return -x\n"                    // 6
      "    return body\n");                    // 7
  auto reach = arch_reach(*t, "x.py", 4);
  ASSERT_TRUE(reach);
  EXPECT_EQ(reach->archs, (std::set<std::string>{"gfx950"}));
}

TEST(GuardFacts, FunctionRequiresArchOnThePathItPicks) {
  auto t = py(
      "def run(x, backend=None):\n"                                  // 1
      "    if backend is None:\n"                                    // 2
      "        backend = 'fast' if arch() == 'gfx1250' else 'slow'\n"  // 3
      "    if backend == 'fast':\n"                                  // 4
      "        assert arch() == 'gfx1250', 'fast needs gfx1250'\n"   // 5
      "        return fast(x)\n"                                     // 6
      "    return slow(x)\n");                                       // 7
  EXPECT_TRUE(function_requires_arch(*t, 3, "gfx1250"));
  EXPECT_FALSE(function_requires_arch(*t, 3, "gfx950"));
  EXPECT_FALSE(arch_reach(*t, "x.py", 3));  // the assert is after the line, in one branch
}

TEST(GuardFacts, Fp8FlavourFromFnuzRejectAndStaticAssert) {
  auto t = py(
      "LIMIT = 448.0\n"                                          // 1
      "def pick(fnuz):\n"                                        // 2
      "    if fnuz:\n"                                           // 3
      "        raise ValueError('ocp only')\n"                   // 4
      "def scale(x, fnuz):\n"                                    // 5
      "    pick(fnuz)\n"                                         // 6
      "    return x / LIMIT\n"                                   // 7
      "def kern(X, USE_MMA: tl.constexpr, IS_FNUZ: tl.constexpr):\n"  // 8
      "    tl.static_assert(not (USE_MMA and IS_FNUZ))\n"        // 9
      "    y = X * 448.0\n"                                      // 10
      "def other(x):\n"                                          // 11
      "    return x * 448.0\n");                                 // 12
  EXPECT_EQ(use_lines(*t, 1), (std::vector<int>{7}));
  EXPECT_EQ(fp8_flavour_at(*t, "x.py", 7), Fp8Flavour::Ocp);
  EXPECT_EQ(fp8_flavour_at(*t, "x.py", 10), Fp8Flavour::Ocp);
  EXPECT_EQ(fp8_flavour_at(*t, "x.py", 12), Fp8Flavour::Unknown);
  EXPECT_EQ(fp8_flavour_at(*t, "k/gfx942/x.py", 12), Fp8Flavour::Fnuz);
  EXPECT_EQ(fp8_flavour_at(*t, "k/softmax_mxfp8_gfx950.py", 12), Fp8Flavour::Ocp);
  EXPECT_EQ(fp8_flavour_at(*t, "k/mi300x_decode.py", 12), Fp8Flavour::Fnuz);
  EXPECT_EQ(fp8_flavour_at(*t, "k/gfx942_vs_gfx950.py", 12), Fp8Flavour::Unknown);  // two flavours
  EXPECT_EQ(fp8_flavour_at(*t, "k/gfx950x.py", 12), Fp8Flavour::Ocp);
  EXPECT_EQ(fp8_flavour_at(*t, "k/agfx950.py", 12), Fp8Flavour::Unknown);  // not a part of its own
  auto named = py(
      "def quant_tile_gfx1250(x):\n"  // 1
      "    return x / 448.0\n"          // 2
      "def quant_tile(x):\n"          // 3
      "    return x / 448.0\n");        // 4
  EXPECT_EQ(fp8_flavour_at(*named, "q.py", 2), Fp8Flavour::Ocp);
  EXPECT_EQ(fp8_flavour_at(*named, "q.py", 4), Fp8Flavour::Unknown);
}

TEST(GuardFacts, CppStaticAssertAndThrowingIf) {
  auto t = cu(
      "template <bool Fnuz>\n"                                   // 1
      "__device__ float bound() {\n"                             // 2
      "  static_assert(!Fnuz, \"ocp only\");\n"                  // 3
      "  return 448.0f;\n"                                       // 4
      "}\n"                                                      // 5
      "int pick(const std::string& arch) {\n"                    // 6
      "  if (arch != \"gfx942\" && arch != \"gfx950\") throw std::runtime_error(arch);\n"  // 7
      "  if (arch == \"gfx942\") return 1;\n"                    // 8
      "  return 2;\n"                                            // 9
      "}\n");                                                    // 10
  EXPECT_EQ(fp8_flavour_at(*t, "x.cu", 4), Fp8Flavour::Ocp);
  auto reach = arch_reach(*t, "x.cu", 8);
  ASSERT_TRUE(reach);
  EXPECT_EQ(reach->archs, (std::set<std::string>{"gfx942", "gfx950"}));
}

TEST(GuardFacts, CheckBeforeMentioningAnExpression) {
  auto t = py(
      "def route(kind):\n"                                     // 1
      "    gl.static_assert(kind != 'new', 'no new here')\n"   // 2
      "    if kind == 'a':\n"                                  // 3
      "        return 1\n"                                     // 4
      "    return 2\n");                                       // 5
  auto c = check_before(*t, 3, [](const Check& k) { return k.text.find("kind") != std::string::npos; });
  ASSERT_TRUE(c);
  EXPECT_EQ(c->line, 2);
  EXPECT_FALSE(check_before(*t, 2, [](const Check&) { return true; }));
}

}  // namespace
}  // namespace rp::guards
