#include "text/description.h"

#include "source/meta_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace rp::text {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// The perf number with this value and unit, or nullptr.
const Quantity* find_q(const std::vector<Quantity>& v, double value, const std::string& unit) {
  for (const auto& q : v)
    if (q.unit == unit && q.value > value - 1e-9 && q.value < value + 1e-9) return &q;
  return nullptr;
}

// RE2 reports a pattern that fails to compile on stderr and then never matches. Run one
// analysis that reaches every pattern before any test, with stderr captured, so a broken
// pattern fails a test instead of silently disabling a rule.
std::string g_first_run_stderr;
class CaptureFirstRun : public ::testing::Environment {
 public:
  void SetUp() override {
    ::testing::internal::CaptureStderr();
    analyse_description("[Perf] improve fused kernel latency by +5%",
                        "## Motivation\n\nx\n\n## Test Plan\n\n| M | t (us) | GSM8K |\n|---|---|---|\n| 1 | 2.0 | 90% |\n\n"
                        "```bash\npython a.py --tp 8 \\\n  --bs 4\n```\nRun `pytest x/y.py`.\npytest a/b.py\n"
                        "Speedup 1.2-1.4x, 5 ms -> 4 ms, ROCm 6.4 on MI300X, M=16, TP8, 4 tokens.\n"
                        "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n");
    // A neutral title so the body claim patterns run too; raw HTML for the <img>/<a> patterns.
    analyse_description("Rework metadata",
                        "## Performance\n\n<img src=\"https://x/y.png\"> <a href=\"https://x\">z</a>\n\n"
                        "Accuracy same, throughput +3%. We fuse the kernels, no speedup.\n");
    g_first_run_stderr = ::testing::internal::GetCapturedStderr();
  }
};
const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new CaptureFirstRun);

TEST(Description, AllPatternsCompile) {
  EXPECT_EQ(g_first_run_stderr.find("Error parsing"), std::string::npos) << g_first_run_stderr;
}

// analyse_claims gives the claim fields exactly as the full analysis does, and nothing else:
// a perf title, a body claim under a fix title, a Performance heading, a causal line in a
// table row, an AI footer (removed before the doc is read), and text with none of them.
TEST(Description, ClaimsAloneMatchTheFullAnalysis) {
  const std::pair<const char*, const char*> cases[] = {
      {"[Perf] improve fused kernel latency by +5%", "Speedup 1.2x on MI300X, M=16.\n"},
      {"Fix the decode hang", "Throughput +3% because the barrier is gone.\n| a | b |\n|---|---|\n| x | so that y |\n"},
      {"Rework metadata", "## Performance\n\n5 ms -> 4 ms\n\n🤖 Generated with [Claude Code](https://claude.com)\n"},
      {"Rework metadata", "```python\nbecause = 1\n```\nNo perf change.\n"},
      {"Add a test", ""},
  };
  for (const auto& [title, body] : cases) {
    DescriptionFacts full = analyse_description(title, body);
    DescriptionFacts claims = analyse_claims(title, body);
    EXPECT_EQ(claims.ai_attribution, full.ai_attribution) << title;
    EXPECT_EQ(claims.doc.lines.size(), full.doc.lines.size()) << title;
    EXPECT_EQ(claims.perf_claim_words, full.perf_claim_words) << title;
    EXPECT_EQ(claims.claims_perf, full.claims_perf) << title;
    EXPECT_EQ(claims.perf_claim, full.perf_claim) << title;
    EXPECT_EQ(claims.explains_why, full.explains_why) << title;
    EXPECT_EQ(claims.why_line, full.why_line) << title;
    EXPECT_TRUE(claims.numbers.empty() && claims.shapes.empty() && claims.scripts.empty() && claims.models.empty())
        << title;
  }
  EXPECT_TRUE(analyse_claims("Fix the decode hang", "Slow because the barrier waits.\n").explains_why);
}

constexpr const char* kTemplateHead =
    "## Motivation\n\nThe decode path re-reads the scales on every step, which wastes HBM bandwidth.\n\n"
    "## Technical Details\n\nScales are cached in LDS once per block.\n\n";

