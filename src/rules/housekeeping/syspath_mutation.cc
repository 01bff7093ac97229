// syspath-mutation: an added `sys.path.insert(...)` (append, extend, slice assignment) that
// runs when the module is imported.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "syspath-mutation",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "An added sys.path.insert/append/extend (or sys.path assignment) runs at import time.",
    .docs = R"(What it catches: an added `sys.path.insert(`, `sys.path.append(`, `sys.path.extend(`,
`sys.path[0:0] = ...`, `sys.path = ...` or `sys.path += ...` in a non-test Python module, at a
place that runs when the module is imported: module level, a class body, or a module-level
if/try/with — anything not inside a function and not under `if __name__ == "__main__":`.
With a parse tree (added files, or any file when the repository is given) placement is read
from the tree; in a diff-only review of a modified file only unindented added lines are judged
(they are module level by construction) and indented ones are left alone.
Why it matters: importing the module rewrites the interpreter's search path for the whole
process; a module of the same name elsewhere can shadow the real one, and imports that work in
the author's checkout fail once the package is installed.
Does not fire on: mutations inside a function or under `if __name__ == "__main__":` (they run only
when called or when the file is run as a script); test files and `conftest.py`; `conf.py`
(Sphinx configuration) and `setup.py`; standalone scripts under `examples/`, `benchmarks/`
(also `op_benchmarks/`), `scripts/`, `tools/` and `.github/`, which are run, not imported;
files outside an importable package (neither their directory nor their top-level directory has
an `__init__.py`: codegen and tuning scripts such as `csrc/*/gen_instances.py` and the helpers
loaded beside them; in a diff-only
review only files under the profile's package dir or beside an `__init__.py` the diff adds are
judged); lines the PR did not add.)"};

bool exempt_path(std::string_view path) {
  if (is_test_path(path)) return true;
  std::string_view base = base_name(path);
  if (base == "conf.py" || base == "setup.py" || base == "conftest.py") return true;
  static const RE2 script_dir(R"((?:^|/)(?:[\w.-]*_)?(?:examples?|benchmarks?|scripts|tools|\.github)/)");
  return RE2::PartialMatch(path, script_dir);
}

// Whether the file is a module of an importable package: its directory holds __init__.py, or
// it lies anywhere under a top-level package (a folder without __init__.py inside a regular
// package is still importable, as an implicit namespace package). A file in a plain
// top-level directory (csrc/ codegen and tuning scripts) is a script or a helper loaded beside
// one: it cannot leak a search-path change into a package's importers. Without a head tree,
// trust only the diff's own __init__.py files and the profile's main package (atom/, aiter/).
bool importable_module(const ReviewContext& ctx, const std::string& path) {
  std::string dir(dir_name(path));
  std::string init = dir.empty() ? "__init__.py" : dir + "/__init__.py";
  size_t slash = path.find('/');
  std::string top_init = slash == std::string::npos ? std::string() : path.substr(0, slash) + "/__init__.py";
  if (const TreeReader* head = ctx.workspace.head_tree())
    return head->exists(init) || (!top_init.empty() && head->exists(top_init));
  for (const std::string& candidate : {init, top_init})
    if (const FileChange* f = ctx.pr.changes.find(candidate); f && f->new_path == candidate) return true;
  return ctx.profile.in_package(path);
}

bool is_syspath_call(std::string_view callee) {
  return callee == "sys.path.insert" || callee == "sys.path.append" || callee == "sys.path.extend";
}

bool is_syspath_target(std::string_view target) { return target == "sys.path" || target.starts_with("sys.path["); }

class SyspathMutation : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || exempt_path(f.new_path)) continue;
      if (!importable_module(ctx, f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      std::set<int> lines = tree ? from_tree(*tree, added) : from_diff(f);
      for (int line : lines) out.push_back(report(f, line, tree));
    }
  }

 private:
  static std::set<int> from_tree(const lang::SyntaxTree& tree, const std::set<int>& added) {
    std::set<int> out;
    for (const lang::Call& c : tree.calls())
      if (added.count(c.line) && is_syspath_call(c.callee) && tree.runs_at_import(c.node)) out.insert(c.line);
    for (const lang::Assignment& a : tree.assignments()) {
      if (!added.count(a.line) || !tree.runs_at_import(a.node)) continue;
      for (const std::string& t : a.targets)
        if (is_syspath_target(t)) out.insert(a.line);
    }
    return out;
  }

  // Without a tree only column-0 lines are certain to run at import.
  static std::set<int> from_diff(const FileChange& f) {
    static const RE2 re(R"(^sys\.path\s*(?:\.\s*(?:insert|append|extend)\s*\(|\[[^\]]*\]\s*=|\+?=))");
    std::set<int> out;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines)
        if (l.kind == DiffLine::Kind::Added && RE2::PartialMatch(code_part(l.text, true), re)) out.insert(l.new_line);
    return out;
  }

  Finding report(const FileChange& f, int line, const lang::SyntaxTree* tree) const {
    std::string text;
    if (tree) {
      text = std::string(tree->line_text(line));
    } else {
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind == DiffLine::Kind::Added && l.new_line == line) text = l.text;
    }
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = fmt::format("`{}` in {} changes sys.path when the module is imported",
                            std::string(trim(text)).substr(0, 80), f.new_path);
    x.impact = "Every process that imports this module gets a rewritten import search path: a module of the "
               "same name elsewhere can shadow the real one, and the import only works from the author's checkout "
               "layout, not from an installed package";
    x.action = "Author must replace the sys.path change with package-relative imports (or a proper install); "
               "if the file is a script, move it under `if __name__ == \"__main__\":`";
    x.evidence.push_back(evidence(f.new_path, line, text));
    return x;
  }
};

REGISTER_RULE(SyspathMutation);

}  // namespace
}  // namespace rp
