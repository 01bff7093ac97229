// api-propagation (ATOM B5 / aiter B6): an API surface changed and a receiver in this
// repository did not follow — a parameter removed while callers still pass it, a symbol
// renamed or deleted while importers still import it (unless a compatibility shim keeps the
// old name). Its family (public-op-break, param-discarded, getattr-key-unset) reports the
// other ways an API change goes unfollowed; the engine is analysis/api_surface.
#include <fmt/format.h>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "analysis/reach.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

using index::RepoIndex;

constexpr RuleInfo kInfo{
    .name = "api-propagation",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .summary = "A parameter was removed or a symbol renamed, and a caller or importer in the head tree still uses the old form.",
    .docs = R"(What it catches, in Python files the PR modifies:
- param-removed: a parameter is gone from a module-level function (or a method) and a call in
  the head tree still passes it by keyword, or passes more positional arguments than remain —
  TypeError at call time. Callers are found through the repository index: calls whose callee
  resolves (imports, module aliases, same file) to the function; for a method, `self.m()` in
  its class, `obj.m()` where the calling function binds `obj = Cls(...)` or takes `obj: Cls`,
  `Cls.m()` and `super().m()` in a subclass, with `Cls` resolved through the caller's imports
  (a same-named method of another class is not a caller).
- rename: a module-level function/class the base bound is no longer bound by the module, and a
  head-tree file still imports it (`from mod import old`, also through a package that star-
  imports the module) or calls `mod.old(...)`; a deleted module still imported.
Why it matters: the old form keeps compiling in Python; the break shows up as a TypeError or
ImportError/AttributeError in a caller the PR did not touch. Red when the stale caller is on
a production path (a warning in tests, benchmarks and scripts).
Does not fire on: a removal or rename behind a compatibility shim added in the same PR — a
same-named wrapper `def`, an alias assignment, a re-export, or `**kwargs` that still accepts
the old keyword (the old name still resolves); importers inside `try/except ImportError` or
under `if TYPE_CHECKING:` (only type checkers run those); calls that pass `*args`/`**kwargs` (what they pass is unknown).
Family: `api-propagation` written in configuration (rules.disable, rules.severity, --rule)
or in a suppression comment also names public-op-break, param-discarded and
getattr-key-unset, which were its sub-checks before they got their own names.)"};

// The rule reports deleted modules first, then the changed ones (each in diff order): judged
// file by file, it keeps the two lists apart until the last file.
struct ApiPropagationFound {
  std::vector<Finding> deleted, changed;
};

class ApiPropagation : public FileRuleWithState<kInfo, ApiPropagationFound> {
 public:
  ApiPropagationFound prepare(const ReviewContext&) const override { return {}; }
  void check_file(const ReviewContext& ctx, ApiPropagationFound& found, const FileChange& file,
                  std::vector<Finding>&) const override {
    if (!ctx.repo || !ctx.workspace.head_tree()) return;
    for (const FileChange& f : one_file(file))
      if (is_python(f.old_path.empty() ? f.path() : f.old_path) &&
          (f.status == FileStatus::Deleted || f.status == FileStatus::Renamed))
        deleted_module(ctx, f, found.deleted);
    std::vector<Finding>& out = found.changed;
    if (const api::ModuleApiDiff* module = api::api_diff_of(ctx, file)) {
      const api::ModuleApiDiff& m = *module;
      for (const api::ChangedFunction& c : m.changed) {
        for (const api::StaleCall& s : c.stale_keyword) removed_keyword(ctx, m.path, *c.now, s, out);
        for (const api::StaleCall& s : c.stale_positional) removed_positional(ctx, m.path, *c.before, *c.now, s.site, out);
      }
      for (const api::GoneSymbol& g : m.gone)
        for (const api::StaleUse& u : g.uses) report_rename(ctx, m.path, g.name, u.path, u.line, u.how, out);
    }
  }
  void totals(const ReviewContext&, ApiPropagationFound& found, std::vector<Finding>& out) const override {
    for (std::vector<Finding>* list : {&found.deleted, &found.changed})
      out.insert(out.end(), std::make_move_iterator(list->begin()), std::make_move_iterator(list->end()));
  }