TEST(Description, EmptyAndCommentOnlyTemplateSectionsAreUnfilled) {
  std::string body = std::string(kTemplateHead) +
                     "## Test Plan\n\n## Test Result\n\n<!-- Summarize the results of the tests. -->\n\n"
                     "## Submission Checklist\n\n- [ ] I read the contributing guide.\n";
  auto f = analyse_description("Cache scales in LDS", body);
  EXPECT_EQ(f.unfilled_sections, (std::vector<std::string>{"Test Plan", "Test Result"}));
  EXPECT_EQ(f.doc.html_comments.size(), 1u);
}

TEST(Description, FilledSectionsAreNotUnfilled) {
  std::string body = std::string(kTemplateHead) +
                     "## Test Plan (required)\n\n### Unit tests\n\nRan op_tests/test_scales.py on one GPU.\n\n"
                     "## Test Results\n\nAll 48 cases pass.\n";
  auto f = analyse_description("Cache scales in LDS", body);
  EXPECT_TRUE(f.unfilled_sections.empty());
}

TEST(Description, PlaceholderOnlySectionsAreUnfilled) {
  auto f = analyse_description("Cache scales",
                               "## motivation\n\nTBD\n\n## Technical details\n\nPlease describe the change.\n\n"
                               "## TEST PLAN\n\nN/A\n\n## Test Result\n\n<!-- results -->\nxxx\n");
  EXPECT_EQ(f.unfilled_sections, (std::vector<std::string>{"Motivation", "Technical Details", "Test Plan", "Test Result"}));
}

TEST(Description, AbsentTemplateSectionsAreNotReported) {
  auto f = analyse_description("Cache scales", "## Summary\n\nCaches the scales.\n\n## Testing\n\nRan the tests.\n");
  EXPECT_TRUE(f.unfilled_sections.empty());
}

TEST(Description, PerfTitleWithoutNumbers) {
  auto f = analyse_description("[Perf] Speed up MoE sorting for small batches",
                               "Rewrites the sorting loop to use wave-level prefix sums.\n");
  EXPECT_TRUE(f.claims_perf);
  EXPECT_TRUE(contains(f.perf_claim_words, "perf"));
  EXPECT_TRUE(f.perf_numbers.empty());
  EXPECT_TRUE(f.numbers.empty());
  EXPECT_FALSE(f.screenshots_only);  // no images either
}

TEST(Description, AccuracyTableIsNotPerfEvidence) {
  auto f = analyse_description("Fuse the router softmax into the top-k kernel",
                               "## Accuracy check\n\n| Model | gsm8k (5-shot) | mmlu |\n|---|---|---|\n"
                               "| base | 94.1% | 71.3% |\n| this PR | 94.3% | 71.2% |\n");
  EXPECT_TRUE(f.claims_perf);
  EXPECT_TRUE(f.has_accuracy_table);
  EXPECT_EQ(f.numbers.size(), 4u);
  EXPECT_TRUE(f.perf_numbers.empty());
  for (const auto& q : f.numbers) EXPECT_TRUE(q.in_accuracy_context) << q.text;
}

TEST(Description, AccuracyOnlyHeaderCoversEveryColumn) {
  auto f = analyse_description("x", "| Model | GSM8K | Delta |\n|---|---|---|\n| 8B | 81.2% | +0.4% |\n");
  EXPECT_EQ(f.numbers.size(), 2u);
  EXPECT_TRUE(f.perf_numbers.empty());

  // Mixed header: the throughput column is perf evidence, the accuracy column is not.
  auto g = analyse_description("x", "| Model | GSM8K | Throughput (tok/s) |\n|---|---|---|\n| 8B | 81.2% | 1520 |\n");
  ASSERT_EQ(g.perf_numbers.size(), 1u);
  EXPECT_EQ(g.perf_numbers[0].unit, "tok/s");
  EXPECT_DOUBLE_EQ(g.perf_numbers[0].value, 1520);

  // "acc" as a variable in pasted code is not an accuracy report.
  auto h = analyse_description("x", "```python\nacc = torch.zeros(4)\nscore = acc.sum()\n```\n");
  EXPECT_FALSE(h.has_accuracy_table);
}

TEST(Description, LmEvalOutputInCodeIsAccuracy) {
  auto f = analyse_description("Enable fused shared expert",
                               "```\n|Tasks|Filter|Metric|Value|\n|gsm8k|strict-match|exact_match|0.9512|\n"
                               "|gsm8k|flexible|exact_match|95.3%|\n```\n");
  EXPECT_TRUE(f.has_accuracy_table);
  ASSERT_EQ(f.numbers.size(), 1u);
  EXPECT_TRUE(f.numbers[0].in_code);
  EXPECT_TRUE(f.numbers[0].in_accuracy_context);
  EXPECT_TRUE(f.perf_numbers.empty());
}

