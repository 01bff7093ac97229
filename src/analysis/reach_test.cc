// The reach gate: which files count as production code for a red finding, and how a red off
// that path reads after the gate.
#include "analysis/reach.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

const Profile& aiter() { return *find_profile("aiter"); }

TEST(CodeReach, PackageModulesAndKernelsAreProduction) {
  EXPECT_TRUE(code_reach(aiter(), "aiter/ops/triton/attention/decode.py").production);
  EXPECT_TRUE(code_reach(aiter(), "csrc/kernels/topk.cu").production);
  // A module nothing imports is still importable by the library's users.
  EXPECT_TRUE(code_reach(aiter(), "aiter/ops/flydsl/new_module_nobody_imports.py").production);
}

TEST(CodeReach, TestsAndScriptsOutsideThePackageAreNot) {
  Reach bench = code_reach(aiter(), "op_tests/op_benchmarks/triton/bench_topk.py");
  EXPECT_FALSE(bench.production);
  EXPECT_EQ(bench.why, "`op_tests/op_benchmarks/triton/bench_topk.py` is test code");
  Reach tuner = code_reach(aiter(), "gradlib/tune_gemm.py");
  EXPECT_FALSE(tuner.production);
  EXPECT_EQ(tuner.why, "`gradlib/tune_gemm.py` is a script outside the `aiter` package");
  EXPECT_FALSE(code_reach(aiter(), "tests/kernels/test_topk.cu").production);
}

TEST(CodeReach, ARevisionBeforeThePackageWasNamedKeepsItsScripts) {
  // Early history: the package directory had another name, so "outside the package" says nothing.
  EXPECT_TRUE(code_reach(aiter(), "ater/ops/norm.py", false).production);
  EXPECT_FALSE(code_reach(aiter(), "op_tests/test_norm.py", false).production);
}

TEST(CodeReach, WithoutAKnownPackageOnlyTestCodeIsOffThePath) {
  const Profile& generic = *find_profile("generic");
  EXPECT_TRUE(code_reach(generic, "tools/convert.py").production);
  EXPECT_FALSE(code_reach(generic, "tests/test_convert.py").production);
}

TEST(DemoteOffProduction, ARedOffThePathBecomesAWarningThatSaysWhy) {
  Finding f;
  f.severity = Severity::Red;
  f.impact = "NameError on the first call";
  demote_off_production(f, code_reach(aiter(), "op_tests/test_x.py"));
  EXPECT_EQ(f.severity, Severity::Warn);
  EXPECT_EQ(f.impact, "NameError on the first call (a warning, not a blocker: `op_tests/test_x.py` is test code)");
  Finding kept;
  kept.severity = Severity::Red;
  demote_off_production(kept, code_reach(aiter(), "aiter/ops/x.py"));
  EXPECT_EQ(kept.severity, Severity::Red);
  Finding warn;
  warn.severity = Severity::Note;
  demote_off_production(warn, code_reach(aiter(), "op_tests/test_x.py"));
  EXPECT_EQ(warn.severity, Severity::Note);
  EXPECT_TRUE(warn.impact.empty());
}

}  // namespace
}  // namespace rp
