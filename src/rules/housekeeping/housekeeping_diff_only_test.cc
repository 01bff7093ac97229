// The diff-only paths of the housekeeping rules: the fixtures always give both trees, so the
// textual fallbacks (no parse tree for a modified file) are exercised here through a diff.
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>

#include <unistd.h>

#include <gtest/gtest.h>

#include "review/review.h"

namespace rp {
namespace {

namespace fs = std::filesystem;

// The git header of a modified file, before its hunks.
std::string modified(const std::string& path) {
  return "diff --git a/" + path + " b/" + path + "\nindex 1111111..2222222 100644\n--- a/" + path + "\n+++ b/" + path +
         "\n";
}

// Runs one rule over a diff (no repository) and returns (file, line) of its findings.
std::set<std::pair<std::string, int>> run(const std::string& rule, const std::string& diff,
                                          std::vector<SkippedRule>* skipped = nullptr) {
  fs::path dir = fs::temp_directory_path() / ("rp_hk_diff_only_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "pr.diff") << diff;
  std::ofstream(dir / "pr.json") << R"({"title": "t", "body": "b", "number": 1})";
  ReviewInputs in;
  in.diff_file = (dir / "pr.diff").string();
  in.meta_file = (dir / "pr.json").string();
  in.rules.only = {rule};
  Result<Review> review = run_review(in);
  fs::remove_all(dir);
  EXPECT_TRUE(review.ok()) << (review.ok() ? "" : review.error());
  std::set<std::pair<std::string, int>> out;
  if (!review.ok()) return out;
  for (const Finding& f : review->findings)
    if (f.location) out.insert({f.location->file, f.location->line});
  if (skipped) *skipped = review->skipped;
  return out;
}

TEST(HousekeepingDiffOnly, IncompleteStubReadsBranchesFromHunkIndentation) {
  const std::string diff =
      modified("atom/model_ops/moe.py") +
      "@@ -10,5 +10,15 @@ def select_moe_kernel(quant_type, num_experts):\n"
      "     if quant_type == \"fp8\":\n"                  // 10
      "         return \"fmoe_fp8\"\n"                      // 11
      "+    elif quant_type == \"mxfp4\":\n"              // 12
      "+        # TODO: switch to the a4w4 kernel\n"       // 13 fires: new elif
      "+        return \"fmoe_bf16\"\n"                     // 14
      "+    if num_experts > 256:\n"                       // 15
      "+        pass\n"                                     // 16 fires: if that does nothing
      "+    if num_experts > 512:\n"                       // 17
      "+        pass\n"                                     // 18 silent: has an else arm
      "+    else:\n"                                        // 19
      "+        num_experts += 1\n"                         // 20
      "     if quant_type == \"bf16\":\n"                  // 21
      "+        # TODO: old branch, new comment\n"          // 22 silent: the branch is old
      "         return \"fmoe_bf16\"\n"                     // 23
      "     raise ValueError(quant_type)\n"                // 24
      "@@ -40,3 +49,6 @@ class Router:\n"
      "     def route(self, x):\n"                          // 49
      "         return x\n"                                 // 50
      "+    def warmup(self):\n"                           // 51
      "+        raise NotImplementedError\n"                // 52 silent: a method (override contract?)
      "+\n"                                               // 53
      " \n";                                               // 54
  std::set<std::pair<std::string, int>> want = {{"atom/model_ops/moe.py", 13}, {"atom/model_ops/moe.py", 16}};
  EXPECT_EQ(run("incomplete-stub", diff), want);
}

TEST(HousekeepingDiffOnly, SyspathMutationJudgesOnlyUnindentedLinesOfPackageModules) {
  const std::string diff =
      modified("aiter/jit/core.py") +
      "@@ -5,2 +5,5 @@ import sys\n"
      " this_dir = os.path.dirname(__file__)\n"            // 5
      "+sys.path.insert(0, f\"{this_dir}/utils/\")\n"      // 6 fires
      "+if os.path.isdir(this_dir):\n"                     // 7
      "+    sys.path.append(this_dir)\n"                    // 8 silent: indented, unknown scope
      " AITER_ROOT = this_dir\n"                           // 9
      + modified("tools/gen.py") +
      "@@ -1,1 +1,2 @@\n"
      " import sys\n"
      "+sys.path.insert(0, \"..\")\n";                      // silent: script directory
  std::set<std::pair<std::string, int>> want = {{"aiter/jit/core.py", 6}};
  EXPECT_EQ(run("syspath-mutation", diff), want);
}

TEST(HousekeepingDiffOnly, NewDependencyChecksRequirementLinesButNotImports) {
  const std::string diff =
      modified("requirements.txt") +
      "@@ -1,2 +1,4 @@\n"
      "-pandas<=2.0.3\n"
      "+pandas<=2.2.0\n"                                    // 1 silent: version bump
      " pybind11\n"                                        // 2
      "+einops>=0.7\n"                                     // 3 fires
      "+-r requirements-triton-comms.txt\n"                // 4 silent: an include
      + modified("aiter/ops/rope.py") +
      "@@ -1,1 +1,2 @@\n"
      " import torch\n"
      "+import flash_attn\n";                               // silent: no trees to judge imports
  std::set<std::pair<std::string, int>> want = {{"requirements.txt", 3}};
  EXPECT_EQ(run("new-dependency", diff), want);
}

TEST(HousekeepingDiffOnly, UndocumentedEnvVarIsSkippedWithoutTrees) {
  const std::string diff =
      modified("atom/config.py") +
      "@@ -1,1 +1,2 @@\n"
      " import os\n"
      "+FAST = os.getenv(\"ATOM_FAST_PATH\", \"0\") == \"1\"\n";
  std::vector<SkippedRule> skipped;
  EXPECT_TRUE(run("undocumented-env-var", diff, &skipped).empty());
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped.front().rule, "undocumented-env-var");
}

}  // namespace
}  // namespace rp