TEST(Description, SpeedupAndLatencyNumbers) {
  auto f = analyse_description("Tune the decode GEMM", "Result: 1.3x faster, 120 us → 85 us per call.\n");
  EXPECT_TRUE(f.claims_perf);
  ASSERT_EQ(f.perf_numbers.size(), 3u);
  EXPECT_EQ(f.perf_numbers[0].unit, "x");
  EXPECT_DOUBLE_EQ(f.perf_numbers[0].value, 1.3);
  EXPECT_EQ(f.perf_numbers[0].text, "1.3x");
  EXPECT_EQ(f.perf_numbers[0].line, "Result: 1.3x faster, 120 us → 85 us per call.");
  EXPECT_EQ(f.perf_numbers[1].unit, "us");
  EXPECT_DOUBLE_EQ(f.perf_numbers[1].value, 120);
  EXPECT_EQ(f.perf_numbers[2].unit, "us");
  EXPECT_DOUBLE_EQ(f.perf_numbers[2].value, 85);
  EXPECT_FALSE(f.perf_numbers[0].in_table);
}

TEST(Description, VersionsAndDatesAreNotNumbers) {
  auto f = analyse_description("Bump toolchain",
                               "Built with ROCm 6.4.1 and PyTorch 2.5 (v0.9 branch) on 2025-03-14 at 12:30s.\n"
                               "Image rocm6.4.1_ubuntu22.04 and python3.10.\n");
  EXPECT_TRUE(f.numbers.empty()) << f.numbers[0].text;
  EXPECT_TRUE(f.perf_numbers.empty());
  EXPECT_EQ(f.rocm_versions, (std::vector<std::string>{"ROCm 6.4.1"}));
}

TEST(Description, ToolNamesBeforeTimingsStayNumbers) {
  // "torch" and "ROCm" precede versions, but a value with a unit after them is a measurement.
  auto f = analyse_description("x", "torch: 12.1 ms vs aiter: 8.3 ms on ROCm 7.0.\n");
  ASSERT_EQ(f.perf_numbers.size(), 2u);
  EXPECT_DOUBLE_EQ(f.perf_numbers[0].value, 12.1);
  EXPECT_DOUBLE_EQ(f.perf_numbers[1].value, 8.3);
  EXPECT_EQ(f.rocm_versions, (std::vector<std::string>{"ROCm 7.0"}));
}

TEST(Description, PlusPercentIsPerf) {
  auto f = analyse_description("Tune configs", "Gives +15% decode throughput on the 70B model.\n");
  EXPECT_TRUE(f.claims_perf);
  EXPECT_TRUE(contains(f.perf_claim_words, "+15%"));
  ASSERT_EQ(f.perf_numbers.size(), 1u);
  EXPECT_DOUBLE_EQ(f.perf_numbers[0].value, 15);
  EXPECT_EQ(f.perf_numbers[0].unit, "%");
  EXPECT_EQ(f.perf_numbers[0].text, "+15%");
}

TEST(Description, RangesYieldBothNumbers) {
  auto f = analyse_description("x", "Observed 1.3-1.5x overall and 1383.5 -> 1407.2 tok/s end to end.\n");
  ASSERT_EQ(f.numbers.size(), 4u);
  EXPECT_NE(find_q(f.numbers, 1.3, "x"), nullptr);
  EXPECT_NE(find_q(f.numbers, 1.5, "x"), nullptr);
  EXPECT_EQ(find_q(f.numbers, 1.5, "x")->text, "1.3-1.5x");
  EXPECT_NE(find_q(f.numbers, 1383.5, "tok/s"), nullptr);
  EXPECT_NE(find_q(f.numbers, 1407.2, "tok/s"), nullptr);
}

