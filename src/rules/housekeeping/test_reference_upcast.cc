// test-reference-upcast: a test's reference implementation upcasts to fp32/fp64 and never casts
// back, while the kernel under test runs in bf16/fp16/fp8.
#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "test-reference-upcast",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A test's reference function upcasts to fp32/fp64 on an added line and never casts back, while the test runs the kernel in bf16/fp16/fp8.",
    .docs = R"(What it catches: in a test file, a reference implementation — a function whose name
marks it as one (`ref_*`, `*_ref`, `reference*`, `torch_*`, `*_torch`, `naive*`, `golden*`,
`native*`, `run_torch*`) — that gains an added line with an upcast (`.float()`, `.double()`,
`.to(torch.float32)`, `.to(torch.float)`, `.to(torch.float64)`, `dtype=torch.float32`) while
the function never converts back to a low-precision dtype (`.to(dtype)`, `.to(x.dtype)`,
`.type_as(...)`, `.bfloat16()`, `.half()`, `.to(torch.bfloat16/float16/...fp8...)`), in a file
that runs the kernel in bf16/fp16/fp8.
Why it matters: the kernel rounds every intermediate to its own dtype; a reference that stays
in fp32 is a different computation, so the tolerance has to be loosened until it hides real
errors (or the test fails on correct kernels).
Does not fire on: references whose docstring or comments state the precision on purpose
("computed in fp32 for a clean oracle", "f32 attention", a module docstring calling the
file's reference an fp32 oracle) or say the function ports another project's reference;
files that measure the error relative to the reference's magnitude (a metric dividing by an
RMS/norm/max-abs) and pass no absolute tolerance (`atol=`) to any comparison; references that cast their result back to the kernel's dtype anywhere in the
function; upcasts on lines the PR did not add; files that never mention a low-precision dtype;
non-test files and benchmarks; kernel wrappers (names without a reference marker); tests and
comparison helpers that consume a reference (`test_*`, names with assert/check/compare/verify/
match). A note: on aiter's history most fp32 references are deliberate (the kernel accumulates
in fp32 too), so the finding asks rather than asserts.)"};

class TestReferenceUpcast : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    static const RE2 upcast(
        R"(\.float\(\)|\.double\(\)|\.to\(\s*(?:dtype\s*=\s*)?torch\.(?:float32|float64|float|double)\s*\)|dtype\s*=\s*torch\.(?:float32|float64)\b)");
    static const RE2 back(
        R"(\.type_as\(|\.bfloat16\(\)|\.half\(\)|\.to\(\s*(?:dtype\s*=\s*)?(?:torch\.(?:bfloat16|float16|half|float8\w*)|dtypes\.\w+|[\w.]*dtype\w*|\w*fp8\w*|\w*bf16\w*)\s*[,)])");
    static const RE2 low(R"((?i)bfloat16|\bbf16\b|float16|\bfp16\b|\bfp8\b|float8|e4m3|e5m2|\bhalf\b)");
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || !is_test_path(f.new_path)) continue;
      if (f.new_path.find("benchmark") != std::string::npos) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      bool upcast_added = false;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          upcast_added = upcast_added || (l.kind == DiffLine::Kind::Added && RE2::PartialMatch(l.text, upcast));
      if (!upcast_added) continue;  // parse only files where an added line upcasts
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree || !RE2::PartialMatch(tree->source(), low)) continue;
      // Errors measured relative to the reference magnitude, with no absolute tolerance: the
      // test is built around an fp32 oracle, so an fp32 reference is its design.
      if (compares_by_relative_error(*tree)) continue;
      for (const lang::Function& fn : tree->functions()) {
        if (!is_reference_function_name(fn.name) || !touches_added(added, fn.start_line, fn.end_line)) continue;
        // The author says the full precision is meant (or the reference ports another one).
        if (states_full_precision_intent(*tree, fn)) continue;
        int first = 0;
        bool casts_back = false;
        for (int line = fn.start_line; line <= fn.end_line; ++line) {
          std::string_view code = code_part(tree->line_text(line), true);
          if (RE2::PartialMatch(code, back)) casts_back = true;
          if (!first && added.count(line) && RE2::PartialMatch(code, upcast)) first = line;
        }
        if (!first || casts_back) continue;
        Finding x = finding();
        x.location = Location{f.new_path, first};
        x.problem = "Reference `" + fn.name + "` upcasts to fp32/fp64 here and never casts back to the kernel's dtype";
        x.impact = "The kernel rounds to bf16/fp16/fp8 at every step and this reference does not, so the comparison "
                   "measures precision loss rather than correctness: tolerances get loosened until real errors pass";
        x.action = "Reviewer should ask whether the kernel computes this in fp32 too; if not, the author should cast the reference's result (or its intermediates, where the kernel rounds) back to "
                   "the kernel dtype before comparing, or say why the fp32 reference is intended";
        x.evidence.push_back(evidence(f.new_path, first, tree->line_text(first)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(TestReferenceUpcast);

}  // namespace
}  // namespace rp
