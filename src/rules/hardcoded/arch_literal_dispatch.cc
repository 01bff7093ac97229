// arch-literal-dispatch: a new GPU arch string (or the arch/model-tied constant 576) in a
// dispatch condition, where the file did not spell it before.
#include <re2/re2.h>

#include <map>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "arch-literal-dispatch",
    .category = Category::Hardcoded,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .codes = {.atom = "C3", .aiter = "C4"},
    .summary = "New GPU arch string literal (gfx942, gfx1250, ...) or arch-tied constant 576 in a dispatch condition.",
    .docs = R"(What it catches: an added line whose branch condition (if/elif/while, or a conditional
expression `a if c else b` / `c ? a : b`) compares against a GPU architecture string literal
(`"gfx950"`, `"gfx1250"`, a prefix such as `"gfx95"`) that the base version of the file never
spelled; and the MLA head-size constant `576` (kv_lora_rank 512 + rope 64) newly compared in a
condition. Python and C/C++/HIP are read alike. One finding per file and literal, at its first
dispatch use.
Why it matters: routing by a literal arch name scatters hardware knowledge across call sites:
the next arch (or a sibling of the same family) silently takes the old path, and nobody finds
the literal when the registry is updated.
Does not fire on: a literal already present anywhere in the base version of the file
(pre-existing style: the new line extends a pattern the file already uses); arch names in
comments, docstrings, messages or paths (only exact-literal operands of a condition count);
capability guards: a lone `if` without elif/else that bails out (return None/False, raise,
assert, a warning, pytest.skip) or that is followed by `return None` (a kernel wrapper saying
"this backend cannot take the call, fall through"), and any check inside a function whose name
says it detects a capability (`_detect_*`, `is_*`, `*_supported`, `*_available`, `has_*`,
`can_*`); arch names bound to a variable instead of tested in place; files whose path already
names that arch (`.../gfx1250/...`, `*_gfx950.py`: the file is arch-specific by design); tests
and docs.)"};

bool capability_function(std::string_view name) {
  static const RE2 re(R"((?i)(?:^_*detect|^_*is_|^_*has_|^_*can_|support|availab|^_*check_))");
  return RE2::PartialMatch(name, re);
}

class ArchLiteralDispatch : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_code_sources(ctx.pr, ctx.workspace, true)) {
      const FileChange& f = *cs.file;
      const std::set<int>& added = cs.added;
      const lang::SyntaxTree* tree = cs.tree;
      const lang::SyntaxTree* old = f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      check_strings(f, *tree, old, added, out);
      check_576(f, *tree, old, added, out);
    }
  }

 private:
  // Whether a literal in a condition is a capability guard rather than dispatch.
  static bool guard_context(const lang::SyntaxTree& tree, lang::Node cond, int line) {
    if (auto fn = tree.enclosing_function(line); fn && capability_function(fn->name)) return true;
    lang::Node owner = cond.parent();
    return owner && owner.kind() == "if_statement" && is_lone_guard(owner);
  }

  void check_strings(const FileChange& f, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
                     const std::set<int>& added, std::vector<Finding>& out) const {
    std::set<std::string> before = string_values(old, is_arch_name);
    std::set<std::string> reported;
    for (const lang::Literal& lit : tree.string_literals()) {
      if (!added.count(lit.line) || !is_arch_name(lit.value)) continue;
      if (before.count(lit.value) || reported.count(lit.value)) continue;
      if (f.new_path.find(lit.value) != std::string::npos) continue;
      lang::Node cond = enclosing_condition(lit.node);
      if (!cond || guard_context(tree, cond, lit.line)) continue;
      reported.insert(lit.value);
      Finding x = finding();
      x.location = Location{f.new_path, lit.line};
      x.problem = "New arch string '" + lit.value + "' hardcoded in a dispatch condition (`" +
                  collapse_whitespace(cond.text()).substr(0, 100) + "`); the base version of " + f.new_path +
                  " never spelled it";
      x.impact = "Routing by a literal arch name: the next arch, or another member of the same family, silently "
                 "takes the other branch, and an update of the arch registry does not reach this call site";
      x.action = "Author must route through the arch registry or a named capability helper (e.g. an "
                 "`is_<feature>_supported()` check) instead of comparing '" + lit.value + "' in place";
      x.evidence.push_back(evidence(f.new_path, lit.line, tree.line_text(lit.line)));
      out.push_back(std::move(x));
    }
  }

  void check_576(const FileChange& f, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
                 const std::set<int>& added, std::vector<Finding>& out) const {
    std::set<std::string> before = number_texts(old);
    if (before.count("576")) return;
    for (const lang::Literal& lit : tree.number_literals()) {
      if (lit.text != "576" || !added.count(lit.line)) continue;
      lang::Node cond = enclosing_condition(lit.node);
      if (!cond || guard_context(tree, cond, lit.line)) continue;
      Finding x = finding();
      x.location = Location{f.new_path, lit.line};
      x.problem = "Magic constant 576 (MLA kv_lora_rank 512 + qk_rope_head_dim 64) hardcoded in a dispatch "
                  "condition (`" + collapse_whitespace(cond.text()).substr(0, 100) + "`)";
      x.impact = "Any MLA variant whose kv_lora_rank + qk_rope_head_dim differs from 576 silently takes the other "
                 "branch";
      x.action = "Author must derive the value from the model config (kv_lora_rank + qk_rope_head_dim) or a named "
                 "constant";
      x.evidence.push_back(evidence(f.new_path, lit.line, tree.line_text(lit.line)));
      out.push_back(std::move(x));
      return;
    }
  }
};

REGISTER_RULE(ArchLiteralDispatch);

}  // namespace
}  // namespace rp