TEST(Description, UnitsAreNormalized) {
  auto f = analyse_description("x",
                               "a 5 µs b 7usec c 3.2 sec d 4 tokens/s e 900 TFLOPs f 5.3 TB/s g 12k tok/s h 2× "
                               "i 1.25 s j 410 GB/s k 9 ms l 3 token/s m 6 tflops\n");
  struct Quantity {
    double value;
    const char* unit;
  };
  for (Quantity q : std::vector<Quantity>{{5, "us"}, {7, "us"}, {3.2, "s"}, {4, "tok/s"}, {900, "TFLOPS"}, {5300, "GB/s"}, {12000, "tok/s"}, {2, "x"}, {1.25, "s"}, {410, "GB/s"}, {9, "ms"}, {3, "tok/s"}, {6, "TFLOPS"}})
    EXPECT_NE(find_q(f.numbers, q.value, q.unit), nullptr) << q.value << " " << q.unit;
  EXPECT_EQ(f.numbers.size(), 13u);
}

TEST(Description, LookalikesAreNotUnits) {
  auto f = analyse_description("x",
                               "Shapes 4096x7168 and 16 x 16 on 8x MI300X with 5 steps, mask 0x1F, fp8x2, MI355X, "
                               "gfx942, 4 s of rest, 12 users, https://example.org/a/1.5x/20%.\n");
  EXPECT_TRUE(f.numbers.empty()) << f.numbers[0].text;
}

TEST(Description, TableUnitsFromHeader) {
  auto f = analyse_description("Faster topk",
                               "| tokens | Before (us) | After (µs) | Speedup |\n|---:|---:|---:|---:|\n"
                               "| 1 | 10.5 | 8.0 | 1.31 |\n| 4096 | 200 ± 3 | 150 | 1.33 |\n");
  ASSERT_EQ(f.perf_numbers.size(), 6u);
  const Quantity* q = find_q(f.perf_numbers, 10.5, "us");
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(q->in_table);
  EXPECT_TRUE(q->unit_from_header);
  EXPECT_EQ(q->line, "1\t10.5\t8.0\t1.31");
  EXPECT_NE(find_q(f.perf_numbers, 200, "us"), nullptr);
  EXPECT_NE(find_q(f.perf_numbers, 1.33, "x"), nullptr);
  EXPECT_EQ(find_q(f.numbers, 4096, "us"), nullptr);  // first column is the shape, no unit
}

TEST(Description, MixedAccuracyAndPerfLine) {
  auto f = analyse_description("Tune", "Accuracy unchanged, throughput +12%. GSM8K 95.1% (was 95.0%).\n");
  ASSERT_EQ(f.numbers.size(), 3u);
  for (const auto& q : f.numbers) EXPECT_TRUE(q.in_accuracy_context);
  ASSERT_EQ(f.perf_numbers.size(), 1u);
  EXPECT_DOUBLE_EQ(f.perf_numbers[0].value, 12);
}

TEST(Description, AiAttributionVariants) {
  const char* lines[] = {
      "🤖 Generated with [Claude Code](https://claude.com/claude-code)",
      "Co-Authored-By: Claude <noreply@anthropic.com>",
      "Co-authored-by: Claude Opus <noreply@anthropic.com>",
      "Generated with Cursor",
      "Created by Codex",
      "This PR was written by GitHub Copilot.",
      "_Description generated using ChatGPT._",
      "CO-AUTHORED-BY: Copilot <copilot@github.com>",  // "authored" in any ASCII case
      "co-Authored-by:   aider",
      "Thanks 🤖 — generated by the bot",  // the emoji anywhere before the tool word
  };
  for (const char* line : lines) {
    std::string body = std::string("## Summary\n\nAdds a config.\n\n") + line + "\n";
    auto f = analyse_description("Add config", body);
    EXPECT_EQ(f.ai_attribution, line) << line;
  }
}

TEST(Description, MentionsOfAiToolsAreNotAttribution) {
  const char* bodies[] = {
      "Fixes a Claude Code config path in the docs.",
      "Ignore the .claude/ directory in the wheel.",
      "Copilot review comments were addressed.",
      "The cursor position in the ring buffer was off by one.",
      "Our team evaluated code created with many different styles by reviewers and humans alike, some by codex users.",
      "```\n# Generated with Claude Code\n```",
      "<!-- 🤖 Generated with Claude Code -->",
      "<!--\nCo-Authored-By: Claude <noreply@anthropic.com>\n-->",
  };
  for (const char* body : bodies) {
    auto f = analyse_description("Fix path", body);
    EXPECT_EQ(f.ai_attribution, "") << body;
  }
}

