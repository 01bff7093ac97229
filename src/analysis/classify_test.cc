#include "analysis/classify.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "source/unified_diff.h"

namespace rp {
namespace {

PullRequest pr_of(const std::string& diff, const std::string& title, const std::string& body = "") {
  PullRequest pr;
  auto changes = parse_unified_diff(diff);
  EXPECT_TRUE(changes.ok());
  if (changes.ok()) pr.changes = std::move(*changes);
  pr.meta.title = title;
  pr.meta.body = body;
  pr.meta.has_description = !body.empty();
  return pr;
}

std::string file_diff(const std::string& path, const std::vector<std::string>& added) {
  std::string d = "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n";
  d += "@@ -1,1 +1," + std::to_string(added.size() + 1) + " @@\n x = 1\n";
  for (const auto& a : added) d += "+" + a + "\n";
  return d;
}

std::vector<std::string> ids(const PrClassification& c) {
  std::vector<std::string> out;
  for (const PrType& t : c.types) out.push_back(t.id);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(Classify, DispatchOnDtypeAndArchIsADispatchChangeWithScope) {
  auto pr = pr_of(file_diff("aiter/ops/mla.py", {"if q.dtype == torch.float8_e4m3fnuz and get_gfx() == \"gfx950\":",
                                                 "    out = mla_decode_fp8(q)"}),
                  "[Perf] faster MLA decode");
  PrClassification c = classify(pr, *find_profile("aiter"));
  EXPECT_TRUE(c.has("dispatch-change"));
  EXPECT_TRUE(c.has("fp8-quant"));
  EXPECT_TRUE(c.has("perf"));
  EXPECT_TRUE(c.has("core-file"));  // aiter/ops/ is backbone
  EXPECT_TRUE(has(c.archs, "gfx950"));
  EXPECT_TRUE(has(c.dtypes, "fp8"));
  EXPECT_TRUE(has(c.phases, "decode"));
  EXPECT_TRUE(has(c.ops, "mla"));
  EXPECT_TRUE(c.runtime_surface);
  EXPECT_TRUE(has(c.mandatory, "perf"));
  EXPECT_TRUE(has(c.mandatory, "silent-bypass"));
}

TEST(Classify, TestsOnlyAndInfraOnlyAndVersionBump) {
  auto tests = classify(pr_of(file_diff("op_tests/test_mla.py", {"def test_x():", "    assert True"}), "add test"),
                        *find_profile("aiter"));
  EXPECT_EQ(ids(tests).front(), "tests-only");
  EXPECT_FALSE(tests.runtime_surface);
  EXPECT_EQ(tests.test_targets, std::vector<std::string>{"op_tests/test_mla.py"});

  auto infra = classify(pr_of(file_diff(".github/workflows/ci.yaml", {"  run: pytest"}) +
                                  file_diff("docs/perf.md", {"fp8 decode is faster"}),
                              "ci: run tests"),
                        *find_profile("aiter"));
  EXPECT_EQ(ids(infra), std::vector<std::string>{"infra-only"});
  EXPECT_TRUE(infra.mandatory.empty());

  auto bump = classify(pr_of(file_diff("aiter/_version.py", {"__version__ = \"0.1.5\""}), "bump"), *find_profile("aiter"));
  EXPECT_TRUE(bump.has("version-bump"));
  EXPECT_TRUE(bump.mandatory.empty());
}

TEST(Classify, DocstringsAndCommentsAreNotCode) {
  auto pr = pr_of(file_diff("aiter/ops/norm.py", {"def f(x):", "    \"\"\"", "    Works with fp8 and cudagraph capture.",
                                                  "    \"\"\"", "    # fp8 later", "    return x"}),
                  "Tidy norm");
  PrClassification c = classify(pr, *find_profile("aiter"));
  EXPECT_FALSE(c.has("fp8-quant"));
  EXPECT_FALSE(c.has("cudagraph"));
  EXPECT_EQ(c.real_code_lines, 2);
  EXPECT_EQ(c.comment_lines, 4);
}

TEST(Classify, OpWordsInsideOtherWordsAreNotOps) {
  auto pr = pr_of(file_diff("atom/entrypoints/api.py", {"x = normalize(request.property)"}), "Tidy api");
  EXPECT_TRUE(classify(pr, *find_profile("atom")).ops.empty());
}

TEST(Classify, RedefinedFunctionIsAnApiSignatureChange) {
  std::string d =
      "diff --git a/aiter/ops/gemm.py b/aiter/ops/gemm.py\n--- a/aiter/ops/gemm.py\n+++ b/aiter/ops/gemm.py\n"
      "@@ -1,2 +1,2 @@\n-def gemm(a, b):\n+def gemm(a, b, bias=None):\n     return a @ b\n";
  PrClassification c = classify(pr_of(d, "Add bias to gemm"), *find_profile("aiter"));
  EXPECT_TRUE(c.has("api-signature"));
  EXPECT_TRUE(has(c.ops, "gemm"));
}

TEST(Classify, ScatteredDiffAndBugFixTitle) {
  auto pr = pr_of(file_diff("aiter/a.py", {"y = 2"}) + file_diff("csrc/b.cpp", {"int y = 2;"}) +
                      file_diff("op_tests/c.py", {"z = 3"}),
                  "Fix crash in loader");
  PrClassification c = classify(pr, *find_profile("aiter"));
  EXPECT_TRUE(c.has("scattered-diff"));
  EXPECT_TRUE(c.has("bug-fix"));
  EXPECT_TRUE(has(c.mandatory, "coverage"));
}

// Deterministic bar 27: alignment arithmetic added, or alignment words in the title.
TEST(Classify, AlignmentArithmeticOrTitleIsAnAlignmentPr) {
  auto modulo = pr_of(file_diff("aiter/ops/gemm.py", {"    assert k % 128 == 0, k"}), "gemm: new shapes");
  EXPECT_TRUE(classify(modulo, *find_profile("aiter")).has("alignment"));
  auto cdiv = pr_of(file_diff("aiter/ops/gemm.py", {"    grid = (triton.cdiv(m, BLOCK_M),)"}), "gemm: grid");
  EXPECT_TRUE(classify(cdiv, *find_profile("aiter")).has("alignment"));
  auto title = pr_of(file_diff("csrc/a.cu", {"int y = 2;"}), "Relax K alignment for small batches");
  EXPECT_TRUE(classify(title, *find_profile("aiter")).has("alignment"));
  auto plain = pr_of(file_diff("aiter/ops/gemm.py", {"    y = m % n", "    pad = 3"}), "gemm: cleanup");
  EXPECT_FALSE(classify(plain, *find_profile("aiter")).has("alignment"));
}

}  // namespace
}  // namespace rp
