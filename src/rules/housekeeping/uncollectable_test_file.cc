// uncollectable-test: a new test_*.py that pytest collects nothing from, in a PR that adds no
// other collectable test.
#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "uncollectable-test",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A new test_*.py file defines no test function or Test class, and the PR adds no other collectable test.",
    .docs = R"(What it catches: a file the PR adds whose name is `test_*.py` (or `*_test.py`) and that
defines no top-level `def test_*` and no `class Test*` — a script with a `main()` named like a test
— when no other file of the PR adds a `def test_*` either.
Why it matters: the file looks like test coverage in the PR's file list, but pytest collects
nothing from it, so CI never runs it and the change ships untested.
Does not fire on: aiter's `op_tests/*.py` (depth 1) and `op_tests/multigpu_tests/**`, which CI runs
as `python3 <file>` scripts (a `main()` there does run); files with at least one collectable test; PRs that add a collectable test
elsewhere; `conftest.py` and helper modules not named like tests; modified files.)"};

// aiter's CI (.github/scripts/aiter_test.sh) runs every op_tests/*.py at depth 1 and every file
// under op_tests/multigpu_tests/ as `python3 <file>`: a main() script there is run, pytest or not.
bool run_as_script(std::string_view path) {
  if (!path.starts_with("op_tests/")) return false;
  std::string_view rest = path.substr(9);
  return rest.find('/') == std::string_view::npos || rest.starts_with("multigpu_tests/");
}

class UncollectableTest : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    static const RE2 test_name(R"((?:^|/)(?:test_[^/]*|[^/]*_test)\.py$)");
    static const RE2 collectable(R"(^\s*(?:async\s+)?def\s+test\w*\s*\(|^\s*class\s+Test\w*)");
    std::vector<const FileChange*> scripts;
    bool other_test = false;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path)) continue;
      bool adds_test = false;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind == DiffLine::Kind::Added && RE2::PartialMatch(l.text, collectable)) adds_test = true;
      bool candidate = f.status == FileStatus::Added && RE2::PartialMatch(f.new_path, test_name) && !adds_test &&
                       !run_as_script(f.new_path);
      if (candidate) scripts.push_back(&f);
      else if (adds_test) other_test = true;
    }
    if (other_test) return;
    for (const FileChange* f : scripts) {
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f->new_path);
      if (tree && has_collectable(*tree)) continue;
      Finding x = finding();
      x.location = Location{f->new_path, 0};
      x.problem = "New file " + f->new_path + " is named like a test but defines no `test_*` function or `Test*` class";
      x.impact = "pytest collects nothing from it, so CI never runs it: the change it was written for ships untested";
      x.action = "Author must turn the checks into `def test_*` functions (with asserts), or rename the file so it "
                 "does not look like test coverage";
      x.evidence.push_back(f->new_path + ": new file, " + std::to_string(f->added_count()) + " lines, no test_* / Test*");
      out.push_back(std::move(x));
    }
  }

 private:
  static bool has_collectable(const lang::SyntaxTree& tree) {
    for (const lang::Function& fn : tree.functions())
      if (fn.name.starts_with("test")) return true;
    for (const lang::ClassDef& c : tree.classes())
      if (c.name.starts_with("Test")) return true;
    return false;
  }
};

REGISTER_RULE(UncollectableTest);

}  // namespace
}  // namespace rp