TEST(Description, ScreenshotsOnly) {
  const char* shots =
      "## Perf\n\nbefore:\n<img width=\"600\" alt=\"image\" src=\"https://github.com/user-attachments/assets/abc\" />\n\n"
      "after:\n![after](https://example.org/after.png)\n";
  auto f = analyse_description("Enable all-reduce + rmsnorm fusion", shots);
  EXPECT_TRUE(f.claims_perf);
  EXPECT_EQ(f.doc.images.size(), 2u);
  EXPECT_TRUE(f.perf_numbers.empty());
  EXPECT_TRUE(f.screenshots_only);

  auto with_numbers = analyse_description("Enable all-reduce + rmsnorm fusion", std::string(shots) + "\nTPOT 21.4 ms -> 19.9 ms\n");
  EXPECT_FALSE(with_numbers.screenshots_only);
  EXPECT_EQ(with_numbers.perf_numbers.size(), 2u);

  auto no_claim = analyse_description("Document the launcher", "![diagram](https://example.org/d.png)\n");
  EXPECT_FALSE(no_claim.screenshots_only);

  // A drag-and-dropped attachment that GitHub left as a bare link counts as an image.
  auto bare = analyse_description("[Perf] faster sort", "https://github.com/user-attachments/assets/0f3a\n");
  EXPECT_TRUE(bare.screenshots_only);
}

TEST(Description, NegatedAndFixTitlesDoNotClaimPerf) {
  auto a = analyse_description("Fix crash in fused MoE when topk=1",
                               "The fusion pass read past the end. No performance impact; the compiler may optimize it anyway.\n");
  EXPECT_FALSE(a.claims_perf);
  EXPECT_TRUE(contains(a.perf_claim_words, "fused"));

  auto b = analyse_description("Improve error messages for bad shapes", "Clearer text.\n");
  EXPECT_FALSE(b.claims_perf);

  auto c = analyse_description("No perf change: rename helpers", "Pure rename.\n");
  EXPECT_FALSE(c.claims_perf);
}

TEST(Description, BodyClaimWithNeutralTitle) {
  auto f = analyse_description("Rework MLA metadata", "This reduces decode latency by 20% at long context.\n");
  EXPECT_TRUE(f.claims_perf);
  ASSERT_EQ(f.perf_numbers.size(), 1u);
  EXPECT_EQ(f.perf_numbers[0].unit, "%");

  auto g = analyse_description("Rework MLA metadata", "## Performance (if applicable)\n\n<!-- numbers here -->\n");
  EXPECT_FALSE(g.claims_perf);  // an empty template heading is not a claim
}

TEST(Description, GpuModelsAndRocm) {
  auto f = analyse_description("Tune for gfx950",
                               "Measured on MI300X and mi355x (gfx942 / gfx950), also an MI-325X box, ROCm 7.0.2 "
                               "and rocm 6.4.\n");
  EXPECT_EQ(f.gpu_models, (std::vector<std::string>{"gfx950", "MI300X", "MI355X", "gfx942", "MI325X"}));
  EXPECT_EQ(f.rocm_versions, (std::vector<std::string>{"ROCm 7.0.2", "ROCm 6.4"}));
}

TEST(Description, CommandsFromCodeAndProse) {
  auto f = analyse_description(
      "x",
      "```bash\nHIP_VISIBLE_DEVICES=0 python bench.py \\\n  --tp 8 --batch-size 64\n$ pytest op_tests/test_x.py -k fp8\n"
      "# a comment\nlatency: 12 us\n```\n\n"
      "```python\nimport torch\nx = torch.ones(4)\n```\n\n"
      "```\n./run_bench.sh 8\nsome output line\n```\n\n"
      "Then run `torchrun --nproc 8 serve.py`.\n\npytest op_tests/test_y.py -q\n\n"
      "Python 3.12 is required.\n\nlm_eval matched the baseline.\n");
  EXPECT_EQ(f.commands, (std::vector<std::string>{"HIP_VISIBLE_DEVICES=0 python bench.py --tp 8 --batch-size 64",
                                                   "pytest op_tests/test_x.py -k fp8", "./run_bench.sh 8",
                                                   "pytest op_tests/test_y.py -q", "torchrun --nproc 8 serve.py"}));
}

