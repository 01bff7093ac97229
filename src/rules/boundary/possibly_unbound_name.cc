// possibly-unbound-name: a module-level name that exists only if an optional import (or any
// try body) succeeded, read where the failure path leaves it unbound.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "analysis/facts.h"
#include "analysis/possibly_unbound.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "possibly-unbound-name",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A module name bound only when an optional import succeeded is read on the path where it failed.",
    .docs = R"(What it catches: a module-level `try:` binds names (an optional import such as
`from kernels import fused_op`, or any assignment or def in its body or `else:`), one of its
`except` handlers goes on without binding them (it prints, logs or passes), and a line of the
module reads one of them with nothing to show the code knows it may be missing. The names are
then missing exactly when the dependency is: the module imports fine, and the first call that
reaches the read raises `NameError: name 'fused_op' is not defined`, far from the handler that
swallowed the real cause (pyright's reportPossiblyUnbound). The PR must touch it: an added line
reads the name, or the PR adds or changes the binding or the handler and the base had no such
read. One finding per try statement, on its handler when the PR touches the statement, else on
the first added read; the other reads are listed.
Why it matters: the handler was written so the module survives a missing dependency, but it
leaves the module in a state where a later, unrelated-looking line crashes; the user sees a
NameError instead of "install X" and the author's intent (optional or required?) is unclear.
Does not fire on: a name the module binds anywhere else (a fallback `X = None` before or after,
in the handler, a stub `def X`, another try, a function's `global X`); a handler that leaves
(`raise`, `return`, `sys.exit()`, also under a condition); reads that test the name itself
(`if X is not None`, `X and X(...)`, `callable(X)`), or that sit under a test of it or of a
flag the handler binds (`HAS_X = False`), in a function that tests the name or reads such a
flag anywhere, in a function the file calls only under such a test, or inside a `try` that
catches NameError or Exception; a function the file never calls while such a flag exists and
another module of the repository reads the flag (callers elsewhere may test it); annotations;
tries inside functions or classes (locals are unbound-local's); modules whose names cannot be
known (star import, exec, `globals()`); a file that does not parse; reads that already existed
with the same unbound name in the base version.
Severity: a warning; red when a read runs unconditionally at import time (a module-level
statement, decorator or default outside any branch) and the handler catches the import's
failure: the trigger is "the dependency is not installed", and then importing the module
itself raises NameError. In test code the reach gate lowers that to a warning.)",
    .family = "unbound-local"};

class PossiblyUnboundName : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.new_path.empty() || f.binary || !is_python(f.new_path)) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      PossiblyUnbound head = possibly_unbound_names(*tree);
      if (head.reads.empty()) continue;
      std::set<std::string> before;  // names the base already read while possibly unbound
      const lang::SyntaxTree* old_tree =
          f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      if (old_tree)
        for (const PossiblyUnboundRead& r : possibly_unbound_names(*old_tree).reads) before.insert(r.name);
      std::set<int> added = added_line_numbers(f);
      std::map<int, std::vector<const PossiblyUnboundRead*>> by_binding;
      for (const PossiblyUnboundRead& r : head.reads) {
        if (r.owner_unreferenced_with_flag && flag_read_elsewhere(ctx, f.new_path, head.bindings[r.binding])) continue;
        by_binding[r.binding].push_back(&r);
      }
      for (const auto& [index, reads] : by_binding) {
        const OptionalBinding& b = head.bindings[index];
        if (acknowledged(tree->line_text(b.handler.start_line()))) continue;
        bool statement_touched = touches_added(added, b.handler.start_line(), b.handler.end_line());
        for (const lang::Node& n : b.bindings) statement_touched = statement_touched || added.count(n.start_line());
        std::vector<const PossiblyUnboundRead*> shown;
        const PossiblyUnboundRead* first_added = nullptr;
        for (const PossiblyUnboundRead* r : reads) {
          bool added_read = added.count(r->node.start_line()) > 0;
          if (added_read && !first_added) first_added = r;
          if (added_read || (statement_touched && !before.count(r->name))) shown.push_back(r);
        }
        if (shown.empty() || (!first_added && !statement_touched)) continue;
        out.push_back(report(f.new_path, *tree, b, shown, statement_touched ? nullptr : first_added));
      }
    }
  }

 private:
  // Whether another module of the repository reads one of the statement's flags from this
  // module (`from m import HAS_X`, or `m.HAS_X` in a file importing m): its calls of this
  // module's functions may well be guarded there. Without a repository: in doubt, yes.
  static bool flag_read_elsewhere(const ReviewContext& ctx, const std::string& path, const OptionalBinding& b) {
    if (!ctx.repo) return true;
    const index::RepoIndex& idx = ctx.repo->index();
    for (const std::string& flag : b.flags)
      for (const index::ImportSite& i : idx.importers_of_name(flag))
        if (i.path != path && idx.module_path(index::RepoIndex::absolute_module(i.path, *i.import)) == path)
          return true;
    for (const index::ImportSite& i : idx.importers_of_module(path)) {
      if (i.path == path) continue;
      std::optional<std::string> text = ctx.workspace.read_head(i.path);
      if (!text) continue;
      for (const std::string& flag : b.flags)
        if (text->find(flag) != std::string::npos) return true;
    }
    return false;
  }

  // `except ImportError:  # pragma: no cover`: the author declares the failure path one no
  // supported environment takes (the dependency is always there where the code is measured).
  static bool acknowledged(std::string_view line) {
    return line.find("pragma: no cover") != std::string_view::npos;
  }

  // The distinct names the reads name, quoted, in order of first read.
  static std::vector<std::string> names_read(const std::vector<const PossiblyUnboundRead*>& reads) {
    std::vector<std::string> out;
    for (const PossiblyUnboundRead* r : reads)
      if (std::find(out.begin(), out.end(), r->name) == out.end()) out.push_back(r->name);
    return out;
  }

  static std::string module_of(const OptionalBinding& b, const std::string& name) {
    for (size_t i = 0; i < b.names.size(); ++i)
      if (b.names[i] == name) return b.modules[i];
    return {};
  }

  Finding report(const std::string& path, const lang::SyntaxTree& tree, const OptionalBinding& b,
                 const std::vector<const PossiblyUnboundRead*>& reads, const PossiblyUnboundRead* at) const {
    const PossiblyUnboundRead& first = *reads.front();
    int handler = b.handler.start_line();
    std::vector<std::string> read_names = names_read(reads);
    std::string names;
    for (const std::string& n : read_names) names += (names.empty() ? "`" : ", `") + n + "`";
    bool several = read_names.size() > 1;
    std::string module = module_of(b, first.name);
    std::string what = module.empty() ? fmt::format("the try body at line {}", b.try_node.start_line())
                                      : fmt::format("the import of `{}`", module);
    std::string caught = b.caught.empty() ? "except" : "except " + b.caught;
    Finding x = finding();
    x.location = Location{path, at ? at->node.start_line() : handler};
    x.problem = fmt::format(
        "{} {} bound only if {} succeeds: the `{}` at line {} goes on without binding {} (no fallback such as `{} = "
        "None`, no raise, no flag the reads test), and line {} reads `{}` with nothing to show it may be missing",
        names, several ? "are" : "is", what, caught, handler, several ? "them" : "it", first.name,
        first.node.start_line(), first.name);
    std::string where = first.owner.empty() ? std::string() : fmt::format(" (in `{}`)", first.owner);
    x.impact = fmt::format(
        "When {} fails{}, the module still imports, and the first time line {}{} runs it raises NameError: name "
        "'{}' is not defined, far from the handler that swallowed the real cause",
        what, module.empty() ? "" : fmt::format(" (`{}` is not installed or lacks the name)", module),
        first.node.start_line(), where, first.name);
    x.action = fmt::format(
        "Author must decide whether `{}` is required: if so, re-raise in the handler with a message that names it; "
        "if it is optional, bind a fallback (`{} = None`) in the handler and test it before each read",
        module.empty() ? first.name : module, first.name);
    const PossiblyUnboundRead* import_time = nullptr;
    for (const PossiblyUnboundRead* r : reads)
      if (r->at_import && !import_time) import_time = r;
    std::string import_module = import_time ? module_of(b, import_time->name) : std::string();
    if (import_time && b.catches_import_failure && !import_module.empty()) {
      module = import_module;
      x.severity = Severity::Red;
      x.impact = fmt::format(
          "Line {} runs whenever the module is imported, so when `{}` is not installed the handler's recovery is "
          "moot: importing {} raises NameError: name '{}' is not defined instead of an ImportError that names the "
          "dependency",
          import_time->node.start_line(), module, path, import_time->name);
      x.trigger = fmt::format("importing {} where `{}` is not installed: NameError at line {}", path, module,
                              import_time->node.start_line());
    }
    x.evidence.push_back(evidence(path, handler, tree.line_text(handler)));
    std::set<int> shown_lines;
    for (const PossiblyUnboundRead* r : reads) {
      int line = r->node.start_line();
      if (shown_lines.size() >= 3 || !shown_lines.insert(line).second) continue;
      x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    }
    return x;
  }
};

REGISTER_RULE(PossiblyUnboundName);

}  // namespace
}  // namespace rp
