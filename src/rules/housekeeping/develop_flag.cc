// develop-flag: `develop=True` added to a @compile_ops registration.
#include <re2/re2.h>

#include "analysis/compile_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "develop-flag",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "`develop=True` is added to a @compile_ops registration.",
    .docs = R"(What it catches: an added `develop=True` argument of `@compile_ops(...)` (aiter's JIT op
decorator), on an op the PR adds or on an existing op that did not have it.
Why it matters: the flag switches the op onto aiter's development path (a different argument
conversion and build handling than released ops); the checklist asks that it be removed before
the op leaves the experimental stage, and a reviewer should know the op ships with it.
All such registrations of the PR are one finding. A note, not a warning: in aiter's current
jit/core.py `develop=True` is also the binding mode that passes tensors as `aiter_tensor_t`
(hundreds of released ops use it), so the flag alone does not show an unfinished op; the
reviewer is asked to confirm it is intended.
Does not fire on: `develop=False`; a `develop=True` the old side of the same registration already
had (a moved or reformatted decorator); the flag outside a compile_ops decorator (a function
parameter named `develop`, a config key); test files.)"};

// A registration that sets the flag on a line the PR adds.
struct DevelopHit {
  std::string path;
  int line;
  std::string op, code;
};

class DevelopFlag : public FileRuleWithState<kInfo, std::vector<DevelopHit>> {
 public:
  std::vector<DevelopHit> prepare(const ReviewContext&) const override { return {}; }
  void check_file(const ReviewContext& ctx, std::vector<DevelopHit>& hits, const FileChange& file,
                  std::vector<Finding>& out) const override {
    static const RE2 flag(R"(\bdevelop\s*=\s*True\b)");
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      const lang::SyntaxTree* old = ctx.workspace.old_tree(f.path());
      if (!tree) continue;
      std::set<std::string> had;
      if (old)
        for (const CompileOpRegistration& r : compile_op_registrations(*old))
          if (r.kind == CompileOpRegistration::Kind::CompileOps && develop_in(*old, r, flag)) had.insert(r.op.name);
      for (const CompileOpRegistration& r : compile_op_registrations(*tree)) {
        if (r.kind != CompileOpRegistration::Kind::CompileOps) continue;
        int line = develop_line(*tree, r, flag);
        if (!line || !added.count(line) || had.count(r.op.name)) continue;
        hits.push_back({f.new_path, line, r.op.name, std::string(tree->line_text(line))});
      }
    }
  }
  void totals(const ReviewContext&, std::vector<DevelopHit>& hits, std::vector<Finding>& out) const override {
    if (hits.empty()) return;
    Finding x = finding();
    x.location = Location{hits[0].path, hits[0].line};
    x.problem = "`develop=True` is set on the @compile_ops registration of ";
    for (size_t i = 0; i < hits.size(); ++i) {
      if (i < 4) x.problem += (i ? ", `" : "`") + hits[i].op + "`";
      if (i) x.related.push_back(Location{hits[i].path, hits[i].line});
      if (i < 5) x.evidence.push_back(evidence(hits[i].path, hits[i].line, hits[i].code));
    }
    if (hits.size() > 4) x.problem += " and " + std::to_string(hits.size() - 4) + " more ops";
    x.impact = "The op builds and binds through aiter's development path; it ships that way unless someone removes "
               "the flag when the op leaves the experimental stage";
    x.action = "Reviewer should ask whether `develop=True` is intended for release or should be removed before the "
               "op leaves the experimental stage";
    out.push_back(std::move(x));
  }

 private:
  // The line of `develop=True` inside the registration's decorator; 0 when absent.
  static int develop_line(const lang::SyntaxTree& tree, const CompileOpRegistration& r, const RE2& flag) {
    int def = is(r.op.node, NodeKind::DecoratedDef) && r.op.node.child_by_field("definition")
                  ? r.op.node.child_by_field("definition").start_line()
                  : r.anchor_line;
    for (int line = r.anchor_line; line < def; ++line)
      if (RE2::PartialMatch(code_part(tree.line_text(line), true), flag)) return line;
    return 0;
  }
  static bool develop_in(const lang::SyntaxTree& tree, const CompileOpRegistration& r, const RE2& flag) {
    return develop_line(tree, r, flag) != 0;
  }
};

REGISTER_RULE(DevelopFlag);

}  // namespace
}  // namespace rp