TEST(Description, ShapeMentions) {
  auto f = analyse_description(
      "MoE decode at TP8",
      "Shapes: M=4096, batch 64, bs=32, ISL 4096, tp=4, heads=128, tokens=16384, 96 heads, 4096-token prompts, "
      "--max-concurrency 64, 7168x2048. Throughput 4 tokens/s.\n");
  for (const char* s : {"TP8", "M=4096", "batch 64", "bs=32", "ISL 4096", "tp=4", "heads=128", "tokens=16384", "96 heads",
                        "4096-token", "--max-concurrency 64", "7168x2048"})
    EXPECT_TRUE(contains(f.shapes, s)) << s;
  EXPECT_FALSE(contains(f.shapes, "4 tokens"));
}

TEST(Description, InvalidUtf8AndHugeInputDoNotCrash) {
  using namespace std::string_literals;
  std::string bad = "\xff\xfe [Perf] \xc3\x28 1.5\xe2x \xf0\x28\x8c\x28 12 \xce\xbcs\0 tail 3 ms\n| \x80 |\n|-|\n| 4 |\n"s;
  auto a = analyse_description("\xff\xfe speedup", bad);
  EXPECT_TRUE(a.claims_perf);
  EXPECT_NE(find_q(a.numbers, 3, "ms"), nullptr);

  std::string huge;
  huge.reserve(2u << 20);
  while (huge.size() < (2u << 20)) huge += "| 1.5x | 2 ms | TP8 | MI300X | +3% | python a.py |\n";
  auto b = analyse_description(std::string(10000, 'x'), "| a | b |\n|---|---|\n" + huge);
  EXPECT_TRUE(b.doc.truncated);
  EXPECT_FALSE(b.numbers.empty());
  for (const auto& q : b.numbers) EXPECT_LE(q.line.size(), 400u);

  // One enormous line full of numbers: bounded work and bounded copies.
  std::string line;
  while (line.size() < (2u << 20)) line += "1% ";
  auto c = analyse_description("x", line);
  EXPECT_LE(c.numbers.size(), 5000u);
  for (const auto& q : c.numbers) EXPECT_LE(q.line.size(), 400u);
}

TEST(Description, PerfClaimSourceIsQuoted) {
  auto t = analyse_description("[Perf] Speed up MoE sorting", "Rewrites the loop.\n");
  EXPECT_EQ(t.perf_claim, "title: [Perf] Speed up MoE sorting");
  auto b = analyse_description("Rework the sorting loop", "Intro.\n\nThis gives a 20% speedup on decode.\n");
  EXPECT_EQ(b.perf_claim, "This gives a 20% speedup on decode.");
  auto h = analyse_description("Rework the sorting loop", "## Performance\n\nSee the trace below.\n");
  EXPECT_EQ(h.perf_claim, "heading: Performance");
  auto n = analyse_description("Rework the sorting loop", "No performance impact.\n");
  EXPECT_FALSE(n.claims_perf);
  EXPECT_EQ(n.perf_claim, "");
}

TEST(Description, TemplateSectionsAndTextOutsideTemplate) {
  constexpr const char* kEmptyTemplate =
      "## Motivation\n\n## Technical Details\n\n## Test Plan\n\n## Test Result\n\n"
      "## Submission Checklist\n\n- [ ] I read the contributing guide.\n";
  // Untouched template: nothing outside it (the pre-filled checklist is template text).
  auto a = analyse_description("Fix alignment", kEmptyTemplate);
  EXPECT_EQ(a.template_sections, (std::vector<std::string>{"Motivation", "Technical Details", "Test Plan", "Test Result"}));
  EXPECT_EQ(a.unfilled_sections.size(), 4u);
  EXPECT_FALSE(a.text_outside_template);

  // A free-form description above the untouched template.
  auto b = analyse_description("Fix alignment", std::string("Switches to __align__ for old clang.\n\n") + kEmptyTemplate);
  EXPECT_TRUE(b.text_outside_template);

  // Subsections of a template section belong to it; other sections are outside.
  auto c = analyse_description("x", "## Test Plan\n\n### Unit tests\n\nRan it.\n\n## Test Result\n\nPass.\n");
  EXPECT_FALSE(c.text_outside_template);
  EXPECT_TRUE(c.unfilled_sections.empty());
  auto d = analyse_description("x", "## Summary\n\nCaches scales.\n\n## Test plan\n\n");
  EXPECT_TRUE(d.text_outside_template);
  EXPECT_EQ(d.template_sections, (std::vector<std::string>{"Test Plan"}));
  EXPECT_EQ(d.unfilled_sections, (std::vector<std::string>{"Test Plan"}));

  auto e = analyse_description("x", "");
  EXPECT_TRUE(e.template_sections.empty());
  EXPECT_FALSE(e.text_outside_template);
}

