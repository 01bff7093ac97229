// undefined-name: a Python name the head reads that no scope binds: a NameError the first
// time the line runs (pyflakes/ruff F821), new with this PR.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>

#include "analysis/facts.h"
#include "analysis/index_facts.h"
#include "analysis/intent_facts.h"
#include "analysis/undefined_names.h"
#include "analysis/unreached_defs.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "undefined-name",
    .category = Category::AiDiagnostic,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .summary = "A changed Python file reads a name that no scope binds (NameError), new with this PR.",
    .docs = R"(What it catches: in a Python file the PR changes (also one it only deletes lines from), a read of a name that is not a local, a
parameter, a name of an enclosing function, a module-level binding (assignment, def, class,
import, for/with/except target, `global`), or a builtin, following Python's scopes (a class
body's names are not visible in its methods; a comprehension has its own scope; a walrus binds
in the enclosing function). It reports names that are undefined in the head but were not
undefined in the base version of the file: a new line reading a name nobody imported or
defined (a helper the generated code assumed, a module never imported), or an import or
definition the PR removed while lines still read it. One finding per name and file, at its
first read.
Why it matters: the first call that reaches the line raises NameError; a type checker or
pyflakes catches it in milliseconds, a reviewer reading the diff often does not.
Does not fire on: modules whose names cannot be known statically (a star import, `exec`,
`globals()`/`vars()` writes, `match` statements, a file that does not parse); annotations under
`from __future__ import annotations` (never evaluated); names that were already undefined in the
base version (a pre-existing defect); lines marked `# noqa` or `# noqa: F821`.
Severity: red; a warning when every read of the name is in the message of an `assert cond, msg`
(evaluated only when the assert already fails: the NameError replaces an AssertionError), or
when every read is on the module's script path (the `if __name__ == "__main__":` block, or a
top-level function such as a benchmark `main()` that only that block calls): a real NameError,
but only when the file is run as a script, never on the import path production code takes;
also a warning when every read is in module-level functions or classes that nothing in the head
tree reaches (no reached code reads, imports, calls or names them by dotted path, followed
through helpers across files) and that are private (`_helper`) or whose file has the import of
the name commented out (vendored code whose callers were disabled with the imports it needed);
the impact names those definitions. A public function nothing in the tree calls, with no such
comment, stays red: it is the library's entry point for code outside the repository. A warning
too when every read is in an `if` arm that needs a parameter truthy (`if use_x and n > 1:`)
and every call of the function in the tree (for `__init__`, every construction of a class
without subclasses) passes it `False`/`None`/`0` or leaves such a default.)"};