 private:
  void removed_keyword(const ReviewContext& ctx, const std::string& path, const lang::Function& fn,
                       const api::StaleCall& s, std::vector<Finding>& out) const {
    const index::CallSite& c = s.site;
    std::string names;
    for (const std::string& n : s.keywords) names += (names.empty() ? "`" : ", `") + n + "=`";
    Finding fd = finding();
    fd.location = Location{path, fn.start_line};
    fd.related.push_back(Location{c.path, c.call->line});
    fd.problem = fmt::format("param-removed: `{}` no longer accepts {} but {}:{} still passes {}", fn.qualified, names,
                             c.path, c.call->line, s.keywords.size() == 1 ? "it" : "them");
    fd.impact = "That call raises TypeError (unexpected keyword argument) the first time it runs";
    fd.action = fmt::format("Author must update every caller of `{}` or keep accepting the removed keyword as a deprecated alias",
                            fn.name);
    fd.trigger = fmt::format("the call at {}:{} passes {} to {}()", c.path, c.call->line, names, fn.name);
    demote_off_production(fd, code_reach(ctx, c.path));
    add_evidence(ctx, fd, path, fn.start_line, c.path, c.call->line);
    out.push_back(std::move(fd));
  }

  void removed_positional(const ReviewContext& ctx, const std::string& path, const lang::Function& of,
                          const lang::Function& nf, const index::CallSite& c, std::vector<Finding>& out) const {
    bool star = false;
    int self = nf.class_name.empty() ? 0 : 1;
    int before = api::plain_positional(of, &star), now = api::plain_positional(nf, &star);
    Finding fd = finding();
    fd.location = Location{path, nf.start_line};
    fd.related.push_back(Location{c.path, c.call->line});
    fd.problem = fmt::format("param-removed: `{}` now takes {} positional parameters (was {}) but {}:{} still passes {}",
                             nf.qualified, now - self, before - self, c.path, c.call->line, c.call->positional);
    fd.impact = "That call raises TypeError (too many positional arguments) the first time it runs";
    fd.action = fmt::format("Author must update every caller of `{}`", nf.name);
    fd.trigger = fmt::format("the call at {}:{} passes {} positional arguments", c.path, c.call->line, c.call->positional);
    demote_off_production(fd, code_reach(ctx, c.path));
    add_evidence(ctx, fd, path, nf.start_line, c.path, c.call->line);
    out.push_back(std::move(fd));
  }

  void report_rename(const ReviewContext& ctx, const std::string& path, const std::string& name, const std::string& user,
                     int line, const std::string& how, std::vector<Finding>& out, bool whole_module = false) const {
    Finding fd = finding();
    fd.location = Location{user, line};
    if (!whole_module) fd.related.push_back(Location{path, 0});
    fd.problem = whole_module
                     ? fmt::format("rename: module {} ({}) is renamed or deleted by this PR but {}:{} still {}", name, path,
                                   user, line, how)
                     : fmt::format("rename: `{}` is no longer defined in {} (renamed or removed, no shim keeps the old "
                                   "name) but {}:{} still {}",
                                   name, path, user, line, how);
    fd.impact = "That import or call raises ImportError/AttributeError; consumers outside the repository that use the old "
                "name break the same way";
    fd.action = fmt::format("Author must update {} or keep `{}` as a compatibility alias or wrapper", user, name);
    fd.trigger = fmt::format("executing {}:{} ({})", user, line, how);
    if (auto text = ctx.workspace.head_line(user, line)) fd.evidence.push_back(evidence(user, line, *text));
    out.push_back(std::move(fd));
  }

  void deleted_module(const ReviewContext& ctx, const FileChange& f, std::vector<Finding>& out) const {
    if (!is_python(f.old_path)) return;
    const RepoIndex& idx = ctx.repo->index();
    if (idx.file(f.old_path)) return;  // still there
    std::string dotted = RepoIndex::dotted_of(f.old_path);
    if (!idx.module_path(dotted).empty()) return;  // m.py became m/__init__.py: the name still imports
    for (const index::ImportSite& s : idx.imports_of_module_name(dotted))
      if (!s.import->guarded && !api::type_checking_import(ctx, s.path, s.import->line))
        report_rename(ctx, f.old_path, dotted, s.path, s.import->line, "imports it", out, true);
  }

  static void add_evidence(const ReviewContext& ctx, Finding& fd, const std::string& def_path, int def_line,
                           const std::string& call_path, int call_line) {
    if (const lang::SyntaxTree* t = ctx.workspace.new_tree(def_path))
      fd.evidence.push_back(evidence(def_path, def_line, t->line_text(def_line)));
    if (auto text = ctx.workspace.head_line(call_path, call_line)) fd.evidence.push_back(evidence(call_path, call_line, *text));
  }
};

REGISTER_RULE(ApiPropagation);

}  // namespace
}  // namespace rp
