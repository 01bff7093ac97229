// fnuz-by-arch: whether data IS fp8 fnuz decided from the GPU arch name instead of the
// tensor's dtype.
#include <re2/re2.h>

#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "fnuz-by-arch",
    .category = Category::Hardcoded,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "An fnuz flag (is_fnuz, use_fnuz, ...) computed from the arch name instead of the tensor's dtype.",
    .docs = R"(What it catches: an added assignment or declaration inside a function with parameters
that binds a name containing `fnuz` (`is_fnuz`, `_is_fnuz`, `use_fnuz`, `bool fnuz`) from an
arch test (a gfx literal or an arch query such as `get_gfx()`, `get_hip_arch()`,
`gcnArchName`), or sets such a name to True/False inside a branch whose condition is an arch
test; and an added `return <arch test>` in a function whose name contains `fnuz`.
Why it matters: one GPU can hold fnuz and OCP fp8 tensors at the same time (fnuz KV cache, OCP
query); treating a tensor as fnuz because of the arch reads or writes it with the wrong
encoding (wrong bias, NaN code 0x80), silently.
Does not fire on: tests that read a dtype (`x.dtype == torch.float8_e4m3fnuz`) even when an
arch test sits beside them; choosing which fp8 dtype to PRODUCE by arch (`fp8 = FNUZ if arch ==
"gfx942" else E4M3`: gating a conversion by arch is fine); module-level platform defaults and
functions without parameters (there is no tensor to inspect there); tests and docs.)"};

bool fnuz_name(std::string_view name) {
  static const RE2 re(R"((?i)fnuz)");
  return RE2::PartialMatch(name, re);
}

bool arch_test(std::string_view text) {
  static const RE2 lit(R"(["']gfx[0-9]{2,4}[a-z0-9]?["'])");
  return RE2::PartialMatch(text, lit) || mentions_arch_query(text);
}

bool reads_dtype(std::string_view text) { return text.find("dtype") != std::string_view::npos; }

bool has_real_params(const lang::Function& fn) {
  for (const lang::Param& p : fn.params)
    if (p.name != "self" && p.name != "cls") return true;
  return false;
}

// The arch-test condition of the branch that directly holds statement `n`, or null.
lang::Node branch_condition(lang::Node n) {
  for (lang::Node a = n.parent(); a; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::If || k == NodeKind::Elif) return a.child_by_field("condition");
    if (k == NodeKind::FunctionDef || k == NodeKind::Module) break;
  }
  return {};
}

class FnuzByArch : public SourceRule<kInfo, Sources::PythonAndCpp> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    for (const lang::Function& fn : tree.functions()) {
      if (!has_real_params(fn) || !fn.body) continue;
      check_function(f, tree, fn, added, out);
    }
  }

 private:
  void check_function(const FileChange& f, const lang::SyntaxTree& tree, const lang::Function& fn,
                      const std::set<int>& added, std::vector<Finding>& out) const {
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (!added.count(a.line) || !a.value) continue;
      if (auto inner = tree.enclosing_function(a.line); !inner || inner->start_line != fn.start_line) continue;
      bool named = false;
      for (const std::string& t : a.targets) named = named || fnuz_name(t);
      if (!named) continue;
      std::string_view v = a.value.text();
      if (reads_dtype(v)) continue;
      bool from_arch = arch_test(v);
      if (!from_arch && (trim(v) == "True" || trim(v) == "False" || trim(v) == "true" || trim(v) == "false")) {
        lang::Node cond = branch_condition(a.node);
        from_arch = cond && arch_test(cond.text()) && !reads_dtype(cond.text());
      }
      if (from_arch) out.push_back(report(f, tree, a.line));
    }
    if (!fnuz_name(fn.name)) return;
    lang::walk(fn.body, [&](lang::Node n) {
      if (lang::is_nested_function(n)) return false;
      if (is(n, NodeKind::Return) && added.count(n.start_line()) && arch_test(n.text()) &&
          !reads_dtype(n.text()))
        out.push_back(report(f, tree, n.start_line()));
      return true;
    });
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "Whether data is fp8 fnuz is decided from the GPU arch name, not from a tensor's dtype";
    x.impact = "The same GPU can carry fnuz and OCP fp8 tensors at once (fnuz KV cache, OCP query); a tensor whose "
               "flavour differs from the arch default is read or written with the wrong encoding, silently";
    x.action = "Author must test the tensor: `t.dtype == torch.float8_e4m3fnuz` (or the dtype the kernel receives); "
               "gating only the choice of output dtype by arch is fine";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(FnuzByArch);

}  // namespace
}  // namespace rp