class UndefinedName : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    // Every changed Python file, also one the PR only deletes lines from: removing a
    // definition or an import leaves the unchanged lines that read it unbound.
    for (const FileChange& f : one_file(judged)) {
      if (f.status == FileStatus::Deleted || f.new_path.empty() || f.binary || !is_python(f.new_path)) continue;
      const lang::SyntaxTree* head_tree = ctx.workspace.new_tree(f.new_path);
      if (!head_tree) continue;
      const lang::SyntaxTree& tree = *head_tree;
      // The head's unacknowledged reads first: the base's names only take reads away, so a
      // head without any needs no resolution of the base version.
      std::vector<UndefinedRead> candidates;
      for (UndefinedRead& r : undefined_reads(tree))
        if (!acknowledged(tree.line_text(r.line))) candidates.push_back(std::move(r));
      const lang::SyntaxTree* old_tree =
          f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      if (candidates.empty()) continue;
      std::set<std::string, std::less<>> before;
      if (old_tree)
        for (const UndefinedRead& r : undefined_reads(*old_tree)) before.insert(r.name);
      std::set<std::string> script;  // top-level functions only the `__main__` block reaches
      bool script_known = false;
      std::unique_ptr<DefinitionReach> reach;         // built for the first red that asks
      std::map<std::string, std::vector<int>> reads;  // name → lines, in order of first read
      std::vector<std::string> order;
      for (const UndefinedRead& r : candidates) {
        if (before.count(r.name)) continue;
        auto [it, fresh] = reads.try_emplace(r.name);
        if (fresh) order.push_back(r.name);
        it->second.push_back(r.line);
      }
      for (const std::string& name : order) {
        Finding x = report(f, tree, old_tree, name, reads[name]);
        if (only_in_assert_messages(tree, name, reads[name])) {
          x.severity = Severity::Warn;
          x.impact += " (a warning, not a blocker: every read is in the message of an assert, which Python evaluates "
                      "only when the assert already fails, so the NameError replaces an AssertionError on an input "
                      "the check rejects anyway)";
        } else {
          if (!script_known) script = script_functions(ctx, f.new_path, tree);
          script_known = true;
          if (only_on_script_path(tree, script, name, reads[name])) {
            x.severity = Severity::Warn;
            x.impact += " (a warning, not a blocker: every read is on the module's script path, the `if __name__ == "
                        "\"__main__\":` block or a function only it calls, which runs when the file is executed "
                        "as a script (a benchmark or self-test), never when the module is imported)";
          } else if (std::string why; ctx.repo && only_in_unreached_code(ctx, reach, f.new_path, tree, name,
                                                                          reads[name], why)) {
            x.severity = Severity::Warn;
            x.impact += " (a warning, not a blocker: every read is in a definition " + why +
                        "; the NameError waits for the first caller)";
          } else if (ctx.repo && only_in_arms_no_caller_takes(ctx, f.new_path, tree, name, reads[name], why)) {
            x.severity = Severity::Warn;
            x.impact += " (a warning, not a blocker: every read is in an arm no call in the tree takes — " + why +
                        " — so only a caller outside the repository passing a true value gets the NameError)";
          }
        }
        out.push_back(std::move(x));
      }
    }
  }

 private:
  // Top-level functions that only the file's `__main__` block reaches (`main()`, a benchmark
  // helper it calls) and that no other file of the repository calls or imports: an in-file
  // view alone would take a public function that only the benchmark calls here for a script.
  // Without the repository index, none (only the `__main__` block itself counts).
  static std::set<std::string> script_functions(const ReviewContext& ctx, const std::string& path,
                                                const lang::SyntaxTree& tree) {
    std::set<std::string> out;
    if (!ctx.repo) return out;
    const index::RepoIndex& idx = ctx.repo->index();
    for (const std::string& name : script_only_functions(tree)) {
      bool elsewhere = false;
      // Calls from other files that reach this module's function (every script has its own
      // `main`), and imports of the name from this module.
      for (const index::CallSite& c : idx.callers(name)) {
        if (elsewhere || c.path == path) continue;
        std::optional<SymbolTarget> t = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
        elsewhere = t && t->module_path == path;
      }
      for (const index::ImportSite& i : idx.importers_of_name(name))
        elsewhere = elsewhere ||
                    (i.path != path && idx.module_path(index::RepoIndex::absolute_module(i.path, *i.import)) == path);
      if (!elsewhere) out.insert(name);
    }
    return out;
  }

  // Whether every read of `name` on `lines` is on the module's script path: under the
  // `if __name__ == "__main__":` guard, or in a top-level function only that block reaches.
  static bool only_on_script_path(const lang::SyntaxTree& tree, const std::set<std::string>& script,
                                  const std::string& name, const std::vector<int>& lines) {
    std::set<int> wanted(lines.begin(), lines.end());
    bool any = false;
    for (lang::Node id : tree.identifiers(name)) {
      if (!wanted.count(id.start_line()) || !tree.is_variable_read(id)) continue;
      if (!under_main_guard(id)) {
        bool in_script = false;
        for (const lang::Function& fn : tree.functions())
          if (fn.class_name.empty() && fn.qualified == fn.name && script.count(fn.name) &&
              fn.node.contains_line(id.start_line()))
            in_script = true;
        if (!in_script) return false;
      }
      any = true;
    }
    return any;
  }

  // Whether every read of `name` on `lines` sits in a module-level function or class that
  // nothing in the head tree reaches (analysis/unreached_defs.h): vendored helpers whose
  // callers were commented out with the imports they needed. `why` names the definitions.
  static bool only_in_unreached_code(const ReviewContext& ctx, std::unique_ptr<DefinitionReach>& reach,
                                     const std::string& path, const lang::SyntaxTree& tree, const std::string& name,
                                     const std::vector<int>& lines, std::string& why) {
    std::set<int> wanted(lines.begin(), lines.end());
    std::set<std::string> owners;
    bool all_private = true;
    for (lang::Node id : tree.identifiers(name)) {
      if (!wanted.count(id.start_line()) || !tree.is_variable_read(id)) continue;
      std::string owner = outermost_definition(tree, id);
      if (owner.empty()) return false;  // read at import time
      owners.insert(owner);
      all_private = all_private && owner.starts_with("_");
    }
    if (owners.empty()) return false;
    // A public function of a library module is an entry point for code outside the tree; it
    // counts as unused only when the author also disabled the binding (a commented-out import).
    int disabled = commented_out_import(tree, name);
    if (!all_private && disabled == 0) return false;
    if (!reach)
      reach = std::make_unique<DefinitionReach>(
          ctx.repo->index(), [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); },
          [&ctx](const std::string& p) { return ctx.workspace.read_head(p); });
    std::string list;
    for (const std::string& o : owners) {
      if (reach->reached(path, o)) return false;
      list += (list.empty() ? "`" : ", `") + o + "`";
    }
    why = "(" + list + ") that nothing in the head tree reaches: no reached code reads, imports, calls or names it "
          "(its uses sit in code that is itself unused or commented out)";
    if (disabled > 0) why += ", and the import that bound it is commented out at line " + std::to_string(disabled);
    return true;
  }

  // Whether every read of `name` on `lines` sits in an `if` arm of its function that needs a
  // parameter truthy which every call of the function in the tree passes falsy
  // (analysis/unreached_defs.h, arm_no_caller_takes). `why` says what the calls pass.
  static bool only_in_arms_no_caller_takes(const ReviewContext& ctx, const std::string& path,
                                           const lang::SyntaxTree& tree, const std::string& name,
                                           const std::vector<int>& lines, std::string& why) {
    std::set<int> wanted(lines.begin(), lines.end());
    std::set<std::string> reasons;
    for (lang::Node id : tree.identifiers(name)) {
      if (!wanted.count(id.start_line()) || !tree.is_variable_read(id)) continue;
      const lang::Function* inner = nullptr;
      for (const lang::Function& fn : tree.functions())
        if (fn.node.start_byte() <= id.start_byte() && id.end_byte() <= fn.node.end_byte() &&
            (!inner || fn.node.start_byte() >= inner->node.start_byte()))
          inner = &fn;
      if (!inner) return false;
      std::optional<std::string> r = arm_no_caller_takes(
          ctx.repo->index(), [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); }, path, *inner, id);
      if (!r) return false;
      reasons.insert(*r);
    }
    if (reasons.empty()) return false;
    why.clear();
    for (const std::string& r : reasons) why += (why.empty() ? "" : "; ") + r;
    return true;
  }

  // Whether every read of `name` on `lines` sits in the message of an `assert cond, message`.
  static bool only_in_assert_messages(const lang::SyntaxTree& tree, const std::string& name,
                                      const std::vector<int>& lines) {
    std::set<int> wanted(lines.begin(), lines.end());
    bool any = false;
    for (lang::Node id : tree.identifiers(name)) {
      if (!wanted.count(id.start_line()) || !tree.is_variable_read(id)) continue;
      lang::Node child = id, parent = id.parent();
      while (parent && !is(parent, NodeKind::Assert) && !lang::is_nested_function(parent)) {
        child = parent;
        parent = parent.parent();
      }
      if (!parent || !is(parent, NodeKind::Assert)) return false;
      std::vector<lang::Node> kids = parent.named_children();
      if (kids.size() < 2 || child == kids[0]) return false;
      any = true;
    }
    return any;
  }

  // `# noqa` or `# noqa: ...F821...`: the author knows the name is not bound statically.
  static bool acknowledged(std::string_view line) {
    size_t at = line.find("# noqa");
    if (at == std::string_view::npos) return false;
    std::string_view rest = line.substr(at + 6);
    return rest.empty() || rest.front() != ':' || rest.find("F821") != std::string_view::npos;
  }

  // The line of the base version that bound `name` where the head's read at `read_line` would
  // see it (the PR removed it): at module level, or in the reading function or one enclosing
  // it. 0 when the base never bound it there: a comprehension variable, a lambda's or another
  // function's local, or a class attribute of the same name is not a binding the PR removed.
  static int removed_binding(const lang::SyntaxTree* old_tree, const lang::SyntaxTree& tree, const std::string& name,
                             int read_line) {
    if (!old_tree) return 0;
    std::optional<lang::Function> reader = tree.enclosing_function(read_line);
    for (lang::Node id : old_tree->identifiers(name)) {
      if (!old_tree->is_binding(id)) continue;
      lang::Node scope = id.parent();
      // A def's or class's own name binds in the scope around the definition.
      if (scope && (is(scope, NodeKind::FunctionDef) || is(scope, NodeKind::ClassDef)) &&
          scope.child_by_field("name") == id)
        scope = scope.parent();
      while (scope && !is(scope, NodeKind::FunctionDef) && !is(scope, NodeKind::ClassDef) &&
             !is(scope, NodeKind::Lambda) && !is(scope, NodeKind::Comprehension))
        scope = scope.parent();
      if (!scope) return id.start_line();  // module level
      if (!is(scope, NodeKind::FunctionDef) || !reader) continue;
      std::optional<lang::Function> owner = old_tree->enclosing_function(id.start_line());
      if (owner && (reader->qualified == owner->qualified || reader->qualified.starts_with(owner->qualified + ".")))
        return id.start_line();
    }
    return 0;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const lang::SyntaxTree* old_tree,
                 const std::string& name, const std::vector<int>& lines) const {
    const std::string& path = f.new_path;
    int first = lines.front();
    Finding x = finding();
    x.location = Location{path, first};
    int was = removed_binding(old_tree, tree, name, first);
    std::string more = lines.size() > 1 ? fmt::format(" (and {} more read{})", lines.size() - 1, lines.size() > 2 ? "s" : "") : "";
    if (was > 0)
      x.problem = fmt::format("`{}` is read at line {}{} but nothing binds it any more: the PR removed its binding "
                              "(base line {})",
                              name, first, more, was);
    else
      x.problem = fmt::format("`{}` is read at line {}{} but no scope binds it: it is not a local, a parameter, a "
                              "module-level name, an import or a builtin",
                              name, first, more);
    x.impact = fmt::format("The first call that reaches line {} raises NameError: name '{}' is not defined", first, name);
    x.action = was > 0 ? fmt::format("Author must restore the import or definition of `{}`, or stop reading it", name)
                       : fmt::format("Author must import or define `{}` (or fix the name if it is a typo)", name);
    x.trigger = fmt::format("executing {}:{} (NameError: name '{}' is not defined)", path, first, name);
    for (size_t i = 0; i < lines.size() && i < 3; ++i)
      x.evidence.push_back(evidence(path, lines[i], tree.line_text(lines[i])));
    if (was > 0 && old_tree) x.evidence.push_back(evidence(f.old_path, was, old_tree->line_text(was)) + " (base)");
    return x;
  }
};

REGISTER_RULE(UndefinedName);

}  // namespace
}  // namespace rp