TEST(Description, DeferredAndFixLineClaimsDoNotCount) {
  auto a = analyse_description("Add DSV4 page offload", "chore(offload): move MTP optimization to separate PR\n");
  EXPECT_FALSE(a.claims_perf);
  auto b = analyse_description("Add DSV4 page offload", "The 2x speedup comes in a follow-up.\n");
  EXPECT_FALSE(b.claims_perf);
  auto c = analyse_description("Support EAGLE3 for MiniMax", "fix norm quant fusion consumer dtype inconsistency\n");
  EXPECT_FALSE(c.claims_perf);
  // A line that claims a fusion still counts.
  auto d = analyse_description("Add rmsnorm quant kernel", "The kernel fuses the norm with the quant.\n");
  EXPECT_TRUE(d.claims_perf);
  EXPECT_EQ(d.perf_claim, "The kernel fuses the norm with the quant.");
}

}  // namespace
}  // namespace rp::text

namespace rp::text {
// An attribution footer under the last template heading does not fill that section.
TEST(Description, AttributionFooterDoesNotFillTheLastSection) {
  DescriptionFacts f = analyse_description(
      "Faster quant", "## Motivation\n\nWhy.\n\n## Test Result\n\n<!-- Paste results -->\n\n"
                      "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n");
  EXPECT_FALSE(f.ai_attribution.empty());
  ASSERT_EQ(f.unfilled_sections.size(), 1u);
  EXPECT_EQ(f.unfilled_sections[0], "Test Result");
}
}  // namespace rp::text

// --- Issue 6 additions: where numbers stand, shapes as values, tables by kind -------------------

