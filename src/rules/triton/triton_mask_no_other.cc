// triton-mask-no-other: a masked tl.load without other= whose value feeds a max/min
// reduction, so the zero-filled masked lanes can win.
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
    .name = "triton-mask-no-other",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Masked tl.load without other= feeding a tl.max/tl.min/argmax reduction: padded lanes read 0 and can win.",
    .docs = R"(What it catches: an added `tl.load(..., mask=...)` with no `other=` (and no positional
other) in a Triton/Gluon kernel, bound to a name that reaches `tl.max`, `tl.min`, `tl.argmax`
or `tl.argmin` in the same kernel, directly or through arithmetic (newer aiter rule T2).
Why it matters: masked-off lanes of a load are 0 unless `other=` says otherwise. For a sum that
is harmless; for a max over all-negative values (logits, log-probs, a running max) the padded
0 wins, and for a min over positive values likewise: the tail tile returns a wrong result
with no error.
Does not fire on: loads with `other=`; loads whose value is re-masked with `tl.where(...)`
before the reduction, or whose reduction argument is a `tl.where`; values that only reach
sums, dots or stores; `tl.maximum`/`tl.minimum` element-wise with a constant (a clamp, not a
reduction); lines the PR did not add; tests.)"};

class TritonMaskNoOther : public TritonKernelRule<kInfo> {
 private:
  void check_kernel(const FileChange& f, const SyntaxTree& tree, const Function& k, const std::set<int>& added,
                    std::vector<Finding>& out) const override {
    std::vector<lang::Assignment> assigns = tree.assignments(k.body);
    std::vector<lang::Call> calls = tree.calls(k.body);
    for (const MemoryAccess& m : memory_accesses(tree, k.body)) {
      if (m.store || !m.mask || m.other || !added.count(m.call.line)) continue;
      // The name the load is bound to.
      std::string name;
      for (const lang::Assignment& a : assigns)
        if (a.value && a.value == m.call.node && a.targets.size() == 1) name = a.targets[0];
      if (name.empty()) continue;
      // Names derived from it without a tl.where re-mask.
      std::set<std::string> derived{name};
      bool remasked = false;
      for (int round = 0; round < 4; ++round)
        for (const lang::Assignment& a : assigns) {
          if (!a.value || a.targets.size() != 1) continue;
          bool reads = false;
          for (const std::string& id : identifiers_in(a.value.text())) reads = reads || derived.count(id);
          if (!reads) continue;
          if (a.value.text().find("where") != std::string_view::npos) {
            if (a.targets[0] == name) remasked = true;
            continue;
          }
          derived.insert(a.targets[0]);
        }
      if (remasked) continue;
      for (const lang::Call& c : calls) {
        if (!(c.callee == "tl.max" || c.callee == "tl.min" || c.callee == "tl.argmax" || c.callee == "tl.argmin" ||
              c.callee == "gl.max" || c.callee == "gl.min"))
          continue;
        if (c.args.empty() || !c.args[0].value) continue;
        std::string_view arg = c.args[0].value.text();
        if (arg.find("where") != std::string_view::npos) continue;
        bool reads = false;
        for (const std::string& id : identifiers_in(arg)) reads = reads || derived.count(id);
        if (!reads) continue;
        out.push_back(report(f, tree, m, name, c));
        break;
      }
    }
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const MemoryAccess& m, const std::string& name,
                 const lang::Call& reduction) const {
    bool is_max = reduction.callee_name.find("max") != std::string::npos;
    Finding x = finding();
    x.location = Location{f.new_path, m.call.line};
    x.related.push_back(Location{f.new_path, reduction.line});
    x.problem = "Masked load into `" + name + "` has no other=, and `" + name + "` feeds `" + reduction.callee +
                "` (line " + std::to_string(reduction.line) + ")";
    x.impact = std::string("Masked-off lanes read 0; ") +
               (is_max ? "when every valid value is negative (logits, log-probs, a running max) the padded 0 wins the max"
                       : "when every valid value is positive the padded 0 wins the min") +
               " and the tail tile's result is silently wrong";
    x.action = std::string("Author must pass `other=") + (is_max ? "-float(\"inf\")" : "float(\"inf\")") +
               "` (the reduction's neutral value) to the load, or re-mask with `tl.where` before the reduction";
    x.evidence.push_back(evidence(f.new_path, m.call.line, tree.line_text(m.call.line)));
    x.evidence.push_back(evidence(f.new_path, reduction.line, tree.line_text(reduction.line)));
    return x;
  }
};

REGISTER_RULE(TritonMaskNoOther);

}  // namespace
}  // namespace rp
