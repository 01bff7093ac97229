// triton-low-precision-accumulator: an accumulator created in fp16/bf16 and summed inside a
// loop of a Triton kernel.
#include <re2/re2.h>

#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/triton_kernel_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-low-precision-accumulator",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "Triton accumulator created as fp16/bf16 (tl.zeros(..., dtype=tl.bfloat16)) and summed in a loop.",
    .docs = R"(What it catches: an added `acc = tl.zeros(..., dtype=tl.float16|tl.bfloat16)` (or
`tl.full`) in a Triton/Gluon kernel whose name is then accumulated inside a loop of the same
kernel (`acc += ...`, `acc = acc + ...`, `acc = tl.dot(a, b, acc)`); also an added `tl.dot(...,
out_dtype=tl.float16|tl.bfloat16)` accumulated in a loop (newer aiter rule T5).
Why it matters: a 16-bit running sum keeps 8 (bf16) or 11 (fp16) mantissa bits: over a long K
loop the small partial products stop changing the sum and the result drifts from the fp32
reference with no error.
Does not fire on: float32 accumulators; 16-bit buffers that are assigned but never accumulated
in a loop (outputs, casts at the store); accumulation outside loops; lines the PR did not add;
tests.)"};

bool half_dtype(std::string_view text) {
  static const RE2 re(R"(dtype\s*=\s*(?:tl|gl)\.(?:float16|bfloat16)\b)");
  return RE2::PartialMatch(text, re);
}

class TritonLowPrecisionAccumulator : public TritonKernelRule<kInfo> {
 private:
  void check_kernel(const FileChange& f, const SyntaxTree& tree, const Function& k, const std::set<int>& added,
                    std::vector<Finding>& out) const override {
    std::vector<lang::Assignment> assigns = tree.assignments(k.body);
    std::vector<lang::Loop> loops = tree.loops(k.body);
    auto in_loop = [&](lang::Node n) {
      for (const lang::Loop& l : loops)
        if (l.body && n.start_byte() >= l.body.start_byte() && n.end_byte() <= l.body.end_byte()) return true;
      return false;
    };
    for (const lang::Assignment& a : assigns) {
      if (!added.count(a.line) || !a.value || a.targets.size() != 1) continue;
      std::string_view v = a.value.text();
      bool init = (v.find("tl.zeros") != std::string_view::npos || v.find("tl.full") != std::string_view::npos ||
                   v.find("gl.zeros") != std::string_view::npos) && half_dtype(v);
      bool dot16 = v.find(".dot") != std::string_view::npos && RE2::PartialMatch(v, R"(out_dtype\s*=\s*(?:tl|gl)\.(?:float16|bfloat16))");
      if (!init && !dot16) continue;
      const std::string& acc = a.targets[0];
      bool reported = false;
      for (const lang::Assignment& u : assigns) {
        if (u.node == a.node || u.targets.size() != 1 || u.targets[0] != acc || !in_loop(u.node)) continue;
        bool accumulates = u.augmented;
        if (!accumulates && u.value) {
          for (const std::string& id : identifiers_in(u.value.text())) accumulates = accumulates || id == acc;
        }
        if (!accumulates) continue;
        out.push_back(report(f, tree, a.line, acc, u.line, k.name));
        reported = true;
        break;
      }
      if (!reported && dot16 && in_loop(a.node)) {
        bool self = false;
        for (const std::string& id : identifiers_in(v)) self = self || id == acc;
        if (self) out.push_back(report(f, tree, a.line, acc, a.line, k.name));
      }
    }
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, const std::string& acc, int use,
                 const std::string& kernel) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    if (use != line) x.related.push_back(Location{f.new_path, use});
    x.problem = "Accumulator `" + acc + "` in `" + kernel + "` is 16-bit (fp16/bf16) and is summed inside a loop (line " +
                std::to_string(use) + ")";
    x.impact = "The running sum keeps 8 (bf16) or 11 (fp16) mantissa bits: over a long reduction loop the late "
               "partial products stop changing it and the result drifts from the fp32 reference, silently";
    x.action = "Author must accumulate in `tl.float32` and cast once at the store";
    x.trigger = "a reduction loop of 64 iterations or more (e.g. K = 4096 with BLOCK_K = 64): once `" + acc +
                "` exceeds 256x a partial product, bf16 rounding drops that product entirely";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    if (use != line) x.evidence.push_back(evidence(f.new_path, use, tree.line_text(use)));
    return x;
  }
};

REGISTER_RULE(TritonLowPrecisionAccumulator);

}  // namespace
}  // namespace rp