namespace rp::text {
namespace {

TEST(DescriptionShapes, TableCellsCarryTheirRowAndColumnHeaders) {
  auto f = analyse_description("Speed up decode",
                               "| Model | Before (us) | After (us) |\n|---|---|---|\n| DSv3 | 120.5 | 80.25 |\n\n"
                               "- list item with 3.5 ms\n\nProse with 2.25x.\n");
  const Quantity* cell = find_q(f.perf_numbers, 80.25, "us");
  ASSERT_NE(cell, nullptr);
  EXPECT_TRUE(cell->in_table);
  EXPECT_EQ(cell->column_header, "After (us)");
  EXPECT_EQ(cell->row_header, "DSv3");
  const Quantity* listed = find_q(f.perf_numbers, 3.5, "ms");
  ASSERT_NE(listed, nullptr);
  EXPECT_TRUE(listed->in_list);
  EXPECT_FALSE(listed->in_table);
  const Quantity* prose = find_q(f.perf_numbers, 2.25, "x");
  ASSERT_NE(prose, nullptr);
  EXPECT_FALSE(prose->in_list);
  EXPECT_EQ(f.perf_tables, 1);
  EXPECT_EQ(f.accuracy_tables, 0);
}

TEST(DescriptionShapes, AccuracyTablesAreCountedApartFromPerfTables) {
  auto f = analyse_description("Fuse norm and quant",
                               "| Task | GSM8K |\n|---|---|\n| base | 95.1% |\n| PR | 95.3% |\n\n"
                               "| M | Latency (us) |\n|---|---|\n| 4096 | 12.5 |\n");
  EXPECT_EQ(f.accuracy_tables, 1);
  EXPECT_EQ(f.perf_tables, 1);
}

TEST(DescriptionShapes, ShapeValuesFromTextFlagsAndTables) {
  auto f = analyse_description("x",
                               "Ran with M=4096, TP8, 128 heads and 16K context.\n\n"
                               "```bash\npython bench.py --batch-size 64\n```\n\n"
                               "| Workload (batch, global context) | t (us) |\n|---|---|\n| 4, 64K | 10.5 |\n| 56, 350K | 99.5 |\n");
  EXPECT_EQ(shape_values_of(f, "M"), (std::vector<long long>{4096}));
  EXPECT_EQ(shape_values_of(f, "tp"), (std::vector<long long>{8}));
  EXPECT_EQ(shape_values_of(f, "heads"), (std::vector<long long>{128}));
  EXPECT_EQ(shape_values_of(f, "batch"), (std::vector<long long>{4, 56, 64}));
  EXPECT_EQ(max_shape(f, {"context"}), 350 * 1024);
  EXPECT_FALSE(max_shape(f, {"experts"}).has_value());
}

TEST(DescriptionShapes, ScriptsNamedMidSentenceCount) {
  auto f = analyse_description("x", "Re-measured on MI355X with op_tests/test_mla.py -b 1 16; the kernel in aiter/ops/mla.py changed.\n");
  EXPECT_TRUE(contains(f.scripts, "op_tests/test_mla.py"));
  EXPECT_FALSE(contains(f.scripts, "aiter/ops/mla.py"));  // a changed source file, not a script
}

TEST(DescriptionShapes, MechanismVersusActionOnly) {
  EXPECT_FALSE(analyse_description("Fuse rmsnorm and quant", "Fuses rmsnorm and quant into one kernel for speedup.\n").explains_why);
  auto why = analyse_description("Fuse rmsnorm and quant",
                                 "Fusing eliminates the intermediate HBM write between rmsnorm and quant.\n");
  EXPECT_TRUE(why.explains_why);
  EXPECT_NE(why.why_line.find("eliminates"), std::string::npos);
  EXPECT_TRUE(analyse_description("Fix dynamo args", "The wrapper did not accept the new argument, causing a TypeError.\n")
                  .explains_why);
}

TEST(DescriptionShapes, RoundRatiosOnlyWhenAllRoundAndNoAbsoluteNumbers) {
  auto clean = analyse_description("Optimize MoE", "Speedups: 2.0x on decode, 1.5x on prefill, 3x end to end.\n");
  EXPECT_EQ(clean.round_ratio_numbers.size(), 3u);
  EXPECT_TRUE(clean.only_ratio_numbers);
  auto measured = analyse_description("Optimize MoE", "Speedups: 2.0x decode, 1.5x prefill, 3x e2e; 120 us -> 40 us.\n");
  EXPECT_TRUE(measured.round_ratio_numbers.empty());
  auto ragged = analyse_description("Optimize MoE", "Speedups: 2.0x decode, 1.37x prefill, 3x e2e.\n");
  EXPECT_TRUE(ragged.round_ratio_numbers.empty());
}

TEST(DescriptionShapes, Aiter7245DescriptionHasShapesHardwareAndACommand) {
  std::ifstream in(std::string(RP_SOURCE_DIR) + "/tests/data/aiter-7245-meta.json");
  std::stringstream ss;
  ss << in.rdbuf();
  auto meta = parse_pr_meta(ss.str());
  ASSERT_TRUE(meta.ok());
  const std::string& body = meta->body;
  auto f = analyse_description(meta->title, body);
  EXPECT_TRUE(f.claims_perf);
  EXPECT_GE(f.perf_tables, 2);
  EXPECT_EQ(f.accuracy_tables, 1);
  EXPECT_TRUE(contains(f.gpu_models, "MI355X"));
  EXPECT_TRUE(contains(f.scripts, "op_tests/test_mla_persistent_round_robin.py"));
  EXPECT_EQ(max_shape(f, {"batch"}), 56);
  EXPECT_EQ(max_shape(f, {"context"}), 350 * 1024);
  EXPECT_TRUE(f.explains_why);
  EXPECT_TRUE(f.round_ratio_numbers.empty());
}

}  // namespace
}  // namespace rp::text

namespace rp::text {
namespace {

// Found by the description fuzzer: a ratio like "1e25x" or "1e25%" was cast to long long to
// test roundness (undefined behaviour). Roundness is now tested with floor.
TEST(DescriptionRegression, HugeRatiosAreNotUndefinedBehaviour) {
  DescriptionFacts huge =
      analyse_description("[Perf] faster", "11111111111111111111111111x faster, 11111111111111111111111111% less, 3.5x less memory\n");
  // Huge whole numbers are round by the definition; what matters is no undefined cast (the
  // crashing input is also a fuzz seed, fuzz/seeds/description/, run under clang's UBSan).
  EXPECT_EQ(huge.round_ratio_numbers.size(), 3u);
  DescriptionFacts round = analyse_description("[Perf] faster", "2.0x faster, 1.5x less memory, 3.0x throughput\n");
  EXPECT_EQ(round.round_ratio_numbers.size(), 3u);
}

}  // namespace
}  // namespace rp::text
