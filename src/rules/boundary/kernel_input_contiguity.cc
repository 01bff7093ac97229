// kernel-input-contiguity: a new Python wrapper hands its tensor arguments straight to a
// compiled kernel with no contiguity check or .contiguous() on them.
#include <re2/re2.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "kernel-input-contiguity",
    .category = Category::Boundary,
    .severity = Severity::Note,  // measured: under 70% true on the newest PR heads (README Accuracy); a note until re-measured
    .needs = Needs::Diff,
    .summary = "A new wrapper passes its tensor parameters to a compiled kernel with no contiguity check.",
    .docs = R"(What it catches: a Python function the PR adds whose body calls a kernel entry point of the
same module, one decorated `@compile_ops(...)` or `@torch.library.custom_op(...)` or a
`@triton.jit`/`@gluon.jit` kernel launched as `k[grid](...)` that receives no strides, and
passes two or more of the wrapper's own tensor parameters (annotated `torch.Tensor`/`Tensor`)
to it unchanged, while nothing in the wrapper makes them contiguous (`.contiguous()`), checks
it (`.is_contiguous()`), or reads their layout (`.stride(`, `.strides`). One finding per
wrapper, naming the parameters.
Severity: a warning for a `@jit` kernel without stride parameters (its source is read: it
assumes dense inputs); a note for `@compile_ops`/`custom_op` entries, whose C++ side may
check the layout (measured: most such hits on real history were of that kind).
Why it matters: the kernel addresses its inputs as dense row-major buffers. A caller passing a
slice, a transpose or a non-contiguous view gets a silently wrong result: no error, wrong
addresses.
Does not fire on: wrappers that check or fix the layout of the tensors they pass; Triton
kernels that receive strides (they handle any layout); tensors the wrapper allocates itself
(`torch.empty`, outputs); wrappers that existed before the PR (a function of the same
qualified name in the base file, e.g. a `@compile_ops` declaration stub that now gets a Python
body, even when the diff shows its `def` line as added); kernels defined in another module
(their C++ side may check); test files.)"};

bool is_entry_decorator(std::string_view d) {
  return d.find("compile_ops") != std::string_view::npos || d.find("custom_op") != std::string_view::npos;
}

bool is_jit(const Function& fn) {
  for (const std::string& d : fn.decorators)
    if (d.find("jit") != std::string::npos) return true;
  return false;
}

class KernelInputContiguity : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, [](std::string_view p) { return is_python(p); })) {
      const FileChange& f = *file;
      std::map<std::string, Function> entries;
      for (const Function& fn : tree->functions()) {
        bool entry = is_jit(fn) && !has_stride_param(fn);
        for (const std::string& d : fn.decorators) entry = entry || is_entry_decorator(d);
        if (entry) entries.emplace(fn.name, fn);
      }
      if (entries.empty()) continue;
      // A function the base already defined (often a `@compile_ops` declaration stub that now
      // gets a Python body) keeps the input contract its callers and C++ entry already had:
      // it is not a new wrapper, whatever diff alignment says about its `def` line.
      const SyntaxTree* old = f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      for (const Function& fn : tree->functions()) {
        if (!added.count(fn.start_line) || !fn.body || entries.count(fn.name) || is_jit(fn)) continue;
        if (existed_before(old, fn.qualified)) continue;
        check_wrapper(*tree, f.new_path, fn, entries, out);
      }
    }
  }

 private:
  static bool has_stride_param(const Function& fn) {
    for (const lang::Param& p : fn.params)
      if (p.name.find("stride") != std::string::npos) return true;
    return false;
  }

  static std::string kernel_name(const Call& c) {
    std::string s = c.callee;
    size_t br = s.find('[');
    if (br != std::string::npos) s = s.substr(0, br);
    size_t dot = s.rfind('.');
    return dot == std::string::npos ? s : s.substr(dot + 1);
  }

  void check_wrapper(const SyntaxTree& tree, const std::string& path, const Function& fn,
                     const std::map<std::string, Function>& entries, std::vector<Finding>& out) const {
    std::set<std::string> tensors;
    for (const lang::Param& p : fn.params)
      if (p.annotation.find("Tensor") != std::string::npos && p.annotation.find("Optional") == std::string::npos &&
          p.annotation.find("None") == std::string::npos && p.annotation.find("List") == std::string::npos &&
          p.annotation.find("list") == std::string::npos)
        tensors.insert(p.name);
    if (tensors.size() < 2) return;
    // Re-bound parameters are no longer the caller's tensors.
    for (const lang::Assignment& a : tree.assignments(fn.body))
      for (const std::string& t : a.targets) tensors.erase(t);
    std::string body(fn.body.text());
    static const RE2 layout(R"(\.(contiguous|is_contiguous)\(|\.stride\(|\.strides\b)");
    if (RE2::PartialMatch(body, layout)) return;
    for (const Call& c : tree.calls(fn.body)) {
      auto it = entries.find(kernel_name(c));
      if (it == entries.end()) continue;
      std::vector<std::string> passed;
      for (const lang::Argument& a : c.args) {
        std::string v(trim(a.value.text()));
        if (tensors.count(v)) passed.push_back(v);
      }
      if (passed.size() < 2) continue;
      report(tree, path, fn, c, passed, is_jit(it->second), out);
      return;
    }
  }

  void report(const SyntaxTree& tree, const std::string& path, const Function& fn, const Call& c,
              const std::vector<std::string>& passed, bool kernel_read, std::vector<Finding>& out) const {
    std::string names;
    for (size_t i = 0; i < passed.size(); ++i) names += (i ? ", `" : "`") + passed[i] + "`";
    Finding x = finding();
    // A compiled C++/HIP op may check the layout on its side, which this rule does not read:
    // only a stride-less Triton kernel (read here) makes the missing check a warning.
    if (!kernel_read) x.severity = Severity::Note;
    x.location = Location{path, c.line};
    x.problem = "`" + fn.qualified + "` passes " + names + " to `" + kernel_name(c) +
                "` unchanged, with no `.contiguous()` or `is_contiguous()` check in the wrapper";
    x.impact = "The kernel addresses these inputs as dense buffers; a caller passing a slice, a transpose or a "
               "non-contiguous view gets silently wrong results";
    x.action = "Author must assert `.is_contiguous()` on these inputs (or call `.contiguous()` where a copy is "
               "acceptable), or Reviewer should ask where the kernel handles strides";
    x.evidence.push_back(evidence(path, c.line, tree.line_text(c.line)));
    x.evidence.push_back(evidence(path, fn.start_line, tree.line_text(fn.start_line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(KernelInputContiguity);

}  // namespace
}  // namespace rp
