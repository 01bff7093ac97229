// new-param-not-passed: a public function gains a parameter whose default keeps the old
// behaviour, and nothing in the PR passes it: the new path stays off until a consumer opts in.
#include <map>
#include <memory>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "analysis/object_origin.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "new-param-not-passed",
    .category = Category::CrossRepo,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A public function gains a defaulted parameter that no added line of the PR passes: who activates it?",
    .docs = R"(What it catches: a public function (name without a leading underscore) of the project's
package that exists before and after the PR and gains a parameter with a default value, when no
added line anywhere in the PR passes that parameter by keyword (`name=...`) — so every existing
caller keeps the old behaviour and the new code path is dead until a consumer (ATOM, SGLang,
vLLM, or another aiter op) is changed to pass it.
Why it matters: a fix or feature behind a backward-compatible default does nothing on its own
(aiter: a `max_seqlen=-1` parameter whose fix only took effect once ATOM passed the real value);
the follow-up that activates it needs an owner.
Does not fire on: new functions (all of their parameters are new); private functions and
methods (`_name`); functions nested in another function (local helpers of a kernel builder);
fake implementations (`*_fake`, whose signature must mirror the op); parameters without a default; `*args`/`**kwargs`; parameters some added line
passes by keyword, names as a quoted kwargs-dict key, or whose function an added line calls (the
value may be passed positionally); test files. The finding is a question, not a defect.)"};

// What the rule prepares once per review: every added line of the PR, and the origin resolver
// (null without an index).
struct NewParamNotPassedPr {
  std::vector<AddedLine> all_added;
  std::unique_ptr<Origins> origins;
};

class NewParamNotPassed : public FileRuleWithState<kInfo, NewParamNotPassedPr> {
 public:
  NewParamNotPassedPr prepare(const ReviewContext& ctx) const override {
    NewParamNotPassedPr pr{added_lines(ctx.pr.changes), nullptr};
    if (ctx.repo && ctx.workspace.head_tree())
      pr.origins = std::make_unique<Origins>(ctx.repo->index(), *ctx.workspace.head_tree(),
                                             [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); });
    return pr;
  }
  void check_file(const ReviewContext& ctx, NewParamNotPassedPr& pr, const FileChange& file,
                  std::vector<Finding>& out) const override {
    const std::vector<AddedLine>& all_added = pr.all_added;
    const std::unique_ptr<Origins>& origins = pr.origins;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.status != FileStatus::Modified || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (!ctx.profile.package.empty() && !ctx.profile.in_package(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
      const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      if (!neu || !old) continue;
      std::map<std::string, const lang::Function*> before;
      const std::vector<lang::Function>& old_fns = old->functions();
      for (const lang::Function& fn : old_fns) before[fn.qualified] = &fn;
      for (const lang::Function& fn : neu->functions()) {
        if (fn.name.starts_with("_") || fn.name.ends_with("_fake")) continue;
        // A helper nested in another function (a kernel builder's local closure) is not API.
        if (ancestor(fn.node, {NodeKind::FunctionDef})) continue;
        if (!fn.class_name.empty() && fn.class_name.starts_with("_")) continue;
        auto it = before.find(fn.qualified);
        if (it == before.end()) continue;
        // A method of a class that plugs into an external framework (a vLLM backend, an
        // SGLang layer) which nothing in this repository calls: the framework is its caller,
        // so "no line of this PR passes it" says nothing about who activates it.
        if (origins && !fn.class_name.empty() && origins->derives_from_external(f.new_path, fn.class_name) &&
            !origins->called_in_repo(fn.name))
          continue;
        std::set<std::string> had;
        for (const lang::Param& p : it->second->params) had.insert(p.name);
        std::vector<const lang::Param*> fresh;
        for (const lang::Param& p : fn.params) {
          if (had.count(p.name) || p.default_text.empty() || !p.node || !added.count(p.node.start_line())) continue;
          std::string t(trim(p.node.text()));
          if (t.starts_with("*")) continue;
          // `_name`: a private seam by Python convention, not an API a consumer is meant to pass.
          if (p.name.starts_with("_")) continue;
          // Taken only to be rejected (`if out is not None: raise NotImplementedError`): not a
          // dormant feature waiting for a caller.
          if (param_only_rejected(*neu, fn, p.name)) continue;
          if (!passed_somewhere(all_added, p.name, f.new_path, fn)) fresh.push_back(&p);
        }
        if (fresh.empty()) continue;
        out.push_back(report(f.new_path, *neu, fn, fresh));
      }
    }
  }

 private:
  // An added line outside the function's own signature that passes `name=` (not `==`).
  static bool passed_somewhere(const std::vector<AddedLine>& added, const std::string& name, const std::string& path,
                               const lang::Function& fn) {
    // `name=...`, a quoted "name" (a kwargs dict key), or an added call of the function itself
    // (it may pass the value positionally).
    RE2 kw("\\b" + RE2::QuoteMeta(name) + "\\s*=[^=]|[\"']" + RE2::QuoteMeta(name) + "[\"']|\\b" +
           RE2::QuoteMeta(fn.name) + "\\s*\\(");
    int sig_end = fn.body ? fn.body.start_line() - 1 : fn.start_line;
    for (const AddedLine& a : added) {
      if (a.file->new_path == path && a.line->new_line >= fn.start_line && a.line->new_line <= sig_end) continue;
      if (RE2::PartialMatch(code_part(a.line->text, true), kw)) return true;
    }
    return false;
  }

  Finding report(const std::string& path, const lang::SyntaxTree& tree, const lang::Function& fn,
                 const std::vector<const lang::Param*>& params) const {
    Finding x = finding();
    int line = params[0]->node.start_line();
    x.location = Location{path, line};
    std::string names;
    for (size_t i = 0; i < params.size(); ++i)
      names += (i ? ", " : "") + std::string("`") + params[i]->name + "=" + params[i]->default_text + "`";
    x.problem = "`" + fn.qualified + "` gains " + names + " and no line of this PR passes " +
                (params.size() > 1 ? "them" : "it");
    x.impact = "Every existing caller keeps the old behaviour: the new path does nothing until a consumer (ATOM, "
               "SGLang, vLLM or another op) is changed to pass a non-default value";
    x.action = "Reviewer should ask who passes " + std::string(params.size() > 1 ? "these parameters" : "`" + params[0]->name + "`") +
               " to activate the change, and where that follow-up is tracked";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    x.verified = false;
    return x;
  }
};

REGISTER_RULE(NewParamNotPassed);

}  // namespace
}  // namespace rp
