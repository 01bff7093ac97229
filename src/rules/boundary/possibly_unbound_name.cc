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
    .summary = "A name bound only inside a try (a module's optional import, a function's local) is read on the path "
               "where its handler swallowed the failure.",
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
Inside a function the same shape is a local: a name bound only in a `try` body (or its `else:`),
a handler that goes on without binding it or leaving (it logs, prints, passes or sets a flag;
`continue`/`break` leave the iteration), and a later line of the function, reached from the
handler (after the try, or in its `finally:`), that reads it: when the exception happens, the read
raises UnboundLocalError and hides the error the handler swallowed. A name bound before the try
(also on one branch only: in doubt it is bound), a parameter, `global`/`nonlocal`, a binding in
the handler or the `finally`, or an unconditional rebinding before the read makes it safe; a read
under a test of the name or of a flag the handler binds (or the body sets over `ok = False`), after
a test of such a flag between the try and the read (`if not ok: return`), inside another try that
catches NameError/UnboundLocalError/Exception, after a `while True:` retry loop or a loop whose
`else:` raises, reads in nested functions, and functions that call `locals()`/`vars()`/`exec` are
excused. Same touch rule: an added read, or an added try line, handler or binding, and the base's
function did not already read the name so.
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
module-level reads of names a try inside a function or class binds; modules whose names cannot be
known (star import, exec, `globals()`); a file that does not parse; reads that already existed
with the same unbound name in the base version.
Severity: a warning; red when a read runs unconditionally at import time (a module-level
statement, decorator or default outside any branch) and the handler catches the import's
failure: the trigger is "the dependency is not installed", and then importing the module
itself raises NameError. In a function: red when the read is reached on every path through the
handler with nothing in between (the next statements of the same block, none of which branches,
and the read is not itself conditional); the trigger names the try body's call whose failure the
handler catches. In test code the reach gate lowers that to a warning.)",
    .family = "unbound-local"};

class PossiblyUnboundName : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.new_path.empty() || f.binary || !is_python(f.new_path)) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      check_locals(ctx, f, *tree, out);
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
  // Function scope: a local bound only in a try whose handler goes on, read after it. One finding
  // per try statement; the PR must add a read, or add or change the try, its handler or the
  // binding, and the base's same function must not already read the same name so.
  void check_locals(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& tree,
                    std::vector<Finding>& out) const {
    std::vector<TryUnboundRead> head = try_unbound_locals(tree);
    if (head.empty()) return;
    std::set<int> added = added_line_numbers(f);
    if (added.empty()) return;
    std::set<std::pair<std::string, std::string>> before;
    const lang::SyntaxTree* old_tree =
        f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
    if (old_tree)
      for (const TryUnboundRead& r : try_unbound_locals(*old_tree)) before.insert({r.function, r.name});
    std::map<uint32_t, std::vector<const TryUnboundRead*>> by_try;
    for (const TryUnboundRead& r : head) by_try[r.try_node.start_byte()].push_back(&r);
    for (const auto& [start, reads] : by_try) {
      const TryUnboundRead& any = *reads.front();
      if (acknowledged(tree.line_text(any.handler.start_line()))) continue;
      bool touched = added.count(any.try_node.start_line()) ||
                     touches_added(added, any.handler.start_line(), any.handler.end_line());
      for (const TryUnboundRead* r : reads) touched = touched || added.count(r->binding.start_line());
      std::vector<const TryUnboundRead*> shown;
      const TryUnboundRead* first_added = nullptr;
      for (const TryUnboundRead* r : reads) {
        bool added_read = added.count(r->read.start_line()) > 0;
        if (added_read && !first_added) first_added = r;
        if (before.count({r->function, r->name})) continue;
        if (added_read || touched) shown.push_back(r);
      }
      if (shown.empty() || (!first_added && !touched)) continue;
      out.push_back(report_local(f.new_path, tree, shown, touched ? nullptr : first_added));
    }
  }

  Finding report_local(const std::string& path, const lang::SyntaxTree& tree,
                       const std::vector<const TryUnboundRead*>& reads, const TryUnboundRead* at) const {
    const TryUnboundRead& first = *reads.front();
    int handler = first.handler.start_line();
    std::string names;
    for (const TryUnboundRead* r : reads) names += (names.empty() ? "`" : ", `") + r->name + "`";
    bool several = reads.size() > 1;
    bool tuple = first.caught.find(',') != std::string::npos;
    std::string caught = first.caught.empty() ? "except" : tuple ? "except (" + first.caught + ")" : "except " + first.caught;
    std::string raised = first.caught.empty() ? "an exception" : tuple ? "one of " + first.caught : first.caught;
    int read_line = first.read.start_line();
    Finding x = finding();
    x.location = Location{path, at ? at->read.start_line() : handler};
    x.problem = fmt::format(
        "In `{}`, {} {} bound only inside the try at line {}: the `{}` at line {} goes on without binding {} or "
        "leaving (no raise, return, continue or fallback such as `{} = None`), and line {} reads `{}` on that path",
        first.function, names, several ? "are" : "is", first.try_node.start_line(), caught, handler,
        several ? "them" : "it", first.name, read_line, first.name);
    x.impact = fmt::format(
        "When the try body fails before binding `{}`, the handler swallows the error and line {} raises "
        "UnboundLocalError: the caller sees that instead of the error that caused it",
        first.name, read_line);
    x.action = fmt::format(
        "Author must make the failure path explicit: re-raise (or return, or `continue`) in the handler, or bind a "
        "fallback (`{} = None`) before the try or in the handler and handle it before line {}",
        first.name, read_line);
    const TryUnboundRead* direct = nullptr;
    for (const TryUnboundRead* r : reads)
      if (r->every_path && !direct) direct = r;
    if (direct) {
      std::string what = direct->failing
                             ? fmt::format("`{}` (line {})", one_line(direct->failing.text()),
                                           direct->failing.start_line())
                             : fmt::format("line {}", direct->binding.start_line());
      x.severity = Severity::Red;
      x.trigger = fmt::format("when {} raises {}: the handler at line {} goes on and line {} raises "
                              "UnboundLocalError: local variable '{}' referenced before assignment",
                              what, raised, handler, direct->read.start_line(), direct->name);
    }
    x.evidence.push_back(evidence(path, first.binding.start_line(), tree.line_text(first.binding.start_line())));
    x.evidence.push_back(evidence(path, handler, tree.line_text(handler)));
    std::vector<int> lines;
    for (const TryUnboundRead* r : reads) lines.push_back(r->read.start_line());
    add_read_evidence(path, tree, lines, x);
    return x;
  }

  // The first three distinct read lines as evidence.
  static void add_read_evidence(const std::string& path, const lang::SyntaxTree& tree, const std::vector<int>& lines,
                                Finding& x) {
    std::set<int> shown;
    for (int line : lines) {
      if (shown.size() >= 3 || !shown.insert(line).second) continue;
      x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    }
  }

  static std::string one_line(std::string_view text) {
    size_t nl = text.find('\n');
    return nl == std::string_view::npos ? shortened(text, 60) : shortened(text.substr(0, nl), 56) + " ...";
  }

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
    std::vector<int> lines;
    for (const PossiblyUnboundRead* r : reads) lines.push_back(r->node.start_line());
    add_read_evidence(path, tree, lines, x);
    return x;
  }
};

REGISTER_RULE(PossiblyUnboundName);

}  // namespace
}  // namespace rp
