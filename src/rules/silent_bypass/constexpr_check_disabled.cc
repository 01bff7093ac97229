// constexpr-check-disabled: a Triton constexpr flag that gates a bounds/sentinel/validity check
// is added with default False or set False by a caller, with no stated invariant.
#include <re2/re2.h>

#include <algorithm>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "constexpr-check-disabled",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A CHECK_*/*_BOUNDS/*SENTINEL* tl.constexpr safety flag set False (or defaulting to False) without a stated invariant.",
    .docs = R"(What it catches: (1) an added Triton/Gluon kernel parameter annotated `tl.constexpr` whose
name says it gates a safety check (`CHECK_*`, `*_CHECK`, `*BOUND*`, `*SENTINEL*`, `*VALIDATE*`,
`SAFE_*`) and whose default is False; (2) an added keyword argument of that shape (upper-case,
as constexpr flags are written) set to False or 0 at a call or launch. Either disables the
check on a path, and the PR does not say what guarantees the invariant there.
Why it matters: the check exists because invalid values (a -1 slot id, an index past the
cache) can reach the kernel; with the check compiled out the same value produces an illegal
memory access or silently wrong output.
Does not fire on: a comment within the call statement or the three lines above it that states
why the invariant holds (words such as invariant, guarantee, never, always, ensured, cannot,
assume, because, since, filtered, validated); flags set True or from a variable; flags whose
name does not describe a check (`USE_*`, `HAS_*`, `IS_*`); lines the PR did not add; tests.)"};

bool check_flag(std::string_view name) {
  static const RE2 re(R"((?:^CHECK_|_CHECK$|_CHECKS?_|BOUND|SENTINEL|VALIDATE|^SAFE_|_SAFE$))");
  static const RE2 upper(R"([A-Z0-9_]+)");
  return RE2::FullMatch(name, upper) && RE2::PartialMatch(name, re);
}

bool off(std::string_view v) { return v == "False" || v == "0"; }

bool states_invariant(std::string_view text) {
  static const RE2 re(
      R"((?i)invariant|guarantee|never|always|ensure|cannot|can't|assum|because|since|filtered|validated|no -1|non-negative)");
  return RE2::PartialMatch(text, re);
}

class ConstexprCheckDisabled : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    for (const lang::Function& k : triton_kernels(tree))
      for (const lang::Param& p : k.params)
        if (p.node && added.count(p.node.start_line()) && p.annotation.find("constexpr") != std::string::npos &&
            check_flag(p.name) && off(p.default_text))
          out.push_back(report(f, tree, p.node.start_line(), p.name, true));
    for (const lang::Call& c : tree.calls())
      for (const lang::Argument& a : c.args) {
        if (!a.value || !added.count(a.value.start_line()) || !check_flag(a.keyword) || !off(a.value.text())) continue;
        if (documented(tree, c, a.value.start_line())) continue;
        out.push_back(report(f, tree, a.value.start_line(), a.keyword, false));
      }
  }

 private:
  static bool documented(const lang::SyntaxTree& tree, const lang::Call& c, int line) {
    lang::Node stmt = tree.statement_at(c.line);
    int first = (stmt ? stmt.start_line() : c.line) - 3;
    int last = std::max(line, c.node.end_line());
    for (int l = std::max(1, first); l <= last; ++l)
      if (states_invariant(comment_part(tree.line_text(l), true))) return true;
    return false;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, const std::string& flag,
                 bool declaration) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = declaration ? "New constexpr safety flag `" + flag + "` defaults to False: every launch that does not "
                              "pass it compiles the check out"
                            : "`" + flag + "=False` disables the kernel's safety check on this path, and nothing here "
                              "states which invariant makes the check unnecessary";
    x.impact = "If an invalid value (a -1 sentinel slot, an out-of-range index) reaches the kernel on this path, "
               "the compiled-out check turns it into an illegal memory access or silently wrong output";
    x.action = "Author must document (and preferably assert on the host) which caller invariant guarantees no invalid "
               "value reaches `" + flag + "`'s check on this path, or keep the check on";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(ConstexprCheckDisabled);

}  // namespace
}  // namespace rp
